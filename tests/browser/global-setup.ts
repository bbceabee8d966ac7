// Builds the default config and the markets fixture (ja, pt-BR, ar) once and serves both for every browser
// test; their URLs reach the tests through inject('baseUrl'), inject('marketsUrl').
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../generator/pipeline/index.ts';
import { startServer } from '../../generator/serve/server.ts';
import { chromiumPath } from '../../generator/shared/chromium.ts';
import { ChromiumMissing } from '../../generator/shared/errors.ts';
import { defaultConfig } from '../helpers.ts';
import { testBrowserPath } from './test-browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outDir: string;
    /** tests/fixtures/markets, built and served. */
    marketsUrl: string;
    marketsOutDir: string;
  }
}

export default async function setup(project: TestProject) {
  // One clear stop instead of every browser test failing on its own (`npm test` installs Chromium first):
  // the browser the product starts (the screenshot tests) and the one the tests start (test-browser.ts).
  for (const file of new Set([chromiumPath(), testBrowserPath()])) {
    if (!existsSync(file))
      throw new Error(
        `${ChromiumMissing.message(file)} Run \`node .ci/system-packages.mjs\` (as root it installs it, else it says the command), or set PUPPETEER_EXECUTABLE_PATH.`,
      );
  }
  const parent = await mkdtemp(path.join(tmpdir(), 'store-landing-browser-'));
  const outDir = path.join(parent, 'out');
  const marketsOutDir = path.join(parent, 'markets');
  await buildSite({ config: defaultConfig, outDir });
  await buildSite({ config: path.resolve('tests/fixtures/markets/variants.yaml'), outDir: marketsOutDir });
  const server = await startServer({ dir: outDir, port: 0 });
  const markets = await startServer({ dir: marketsOutDir, port: 0 });
  project.provide('baseUrl', server.url.replace(/\/$/, ''));
  project.provide('outDir', outDir);
  project.provide('marketsUrl', markets.url.replace(/\/$/, ''));
  project.provide('marketsOutDir', marketsOutDir);
  return async () => {
    await server.close();
    await markets.close();
    await rm(parent, { recursive: true, force: true });
  };
}
