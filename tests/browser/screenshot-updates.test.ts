// The screenshot regression command on a small build: --update rewrites only changed baselines, every baseline there
// is is compared when some are missing, --only approves a subset, and changes inside images only are told apart.
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers.ts';
import { fileStamps, prepareSmallBuild, RUN_TIMEOUT, type SmallBuild } from './screenshot-work.ts';

describe('store-landing screenshots on a small build: --update, --only, missing baselines, environments, --shard, screenshots-merge, junit.xml', () => {
  let work: string;
  let build: string;
  let regression: string;
  let baselines: string;
  let firstUpdate: SmallBuild['firstUpdate'];

  beforeAll(async () => {
    ({ work, build, regression, baselines, firstUpdate } = await prepareSmallBuild());
  }, RUN_TIMEOUT);

  /** A copy of the baselines to spoil. */
  async function copyBaselines(name: string) {
    const copy = path.join(work, name);
    await cp(baselines, copy, { recursive: true });
    return copy;
  }

  /** Each baseline's bytes (hashed) and modification time, environment.json's too. */
  const baselineFiles = () => fileStamps(baselines);

  it(
    '--update writes the baselines and environment.json; run again, even at colour distance 0, it leaves every file as it was and says 0 changed',
    async () => {
      expect(firstUpdate.code, firstUpdate.stderr).toBe(0);
      expect(firstUpdate.stdout).toContain('0 changed, 8 new, 0 unchanged');
      expect(firstUpdate.stdout.match(/^ {2}wrote /gm)).toHaveLength(8);
      const before = await baselineFiles();
      // The 8 PNGs, environment.json, and the mark of a folder the tool made (its --prune may remove stale PNGs there).
      expect(Object.keys(before)).toHaveLength(10);
      expect(before['.store-landing-baselines']).toBeDefined();
      const environment = JSON.parse(await readFile(path.join(baselines, 'environment.json'), 'utf8'));
      expect(environment).toMatchObject({
        browser: expect.stringMatching(/^(Headless)?Chrome\/\d+\./),
        platform: expect.stringContaining(process.arch),
        deviceScale: 1,
        // Drawn by the lockfile's browser and the shipped fonts where that build runs (docs/screenshots.md).
        pinned:
          process.platform === 'linux' && process.arch === 'x64'
            ? { browser: '@sparticuz/chromium@153.0.0', fonts: expect.stringMatching(/^sha256:/) }
            : null,
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
    'lists the baselines no page produces any more as a note, and --update --prune removes them as one set with the rest',
    async () => {
      const stale = await copyBaselines('stale baselines');
      await cp(path.join(stale, 'de-default-390.png'), path.join(stale, 'it-default-390.png'));
      await cp(path.join(stale, 'de-default-350.png'), path.join(stale, 'it-default-350.png'));
      const args = ['screenshots', '--build', build, '--baseline', stale, '-o', path.join(work, 'stale report')];
      const check = await runCli(args);
      expect(check.code, check.stderr).toBe(0);
      expect(check.stdout).toContain(
        'Note: 2 stale baselines (no page produces them any more; --update --prune removes them):\n    it-default-350.png\n    it-default-390.png',
      );
      // --update alone writes, and removes nothing.
      expect((await runCli([...args, '--update'])).code).toBe(0);
      expect(existsSync(path.join(stale, 'it-default-390.png'))).toBe(true);
      const pruned = await runCli([...args, '--update', '--prune']);
      expect(pruned.code, pruned.stderr).toBe(0);
      expect(pruned.stdout).toContain('Removed 2 stale baselines');
      expect((await readdir(stale)).filter((name) => name.startsWith('it-'))).toEqual([]);
      expect((await readdir(work)).filter((name) => name.includes('.baselines-'))).toEqual([]);
    },
    RUN_TIMEOUT,
  );
});
