// An SVG opened on its own from `serve` runs nothing, even one the build did not clean: the sandboxing policy comes with every SVG.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SVG_POLICY } from '../../generator/hosts/headers.ts';
import { startServer, type RunningServer } from '../../generator/serve/server.ts';
import { temporaryDir } from '../helpers.ts';
import { writeBuild } from '../unit/serve/serve-fixture.ts';
import { launchBrowser, openPage } from './browser.ts';

/** Marks the document when any of its three ways of running code works. */
const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="document.documentElement.setAttribute('data-onload', '1')">
<script>document.documentElement.setAttribute('data-script', '1')</script>
<rect width="10" height="10"/></svg>`;

let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  const dir = path.join(await temporaryDir(), 'out');
  writeBuild(dir);
  writeFileSync(path.join(dir, 'assets/hostile.svg'), HOSTILE_SVG);
  server = await startServer({ dir, port: 0 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const marks = (page: import('puppeteer').Page) =>
  page.evaluate(() => ({
    script: document.documentElement.getAttribute('data-script'),
    onload: document.documentElement.getAttribute('data-onload'),
  }));

describe('an SVG opened on its own', () => {
  it('runs neither its script nor its onload when serve sends it', async () => {
    const { page } = await openPage(browser);
    const response = await page.goto(`${server.url}assets/hostile.svg`, { waitUntil: 'load' });
    expect(response!.headers()['content-security-policy']).toBe(SVG_POLICY);
    expect(await marks(page)).toEqual({ script: null, onload: null });
    await page.close();
  });

  it('would run both without the policy (the check above can fail)', async () => {
    const { page } = await openPage(browser, {
      route: async (request) => {
        if (!request.url().endsWith('/unprotected.svg')) return false;
        await request.respond({ status: 200, contentType: 'image/svg+xml', body: HOSTILE_SVG });
        return true;
      },
    });
    await page.goto(`${server.url}assets/unprotected.svg`, { waitUntil: 'load' });
    expect(await marks(page)).toEqual({ script: '1', onload: '1' });
    await page.close();
  });
});
