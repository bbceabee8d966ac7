// Strict by default, on the site that ships: every change a person would notice fails every page showing it,
// across the campaigns of a `build --all` site checked in shards and merged; the unchanged pages match to the
// pixel; text without a font fails and is never written.
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/index.ts';
import { fixtureConfig, runCli, temporaryDir } from '../helpers.ts';

/** Each run captures up to 14 full pages; on a busy 2-core runner that takes a minute or two. */
const RUN_TIMEOUT = 400_000;

/**
 * The changes tests/fixtures/site/screenshot-changes.yaml cannot make in the config: a stylesheet of one rule
 * added to every page of the campaign.
 */
const CSS_CHANGES: Record<string, string> = {
  'badge-hidden': '.age-badge { visibility: hidden; }',
  // Apple's web blue to iOS's system blue.
  'button-colour': '.get-button { background: #007aff; }',
  'subtitle-shift': '.product-header__subtitle { position: relative; top: 1px; }',
};
/** Every campaign of the fixture, each one change a person would notice. */
const CHANGES = ['age-rating', 'iap-price', 'review-star', ...Object.keys(CSS_CHANGES)];

/** Adds `css` to every page of the campaign folder `dir` served at `basePath` (its CSP allows same-origin stylesheets). */
async function addStylesheet(dir: string, basePath: string, css: string) {
  await writeFile(path.join(dir, 'change.css'), css + '\n');
  for (const entry of await readdir(dir, { recursive: true })) {
    if (!entry.endsWith('index.html')) continue;
    const file = path.join(dir, entry);
    const html = await readFile(file, 'utf8');
    expect(html).toContain('</head>');
    await writeFile(file, html.replace('</head>', `<link rel="stylesheet" href="${basePath}change.css"></head>`));
  }
}

describe('store-landing screenshots --site on a build of every campaign, each one visible change', () => {
  let work: string;
  let site: string;
  let baselines: string;
  let approve: Awaited<ReturnType<typeof runCli>>;

  beforeAll(async () => {
    work = await temporaryDir();
    site = path.join(work, 'out');
    await buildSite({ config: fixtureConfig('screenshot-changes'), outDir: site, all: true });
    for (const [campaign, css] of Object.entries(CSS_CHANGES)) await addStylesheet(path.join(site, campaign), `/${campaign}/`, css);
    baselines = path.join(work, 'baselines');
    // The top level's pages approved alone: `*` stops at a campaign's folder.
    approve = await runCli([
      'screenshots',
      '--site',
      site,
      '--baseline',
      baselines,
      '-o',
      path.join(work, 'approve'),
      '--update',
      '--only',
      '*.png',
      '--json',
    ]);
    // Every campaign looked like the top level before its change.
    const topLevel = (await readdir(baselines)).filter((name) => name.endsWith('.png'));
    for (const campaign of CHANGES) {
      for (const name of topLevel) await cp(path.join(baselines, name), path.join(baselines, campaign, name));
    }
  }, RUN_TIMEOUT);

  it("--update --only writes the top level's baselines and none of the campaigns', which stay failures", () => {
    expect(approve.code).toBe(1);
    const result = JSON.parse(approve.stdout);
    expect(result.written).toHaveLength(2);
    expect(result.written.every((name: string) => !name.includes('/'))).toBe(true);
    expect(result.shots).toHaveLength(14);
    expect(result.error.name).toBe('BaselinesMissing');
  });

  it(
    'fails every page of every change and no unchanged page, in shards merged into one report with only the failing images',
    async () => {
      const shard = (index: number) => path.join(work, `shard-${index}`);
      const runs = [];
      for (const index of [1, 2])
        runs.push(await runCli(['screenshots', '--site', site, '--baseline', baselines, '-o', shard(index), '--shard', `${index}/2`]));
      expect(
        runs.map((run) => run.code),
        runs.map((run) => run.stderr).join('\n'),
      ).toEqual([1, 1]);
      const merged = path.join(work, 'merged');
      const merge = await runCli(['screenshots-merge', shard(1), shard(2), '-o', merged, '--json']);
      expect(merge.code).toBe(1);
      const result = JSON.parse(merge.stdout);
      type Shot = {
        name: string;
        status: string;
        differingPixels: number;
        box: { x: number; y: number; width: number; height: number } | null;
      };
      const shots: Shot[] = result.shots;
      expect(shots).toHaveLength(14);
      const ofCampaign = (campaign: string) => shots.filter((shot) => shot.name.startsWith(`${campaign}/`));
      // At rest, the top level's pages are the same pixels as their baselines, not merely within a budget.
      const topLevel = shots.filter((shot) => !shot.name.includes('/'));
      expect(topLevel.map((shot) => [shot.name, shot.status, shot.differingPixels])).toEqual(
        topLevel.map((shot) => [shot.name, 'same', 0]),
      );
      for (const campaign of CHANGES) {
        const changed = ofCampaign(campaign);
        expect(
          changed.map((shot) => [shot.name, shot.status]),
          campaign,
        ).toEqual(changed.map((shot) => [shot.name, 'changed']));
        expect(changed, campaign).toHaveLength(2);
        for (const shot of changed) expect(shot.box!.width * shot.box!.height, shot.name).toBeGreaterThan(0);
      }
      // Each box is where the change is: the subtitle under the title, the badge beside it, a review's star further down.
      const box = (name: string) => shots.find((shot) => shot.name === name)!.box!;
      const subtitle = box('subtitle-shift/en-default-390.png');
      expect([subtitle.y > 60 && subtitle.y < 100, subtitle.height < 20], JSON.stringify(subtitle)).toEqual([true, true]);
      expect(box('badge-hidden/en-default-390.png').height).toBeLessThan(20);
      expect(box('review-star/en-default-390.png').y).toBeGreaterThan(box('badge-hidden/en-default-390.png').y + 500);

      expect(result.error.message).toMatch(/^12 screenshots differ from the baselines: /);
      const junit = await readFile(path.join(merged, 'junit.xml'), 'utf8');
      expect(junit).toContain('<testsuites name="store-landing screenshots" tests="14" failures="12" errors="0" skipped="0">');
      expect(junit).toContain('classname="age-rating/en/default"');
      const current = (await readdir(path.join(merged, 'current'), { recursive: true })).filter((name) => String(name).endsWith('.png'));
      expect(current).toHaveLength(12);
      expect(existsSync(path.join(merged, 'current', 'en-default-390.png'))).toBe(false);
      const html = await readFile(path.join(merged, 'report.html'), 'utf8');
      expect(html).toContain('12 of 14 screenshots fail: 12 changed, 0 without a baseline, 0 with text no font has.');
      expect(html.match(/class="region"/g)).toHaveLength(12);
    },
    RUN_TIMEOUT,
  );
});

describe('store-landing screenshots on pages whose text no installed font has', () => {
  it(
    'fails them with the locale, the characters and the package to install, and --update writes only the other pages',
    async () => {
      // The fixture's Santali is written in Ol Chiki, which none of the fonts the tests install (.ci/system-packages.txt) covers.
      const work = await temporaryDir();
      const build = path.join(work, 'out');
      await buildSite({ config: fixtureConfig('screenshot-glyphs'), outDir: build });
      const baselines = path.join(work, 'baselines');
      const run = await runCli(['screenshots', '--build', build, '--baseline', baselines, '-o', path.join(work, 'report'), '--update']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        '4 screenshots show text no installed font has (drawn as empty boxes), so they were neither compared nor written: the sat pages lack ',
      );
      expect(run.stderr).toContain('ᱢ U+1C62');
      expect(run.stderr).toContain('(sat-default-390.png, sat-default-350.png, sat-feature1-390.png, sat-feature1-350.png)');
      expect(run.stderr).toContain('apt-get install -y fonts-noto-core');
      expect((await readdir(baselines)).sort()).toEqual([
        '.store-landing-baselines',
        'en-default-350.png',
        'en-default-390.png',
        'en-feature1-350.png',
        'en-feature1-390.png',
        'environment.json',
      ]);
    },
    RUN_TIMEOUT,
  );
});
