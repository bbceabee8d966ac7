// A sample screenshot report and a strict reader of JUnit files, for the tests of the report and of the command.
import { JSDOM } from 'jsdom';
import type { ScreenshotReport } from '../../../generator/screenshots/results.ts';

/** A JUnit file read by a strict XML parser: its counts and test cases; throws when it is not well-formed. */
export function readJunit(xml: string) {
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

/** A report of four shots: one same, one changed, one without a baseline, one with text no font has. */
export function sampleReport(changes: Partial<ScreenshotReport> = {}): ScreenshotReport {
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
      withheld: false,
    },
    updateCommand: "npx store-landing screenshots --baseline 'my <baselines>' --update",
    stale: [],
    pruned: [],
    source: { fingerprint: null },
    ...changes,
  };
}
