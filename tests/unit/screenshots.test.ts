// The screenshot command's parts that need no browser: naming and sharding the shots, comparing PNGs, compressing baselines, JUnit, the hints' command line, its user errors and merging shards' reports.
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/build/index.ts';
import { shellQuote, updateCommandLine } from '../../generator/screenshots/command-line.ts';
import { comparePng, compressPng } from '../../generator/screenshots/compare.ts';
import { writeJunit } from '../../generator/screenshots/junit.ts';
import { planShots, shardShots } from '../../generator/screenshots/plan.ts';
import type { ScreenshotReport } from '../../generator/screenshots/results.ts';
import { fixtureConfig, runCli, temporaryDir } from '../helpers.ts';

/** A white PNG of `width` x `height` with the given pixels painted black. */
function png(width: number, height: number, black: Array<[number, number]> = []): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 4, 255);
  for (const [x, y] of black) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return sharp(data, { raw: { width, height, channels: 4 } }).png().toBuffer();
}

describe('planShots', () => {
  it('captures every page at 390 and 350 px, named by locale, variant and width, at its own URL', () => {
    const pages = [
      { route: '/', locale: 'en', variant: 'default', file: 'index.html', bytes: 1 },
      { route: '/feature1', locale: 'de', variant: 'feature1', file: 'de/feature1/index.html', bytes: 1 },
    ];
    expect(planShots(pages, 1).map((shot) => `${shot.name} /${shot.urlPath} ${shot.viewport.width}x${shot.viewport.height}`)).toEqual([
      'en-default-390.png / 390x844',
      'en-default-350.png / 350x844',
      'de-feature1-390.png /de/feature1 390x844',
      'de-feature1-350.png /de/feature1 350x844',
    ]);
    expect(planShots(pages, 3)[0]!.name).toBe('en-default-390@3x.png');
    expect(planShots(pages, 1)[2]).toMatchObject({ locale: 'de', variant: 'feature1' });
  });
});

describe('shardShots', () => {
  const pages = ['en', 'de', 'fr'].flatMap((locale) =>
    ['default', 'feature1'].map((variant) => ({ route: '/', locale, variant, file: `${locale}/${variant}/index.html`, bytes: 1 })),
  );
  const shots = planShots(pages, 1);
  const names = (part: Array<{ name: string }>) => part.map((shot) => shot.name);

  it('deals the shots, sorted by name, round-robin: balanced, each shot in one shard, whatever the manifest order', () => {
    const parts = [1, 2, 3, 4, 5].map((index) => names(shardShots(shots, { index, count: 5 })));
    expect(parts.map((part) => part.length)).toEqual([3, 3, 2, 2, 2]);
    expect(parts.flat().sort()).toEqual(names(shots).sort());
    // Sorted, the 1st, 6th and 11th names; in plan order.
    expect(parts[0]).toEqual(['en-default-390.png', 'de-default-350.png', 'fr-feature1-350.png']);
    const reversed = [1, 2, 3, 4, 5].map((index) => names(shardShots([...shots].reverse(), { index, count: 5 })).sort());
    expect(reversed).toEqual(parts.map((part) => [...part].sort()));
  });

  it('keeps the plan order within a shard, takes all as 1/1, and leaves a shard past the shots empty', () => {
    expect(shardShots(shots, { index: 1, count: 1 })).toEqual(shots);
    expect(shardShots(shots, { index: 13, count: 13 })).toEqual([]);
  });
});

describe('comparePng', () => {
  it('counts no difference between equal images and one for one changed pixel, and draws it', async () => {
    const same = await comparePng(await png(10, 10), await png(10, 10), 0.1);
    expect(same.comparison).toEqual({ differingPixels: 0, share: 0, baselineSize: '10x10', currentSize: '10x10' });
    const one = await comparePng(await png(10, 10), await png(10, 10, [[3, 4]]), 0.1);
    expect([one.comparison.differingPixels, one.comparison.share]).toEqual([1, 0.01]);
    const diff = await sharp(await one.diffPng()).raw().toBuffer({ resolveWithObject: true });
    expect(diff.info).toMatchObject({ width: 10, height: 10 });
    expect([...diff.data.subarray((4 * 10 + 3) * 4, (4 * 10 + 3) * 4 + 3)]).toEqual([255, 0, 0]);
  });

  it('counts the rows only one image has when a page grew', async () => {
    const { comparison } = await comparePng(await png(10, 10), await png(10, 12), 0.1);
    expect(comparison).toEqual({ differingPixels: 20, share: 20 / 120, baselineSize: '10x10', currentSize: '10x12' });
  });
});

describe('compressPng', () => {
  it('keeps every pixel and drops the alpha channel', async () => {
    const original = await png(40, 30, [[1, 1], [39, 29]]);
    const compressed = await compressPng(original);
    expect((await sharp(compressed).metadata()).channels).toBe(3);
    expect((await comparePng(original, compressed, 0)).comparison.differingPixels).toBe(0);
  });
});


/** A JUnit file read by a strict XML parser: its counts and test cases; throws when it is not well-formed. */
function readJunit(xml: string) {
  const document = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) throw new Error(`junit.xml is not well-formed XML:\n${xml}`);
  const counts = (element: Element) => Object.fromEntries(['tests', 'failures', 'errors', 'skipped'].map((name) => [name, Number(element.getAttribute(name))]));
  return {
    root: document.documentElement.tagName,
    counts: counts(document.documentElement),
    suites: [...document.getElementsByTagName('testsuite')].map(counts),
    cases: [...document.getElementsByTagName('testcase')].map((testCase) => ({
      classname: testCase.getAttribute('classname'),
      name: testCase.getAttribute('name'),
      failure: testCase.getElementsByTagName('failure')[0]?.getAttribute('message') ?? null,
      details: testCase.getElementsByTagName('failure')[0]?.textContent ?? null,
      skipped: testCase.getElementsByTagName('skipped').length > 0,
    })),
  };
}

/** The words a POSIX shell makes of `line`: what running the pasted line would pass. */
async function shellWords(line: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)('sh', ['-c', `printf '%s\\0' ${line}`]);
  return stdout.split('\0').slice(0, -1);
}

describe('writeJunit', () => {
  const report: ScreenshotReport = {
    shots: [
      { name: 'en-default-390.png', locale: 'en', variant: 'default', url: '', width: 390, status: 'same', differingPixels: 4, share: 0.000005, baselineSize: '390x2000', currentSize: '390x2000' },
      { name: 'de-x-350.png', locale: 'de', variant: `a&b <"it's"> \u0001`, url: 'de/x', width: 350, status: 'changed', differingPixels: 8642, share: 0.0123456, baselineSize: '350x2000', currentSize: '350x2010' },
      { name: 'fr-default-390@3x.png', locale: 'fr', variant: 'default', url: 'fr', width: 390, status: 'missing' },
      { name: 'fr-default-350@3x.png', locale: 'fr', variant: 'default', url: 'fr', width: 350, status: 'skipped' },
    ],
    threshold: 0.1,
    pixelThreshold: 0.1,
    baselineDir: 'my <baselines>',
    updated: false,
    written: [],
    shard: { index: 2, count: 3 },
    planned: 12,
    updateCommand: "npx store-landing screenshots --baseline 'my <baselines>' --update",
  };

  it('is well-formed XML with a test case per shot, failures for changed pages and missing baselines, and every value escaped', () => {
    const junit = readJunit(writeJunit(report, 'reports/shard 2'));
    expect(junit.root).toBe('testsuites');
    expect(junit.counts).toEqual({ tests: 4, failures: 2, errors: 0, skipped: 1 });
    expect(junit.suites).toEqual([{ tests: 4, failures: 2, errors: 0, skipped: 1 }]);
    expect(junit.cases.map(({ classname, name, failure, skipped }) => ({ classname, name, failure, skipped }))).toEqual([
      { classname: 'en/default', name: '390 px', failure: null, skipped: false },
      {
        classname: `de/a&b <"it's"> \uFFFD`,
        name: '350 px',
        failure: '1.235 % of pixels differ (more than 0.1 %); diff: reports/shard 2/diff/de-x-350.png',
        skipped: false,
      },
      { classname: 'fr/default', name: '390 px @3x', failure: 'no baseline: my <baselines>/fr-default-390@3x.png', skipped: false },
      { classname: 'fr/default', name: '350 px @3x', failure: null, skipped: true },
    ]);
    expect(junit.cases[1]!.details).toBe(
      [
        '/de/x at 350 px: 8642 pixels differ (1.235 %), 350x2000 -> 350x2010',
        'baseline: reports/shard 2/baseline/de-x-350.png',
        'capture: reports/shard 2/current/de-x-350.png',
        'diff: reports/shard 2/diff/de-x-350.png',
        'report: reports/shard 2/report.html',
      ].join('\n'),
    );
    expect(junit.cases[2]!.details).toContain(report.updateCommand);
  });

  it('counts no failure for a page an --update run rewrote', () => {
    const updated = { ...report, updated: true, shots: report.shots.slice(0, 2) };
    expect(readJunit(writeJunit(updated, 'out')).counts).toEqual({ tests: 2, failures: 0, errors: 0, skipped: 0 });
  });
});

describe('updateCommandLine', () => {
  it("repeats the user's flags as typed, adds --update once, and leaves out --json and --shard", () => {
    const given: Array<[string, string?]> = [['--build', 'out'], ['--baseline', "my baselines/it's"], ['--threshold', '0.10'], ['--shard', '1/2'], ['--update'], ['--json']];
    expect(updateCommandLine(given)).toBe("npx store-landing screenshots --build out --baseline 'my baselines/it'\\''s' --threshold 0.10 --update");
  });

  it('quotes each word so that a POSIX shell reads it back unchanged', async () => {
    const words = ['tests/baselines', 'a-b_c.d@2x:1,2=3+4%', 'with space', "it's", '$HOME', '`id`', 'a"b', '*', '~', '', 'tab\there', 'semi;colon', 'new\nline', 'Ümlaut'];
    expect(await shellWords(words.map(shellQuote).join(' '))).toEqual(words);
    expect(words.map(shellQuote).slice(0, 3)).toEqual(['tests/baselines', 'a-b_c.d@2x:1,2=3+4%', "'with space'"]);
  });
});

describe('store-landing screenshots, before any browser starts', () => {
  /** tests/fixtures/site/base.yaml (2 routes x 2 locales: 8 shots), built once. */
  let build: string;
  beforeAll(async () => {
    build = path.join(await temporaryDir(), 'out');
    await buildSite({ config: fixtureConfig('base'), outDir: build, imageCacheDir: await temporaryDir() });
  });

  it('refuses a folder that is not a build', async () => {
    const empty = await temporaryDir();
    const run = await runCli(['screenshots', '--build', empty, '-o', path.join(await temporaryDir(), 'report')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`There is no build in ${empty}: it holds no manifest.json.`);
  });

  it("names the missing baselines, fails each in junit.xml, and hints at the user's own command with --update", async () => {
    const work = await temporaryDir();
    const baselines = path.join(work, 'my baselines');
    await mkdir(baselines);
    const report = path.join(work, 'report');
    const run = await runCli(['screenshots', '--build', build, '--baseline', baselines, '-o', report, '--threshold', '0.50']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`8 screenshot baselines are missing from ${baselines}: en-default-390.png, en-default-350.png, de-default-390.png, de-default-350.png, en-feature1-390.png, and 3 more.`);
    const hint = /Run `(.*)` to capture them/.exec(run.stderr)?.[1];
    expect(hint).toContain(`--baseline '${baselines}'`);
    expect(await shellWords(hint!)).toEqual(
      ['npx', 'store-landing', 'screenshots', '--build', build, '--out', report, '--baseline', baselines, '--threshold', '0.50', '--update'],
    );
    const junit = readJunit(await readFile(path.join(report, 'junit.xml'), 'utf8'));
    expect(junit.counts).toEqual({ tests: 8, failures: 8, errors: 0, skipped: 0 });
    expect(junit.cases[0]).toMatchObject({ classname: 'en/default', name: '390 px', failure: `no baseline: ${path.join(baselines, 'en-default-390.png')}` });
    expect(await readFile(path.join(report, 'report.html'), 'utf8')).toContain('8 of 8 screenshots have no baseline');
  });

  it('shards the check into balanced parts with reports of their own, and merges those into one report and junit.xml that fail', async () => {
    const work = await temporaryDir();
    const baselines = path.join(work, 'baselines');
    await mkdir(baselines);
    const shardDir = (index: number) => path.join(work, `shard ${index}`);
    const runs = await Promise.all(
      [1, 2, 3].map((index) => runCli(['screenshots', '--build', build, '--baseline', baselines, '-o', shardDir(index), '--shard', `${index}/3`])),
    );
    expect(runs.map((run) => run.code)).toEqual([1, 1, 1]);
    expect(runs[0]!.stderr).toContain(`--baseline ${baselines} --update\``);
    expect(runs[0]!.stderr).not.toContain('--shard');
    const shards = await Promise.all([1, 2, 3].map(async (index) => readJunit(await readFile(path.join(shardDir(index), 'junit.xml'), 'utf8'))));
    expect(shards.map((shard) => shard.counts.tests)).toEqual([3, 3, 2]);
    expect(new Set(shards.flatMap((shard) => shard.cases.map((testCase) => testCase.failure))).size).toBe(8);

    const merged = path.join(work, 'merged');
    const merge = await runCli(['screenshots-merge', shardDir(3), shardDir(1), shardDir(2), '-o', merged]);
    expect(merge.code, merge.stderr).toBe(1);
    expect(merge.stderr).toContain(`8 screenshot baselines are missing from ${baselines}`);
    expect(merge.stderr).toContain(`Run \`npx store-landing screenshots --build ${build} --out '${shardDir(1)}' --baseline ${baselines} --update\``);
    expect(readJunit(await readFile(path.join(merged, 'junit.xml'), 'utf8')).counts).toEqual({ tests: 8, failures: 8, errors: 0, skipped: 0 });
    expect(await readFile(path.join(merged, 'report.html'), 'utf8')).toContain('8 of 8 screenshots have no baseline');

    const partial = await runCli(['screenshots-merge', shardDir(1), shardDir(2), '-o', path.join(work, 'partial')]);
    expect(partial.code).toBe(1);
    expect(partial.stderr).toContain('Cannot merge the screenshot reports: they are not shards 1 to 3 once each; missing 3.');
  });

  it('passes a shard with nothing to take, with an empty report', async () => {
    const report = path.join(await temporaryDir(), 'report');
    const run = await runCli(['screenshots', '--build', build, '--baseline', await temporaryDir(), '-o', report, '--shard', '9/9', '--json']);
    expect(run.code, run.stdout).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, shots: [], planned: 8, shard: { index: 9, count: 9 } });
    expect(readJunit(await readFile(path.join(report, 'junit.xml'), 'utf8')).counts).toEqual({ tests: 0, failures: 0, errors: 0, skipped: 0 });
  });

  it('refuses a threshold that is not a per cent, and a shard that is not I/N', async () => {
    const run = await runCli(['screenshots', '--threshold', '150']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('expected a per cent from 0 to 100, found "150"');
    const shard = await runCli(['screenshots', '--shard', '3/2']);
    expect(shard.code).toBe(1);
    expect(shard.stderr).toContain('--shard must be I/N with 1 <= I <= N, found "3/2".');
  });
});
