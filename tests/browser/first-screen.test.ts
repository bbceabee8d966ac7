// The first screen comes first: the module scripts wait until its images are painted (with the runtime's
// chunks fetched beside them), a CTA tap before then is held for the runtime, and only the first screen's
// images are fetched at high priority.
import type { HTTPRequest, Page } from 'puppeteer';
import { describe, expect, inject } from 'vitest';
import { browserTest, isLocalRequest, openPage, waitForHydration } from './browser.ts';
import { openFakedPage } from './fakes.ts';
import { waitUntil } from '../helpers.ts';
import { ctaHref, GET, sleep, tapAndFollow } from './runtime-helpers.ts';

const baseUrl = inject('baseUrl');

/** Records the local requests of scripts, and leaves every request to openPage's defaults. */
function scriptRequests(): { urls: string[]; route(request: HTTPRequest): Promise<boolean> } {
  const urls: string[] = [];
  return {
    urls,
    async route(request) {
      if (isLocalRequest(request) && request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
      return false;
    },
  };
}

/** The runtime's module, among the page's scripts. */
const isRuntime = (url: string) => /\/assets\/runtime-\w+\.js$/.test(url);

/**
 * A `route` that holds the page's own images back `imagesMs`, and its runtime `runtimeMs` (or
 * answers it with a network error), and notes when the runtime was asked for (Node's clock).
 */
function slowFirstScreen(imagesMs: number, runtimeMs: number | 'fail') {
  const runtimeAskedAt: number[] = [];
  const route = async (request: HTTPRequest) => {
    if (!isLocalRequest(request)) return false;
    if (isRuntime(request.url())) {
      runtimeAskedAt.push(Date.now());
      if (runtimeMs === 'fail') {
        await request.abort('failed').catch(() => {});
        return true;
      }
      await sleep(runtimeMs);
    } else if (request.resourceType() === 'image') {
      await sleep(imagesMs);
    } else {
      return false;
    }
    await request.continue().catch(() => {});
    return true;
  };
  return { runtimeAskedAt, route };
}

/**
 * When the page's resource `url` was asked for and came, on the page's clock. Waits for its entry:
 * the browser adds it only once the response has ended, which can be after the request was seen.
 * Polls by timer: some of these pages paint no frame, so a frame-driven poll would never run.
 */
async function resourceTiming(page: Page, url: string): Promise<{ startTime: number; responseStart: number; responseEnd: number }> {
  const entry = await page.waitForFunction(
    (href) => {
      const found = performance.getEntriesByName(new URL(href, location.href).href)[0] as PerformanceResourceTiming | undefined;
      return found && { startTime: found.startTime, responseStart: found.responseStart, responseEnd: found.responseEnd };
    },
    { polling: 50, timeout: 10_000 },
    url,
  );
  return (await entry.jsonValue())!;
}

/** The runtime's URL, as the loader's template lists it. */
const runtimeUrl = (page: Page) =>
  page.$eval('#module-scripts', (template) => (template as HTMLTemplateElement).content.querySelector('script')!.getAttribute('src')!);

describe('module scripts', () => {
  browserTest(
    "start once the first screen's images are painted, and the chunks the runtime imports are fetched beside it, not after it",
    async ({ context }) => {
      // The runtime held back too: a chunk found only in its code could not be asked for before it arrives.
      const { route } = slowFirstScreen(600, 300);
      const { page, errors } = await openPage(context, { route });
      // Registered before any script of the page: runs first in the first frame.
      await page.evaluateOnNewDocument(() =>
        requestAnimationFrame(() => ((window as unknown as { firstFrame: number }).firstFrame = performance.now())),
      );
      await page.goto(`${baseUrl}/feature1`);
      await waitForHydration(page);
      const runtime = await resourceTiming(page, await runtimeUrl(page));
      const firstScreen = await page.$$eval('img[fetchpriority="high"]', (images) =>
        images.map((image) => (image as HTMLImageElement).currentSrc),
      );
      expect(firstScreen).toHaveLength(2);
      for (const image of firstScreen) expect(runtime.startTime).toBeGreaterThan((await resourceTiming(page, image)).responseEnd);
      expect(runtime.startTime).toBeGreaterThanOrEqual(await page.evaluate(() => (window as unknown as { firstFrame: number }).firstFrame));
      const chunks = await page.$$eval('#module-scripts', ([template]) =>
        [...(template as HTMLTemplateElement).content.querySelectorAll('link[rel="modulepreload"]')].map(
          (link) => link.getAttribute('href')!,
        ),
      );
      expect(chunks.length).toBeGreaterThan(0);
      for (const chunk of chunks) expect((await resourceTiming(page, chunk)).startTime).toBeLessThan(runtime.responseStart);
      // The loader added them to the head, one per chunk.
      expect(await page.$$eval('head > link[rel="modulepreload"]', (links) => links.length)).toBe(chunks.length);
      expect(errors).toEqual([]);
    },
  );

  browserTest("start once the frame that painted the first screen's images is drawn, as Element Timing reports it", async ({ context }) => {
    const { route } = slowFirstScreen(400, 0);
    const { page, errors } = await openPage(context, { route });
    // Registered before any script of the page: when each first-screen image was drawn, and when the runtime was added.
    await page.evaluateOnNewDocument(() => {
      const log = { drawn: [] as number[], runtimeAdded: 0 };
      Object.assign(window, { firstScreenLog: log });
      new PerformanceObserver((list) => {
        // Element Timing's entries (PerformanceElementTiming, which TypeScript's DOM types lack).
        for (const entry of list.getEntries() as Array<PerformanceEntry & { renderTime: number }>) log.drawn.push(entry.renderTime);
      }).observe({ type: 'element', buffered: true });
      new MutationObserver(() => {
        if (!log.runtimeAdded && document.head?.querySelector('script[type="module"][src]')) log.runtimeAdded = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl}/feature1`);
    type Log = { drawn: number[]; runtimeAdded: number };
    const log = await page.waitForFunction(
      () => {
        const logged = (window as unknown as { firstScreenLog: Log }).firstScreenLog;
        return logged.runtimeAdded > 0 && logged;
      },
      { timeout: 10_000 },
    );
    const { drawn, runtimeAdded } = (await log.jsonValue()) as Log;
    expect(drawn).toHaveLength(2);
    expect(runtimeAdded).toBeGreaterThanOrEqual(Math.max(...drawn));
    // Well before the loader's 2.5 s limit.
    expect(runtimeAdded - Math.max(...drawn)).toBeLessThan(500);
    expect(errors).toEqual([]);
  });

  browserTest('are added one a task, the runtime first: starting them is no long task on a phone', async ({ context }) => {
    const { page, errors } = await openPage(context);
    // A MutationObserver gets one call a task: what one task added comes in one batch.
    await page.evaluateOnNewDocument(() => {
      const batches: string[][] = [];
      Object.assign(window, { loaderBatches: batches });
      new MutationObserver((records) => {
        const added = records
          .flatMap((record) => [...record.addedNodes])
          .filter((node): node is Element => node instanceof Element && node.parentElement === document.head)
          .filter((element) => element.matches('script[type="module"][src], link[rel="modulepreload"]'));
        if (added.length) batches.push(added.map((element) => element.localName));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl}/feature1`);
    const listed = await page.$eval('#module-scripts', (template) => (template as HTMLTemplateElement).content.children.length);
    const batches = await page.waitForFunction(
      (count) => {
        const done = (window as unknown as { loaderBatches: string[][] }).loaderBatches;
        return done.flat().length === count && done;
      },
      { timeout: 10_000 },
      listed,
    );
    const chunks = listed - 1;
    expect(chunks).toBeGreaterThan(0);
    expect(await batches.jsonValue()).toEqual([['script'], ...Array.from({ length: chunks }, () => ['link'])]);
    expect(errors).toEqual([]);
  });

  browserTest(
    'wait 2.5 s at most: a page that paints no frame starts them then, and a hidden page, which paints none, at once',
    async ({ context }) => {
      const visible = scriptRequests();
      const painted = await openPage(context, { route: visible.route });
      await painted.page.evaluateOnNewDocument(() => {
        window.requestAnimationFrame = () => 0;
        // Nor does Element Timing report an image drawn.
        PerformanceObserver.prototype.observe = () => {};
      });
      await painted.page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
      await sleep(1000);
      expect(visible.urls).toEqual([]);
      await waitUntil(() => visible.urls.some(isRuntime), 'the runtime request of the page with no frame');
      const { startTime } = await resourceTiming(painted.page, await runtimeUrl(painted.page));
      expect(startTime).toBeGreaterThanOrEqual(2500);
      // Here it is the page loaded, but no frame painted, in a background tab.
      const hidden = scriptRequests();
      const background = await openPage(context, { route: hidden.route });
      await background.page.evaluateOnNewDocument(() => {
        window.requestAnimationFrame = () => 0;
        Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => true });
      });
      await background.page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
      await waitUntil(() => hidden.urls.some(isRuntime), 'the runtime request of the hidden page');
      expect((await resourceTiming(background.page, await runtimeUrl(background.page))).startTime).toBeLessThan(1000);
      expect(background.errors).toEqual([]);
    },
  );

  browserTest("start at the visitor's first pointer press, images or not", async ({ context }) => {
    const slow = slowFirstScreen(5000, 0);
    const { page } = await openPage(context, { route: slow.route });
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'domcontentloaded' });
    await sleep(300);
    expect(slow.runtimeAskedAt).toEqual([]);
    // On the title, away from any link.
    const title = (await page.$('h1'))!;
    const box = (await title.boundingBox())!;
    const pressedAt = Date.now();
    await page.mouse.move(box.x + 5, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.up();
    await waitUntil(() => slow.runtimeAskedAt.length > 0, 'the runtime request');
    expect(slow.runtimeAskedAt[0]! - pressedAt).toBeLessThan(1000);
  });
});

describe('a CTA tap before the runtime', () => {
  /** A Meta visitor whose pixel sets no cookies: the link shown stays the one rendered until the tap. */
  const ROUTE = '/feature1?utm_source=fb&fbclid=abc';

  browserTest('is held: the runtime, started by the tap, tracks AddToCart and leaves 1000 ms after the tap', async ({ context }) => {
    const slow = slowFirstScreen(5000, 300);
    const { page, fakes } = await openFakedPage(context, {}, { route: slow.route });
    await page.goto(baseUrl + ROUTE, { waitUntil: 'domcontentloaded' });
    await sleep(300);
    expect(slow.runtimeAskedAt).toEqual([]);
    const rendered = await ctaHref(page);
    const tappedAt = Date.now();
    const tap = await tapAndFollow(page, GET);
    expect(slow.runtimeAskedAt[0]).toBeGreaterThanOrEqual(tappedAt);
    expect(tap.delayMs).toBeGreaterThanOrEqual(950);
    expect(tap.delayMs).toBeLessThan(3000);
    // Leaving, the runtime builds the link from what it knows: fbc from fbclid, the pixel having set none.
    expect(rendered).not.toContain('fbclid');
    expect(new URL(tap.url).searchParams.get('fbclid')).toBe('abc');
    expect(fakes.records.oneLink).toHaveLength(1);
    expect(fakes.tracked('AddToCart')).toHaveLength(1);
  });

  browserTest(
    'is held: without the runtime, the loader leaves for the link as rendered 2500 ms after the first tap, once',
    async ({ context }) => {
      const slow = slowFirstScreen(5000, 'fail');
      const { page, fakes } = await openFakedPage(context, {}, { route: slow.route });
      await page.goto(baseUrl + ROUTE, { waitUntil: 'domcontentloaded' });
      const rendered = await ctaHref(page);
      // Where to tap, found once: finding the element again for the second tap can take a busy
      // machine past the redirect, when there is no document left to find it in.
      const box = (await (await page.$(GET))!.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      const left = page.waitForNavigation({ timeout: 10_000 });
      const tappedAt = Date.now();
      await page.touchscreen.tap(x, y);
      await sleep(300);
      await page.touchscreen.tap(x, y);
      const secondTapAt = Date.now();
      await left;
      const leftAt = fakes.records.oneLink[0]!.at;
      // The second tap came while the first was held, so leaving once is the loader's doing.
      expect(secondTapAt).toBeLessThan(leftAt);
      expect(leftAt - tappedAt).toBeGreaterThanOrEqual(2450);
      expect(leftAt - tappedAt).toBeLessThan(3500);
      expect(slow.runtimeAskedAt.length).toBeGreaterThan(0);
      expect(fakes.records.oneLink.map((visit) => visit.url)).toEqual([rendered]);
      expect(fakes.tracked('AddToCart')).toEqual([]);
    },
  );
});

describe('image priorities', () => {
  browserTest(
    'only the icon and the first screenshot are fetched at high priority; the second, though in view, stays low',
    async ({ context }) => {
      const { page } = await openPage(context);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.enable');
      const requests = new Map<string, { url: string; priority: string }>();
      cdp.on('Network.requestWillBeSent', (event) => {
        if (event.type === 'Image')
          requests.set(event.requestId, { url: new URL(event.request.url).pathname, priority: event.request.initialPriority });
      });
      cdp.on('Network.resourceChangedPriority', (event) => {
        const request = requests.get(event.requestId);
        if (request) request.priority = event.newPriority;
      });
      await page.goto(`${baseUrl}/feature1`, { waitUntil: 'networkidle0' });
      const shown = await page.$$eval('.product-header img, .screenshot img', (images) =>
        images.map((image) => {
          const box = image.getBoundingClientRect();
          return { url: new URL((image as HTMLImageElement).currentSrc).pathname, inView: box.left < innerWidth && box.top < innerHeight };
        }),
      );
      const priorityOf = (url: string) => [...requests.values()].find((request) => request.url === url)?.priority;
      const [icon, first, second] = shown;
      expect(second!.inView).toBe(true);
      expect([priorityOf(icon!.url), priorityOf(first!.url), priorityOf(second!.url)]).toEqual(['High', 'High', 'Low']);
    },
  );
});
