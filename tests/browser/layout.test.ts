// The page's layout in Chromium: nothing wider than a 350 px phone in any locale, no layout shift while
// images load, and the description's "more".
import type { BrowserContext, HTTPRequest, Page } from 'puppeteer';
import { describe, expect, inject } from 'vitest';
import { defaultPages } from '../helpers.ts';
import { measureOverflow } from '../overflow.ts';
import { browserTest, openPage, waitForHydration, type PageOptions } from './browser.ts';

const baseUrl = inject('baseUrl');

/** The narrowest phone the page supports (body min-width). */
const NARROW = { width: 350, height: 760, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// Each test's page lives in its own context, closed after the test.

async function openHydrated(context: BrowserContext, route: string, options: PageOptions = {}): Promise<Page> {
  const opened = await openPage(context, options);
  await opened.page.goto(baseUrl + route, { waitUntil: 'load' });
  await waitForHydration(opened.page);
  return opened.page;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('no horizontal overflow at 350 px', () => {
  browserTest('lists the 20 pages', () => {
    expect(defaultPages).toHaveLength(20);
  });

  browserTest.for(defaultPages)('%s fits, every box outside the sideways rows within the page margins', async (route, { context }) => {
    const page = await openHydrated(context, route, { viewport: NARROW });
    // The description open is the longest the page gets.
    await page.$eval('label.description__more', (label) => (label as HTMLElement).click());
    const layout = await page.evaluate(measureOverflow);
    expect(layout.innerWidth).toBe(350);
    expect(layout.clipped).toEqual(['visible', 'visible']);
    expect(layout.wide).toEqual([]);
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
  });
});

describe('layout shift', () => {
  /**
   * Holds every image answer until `release()`, then answers each `ms` late: the page lays out
   * and hydrates before any image arrives, however slow the machine, and the lazy ones arrive late in view.
   */
  const slowImages = (ms: number) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const route = async (request: HTTPRequest) => {
      if (request.resourceType() === 'image') {
        await held;
        await sleep(ms);
      }
      return false;
    };
    return { route, release };
  };

  // Arabic too: right to left, the sliders' take-over at hydration once counted as a shift of the whole row.
  browserTest.for<[string, string]>([
    ['/', baseUrl],
    ['/de/feature1', baseUrl],
    ['/ar/', inject('marketsUrl')],
  ])('%s shifts nothing while its images load, down to the bottom (CLS 0)', async ([route, origin], { context }) => {
    const images = slowImages(700);
    const opened = await openPage(context, { route: images.route });
    const page = opened.page;
    // Observed from the first paint: layout shifts are recorded only for observers, buffered ones included.
    await page.evaluateOnNewDocument(() => {
      const recorder = window as unknown as { shifts: string[] };
      recorder.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
        >) {
          if (entry.hadRecentInput) continue;
          const nodes = (entry.sources ?? []).map((source) => (source.node as Element | undefined)?.className ?? '?');
          recorder.shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const started = Date.now();
    await page.goto(origin + route, { waitUntil: 'domcontentloaded' });
    // Laid out with the first screenshot (fetched eagerly) still on its way; it comes once released.
    expect(await page.evaluate(() => [...document.images].some((image) => !image.complete))).toBe(true);
    images.release();
    // Hydration waits for the load event, so any take-over shift (the sliders') is counted as well.
    await waitForHydration(page);
    await page.waitForFunction(() => document.readyState === 'complete', { timeout: 20_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    // Down the page a screen at a time, so each lazy image is requested, and arrives late, in view.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await sleep(150);
    }
    await page.waitForFunction(() => [...document.images].every((image) => image.complete), { timeout: 20_000 });
    await sleep(300);
    const { shifts, lazy } = await page.evaluate(() => ({
      shifts: (window as unknown as { shifts: string[] }).shifts,
      lazy: document.querySelectorAll('img[loading="lazy"]').length,
    }));
    expect(lazy).toBeGreaterThan(0);
    expect(shifts).toEqual([]);
  });
});

describe('description', () => {
  /** Whether the description text shows whole, and whether "more" is still on screen. */
  function descriptionState(page: Page) {
    return page.evaluate(() => {
      const text = document.querySelector('.description__text')!;
      const more = document.querySelector('.description__more');
      return {
        whole: text.scrollHeight <= text.clientHeight,
        lines: Math.round(text.clientHeight / parseFloat(getComputedStyle(text).lineHeight)),
        moreShown: !!more && more.getBoundingClientRect().height > 0,
      };
    });
  }

  browserTest('comes clamped to three lines with "more" in the server HTML', async ({ context }) => {
    const html = await (await fetch(`${baseUrl}/feature1`)).text();
    expect(html).toMatch(/<label class="description__more" for="description-more">more<\/label>/);
    const page = await openHydrated(context, '/feature1');
    expect(await descriptionState(page)).toEqual({ whole: false, lines: 3, moreShown: true });
  });

  browserTest('"more" expands it for good', async ({ context }) => {
    const page = await openHydrated(context, '/es');
    await page.$eval('.description', (section) => section.scrollIntoView({ block: 'center' }));
    const more = await page.$eval('.description__more', (label) => {
      const rect = label.getBoundingClientRect();
      return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    });
    await page.touchscreen.tap(more.x, more.y);
    const expanded = await descriptionState(page);
    expect(expanded.whole).toBe(true);
    expect(expanded.lines).toBeGreaterThan(10);
    expect(expanded.moreShown).toBe(false);
    // Tapping where "more" was, or on the text, does not fold it again.
    await page.touchscreen.tap(more.x, more.y);
    await page.$eval('.description__text', (text) => (text as HTMLElement).click());
    expect(await descriptionState(page)).toEqual(expanded);
  });

  browserTest('"more" tapped before hydration stays expanded after it', async ({ context }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const opened = await openPage(context, {
      route: async (request) => {
        if (/\/assets\/client-[^/]*\.js$/.test(new URL(request.url()).pathname)) await released;
        return false;
      },
    });
    const page = opened.page;
    const loaded = page.goto(`${baseUrl}/fr/feature2`, { waitUntil: 'load' });
    await page.waitForSelector('.description__more');
    await page.$eval('.description__more', (label) => (label as HTMLElement).click());
    expect(await page.$('html[data-hydrated]')).toBeNull();
    const expanded = await descriptionState(page);
    expect(expanded).toMatchObject({ whole: true, moreShown: false });
    release();
    await loaded;
    await waitForHydration(page);
    await sleep(200);
    expect(await descriptionState(page)).toEqual(expanded);
    expect(opened.console.filter((message) => /hydration|mismatch/i.test(message))).toEqual([]);
  });
});
