// Capturing pages in Chromium: the build served locally, each page in turn in a worker's tab at a phone viewport, third parties blocked and motion frozen.
import type { BrowserContext, Page } from 'puppeteer';
import { launchChromium } from '../shared/chromium.ts';
import { startServer } from '../serve/server.ts';
import type { PlannedShot } from './plan.ts';

/**
 * Injected after load: nothing moves, so two captures of one page are the same pixels.
 * Loaded images and `document.fonts.ready` do the rest.
 */
const FREEZE_CSS =
  '*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important;scroll-behavior:auto!important}';

/** Pages captured at once; more does not help on 2 cores, where rendering is the bottleneck. */
const CONCURRENCY = 2;

/** Serves the build and captures every shot in Chromium, a few at a time, handing each PNG to `check`; results in `shots` order. No shots, no browser. */
export async function captureAll<T>(buildDir: string, shots: PlannedShot[], scale: number, check: (shot: PlannedShot, png: Buffer) => Promise<T>): Promise<T[]> {
  if (shots.length === 0) return [];
  const server = await startServer({ dir: buildDir, port: 0 });
  // --lang fixes navigator.languages, so the runtime never switches an English page to the host's language.
  const browser = await launchChromium(['--lang=en-US']).catch(async (error) => {
    await server.close();
    throw error;
  });
  try {
    const origin = new URL(server.url).origin;
    const results: T[] = new Array(shots.length);
    let next = 0;
    const worker = async () => {
      // A context (a window) of its own: a background tab in a shared window paints no frames, so it would stall.
      const context = await browser.createBrowserContext();
      const tab = await openCaptureTab(context, origin);
      while (next < shots.length) {
        const index = next++;
        const shot = shots[index]!;
        results[index] = await check(shot, await capture(tab, server.url + shot.urlPath, shot.viewport, scale));
      }
      await context.close();
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, shots.length) }, worker));
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * The tab a worker captures its shots in, one after another: only the local server reachable,
 * light mode, no motion. One tab for all of them, not one per shot: each new tab cost Chromium
 * about 1 s of CPU, three times the rest of a capture. Cookies and local storage carried over
 * before too (a worker's tabs share its context); session storage, the tab's own, the page does not use.
 */
async function openCaptureTab(context: BrowserContext, origin: string): Promise<Page> {
  const page = await context.newPage();
  await page.emulateMediaFeatures([
    { name: 'prefers-color-scheme', value: 'light' },
    { name: 'prefers-reduced-motion', value: 'reduce' },
  ]);
  await page.emulateTimezone('UTC');
  await page.setExtraHTTPHeaders({ 'Accept-Language': 'en-US,en;q=0.9' });
  await page.setRequestInterception(true);
  // Every third-party host is blocked: captures never depend on the internet, and a page must look right without them.
  page.on('request', (request) => {
    const allowed = request.url().startsWith(origin + '/') || request.url().startsWith('data:');
    void (allowed ? request.continue() : request.abort('blockedbyclient'));
  });
  return page;
}

/** One full-page capture: the page loaded at the viewport, motion frozen, fonts and every image loaded. */
async function capture(page: Page, url: string, viewport: { width: number; height: number }, scale: number): Promise<Buffer> {
  await page.setViewport({ ...viewport, deviceScaleFactor: scale, isMobile: true, hasTouch: true });
  await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
  await freezeMotion(page);
  // Lazy images below the fold would otherwise be captured blank or half-loaded, depending on timing.
  await page.evaluate(async () => {
    const pending = [...document.images].filter((image) => !image.complete);
    for (const image of document.images) image.loading = 'eager';
    await Promise.all(
      pending.map((image) => new Promise((resolve) => {
        image.addEventListener('load', resolve, { once: true });
        image.addEventListener('error', resolve, { once: true });
      })),
    );
    await document.fonts.ready;
  });
  // The sliders hydrate on the visitor's first interaction: one, a key press that moves nothing (the
  // page's loader notes it for the runtime if that has not come yet), so every capture shows them settled.
  await page.evaluate(() => dispatchEvent(new KeyboardEvent('keydown')));
  await page.waitForSelector('html[data-hydrated]', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForNetworkIdle({ idleTime: 150, timeout: 15_000 });
  // Two frames: whatever the steps above changed has been painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Encoded for speed (zlib's fastest level): the capture is decoded to be compared, and a baseline
  // is written recompressed (compressPng), so its size does not matter.
  return Buffer.from(await page.screenshot({ type: 'png', fullPage: true, optimizeForSpeed: true }));
}

/**
 * Adopts FREEZE_CSS as a constructed stylesheet. Captures keep the page's Content-Security-Policy
 * on, so a page that a policy change breaks in production looks broken here too; that policy
 * refuses any `<style>` but the page's own (so `page.addStyleTag` fails), while constructed
 * stylesheets are not subject to it. (A DevTools stylesheet via the CSS domain would do as well,
 * but enabling that domain re-requests the document, which then never settles for network idle.)
 */
async function freezeMotion(page: Page) {
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, FREEZE_CSS);
}
