// Capturing pages in Chromium: the build served locally, each page in turn in a worker's tab at a phone
// viewport, third parties blocked and motion frozen; with each capture, the fonts it used and the characters
// it had no font for.
import type { CDPSession, Page } from 'puppeteer';
import { launchChromium } from '../shared/chromium.ts';
import { startServer } from '../serve/server.ts';
import type { Box } from './compare.ts';
import { findMissingGlyphs } from './glyphs.ts';
import type { CaptureBrowser } from './pinned-browser.ts';
import type { PlannedShot } from './plan.ts';

/** One page as captured. */
export interface Capture {
  png: Buffer;
  /** The platform fonts its text was drawn with, as `Family (PostScriptName)`, sorted. */
  fonts: string[];
  /** The characters of its text that no installed font has (drawn as empty boxes); empty when none. */
  missingGlyphs: string;
  /** Where the page's images are in `png`, in its pixels. */
  imageBoxes: Box[];
}

/**
 * Chromium's flags for captures that are the same pixels every time, whatever the machine's settings:
 * - partial raster re-draws only the changed part of a tile, and where images with rounded corners
 *   meet a tile's edge that left a few pixels one colour level apart from one run to the next;
 * - colours in sRGB, not the machine's display profile;
 * - glyph outlines unhinted and grey anti-aliased, not as the machine's fontconfig would have them.
 */
export const DETERMINISTIC_FLAGS = [
  '--disable-partial-raster',
  '--force-color-profile=srgb',
  '--font-render-hinting=none',
  '--disable-lcd-text',
];

/**
 * Injected after load: nothing moves, so two captures of one page are the same pixels.
 * Loaded images and `document.fonts.ready` do the rest.
 */
const FREEZE_CSS =
  '*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important;scroll-behavior:auto!important}';

/** Pages captured at once; more does not help on 2 cores, where rendering is the bottleneck. */
const CONCURRENCY = 2;

/** What captureAll does with the browser and each capture. */
export interface CaptureHandlers<T> {
  /** Called once Chromium runs, before any capture, with its version (`Chrome/156.0.8078.108`); throwing stops the run. */
  started?: (browserVersion: string) => void | Promise<void>;
  /** Chromium's profile: inside the run's own folder, so it goes with it (run-folder.ts). */
  profileDir?: string;
  /** The browser to launch and its environment (pinned-browser.ts); the machine's Chromium when absent. */
  browser?: Pick<CaptureBrowser, 'executablePath' | 'env'>;
  check: (shot: PlannedShot, capture: Capture) => Promise<T>;
}

/**
 * Serves the build (or site) and captures every shot in Chromium, a few at a time, handing each to `check`;
 * results in `shots` order. No shots, no browser.
 */
export async function captureAll<T>(siteDir: string, shots: PlannedShot[], scale: number, handlers: CaptureHandlers<T>): Promise<T[]> {
  if (shots.length === 0) return [];
  const server = await startServer({ dir: siteDir, port: 0 });
  // --lang fixes navigator.languages, so the runtime never switches an English page to the host's language.
  // Every host name resolves to nothing: captures never depend on the internet, and a page must look
  // right without its third parties. Blocked by name, not by request interception, which would also
  // hold the requests DevTools makes for listFonts.
  const offline = `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${new URL(server.url).hostname}`;
  const browser = await launchChromium(['--lang=en-US', offline, ...DETERMINISTIC_FLAGS], {
    ...(handlers.profileDir ? { userDataDir: handlers.profileDir } : {}),
    ...(handlers.browser?.executablePath ? { executablePath: handlers.browser.executablePath } : {}),
    ...(handlers.browser?.env ? { env: handlers.browser.env } : {}),
  }).catch(async (error) => {
    await server.close();
    throw error;
  });
  try {
    await handlers.started?.(await browser.version());
    const origin = new URL(server.url).origin;
    const results: T[] = new Array(shots.length);
    let next = 0;
    // Each worker a window of its own (a background tab in a shared window paints no frames, so it
    // would stall): the first the tab Chromium opened at launch, the others a new context each.
    const [launchTab] = await browser.pages();
    const worker = async (workerIndex: number) => {
      const page = workerIndex === 0 && launchTab ? launchTab : await (await browser.createBrowserContext()).newPage();
      const tab = await setUpCaptureTab(page);
      while (next < shots.length) {
        const index = next++;
        const shot = shots[index]!;
        const { png, imageBoxes } = await capture(tab.page, `${origin}/${shot.urlPath}`, shot.viewport, scale);
        const missingGlyphs = await tab.page.evaluate(findMissingGlyphs);
        results[index] = await handlers.check(shot, { png, missingGlyphs, imageBoxes, fonts: await listFonts(tab) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, shots.length) }, (_, index) => worker(index)));
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * Readies `page` as the tab a worker captures its shots in, one after another: only the local
 * server reachable, light mode, no motion. One tab for all of them, not one per shot: a new tab
 * costs Chromium more CPU than the rest of a capture. Cookies and local storage carry over from
 * one of a worker's shots to the next; session storage, the tab's own, the page does not use.
 */
async function setUpCaptureTab(page: Page): Promise<CaptureTab> {
  await page.emulateMediaFeatures([
    { name: 'prefers-color-scheme', value: 'light' },
    { name: 'prefers-reduced-motion', value: 'reduce' },
  ]);
  await page.emulateTimezone('UTC');
  await page.setExtraHTTPHeaders({ 'Accept-Language': 'en-US,en;q=0.9' });
  // On from the start, for every page the tab loads: listFonts asks them.
  const devtools = await page.createCDPSession();
  await devtools.send('DOM.enable');
  await devtools.send('CSS.enable');
  return { page, devtools };
}

/** A worker's tab and its own DevTools session, with the DOM and CSS domains on. */
interface CaptureTab {
  page: Page;
  devtools: CDPSession;
}

/**
 * One full-page capture (the page loaded at the viewport, motion frozen, fonts and every image loaded and
 * decoded), and where its images are in it.
 */
async function capture(
  page: Page,
  url: string,
  viewport: { width: number; height: number },
  scale: number,
): Promise<{ png: Buffer; imageBoxes: Box[] }> {
  await page.setViewport({ ...viewport, deviceScaleFactor: scale, isMobile: true, hasTouch: true });
  await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
  await freezeMotion(page);
  // Lazy images below the fold would otherwise be captured blank or half-loaded, depending on timing.
  await page.evaluate(async () => {
    const pending = [...document.images].filter((image) => !image.complete);
    for (const image of document.images) image.loading = 'eager';
    await Promise.all(
      pending.map(
        (image) =>
          new Promise((resolve) => {
            image.addEventListener('load', resolve, { once: true });
            image.addEventListener('error', resolve, { once: true });
          }),
      ),
    );
    // Decoded too, so no image is painted by a later frame than the text around it.
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
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
  const png = Buffer.from(await page.screenshot({ type: 'png', fullPage: true, optimizeForSpeed: true }));
  // Each image's box on the page, widened to whole pixels of the capture.
  const imageBoxes = await page.evaluate(
    (pixelsPerPx) =>
      [...document.images]
        .map((image) => {
          const rect = image.getBoundingClientRect();
          const [left, top] = [Math.floor((rect.left + scrollX) * pixelsPerPx), Math.floor((rect.top + scrollY) * pixelsPerPx)];
          const [right, bottom] = [Math.ceil((rect.right + scrollX) * pixelsPerPx), Math.ceil((rect.bottom + scrollY) * pixelsPerPx)];
          return { x: left, y: top, width: right - left, height: bottom - top };
        })
        .filter((box) => box.width > 0 && box.height > 0),
    scale,
  );
  return { png, imageBoxes };
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

/**
 * The platform fonts the page's text was drawn with, as Chromium reports them per element: the
 * fallback fontconfig picked on this machine, not what the stylesheet asks for.
 */
async function listFonts({ devtools }: CaptureTab): Promise<string[]> {
  const { root } = await devtools.send('DOM.getDocument', { depth: -1 });
  const withText: number[] = [];
  const walk = (node: typeof root) => {
    if (node.children?.some((child) => child.nodeType === 3 && child.nodeValue.trim())) withText.push(node.nodeId);
    node.children?.forEach(walk);
  };
  walk(root);
  // Asked all at once: one round trip after another would add up over a page's hundreds of elements.
  const answers = await Promise.all(withText.map((nodeId) => devtools.send('CSS.getPlatformFontsForNode', { nodeId })));
  const fonts = new Set(answers.flatMap(({ fonts: used }) => used.map((font) => `${font.familyName} (${font.postScriptName})`)));
  return [...fonts].sort();
}
