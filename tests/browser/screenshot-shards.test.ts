// The screenshot regression command on a small build: baselines of another environment (browser, fonts) are a note and
// every shot is still compared; it catches a one-line CSS change with diff images in each shard, and merges the shards' reports and JUnit output.
import { existsSync } from 'node:fs';
import { cp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers.ts';
import { prepareSmallBuild, readJunit, RUN_TIMEOUT } from './screenshot-work.ts';

describe('store-landing screenshots on a small build: --update, --only, missing baselines, environments, --shard, screenshots-merge, junit.xml', () => {
  let work: string;
  let build: string;
  let regression: string;
  let baselines: string;

  beforeAll(async () => {
    ({ work, build, regression, baselines } = await prepareSmallBuild());
  }, RUN_TIMEOUT);

  /** A copy of the baselines to spoil. */
  async function copyBaselines(name: string) {
    const copy = path.join(work, name);
    await cp(baselines, copy, { recursive: true });
    return copy;
  }

  it(
    'compares every shot when the baselines record another build of the same major version, passing with a note; a failure names the environment as the likely cause',
    async () => {
      const other = await copyBaselines('other build');
      const file = path.join(other, 'environment.json');
      const environment = JSON.parse(await readFile(file, 'utf8'));
      // The same major version, another build: what a browser security update changes.
      const [product, version] = environment.browser.split('/');
      const otherBuild = `${product}/${version.split('.')[0]}.0.1.1`;
      expect(otherBuild).not.toBe(environment.browser);
      await writeFile(file, JSON.stringify({ ...environment, browser: otherBuild }));
      const run = await runCli(['screenshots', '--build', build, '--baseline', other, '-o', path.join(work, 'other build report')]);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain(
        `Note: the baselines were made in another environment (every screenshot compared):\n    browser: ${otherBuild} made the baselines, this is ${environment.browser}`,
      );
      expect(run.stdout).toContain('8 screenshots match the baselines');

      // Pixels that differ fail, and the hint names the environment first, with how to capture in the baselines'.
      const report = path.join(work, 'other build regression');
      const failing = await runCli(['screenshots', '--build', regression, '--baseline', other, '-o', report, '--shard', '3/4']);
      expect(failing.code).toBe(1);
      expect(failing.stderr).toContain('1 screenshot differs from the baselines: en-feature1-350.png');
      expect(failing.stderr).toContain(
        `The baselines were made in another environment (browser: ${otherBuild} made the baselines, this is ${environment.browser}): that is the likely cause.`,
      );
      expect(failing.stderr).toContain('.ci/Dockerfile');
      const junit = readJunit(await readFile(path.join(report, 'junit.xml'), 'utf8'));
      expect(junit.cases.map((testCase) => testCase.classname)).not.toContain('environment');
    },
    RUN_TIMEOUT,
  );

  it(
    'notes the fonts only one side used, naming them; a partial --update there writes nothing, as it would mix two environments',
    async () => {
      const other = await copyBaselines('other fonts');
      const file = path.join(other, 'environment.json');
      const environment = JSON.parse(await readFile(file, 'utf8'));
      const used: string[] = environment.fonts.byShot['de-feature1-350.png'];
      environment.fonts.byShot['de-feature1-350.png'] = ['Helvetica (Helvetica)'];
      await writeFile(file, JSON.stringify(environment));
      // Shard 3 of 4 captures de-feature1-350.png and en-feature1-350.png: fonts are compared for the shots captured.
      const args = ['screenshots', '--build', build, '--baseline', other, '-o', path.join(work, 'other fonts report')];
      const run = await runCli([...args, '--shard', '3/4']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('    fonts: the baselines used Helvetica (Helvetica) (de-feature1-350.png), which this machine did not');
      expect(run.stdout).toContain(
        `    fonts: this machine used ${used.map((font) => `${font} (de-feature1-350.png)`).join(', ')}, which the baselines did not`,
      );
      await rm(path.join(other, 'de-feature1-390.png'));
      const partial = await runCli([...args, '--update', '--only', 'de-*', '--json']);
      expect(partial.code).toBe(1);
      const result = JSON.parse(partial.stdout);
      expect(result.written).toEqual([]);
      expect(result.error.name).toBe('ScreenshotEnvironmentMismatch');
      expect(existsSync(path.join(other, 'de-feature1-390.png'))).toBe(false);
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
