// What the screenshot command reports, without a browser: JUnit, the failure's message and hint, the HTML report.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { writeJunit } from '../../../generator/screenshots/junit.ts';
import { writeReport } from '../../../generator/screenshots/report.ts';
import { reportFailure, type ScreenshotReport } from '../../../generator/screenshots/results.ts';
import { readJunit, sampleReport } from './report-samples.ts';

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

  it('adds one error case when a partial approval was withheld for another environment, none for a mere difference', () => {
    const environment = { ...report.environment, differences: ['browser: Chrome/1 made the baselines, this is Chrome/2'] };
    expect(readJunit(writeJunit({ ...report, shots: [], environment }, 'out')).counts.errors).toBe(0);
    const junit = readJunit(writeJunit({ ...report, shots: [], environment: { ...environment, withheld: true } }, 'out'));
    expect(junit.counts).toEqual({ tests: 1, failures: 0, errors: 1, skipped: 0 });
    expect(junit.cases[0]).toMatchObject({ classname: 'environment', name: 'environment.json' });
  });
});

describe('reportFailure', () => {
  it('says a withheld partial approval first, then text without a font, then the changed and missing baselines', () => {
    const report = sampleReport();
    const differences = ['device scale: 1 in the baselines, 2 here'];
    // A difference alone is a note: the shots decide.
    expect(reportFailure({ ...report, environment: { ...report.environment, differences } }, 'r.html')!.name).toBe('GlyphsMissing');
    const mismatch = reportFailure({ ...report, environment: { ...report.environment, differences, withheld: true } }, 'r.html')!;
    expect(mismatch.name).toBe('ScreenshotEnvironmentMismatch');
    expect(mismatch.message).toBe(
      'Wrote no baseline: the baselines in my <baselines> were made in another environment, and approving only some screenshots (--only) would leave baselines of two environments in one folder:\n  - device scale: 1 in the baselines, 2 here',
    );
    expect(mismatch.hint).toContain('.ci/Dockerfile');
    expect(mismatch.hint).toContain('--approve REPORT_DIR');
    const glyphs = reportFailure(report, 'r.html')!;
    expect(glyphs.message).toContain('the sat pages lack ᱥ U+1C65, ᱟ U+1C5F (sat-default-350.png)');
    expect(glyphs.hint).toContain('apt-get install -y fonts-noto-core');
    const changed = reportFailure({ ...report, shots: report.shots.slice(0, 3) }, 'r.html')!;
    expect(changed.message).toBe(
      '1 screenshot differs from the baselines: kids/de-x-350.png (86 pixels differ in 40x12 at 20,35 (the page went from 350x2000 to 350x2010)). 1 has no baseline: fr-default-390@3x.png. Report: r.html',
    );
    expect(changed.hint).not.toContain('inside an image');
    expect(changed.hint).not.toContain('likely cause');
    // Failing shots in another environment: the message names it as the likely cause, and how to capture in the baselines'.
    const elsewhere = reportFailure(
      {
        ...report,
        shots: report.shots.slice(0, 3),
        environment: { ...report.environment, differences: ['browser: Chrome/1 made the baselines, this is Chrome/2'] },
      },
      'r.html',
    )!;
    expect(elsewhere.name).toBe('ScreenshotsChanged');
    expect(elsewhere.hint).toMatch(
      /^The baselines were made in another environment \(browser: Chrome\/1 made the baselines, this is Chrome\/2\): that is the likely cause\. Capture in the baselines' environment \(the container of \.ci\/Dockerfile/,
    );
    expect(elsewhere.hint).toContain('--approve REPORT_DIR');
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

  it('leads with the environment as a note when the baselines were made in another one, naming it the likely cause of failing shots', () => {
    const report = sampleReport();
    const differences = ['browser: Chrome/1 made the baselines, this is Chrome/2'];
    const document = page({ ...report, environment: { ...report.environment, differences } });
    expect(document.querySelector('h2')!.textContent).toBe('Another environment (a note)');
    expect(document.body.textContent).toContain('browser: Chrome/1 made the baselines, this is Chrome/2');
    expect(document.body.textContent).toContain(
      'Every screenshot was compared. Where pixels differ below, this environment is the likely cause',
    );
    const passing = page({ ...report, shots: report.shots.slice(0, 1), environment: { ...report.environment, differences } });
    expect(passing.body.textContent).not.toContain('likely cause');
    const withheld = page({ ...report, environment: { ...report.environment, differences, withheld: true } });
    expect(withheld.querySelector('h2')!.textContent).toBe('Made in another environment: nothing written');
  });
});
