// The screenshot regression check: every page of a build, served and captured in Chromium at phone widths, compared with committed baselines.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'puppeteer';
import { buildSite } from '../build/index.ts';
import { isSiteManifest, readManifest, urlPathOf, type ManifestPage } from '../shared/manifest.ts';
import { launchChromium } from '../shared/chromium.ts';
import { BaselinesMissing, ReportDirNotOurs, ScreenshotsNeedOneCampaign } from '../shared/errors.ts';
import { comparePng, compressPng, type Comparison } from './compare.ts';
import { writeReport } from './report.ts';
import { startServer } from '../serve/server.ts';

/** The widths every page is captured at: the iPhone 12 to 16 screen, and the narrowest the page supports. */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 350, height: 844 },
] as const;

/**
 * Injected after load: nothing moves, so two captures of one page are the same pixels.
 * Loaded images and `document.fonts.ready` do the rest.
 */
const FREEZE_CSS =
  '*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important;scroll-behavior:auto!important}';

/** Pages captured at once; more does not help on 2 cores, where rendering is the bottleneck. */
const CONCURRENCY = 2;

export interface ScreenshotOptions {
  /** The config to build; ignored when `build` is given. */
  config: string;
  /** An existing build folder (one campaign) to capture instead of building. */
  build?: string;
  /** Baseline PNGs, named `<locale>-<variant>-<width>.png`. */
  baselineDir: string;
  /** Where the report, the captures and the diff images go. */
  outDir: string;
  /** Write the captures as the new baselines instead of failing on differences. */
  update?: boolean;
  /** A page fails when more than this per cent of its pixels differ. */
  threshold: number;
  /** pixelmatch's per-pixel colour distance, 0 to 1, below which two pixels count as equal. */
  pixelThreshold: number;
  /** Device pixel ratio of the captures; baselines at another ratio carry `@<n>x` in their names. */
  scale: number;
}

/** One capture and how it compares with its baseline. */
export interface ShotResult extends Partial<Comparison> {
  /** File name of the baseline and the capture, e.g. `de-feature1-390.png`. */
  name: string;
  /** The page's path below the build's base path, e.g. `de/feature1`. */
  url: string;
  width: number;
  /** `same` within the threshold, `changed` past it, `new` without a baseline (with --update). */
  status: 'same' | 'changed' | 'new';
}

export interface ScreenshotRun {
  shots: ShotResult[];
  changed: ShotResult[];
  updated: boolean;
  threshold: number;
  report: string;
}

export interface PlannedShot {
  name: string;
  urlPath: string;
  viewport: { width: number; height: number };
}

/**
 * Builds (or takes) a campaign, serves it, captures every page at every viewport and
 * compares each with its baseline; with `update`, the captures become the baselines.
 * Differences are in the result (and the report), not thrown: the CLI turns them into exit 1.
 * @throws UserError when the build or a baseline (without `update`) is missing.
 */
export async function runScreenshots(options: ScreenshotOptions): Promise<ScreenshotRun> {
  const temporary = options.build ? undefined : await mkdtemp(path.join(tmpdir(), 'store-landing-screenshots-'));
  try {
    const buildDir = options.build ? path.resolve(options.build) : path.join(temporary!, 'out');
    if (!options.build) await buildSite({ config: options.config, outDir: buildDir });
    const shots = planShots(readPages(buildDir), options.scale);
    const missing = shots.filter((shot) => !existsSync(path.join(options.baselineDir, shot.name)));
    if (missing.length > 0 && !options.update) {
      throw BaselinesMissing.create(options.baselineDir, missing.map((shot) => shot.name));
    }
    await prepareOutDir(options.outDir);

    const results = await captureAll(buildDir, shots, options.scale, (shot, png) => checkShot(shot, png, options));
    if (options.update) await pruneBaselines(options.baselineDir, shots);
    const run: ScreenshotRun = {
      shots: results,
      changed: results.filter((result) => result.status === 'changed'),
      updated: Boolean(options.update),
      threshold: options.threshold,
      report: path.join(options.outDir, 'report.html'),
    };
    await writeFile(run.report, writeReport(run, options));
    return run;
  } finally {
    if (temporary) await rm(temporary, { recursive: true, force: true });
  }
}

/** Compares one capture with its baseline, keeps the capture (and the baseline and diff when changed), and updates the baseline if asked. */
async function checkShot(shot: PlannedShot, png: Buffer, options: ScreenshotOptions): Promise<ShotResult> {
  const { outDir, baselineDir } = options;
  const baselineFile = path.join(baselineDir, shot.name);
  const result = { name: shot.name, url: shot.urlPath, width: shot.viewport.width };
  await writeFile(path.join(outDir, 'current', shot.name), png);
  let checked: ShotResult;
  if (existsSync(baselineFile)) {
    const baseline = await readFile(baselineFile);
    const { comparison, diffPng } = await comparePng(baseline, png, options.pixelThreshold);
    const changed = comparison.share * 100 > options.threshold;
    if (changed) {
      await writeFile(path.join(outDir, 'baseline', shot.name), baseline);
      await writeFile(path.join(outDir, 'diff', shot.name), await diffPng());
    }
    checked = { ...result, ...comparison, status: changed ? 'changed' : 'same' };
  } else {
    checked = { ...result, status: 'new' };
  }
  if (options.update) {
    await mkdir(baselineDir, { recursive: true });
    await writeFile(baselineFile, await compressPng(png));
  }
  return checked;
}

/** The pages of a one-campaign build, from its manifest.json. */
function readPages(buildDir: string): ManifestPage[] {
  const manifest = readManifest(buildDir);
  if (isSiteManifest(manifest)) throw ScreenshotsNeedOneCampaign.create(buildDir);
  return manifest.pages;
}

/** Every page at every viewport, named after locale, variant and width (and scale, unless 1). */
export function planShots(pages: ManifestPage[], scale: number): PlannedShot[] {
  const suffix = scale === 1 ? '' : `@${scale}x`;
  return pages.flatMap((page) =>
    VIEWPORTS.map((viewport) => ({
      name: `${page.locale}-${page.variant}-${viewport.width}${suffix}.png`,
      // The page's own URL: `de/feature1/index.html` is served at `de/feature1`.
      urlPath: urlPathOf(page.file),
      viewport,
    })),
  );
}

/** Empties the report folder, refusing a folder that holds anything but an earlier report. */
async function prepareOutDir(outDir: string) {
  if (existsSync(outDir)) {
    const entries = await readdir(outDir);
    if (entries.length > 0 && !entries.includes('report.html')) throw ReportDirNotOurs.create(outDir);
    await rm(outDir, { recursive: true, force: true });
  }
  for (const folder of ['current', 'baseline', 'diff']) await mkdir(path.join(outDir, folder), { recursive: true });
  // Written first, so a run that is interrupted still leaves a folder the next run may empty.
  await writeFile(path.join(outDir, 'report.html'), '<!doctype html><title>Screenshot report</title><p>This run did not finish.</p>\n');
}

/** Removes baselines (at the same scale) of pages the build no longer has. */
async function pruneBaselines(baselineDir: string, shots: PlannedShot[]) {
  const names = new Set(shots.map((shot) => shot.name));
  const scaleOf = (name: string) => /@\d+x\.png$/.exec(name)?.[0] ?? '.png';
  const scale = scaleOf(shots[0]!.name);
  for (const name of await readdir(baselineDir)) {
    if (name.endsWith('.png') && scaleOf(name) === scale && !names.has(name)) await rm(path.join(baselineDir, name));
  }
}

/** Serves the build and captures every shot in Chromium, a few at a time, handing each PNG to `check`; results in `shots` order. */
async function captureAll<T>(buildDir: string, shots: PlannedShot[], scale: number, check: (shot: PlannedShot, png: Buffer) => Promise<T>): Promise<T[]> {
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
      while (next < shots.length) {
        const index = next++;
        const shot = shots[index]!;
        results[index] = await check(shot, await capture(context, server.url + shot.urlPath, origin, shot.viewport, scale));
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

/** One full-page capture in a fresh tab: only the local server reachable, light mode, motion frozen, fonts and every image loaded. */
async function capture(context: BrowserContext, url: string, origin: string, viewport: { width: number; height: number }, scale: number): Promise<Buffer> {
  const page = await context.newPage();
  try {
    await page.setViewport({ ...viewport, deviceScaleFactor: scale, isMobile: true, hasTouch: true });
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
    await page.waitForSelector('html[data-hydrated]', { timeout: 10_000 }).catch(() => undefined);
    await page.waitForNetworkIdle({ idleTime: 150, timeout: 15_000 });
    // Two frames: whatever the steps above changed has been painted.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    return Buffer.from(await page.screenshot({ type: 'png', fullPage: true }));
  } finally {
    await page.close();
  }
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
