// Starts what the WebKit page tests need once, beside their display (display-setup.ts): checks that the locale
// definitions are installed, generates a German locale, and builds and serves the tests' default config and the
// markets fixture; the tests read them through inject().
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../generator/pipeline/index.ts';
import { startServer } from '../../generator/serve/server.ts';
import { defaultConfig } from '../helpers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outDir: string;
    /** tests/fixtures/markets, built and served. */
    marketsUrl: string;
    /** A folder holding the C library locale GERMAN_LOCALE, for LOCPATH. */
    localePath: string;
  }
}

/** The German locale's definition (package locales), which localedef compiles. */
const GERMAN_DEFINITION = '/usr/share/i18n/locales/de_DE';
/** The locale a German visitor's WebKit runs in (LC_ALL), generated into `localePath`. */
export const GERMAN_LOCALE = 'de_DE.UTF-8';

export default async function setup(project: TestProject) {
  // Fails the run at once: a WebKit check that skipped itself would hide the engine every visitor uses.
  if (!existsSync(GERMAN_DEFINITION)) {
    throw new Error(`The WebKit tests need ${GERMAN_DEFINITION}, which \`apt-get install locales\` (as root) installs.`);
  }
  const parent = await mkdtemp(path.join(tmpdir(), 'store-landing-webkit-'));
  const outDir = path.join(parent, 'out');
  const marketsOutDir = path.join(parent, 'markets');
  const localePath = path.join(parent, 'locales');
  try {
    // Into a folder of the tests' own: nothing of the system's locales changes.
    await mkdir(localePath);
    await promisify(execFile)('localedef', ['-i', 'de_DE', '-f', 'UTF-8', path.join(localePath, GERMAN_LOCALE)]);
    await buildSite({ config: defaultConfig, outDir });
    await buildSite({ config: path.resolve('tests/fixtures/markets/variants.yaml'), outDir: marketsOutDir });
  } catch (error) {
    await rm(parent, { recursive: true, force: true });
    throw error;
  }
  const server = await startServer({ dir: outDir, port: 0 });
  const markets = await startServer({ dir: marketsOutDir, port: 0 });
  project.provide('baseUrl', server.url.replace(/\/$/, ''));
  project.provide('outDir', outDir);
  project.provide('marketsUrl', markets.url.replace(/\/$/, ''));
  project.provide('localePath', localePath);
  return async () => {
    await Promise.all([server.close(), markets.close()]);
    await rm(parent, { recursive: true, force: true });
  };
}
