// The small build the screenshot command's tests capture: base.yaml built, a copy with a one-line CSS regression, and baselines written by --update; and a JUnit reader.
import { createHash } from 'node:crypto';
import { cp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { expect } from 'vitest';
import { buildSite } from '../../generator/pipeline/index.ts';
import { fixturesDir, runCli, temporaryDir } from '../helpers.ts';

/** Each run captures 40 full pages; on a busy 2-core runner that takes a minute or two. */
export const RUN_TIMEOUT = 300_000;

/**
 * A copy of a build whose English /feature1 page gets one more stylesheet of one line (its CSP
 * allows same-origin stylesheets, so the page shows what a real CSS change would).
 */
export async function copyWithRegression(from: string, to: string): Promise<string> {
  await cp(from, to, { recursive: true });
  const page = path.join(to, 'feature1/index.html');
  await writeFile(path.join(to, 'regression.css'), '.product-header__title { letter-spacing: 3px; }\n');
  const html = await readFile(page, 'utf8');
  expect(html).toContain('</head>');
  await writeFile(page, html.replace('</head>', '<link rel="stylesheet" href="/regression.css"></head>'));
  return to;
}
/** A JUnit file read by a strict XML parser (throws when it is not well-formed): its counts and each test case's failure message. */
export function readJunit(xml: string) {
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

/** The small build of a file's tests, in folders whose names all have a space: the hints must quote them. */
export interface SmallBuild {
  work: string;
  /** tests/fixtures/site/base.yaml: 2 routes x 2 locales, 8 shots. */
  build: string;
  /** The same, its English /feature1 page one CSS line different. */
  regression: string;
  /** The baselines `firstUpdate` wrote. */
  baselines: string;
  firstUpdate: Awaited<ReturnType<typeof runCli>>;
}

/** Builds the small build and its regressed copy, and writes their baselines with --update. */
export async function prepareSmallBuild(): Promise<SmallBuild> {
  const work = path.join(await temporaryDir(), 'screenshot work');
  const build = path.join(work, 'the build');
  await buildSite({ config: path.join(fixturesDir, 'site/base.yaml'), outDir: build });
  const regression = await copyWithRegression(build, path.join(work, 'build with regression'));
  const baselines = path.join(work, 'my baselines');
  const firstUpdate = await runCli([
    'screenshots',
    '--build',
    build,
    '--baseline',
    baselines,
    '-o',
    path.join(work, 'update 1'),
    '--update',
  ]);
  return { work, build, regression, baselines, firstUpdate };
}

/** Each file's bytes (hashed) and modification time, environment.json's too. */
export async function fileStamps(dir: string) {
  const files: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) {
    const file = path.join(dir, name);
    files[name] = `${createHash('sha1')
      .update(await readFile(file))
      .digest('hex')} ${(await stat(file)).mtimeMs}`;
  }
  return files;
}
