// The screenshot regression command: passes on the committed baselines (the same pixels in the Chromium that
// made them, the same layout in another: committed-baselines.ts), catches a one-line CSS change with diff
// images and a report of only the failing pages, rewrites only changed baselines, compares every baseline
// there is when some are missing, approves a subset, stops on baselines of another environment, and shards
// and merges with JUnit output.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '../../generator/pipeline/index.ts';
import { fixturesDir, repoRoot, runCli, temporaryDir } from '../helpers.ts';
import { judgeCommittedBaselines } from './committed-baselines.ts';

/** The default config, built once by global-setup.ts. */
const buildDir = inject('outDir');
/** Each run captures 40 full pages; on a busy 2-core runner that takes a minute or two. */
const RUN_TIMEOUT = 300_000;
/** The committed baselines of the default pages (the tests' copy of the default config renders them). */
const baselines = path.join(repoRoot, 'tests/baselines');
/** How tests/baselines/README.md makes them again. */
const REMAKE = 'npx store-landing screenshots -c tests/fixtures/site/variants.yaml --baseline tests/baselines --update';

/**
 * A copy of a build whose English /feature1 page gets one more stylesheet of one line (its CSP
 * allows same-origin stylesheets, so the page shows what a real CSS change would).
 */
async function copyWithRegression(from: string, to: string): Promise<string> {
  await cp(from, to, { recursive: true });
  const page = path.join(to, 'feature1/index.html');
  await writeFile(path.join(to, 'regression.css'), '.product-header__title { letter-spacing: 3px; }\n');
  const html = await readFile(page, 'utf8');
  expect(html).toContain('</head>');
  await writeFile(page, html.replace('</head>', '<link rel="stylesheet" href="/regression.css"></head>'));
  return to;
}

describe('store-landing screenshots', () => {
  it(
    'passes on the committed baselines: 20 pages at 390 and 350 px, none differing',
    async () => {
      const report = path.join(await temporaryDir(), 'report');
      // Compared even when Debian's Chromium is newer than the one that made them (judgeCommittedBaselines).
      const run = await runCli([
        'screenshots',
        '--build',
        buildDir,
        '--baseline',
        baselines,
        '-o',
        report,
        '--json',
        '--ignore-environment',
      ]);
      // --json puts the failure in stdout: a missing font or browser shows there, with what to install.
      const result = JSON.parse(run.stdout || '{}');
      expect(result.shots, run.stdout + run.stderr).toHaveLength(40);
      const verdict = judgeCommittedBaselines(result, REMAKE);
      expect(verdict.problems).toEqual([]);
      if (verdict.warning) {
        console.warn(verdict.warning);
        return;
      }
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(result.ok).toBe(true);
      // Made here, in this environment: at rest, not one pixel differs.
      expect(result.environment).toMatchObject({ differences: [], baseline: { browser: result.environment.current.browser } });
      expect(await readFile(path.join(report, 'report.html'), 'utf8')).toContain('All 40 screenshots match their baselines.');
    },
    RUN_TIMEOUT,
  );
});

describe('store-landing screenshots stopped by Ctrl+C', () => {
  /** The processes whose parent is `pid`, as [pid, command name] (ps exits 1 when there are none). */
  const childrenOf = (pid: number) => {
    const { stdout } = spawnSync('ps', ['--ppid', String(pid), '-o', 'pid=,comm='], { encoding: 'utf8' });
    return stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.trim().split(/\s+/));
  };
  /** Whether `pid` still runs: a killed process whose new parent does not reap it stays a zombie (ps state Z). */
  const running = (pid: number) => /^[^Z]/.test(spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim());

  it(
    'while it captures: ends, with its temporary build removed and its Chromium closed',
    async () => {
      const tmp = await temporaryDir();
      // The small fixture: the run builds its 4 pages into a temporary folder, then captures 8 shots.
      const child = spawn(
        process.execPath,
        [
          path.join(repoRoot, 'bin/store-landing.js'),
          'screenshots',
          '-c',
          path.join(fixturesDir, 'site/base.yaml'),
          '--baseline',
          await temporaryDir(),
          '--update',
          '-o',
          path.join(tmp, 'report'),
        ],
        {
          env: { ...process.env, TMPDIR: tmp },
          stdio: 'ignore',
        },
      );
      const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      let browser: number | undefined;
      while (browser === undefined) {
        expect(child.exitCode, 'the run ended before it captured').toBeNull();
        browser = childrenOf(child.pid!)
          .find(([, command]) => /chrom/i.test(command!))
          ?.map(Number)[0];
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await readdir(tmp)).filter((name) => name.startsWith('store-landing-screenshots-'))).toHaveLength(1);
      child.kill('SIGINT');
      // Puppeteer's own listener is there too, and has the process exit with the shell's code for Ctrl+C.
      expect(await ended).toBe(130);
      expect((await readdir(tmp)).filter((name) => name.startsWith('store-landing-screenshots-'))).toEqual([]);
      // Puppeteer sends Chromium's process group SIGKILL as the process exits: it ends when the
      // kernel next schedules it, a moment later on a busy machine.
      for (const deadline = Date.now() + 10_000; running(browser) && Date.now() < deadline; )
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(running(browser)).toBe(false);
    },
    RUN_TIMEOUT,
  );
});

/** A JUnit file read by a strict XML parser (throws when it is not well-formed): its counts and each test case's failure message. */
function readJunit(xml: string) {
  const document = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) throw new Error(`junit.xml is not well-formed XML:\n${xml}`);
  const root = document.documentElement;
  return {
    tests: Number(root.getAttribute('tests')),
    failures: Number(root.getAttribute('failures')),
    cases: [...document.getElementsByTagName('testcase')].map((testCase) => ({
      classname: testCase.getAttribute('classname'),
      name: testCase.getAttribute('name'),
      failure: testCase.getElementsByTagName('failure')[0]?.getAttribute('message') ?? null,
    })),
  };
}

describe('store-landing screenshots on a small build: --update, --only, missing baselines, environments, --shard, screenshots-merge, junit.xml', () => {
  /** Every folder has a space in its name: the hints must quote them. */
  let work: string;
  /** tests/fixtures/site/base.yaml: 2 routes x 2 locales, 8 shots. */
  let build: string;
  /** The same, its English /feature1 page one CSS line different. */
  let regression: string;
  let baselines: string;
  let firstUpdate: Awaited<ReturnType<typeof runCli>>;

  beforeAll(async () => {
    work = path.join(await temporaryDir(), 'screenshot work');
    build = path.join(work, 'the build');
    await buildSite({ config: path.join(fixturesDir, 'site/base.yaml'), outDir: build });
    regression = await copyWithRegression(build, path.join(work, 'build with regression'));
    baselines = path.join(work, 'my baselines');
    firstUpdate = await runCli(['screenshots', '--build', build, '--baseline', baselines, '-o', path.join(work, 'update 1'), '--update']);
  }, RUN_TIMEOUT);

  /** Each file's bytes (hashed) and modification time, environment.json's too. */
  async function baselineFiles(dir = baselines) {
    const files: Record<string, string> = {};
    for (const name of (await readdir(dir)).sort()) {
      const file = path.join(dir, name);
      files[name] = `${createHash('sha1')
        .update(await readFile(file))
        .digest('hex')} ${(await stat(file)).mtimeMs}`;
    }
    return files;
  }

  /** A copy of the baselines to spoil. */
  async function copyBaselines(name: string) {
    const copy = path.join(work, name);
    await cp(baselines, copy, { recursive: true });
    return copy;
  }

  it(
    '--update writes the baselines and environment.json; run again, even at colour distance 0, it leaves every file as it was and says 0 changed',
    async () => {
      expect(firstUpdate.code, firstUpdate.stderr).toBe(0);
      expect(firstUpdate.stdout).toContain('0 changed, 8 new, 0 unchanged');
      expect(firstUpdate.stdout.match(/^ {2}wrote /gm)).toHaveLength(8);
      const before = await baselineFiles();
      expect(Object.keys(before)).toHaveLength(9);
      const environment = JSON.parse(await readFile(path.join(baselines, 'environment.json'), 'utf8'));
      expect(environment).toMatchObject({
        browser: expect.stringMatching(/^(Headless)?Chrome\/\d+\./),
        platform: expect.stringContaining(process.arch),
        deviceScale: 1,
      });
      expect(Object.keys(environment.fonts.byShot)).toHaveLength(8);
      expect(environment.fonts.byShot['de-feature1-350.png'].length).toBeGreaterThan(0);

      const report = path.join(work, 'update 2');
      // At colour distance 0: captures at rest are the same pixels, not merely close (Chromium's partial raster made them differ).
      const second = await runCli([
        'screenshots',
        '--build',
        build,
        '--baseline',
        baselines,
        '-o',
        report,
        '--update',
        '--pixel-threshold',
        '0',
      ]);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain(`Updated the baselines in ${baselines}: 0 changed, 0 new, 8 unchanged`);
      expect(second.stdout).not.toContain('wrote');
      expect(await baselineFiles()).toEqual(before);
      expect(JSON.parse(await readFile(path.join(report, 'results.json'), 'utf8')).written).toEqual([]);
      expect(await readFile(path.join(report, 'report.html'), 'utf8')).toContain('No baseline was written');
      // The report keeps no image of a shot that passed.
      expect(await readdir(path.join(report, 'current'))).toEqual([]);
    },
    RUN_TIMEOUT,
  );

  it(
    'compares every baseline there is when some are missing, fails each missing one on its own, and --update --only writes just the ones it names',
    async () => {
      const partial = await copyBaselines('partial baselines');
      for (const width of [390, 350]) await rm(path.join(partial, `de-default-${width}.png`));
      const report = path.join(work, 'partial report');
      const run = await runCli(['screenshots', '--build', regression, '--baseline', partial, '-o', report, '--json']);
      expect(run.code).toBe(1);
      const result = JSON.parse(run.stdout);
      const status = Object.fromEntries(result.shots.map((shot: { name: string; status: string }) => [shot.name, shot.status]));
      expect(status).toEqual({
        'en-default-390.png': 'same',
        'en-default-350.png': 'same',
        'de-default-390.png': 'missing',
        'de-default-350.png': 'missing',
        'en-feature1-390.png': 'changed',
        'en-feature1-350.png': 'changed',
        'de-feature1-390.png': 'same',
        'de-feature1-350.png': 'same',
      });
      // The title's letter spacing: text, not an image.
      expect(
        result.shots
          .filter((shot: { status: string }) => shot.status === 'changed')
          .map((shot: { differingOutsideImages: number }) => shot.differingOutsideImages > 0),
      ).toEqual([true, true]);
      expect(result.error.message).toMatch(
        /^2 screenshots differ from the baselines: en-feature1-390\.png \(\d+ pixels differ in \d+x\d+ at \d+,\d+(?: \(the page went from \S+ to \S+\))?\), en-feature1-350\.png \(\d+ pixels differ in \d+x\d+ at \d+,\d+(?: \(the page went from \S+ to \S+\))?\)\. 2 have no baseline: de-default-390\.png, de-default-350\.png\. Report: /,
      );
      // The missing ones' captures are in the report, to look at before approving them.
      expect((await readdir(path.join(report, 'current'))).sort()).toEqual([
        'de-default-350.png',
        'de-default-390.png',
        'en-feature1-350.png',
        'en-feature1-390.png',
      ]);

      const approve = await runCli([
        'screenshots',
        '--build',
        regression,
        '--baseline',
        partial,
        '-o',
        path.join(work, 'approve'),
        '--update',
        '--only',
        'de-default-390.png',
        '--json',
      ]);
      expect(approve.code).toBe(1);
      const approved = JSON.parse(approve.stdout);
      expect(approved.written).toEqual(['de-default-390.png']);
      expect(existsSync(path.join(partial, 'de-default-390.png'))).toBe(true);
      expect(existsSync(path.join(partial, 'de-default-350.png'))).toBe(false);
      expect(approved.error.message).toContain('2 screenshots differ from the baselines');
      expect(approved.error.message).toContain('1 has no baseline: de-default-350.png');
    },
    RUN_TIMEOUT,
  );

  it(
    'tells pages that differ inside their images only, and then hints that another machine may draw images differently',
    async () => {
      // The first screen's two screenshots swapped, at the 1x size the 350 px shots show.
      const swapped = path.join(work, 'build with swapped images');
      await cp(build, swapped, { recursive: true });
      const assets = path.join(swapped, 'assets');
      const names = (await readdir(assets)).filter((name) => /^(default|shared)-1-\w{10}-163\.avif$/.test(name));
      expect(names).toHaveLength(2);
      const [first, second] = await Promise.all(names.map((name) => readFile(path.join(assets, name))));
      await writeFile(path.join(assets, names[0]!), second!);
      await writeFile(path.join(assets, names[1]!), first!);
      // Shard 1 of 4: en-default-350.png and de-default-350.png (in the plan's order).
      const run = await runCli([
        'screenshots',
        '--build',
        swapped,
        '--baseline',
        baselines,
        '-o',
        path.join(work, 'swapped report'),
        '--shard',
        '1/4',
        '--json',
      ]);
      expect(run.code, run.stderr).toBe(1);
      const result = JSON.parse(run.stdout);
      expect(
        result.shots.map((shot: { name: string; status: string; differingOutsideImages: number }) => [
          shot.name,
          shot.status,
          shot.differingOutsideImages,
        ]),
      ).toEqual([
        ['en-default-350.png', 'changed', 0],
        ['de-default-350.png', 'changed', 0],
      ]);
      expect(result.error.message).toMatch(
        /^2 screenshots differ from the baselines: en-default-350\.png \(\d+ pixels differ in \d+x\d+ at \d+,\d+, all inside images\)/,
      );
      expect(result.error.hint).toMatch(
        /^Every difference is inside an image; .*this machine draws images unlike the one that made the baselines/,
      );
    },
    RUN_TIMEOUT,
  );

  it(
    'stops before capturing when the baselines were made by another browser, and compares anyway with --ignore-environment',
    async () => {
      const other = await copyBaselines('other browser');
      const file = path.join(other, 'environment.json');
      const environment = JSON.parse(await readFile(file, 'utf8'));
      await writeFile(file, JSON.stringify({ ...environment, browser: 'Chrome/1.0.0.0', deviceScale: 2 }));
      const report = path.join(work, 'other browser report');
      const run = await runCli(['screenshots', '--build', regression, '--baseline', other, '-o', report]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `The baselines in ${other} were made in another environment, so their pixels cannot be compared with these captures:\n  - browser: Chrome/1.0.0.0 made the baselines, this is ${environment.browser}\n  - device scale: 2 in the baselines, 1 here`,
      );
      expect(run.stderr).toContain('.ci/Dockerfile');
      expect(run.stderr).not.toContain('differ from the baselines');
      expect(await readdir(path.join(report, 'current'))).toEqual([]);
      const junit = readJunit(await readFile(path.join(report, 'junit.xml'), 'utf8'));
      expect([junit.tests, junit.failures, junit.cases[0]!.classname]).toEqual([1, 0, 'environment']);

      // One shard is enough to show the comparison happens: en-default-350.png and de-default-350.png.
      const anyway = await runCli([
        'screenshots',
        '--build',
        build,
        '--baseline',
        other,
        '-o',
        path.join(work, 'anyway'),
        '--ignore-environment',
        '--shard',
        '1/4',
      ]);
      expect(anyway.code, anyway.stderr).toBe(0);
      expect(anyway.stdout).toContain('The baselines were made in another environment (compared anyway)');
      expect(anyway.stdout).toContain('2 screenshots match the baselines');
    },
    RUN_TIMEOUT,
  );

  it(
    'stops after capturing when the pages used other fonts than the baselines, naming them',
    async () => {
      const other = await copyBaselines('other fonts');
      const file = path.join(other, 'environment.json');
      const environment = JSON.parse(await readFile(file, 'utf8'));
      const used: string[] = environment.fonts.byShot['de-feature1-350.png'];
      environment.fonts.byShot['de-feature1-350.png'] = ['Helvetica (Helvetica)'];
      await writeFile(file, JSON.stringify(environment));
      // Shard 3 of 4 captures de-feature1-350.png and en-feature1-350.png: fonts are compared for the shots captured.
      const run = await runCli([
        'screenshots',
        '--build',
        build,
        '--baseline',
        other,
        '-o',
        path.join(work, 'other fonts report'),
        '--shard',
        '3/4',
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('  - fonts: the baselines used Helvetica (Helvetica) (de-feature1-350.png), which this machine did not');
      expect(run.stderr).toContain(
        `  - fonts: this machine used ${used.map((font) => `${font} (de-feature1-350.png)`).join(', ')}, which the baselines did not`,
      );
    },
    RUN_TIMEOUT,
  );

  it(
    "fails a one-line CSS change in each shard holding its pages, merges the shards' reports into one report and junit.xml, and hints with the user's flags",
    async () => {
      const shardDir = (index: number) => path.join(work, `shard ${index}`);
      const shards = [];
      for (const index of [1, 2]) {
        const args = [
          'screenshots',
          '--build',
          regression,
          '--baseline',
          baselines,
          '-o',
          shardDir(index),
          '--max-diff-pixels',
          '10',
          '--shard',
          `${index}/2`,
        ];
        shards.push(await runCli(args));
      }
      expect(
        shards.map((run) => run.code),
        shards.map((run) => run.stderr).join('\n'),
      ).toEqual([1, 1]);
      // Round-robin over the sorted names: the 350 px shots in shard 1, the 390 px ones in shard 2.
      expect(shards[0]!.stderr).toMatch(
        /1 screenshot differs from the baselines: en-feature1-350\.png \(\d+ pixels differ in \d+x\d+ at \d+,\d+(?: \(the page went from \S+ to \S+\))?\)\. Report: /,
      );
      expect(shards[1]!.stderr).toMatch(/1 screenshot differs from the baselines: en-feature1-390\.png \(/);
      const command = `npx store-landing screenshots --build '${regression}' --out '${shardDir(1)}' --baseline '${baselines}' --max-diff-pixels 10 --update`;
      expect(shards[0]!.stderr).toContain(`run \`${command}\``);
      const shardJunit = readJunit(await readFile(path.join(shardDir(2), 'junit.xml'), 'utf8'));
      expect([shardJunit.tests, shardJunit.failures]).toEqual([4, 1]);

      const merged = path.join(work, 'merged report');
      const merge = await runCli(['screenshots-merge', shardDir(2), shardDir(1), '-o', merged]);
      expect(merge.code, merge.stderr).toBe(1);
      expect(merge.stdout).toContain('2 of 8 screenshots fail');
      expect(merge.stderr).toMatch(
        /2 screenshots differ from the baselines: en-feature1-350\.png \(.*\), en-feature1-390\.png \(.*\)\. Report: /,
      );
      expect(merge.stderr).toContain(`Report: ${merged}/report.html`);
      expect(merge.stderr).toContain(`run \`${command}\``);

      const junit = readJunit(await readFile(path.join(merged, 'junit.xml'), 'utf8'));
      expect([junit.tests, junit.failures]).toEqual([8, 2]);
      const failed = junit.cases.filter((testCase) => testCase.failure);
      expect(failed.map(({ classname, name }) => `${classname} ${name}`)).toEqual(['en/feature1 350 px', 'en/feature1 390 px']);
      for (const { failure } of failed) {
        const [, pixels, diff] =
          /^(\d+) pixels differ in \d+x\d+ at \d+,\d+(?: \(the page went from \S+ to \S+\))? \(more than 10\); diff: (.+)$/.exec(
            failure!,
          ) ?? [];
        expect(Number(pixels)).toBeGreaterThan(10);
        expect(existsSync(diff!), diff).toBe(true);
      }
      const reportHtml = await readFile(path.join(merged, 'report.html'), 'utf8');
      expect(reportHtml).toContain('2 of 8 screenshots fail: 2 changed');
      for (const name of ['en-feature1-350.png', 'en-feature1-390.png']) expect(reportHtml).toContain(`src="diff/${name}"`);
      // Only the edited page has images: its capture, baseline and difference; the German /feature1 and both / pages have none.
      for (const folder of ['current', 'diff', 'baseline'])
        expect((await readdir(path.join(merged, folder))).sort()).toEqual(['en-feature1-350.png', 'en-feature1-390.png']);
      expect(reportHtml).not.toContain('src="current/de-feature1-390.png"');
    },
    RUN_TIMEOUT,
  );
});
