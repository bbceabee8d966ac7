// Starts what the WebKit tests need once: checks that WebKitWebDriver, Xvfb and the locale definitions are
// installed, starts a virtual display, generates a German locale, and builds and serves the tests' default
// config and the markets fixture; the tests read them through inject().
import { execFile, spawn, type ChildProcess } from 'node:child_process';
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
    /** The X display (`:N`) MiniBrowser opens its windows on. */
    webkitDisplay: string;
    baseUrl: string;
    outDir: string;
    /** tests/fixtures/markets, built and served. */
    marketsUrl: string;
    /** A folder holding the C library locale GERMAN_LOCALE, for LOCPATH. */
    localePath: string;
  }
}

/** Debian's WebKitGTK driver (package webkit2gtk-driver, which brings MiniBrowser) and X server without a screen (package xvfb). */
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB = '/usr/bin/Xvfb';
/** The German locale's definition (package locales), which localedef compiles. */
const GERMAN_DEFINITION = '/usr/share/i18n/locales/de_DE';
/** The locale a German visitor's WebKit runs in (LC_ALL), generated into `localePath`. */
export const GERMAN_LOCALE = 'de_DE.UTF-8';

export default async function setup(project: TestProject) {
  const missing = [WEBKIT_DRIVER, XVFB, GERMAN_DEFINITION].filter((file) => !existsSync(file));
  // Fails the run at once: a WebKit check that skipped itself would hide the engine every visitor uses.
  if (missing.length) {
    throw new Error(
      `The WebKit tests need ${missing.join(' and ')}, which \`apt-get install webkit2gtk-driver xvfb locales\` (as root) installs.`,
    );
  }
  const parent = await mkdtemp(path.join(tmpdir(), 'store-landing-webkit-'));
  const outDir = path.join(parent, 'out');
  const marketsOutDir = path.join(parent, 'markets');
  const localePath = path.join(parent, 'locales');
  const xvfb = await startXvfb();
  try {
    // Into a folder of the tests' own: nothing of the system's locales changes.
    await mkdir(localePath);
    await promisify(execFile)('localedef', ['-i', 'de_DE', '-f', 'UTF-8', path.join(localePath, GERMAN_LOCALE)]);
    await buildSite({ config: defaultConfig, outDir });
    await buildSite({ config: path.resolve('tests/fixtures/markets/variants.yaml'), outDir: marketsOutDir });
  } catch (error) {
    xvfb.process.kill();
    await rm(parent, { recursive: true, force: true });
    throw error;
  }
  const server = await startServer({ dir: outDir, port: 0 });
  const markets = await startServer({ dir: marketsOutDir, port: 0 });
  project.provide('webkitDisplay', xvfb.display);
  project.provide('baseUrl', server.url.replace(/\/$/, ''));
  project.provide('outDir', outDir);
  project.provide('marketsUrl', markets.url.replace(/\/$/, ''));
  project.provide('localePath', localePath);
  return async () => {
    await Promise.all([server.close(), markets.close()]);
    xvfb.process.kill();
    await rm(parent, { recursive: true, force: true });
  };
}

/**
 * Starts Xvfb on the first free display, which it names on a pipe of ours (-displayfd): no fixed display
 * number to collide with another run.
 */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let written = '';
    let errors = '';
    xvfb.stderr!.on('data', (chunk: Buffer) => (errors += chunk));
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      written += chunk;
      if (written.includes('\n')) resolve({ display: `:${written.trim()}`, process: xvfb });
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb ended (exit code ${code}) before it named its display: ${errors.trim()}`)));
  });
}
