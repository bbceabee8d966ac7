// The screenshot command's parts that need no browser: naming and sharding the shots, budgets, comparing
// PNGs, compressing baselines, environments, JUnit, the report, the hints' command line and its user errors.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { budgetFor, DEFAULT_SETTINGS } from '../../../generator/screenshots/budget.ts';
import { shellQuote, updateCommandLine } from '../../../generator/screenshots/command-line.ts';
import { comparePng, compressPng } from '../../../generator/screenshots/compare.ts';
import { fontDifferences, setupDifferences } from '../../../generator/screenshots/environment.ts';
import { fontPackagesFor } from '../../../generator/screenshots/glyphs.ts';
import { writeJunit } from '../../../generator/screenshots/junit.ts';
import { planShots, planSiteShots, shardShots } from '../../../generator/screenshots/plan.ts';
import { writeReport } from '../../../generator/screenshots/report.ts';
import { reportFailure, type ScreenshotReport } from '../../../generator/screenshots/results.ts';
import { fixtureConfig, runCli, temporaryDir } from '../../helpers.ts';

/** A white PNG of `width` x `height` with the given pixels painted black. */
function png(width: number, height: number, black: Array<[number, number]> = []): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 4, 255);
  for (const [x, y] of black) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
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
    expect(planShots(pages, 1)[2]).toMatchObject({ locale: 'de', variant: 'feature1', campaign: null });
  });

  it("names a site's campaign pages in their campaign's folder, at their base path", () => {
    const manifest = (campaign: string | null, basePath: string) => ({
      campaign,
      basePath,
      headers: {},
      defaultLocale: 'en',
      locales: ['en'],
      assets: { runtime: '', client: '', files: [] },
      pages: [{ route: '/feature1', locale: 'de', variant: 'feature1', file: 'de/feature1/index.html', bytes: 1 }],
    });
    const shots = planSiteShots(
      [
        { dir: '/site', manifest: manifest(null, '/') },
        { dir: '/site/kids', manifest: manifest('kids', '/kids/') },
      ],
      '/site',
      1,
    );
    expect(shots.map((shot) => `${shot.name} /${shot.urlPath} ${shot.campaign}`)).toEqual([
      'de-feature1-390.png /de/feature1 null',
      'de-feature1-350.png /de/feature1 null',
      'kids/de-feature1-390.png /kids/de/feature1 kids',
      'kids/de-feature1-350.png /kids/de/feature1 kids',
    ]);
  });
});

describe('budgetFor', () => {
  const settings = {
    maxDiffPixels: 5,
    pixelThreshold: 0.05,
    pages: { 'de-*': { maxDiffPixels: 40 }, '*-350': { pixelThreshold: 0.2 }, 'de-feature3-350.png': { maxDiffPixels: 90 } },
  };
  it.each([
    ['en-default-390.png', {}, { maxDiffPixels: 5, pixelThreshold: 0.05 }],
    ['en-default-390.png', { maxDiffPixels: 0 }, { maxDiffPixels: 0, pixelThreshold: 0.05 }],
    ['de-default-390.png', { maxDiffPixels: 0 }, { maxDiffPixels: 40, pixelThreshold: 0.05 }],
    ['kids/de-default-350.png', {}, { maxDiffPixels: 40, pixelThreshold: 0.2 }],
    ['de-feature3-350.png', { pixelThreshold: 0.01 }, { maxDiffPixels: 90, pixelThreshold: 0.2 }],
  ])('%s with the flags %j: %j (the flags over the defaults, the globs over both, the last glob last)', (name, flags, budget) => {
    expect(budgetFor(name, settings, flags)).toEqual(budget);
  });

  it('is strict without a config: no differing pixel, colour distance 0.03', () => {
    expect(budgetFor('en-default-390.png', DEFAULT_SETTINGS, {})).toEqual({ maxDiffPixels: 0, pixelThreshold: 0.03 });
  });
});

describe('fontPackagesFor', () => {
  it.each([
    ['日本語', ['fonts-noto-cjk']],
    ['한국어', ['fonts-noto-cjk']],
    ['😀', ['fonts-noto-color-emoji']],
    ['ᱥᱟᱱ', ['fonts-noto-core']],
    ['ᱥ日ᱟ', ['fonts-noto-core', 'fonts-noto-cjk']],
  ])('%s: %j', (characters, packages) => {
    expect(fontPackagesFor(characters)).toEqual(packages);
  });
});

describe('the environment of the baselines', () => {
  const recorded = { browser: 'Chrome/156.0.8078.73', platform: 'linux x64, Debian GNU/Linux 12 (bookworm)', deviceScale: 1 };

  it('names each difference of browser, platform and scale, and none when they match', () => {
    expect(setupDifferences(recorded, { ...recorded })).toEqual([]);
    expect(setupDifferences(recorded, { browser: 'Chrome/157.0.1.2', platform: 'darwin arm64', deviceScale: 2 })).toEqual([
      'browser: Chrome/156.0.8078.73 made the baselines, this is Chrome/157.0.1.2',
      'platform: the baselines were made on linux x64, Debian GNU/Linux 12 (bookworm), this is darwin arm64',
      'device scale: 1 in the baselines, 2 here',
    ]);
  });

  it('names the fonts only one side used, with a screenshot showing each, and skips screenshots without a record', () => {
    const byShot = {
      'ja-default-390.png': ['Noto Sans CJK JP (NotoSansCJKjp-Regular)', 'Liberation Sans (LiberationSans)'],
      'en-default-390.png': ['Liberation Sans (LiberationSans)'],
    };
    expect(
      fontDifferences(byShot, { 'en-default-390.png': ['Liberation Sans (LiberationSans)'], 'new-page-390.png': ['Anything (Else)'] }),
    ).toEqual([]);
    expect(
      fontDifferences(byShot, {
        'ja-default-390.png': ['Droid Sans Fallback (DroidSansFallbackFull)', 'Liberation Sans (LiberationSans)'],
      }),
    ).toEqual([
      'fonts: the baselines used Noto Sans CJK JP (NotoSansCJKjp-Regular) (ja-default-390.png), which this machine did not',
      'fonts: this machine used Droid Sans Fallback (DroidSansFallbackFull) (ja-default-390.png), which the baselines did not',
    ]);
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
  it('counts no difference between equal images and one for one changed pixel, with its box, and draws it', async () => {
    const same = await comparePng(await png(10, 10), await png(10, 10), 0.1);
    expect(same.comparison).toEqual({
      differingPixels: 0,
      box: null,
      differingOutsideImages: 0,
      baselineSize: '10x10',
      currentSize: '10x10',
    });
    const one = await comparePng(await png(10, 10), await png(10, 10, [[3, 4]]), 0.1);
    expect([one.comparison.differingPixels, one.comparison.box]).toEqual([1, { x: 3, y: 4, width: 1, height: 1 }]);
    const diff = await sharp(await one.diffPng())
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(diff.info).toMatchObject({ width: 10, height: 10 });
    expect([...diff.data.subarray((4 * 10 + 3) * 4, (4 * 10 + 3) * 4 + 3)]).toEqual([255, 0, 0]);
  });

  it('counts the rows only one image has when a page grew', async () => {
    const { comparison } = await comparePng(await png(10, 10), await png(10, 12), 0.1);
    expect(comparison).toEqual({
      differingPixels: 20,
      box: { x: 0, y: 10, width: 10, height: 2 },
      differingOutsideImages: 20,
      baselineSize: '10x10',
      currentSize: '10x12',
    });
  });

  it('boxes every differing pixel, far apart too', async () => {
    const { comparison } = await comparePng(
      await png(40, 30),
      await png(40, 30, [
        [5, 2],
        [30, 20],
      ]),
      0.1,
    );
    expect(comparison).toMatchObject({ differingPixels: 2, box: { x: 5, y: 2, width: 26, height: 19 } });
  });

  it("counts apart the differing pixels outside the capture's images", async () => {
    const [baseline, current] = [
      await png(40, 30),
      await png(40, 30, [
        [5, 2],
        [30, 20],
        [31, 21],
      ]),
    ];
    const image = { x: 28, y: 18, width: 4, height: 4 };
    expect((await comparePng(baseline, current, 0.1, [image])).comparison).toMatchObject({ differingPixels: 3, differingOutsideImages: 1 });
    expect((await comparePng(baseline, current, 0.1, [image, { x: 5, y: 2, width: 1, height: 1 }])).comparison.differingOutsideImages).toBe(
      0,
    );
    expect((await comparePng(baseline, current, 0.1)).comparison.differingOutsideImages).toBe(3);
  });
});

describe('compressPng', () => {
  it('keeps every pixel and drops the alpha channel', async () => {
    const original = await png(40, 30, [
      [1, 1],
      [39, 29],
    ]);
    const compressed = await compressPng(original);
    expect((await sharp(compressed).metadata()).channels).toBe(3);
    expect((await comparePng(original, compressed, 0)).comparison.differingPixels).toBe(0);
  });
});

/** A JUnit file read by a strict XML parser: its counts and test cases; throws when it is not well-formed. */
function readJunit(xml: string) {
  const document = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) throw new Error(`junit.xml is not well-formed XML:\n${xml}`);
  const counts = (element: Element) =>
    Object.fromEntries(['tests', 'failures', 'errors', 'skipped'].map((name) => [name, Number(element.getAttribute(name))]));
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

/** A report of four shots: one same, one changed, one without a baseline, one with text no font has. */
function sampleReport(changes: Partial<ScreenshotReport> = {}): ScreenshotReport {
  const budget = { maxDiffPixels: 0, pixelThreshold: 0.03 };
  const environment = { browser: 'Chrome/156.0.8078.108', platform: 'linux x64', deviceScale: 1 };
  return {
    shots: [
      {
        name: 'en-default-390.png',
        campaign: null,
        locale: 'en',
        variant: 'default',
        url: '',
        width: 390,
        status: 'same',
        differingPixels: 0,
        box: null,
        baselineSize: '390x2000',
        currentSize: '390x2000',
        ...budget,
      },
      {
        name: 'kids/de-x-350.png',
        campaign: 'kids',
        locale: 'de',
        variant: `a&b <"it's"> \u0001`,
        url: 'kids/de/x',
        width: 350,
        status: 'changed',
        differingPixels: 86,
        box: { x: 20, y: 35, width: 40, height: 12 },
        baselineSize: '350x2000',
        currentSize: '350x2010',
        ...budget,
      },
      {
        name: 'fr-default-390@3x.png',
        campaign: null,
        locale: 'fr',
        variant: 'default',
        url: 'fr',
        width: 390,
        status: 'missing',
        ...budget,
      },
      {
        name: 'sat-default-350.png',
        campaign: null,
        locale: 'sat',
        variant: 'default',
        url: 'sat',
        width: 350,
        status: 'glyphs',
        missingGlyphs: 'ᱥᱟ',
        ...budget,
      },
    ],
    ...budget,
    baselineDir: 'my <baselines>',
    updated: false,
    only: null,
    written: [],
    shard: { index: 2, count: 3 },
    planned: 12,
    environment: {
      current: { ...environment, fingerprint: 'sha256:1' },
      baseline: { ...environment, fingerprint: 'sha256:1' },
      differences: [],
      ignored: false,
    },
    updateCommand: "npx store-landing screenshots --baseline 'my <baselines>' --update",
    ...changes,
  };
}

describe('writeJunit', () => {
  const report = sampleReport();

  it('is well-formed XML with a test case per shot, failures for changed pages, missing baselines and missing glyphs, and every value escaped', () => {
    const junit = readJunit(writeJunit(report, 'reports/shard 2'));
    expect(junit.root).toBe('testsuites');
    expect(junit.counts).toEqual({ tests: 4, failures: 3, errors: 0, skipped: 0 });
    expect(junit.suites).toEqual([{ tests: 4, failures: 3, errors: 0, skipped: 0 }]);
    expect(junit.cases.map(({ classname, name, failure }) => ({ classname, name, failure }))).toEqual([
      { classname: 'en/default', name: '390 px', failure: null },
      {
        classname: `kids/de/a&b <"it's"> \uFFFD`,
        name: '350 px',
        failure:
          '86 pixels differ in 40x12 at 20,35 (the page went from 350x2000 to 350x2010) (more than 0); diff: reports/shard 2/diff/kids/de-x-350.png',
      },
      { classname: 'fr/default', name: '390 px @3x', failure: 'no baseline: my <baselines>/fr-default-390@3x.png' },
      { classname: 'sat/default', name: '350 px', failure: 'text without a font (empty boxes): ᱥᱟ' },
    ]);
    expect(junit.cases[1]!.details).toBe(
      [
        '/kids/de/x at 350 px: 86 pixels differ in 40x12 at 20,35 (the page went from 350x2000 to 350x2010), budget 0 pixels at colour distance 0.03',
        'baseline: reports/shard 2/baseline/kids/de-x-350.png',
        'capture: reports/shard 2/current/kids/de-x-350.png',
        'diff: reports/shard 2/diff/kids/de-x-350.png',
        'report: reports/shard 2/report.html',
      ].join('\n'),
    );
    expect(junit.cases[2]!.details).toContain(report.updateCommand);
  });

  it('counts no failure for the pages an --update run wrote', () => {
    const updated = { ...report, updated: true, written: ['kids/de-x-350.png', 'fr-default-390@3x.png'], shots: report.shots.slice(0, 3) };
    expect(readJunit(writeJunit(updated, 'out')).counts).toEqual({ tests: 3, failures: 0, errors: 0, skipped: 0 });
  });

  it('adds one error case when the baselines were made in another environment, none when compared anyway', () => {
    const environment = { ...report.environment, differences: ['browser: Chrome/1 made the baselines, this is Chrome/2'] };
    const junit = readJunit(writeJunit({ ...report, shots: [], environment }, 'out'));
    expect(junit.counts).toEqual({ tests: 1, failures: 0, errors: 1, skipped: 0 });
    expect(junit.cases[0]).toMatchObject({ classname: 'environment', name: 'environment.json' });
    expect(readJunit(writeJunit({ ...report, shots: [], environment: { ...environment, ignored: true } }, 'out')).counts.errors).toBe(0);
  });
});

describe('reportFailure', () => {
  it('says another environment first, then text without a font, then the changed and missing baselines', () => {
    const report = sampleReport();
    const mismatch = reportFailure(
      { ...report, environment: { ...report.environment, differences: ['device scale: 1 in the baselines, 2 here'] } },
      'r.html',
    )!;
    expect(mismatch.name).toBe('ScreenshotEnvironmentMismatch');
    expect(mismatch.message).toBe(
      'The baselines in my <baselines> were made in another environment, so their pixels cannot be compared with these captures:\n  - device scale: 1 in the baselines, 2 here',
    );
    expect(mismatch.hint).toContain('.ci/Dockerfile');
    expect(mismatch.hint).toContain('--ignore-environment');
    const glyphs = reportFailure(report, 'r.html')!;
    expect(glyphs.message).toContain('the sat pages lack ᱥ U+1C65, ᱟ U+1C5F (sat-default-350.png)');
    expect(glyphs.hint).toContain('apt-get install -y fonts-noto-core');
    const changed = reportFailure({ ...report, shots: report.shots.slice(0, 3) }, 'r.html')!;
    expect(changed.message).toBe(
      '1 screenshot differs from the baselines: kids/de-x-350.png (86 pixels differ in 40x12 at 20,35 (the page went from 350x2000 to 350x2010)). 1 has no baseline: fr-default-390@3x.png. Report: r.html',
    );
    expect(changed.hint).not.toContain('inside an image');
    expect(reportFailure({ ...report, shots: report.shots.slice(2, 3) }, 'r.html')!.name).toBe('BaselinesMissing');
    expect(reportFailure({ ...report, shots: report.shots.slice(0, 1) }, 'r.html')).toBeUndefined();
  });
});

describe('reportFailure on changes inside images only', () => {
  it("says so of each such shot, and hints at another machine's drawing only when every changed shot is one", () => {
    const report = sampleReport();
    const changed = report.shots[1]!;
    const inImages = { ...changed, name: 'de-y-390.png', differingOutsideImages: 0, baselineSize: '350x2010' };
    const both = reportFailure({ ...report, shots: [{ ...changed, differingOutsideImages: 12 }, inImages] }, 'r.html')!;
    expect(both.message).toContain(
      'kids/de-x-350.png (86 pixels differ in 40x12 at 20,35 (the page went from 350x2000 to 350x2010)), de-y-390.png (86 pixels differ in 40x12 at 20,35, all inside images)',
    );
    expect(both.hint).not.toContain('inside an image');
    const only = reportFailure({ ...report, shots: [inImages] }, 'r.html')!;
    expect(only.hint).toMatch(
      /^Every difference is inside an image; the text and layout around them match\. If no image changed, this machine draws images unlike the one that made the baselines: .*docs\/screenshots\.md/,
    );
  });
});

describe('writeReport', () => {
  const page = (report: ScreenshotReport) => new JSDOM(writeReport(report)).window.document;

  it('opens on a summary with the environment, then each failing shot side by side with its changed region blinking, and no image of a passing shot', () => {
    const document = page(sampleReport());
    const summary = document.querySelector('.summary')!.textContent!;
    expect(summary).toContain('3 of 4 screenshots fail: 1 changed, 1 without a baseline, 1 with text no font has.');
    expect(summary).toContain('Chrome/156.0.8078.108, linux x64, device scale 1, fonts sha256:1');
    const sources = [...document.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(sources.filter((src) => src!.includes('en-default-390'))).toEqual([]);
    expect(sources.filter((src) => src!.endsWith('kids/de-x-350.png')).sort()).toEqual([
      'baseline/kids/de-x-350.png',
      'baseline/kids/de-x-350.png',
      'current/kids/de-x-350.png',
      'current/kids/de-x-350.png',
      'diff/kids/de-x-350.png',
    ]);
    const region = document.querySelector('.region') as HTMLElement;
    // The 40x12 box and 12 px around it, enlarged four times.
    expect([region.style.width, region.style.height]).toEqual(['256px', '144px']);
    expect(region.querySelector('.after')!.getAttribute('style')).toBe('left:-32px;top:-92px;width:1400px');
    // Drawn over the baseline (350x2000) as over the capture, in per cent of the image.
    expect(document.querySelector('.box')!.getAttribute('style')).toBe('left:5.714%;top:1.750%;width:11.429%;height:0.600%');
    expect(document.body.textContent).toContain('No installed font has ᱥ U+1C65, ᱟ U+1C5F');
    expect(sources).toContain('current/fr-default-390@3x.png');
  });

  it('leads with the environment when the baselines were made in another one', () => {
    const report = sampleReport();
    const document = page({
      ...report,
      environment: { ...report.environment, differences: ['browser: Chrome/1 made the baselines, this is Chrome/2'] },
    });
    expect(document.querySelector('h2')!.textContent).toBe('Made in another environment');
    expect(document.body.textContent).toContain('browser: Chrome/1 made the baselines, this is Chrome/2');
  });
});

describe('updateCommandLine', () => {
  it("repeats the user's flags as typed, adds --update once, and leaves out --json and --shard", () => {
    const given: Array<[string, string?]> = [
      ['--build', 'out'],
      ['--baseline', "my baselines/it's"],
      ['--threshold', '0.10'],
      ['--shard', '1/2'],
      ['--update'],
      ['--json'],
    ];
    expect(updateCommandLine(given)).toBe(
      "npx store-landing screenshots --build out --baseline 'my baselines/it'\\''s' --threshold 0.10 --update",
    );
  });

  it('quotes each word so that a POSIX shell reads it back unchanged', async () => {
    const words = [
      'tests/baselines',
      'a-b_c.d@2x:1,2=3+4%',
      'with space',
      "it's",
      '$HOME',
      '`id`',
      'a"b',
      '*',
      '~',
      '',
      'tab\there',
      'semi;colon',
      'new\nline',
      'Ümlaut',
    ];
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

  it('refuses a folder that is not a build, a site given as a build and a build given as a site', async () => {
    const empty = await temporaryDir();
    const run = await runCli(['screenshots', '--build', empty, '-o', path.join(await temporaryDir(), 'report')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`There is no build in ${empty}: it holds no manifest.json.`);
    const site = await runCli(['screenshots', '--site', build, '-o', path.join(await temporaryDir(), 'report')]);
    expect(site.code).toBe(1);
    expect(site.stderr).toContain(`${build} is the build of one campaign; --site takes a \`build --all\` or merged site.`);
    const both = await runCli(['screenshots', '--site', build, '--build', build]);
    expect(both.stderr).toContain('--build and --site both name what to capture.');
  });

  it('passes a shard with nothing to take, with an empty report', async () => {
    const report = path.join(await temporaryDir(), 'report');
    const run = await runCli([
      'screenshots',
      '--build',
      build,
      '--baseline',
      await temporaryDir(),
      '-o',
      report,
      '--shard',
      '9/9',
      '--json',
    ]);
    expect(run.code, run.stdout).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, shots: [], planned: 8, shard: { index: 9, count: 9 } });
    expect(readJunit(await readFile(path.join(report, 'junit.xml'), 'utf8')).counts).toEqual({
      tests: 0,
      failures: 0,
      errors: 0,
      skipped: 0,
    });
  });

  it('refuses a pixel budget that is not a count, a shard that is not I/N, --only without --update, and the old --threshold', async () => {
    const run = await runCli(['screenshots', '--max-diff-pixels', '1.5']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('expected a number of pixels from 0 to 10000000, found "1.5"');
    const shard = await runCli(['screenshots', '--shard', '3/2']);
    expect(shard.code).toBe(1);
    expect(shard.stderr).toContain('--shard must be I/N with 1 <= I <= N, found "3/2".');
    const only = await runCli(['screenshots', '--build', build, '--only', 'de-*']);
    expect(only.code).toBe(1);
    expect(only.stderr).toContain('--only de-* chooses which baselines --update writes, but --update is not given.');
    const threshold = await runCli(['screenshots', '--threshold', '0.1']);
    expect(threshold.code).toBe(1);
    expect(threshold.stderr).toContain("unknown option '--threshold'");
  });
});
