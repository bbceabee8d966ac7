// The first screen comes first: the module scripts wait for the first frame (with the runtime's chunks fetched beside it), and only the first screen's images are fetched at high priority.
import type { HTTPRequest } from 'puppeteer';
import { describe, expect, inject } from 'vitest';
import { browserTest, isLocalRequest, openPage, waitForHydration } from './browser.ts';
import { waitUntil } from './fakes.ts';
import { sleep } from './runtime-helpers.ts';

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

describe('module scripts', () => {
  browserTest('start after the first frame, and the chunks the runtime imports are fetched beside it, not after it', async ({ context }) => {
    // The runtime held back: a chunk found only in its code could not be asked for before it arrives.
    const holdRuntime = async (request: HTTPRequest) => {
      if (!/\/assets\/runtime-\w+\.js$/.test(request.url())) return false;
      await sleep(300);
      await request.continue().catch(() => {});
      return true;
    };
    const { page, errors } = await openPage(context, { route: holdRuntime });
    // Registered before any script of the page: runs first in the first frame.
    await page.evaluateOnNewDocument(() => requestAnimationFrame(() => ((window as unknown as { firstFrame: number }).firstFrame = performance.now())));
    await page.goto(`${baseUrl}/feature1`);
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const entry = (url: string) => performance.getEntriesByName(new URL(url, location.href).href)[0] as PerformanceResourceTiming;
      const listed = document.getElementById('module-scripts') as HTMLTemplateElement;
      const runtime = entry(listed.content.querySelector('script')!.getAttribute('src')!);
      const chunks = [...listed.content.querySelectorAll('link[rel="modulepreload"]')].map((link) => entry(link.getAttribute('href')!));
      return {
        firstFrame: (window as unknown as { firstFrame: number }).firstFrame,
        runtime: { startTime: runtime.startTime, responseStart: runtime.responseStart },
        chunks: chunks.map((chunk) => chunk.startTime),
        headPreloads: document.querySelectorAll('head > link[rel="modulepreload"]').length,
      };
    });
    expect(timing.runtime.startTime).toBeGreaterThanOrEqual(timing.firstFrame);
    expect(timing.chunks.length).toBeGreaterThan(0);
    for (const start of timing.chunks) expect(start).toBeLessThan(timing.runtime.responseStart);
    // The loader added them to the head, one per chunk.
    expect(timing.headPreloads).toBe(timing.chunks.length);
    expect(errors).toEqual([]);
  });

  browserTest('wait for a frame: none start on a page that paints none, and a hidden page, which paints none, starts them at once', async ({ context }) => {
    const visible = scriptRequests();
    const painted = await openPage(context, { route: visible.route });
    await painted.page.evaluateOnNewDocument(() => {
      window.requestAnimationFrame = () => 0;
    });
    await painted.page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
    await sleep(1000);
    expect(visible.urls).toEqual([]);
    // Here it is the page loaded, but no frame painted, in a background tab.
    const hidden = scriptRequests();
    const background = await openPage(context, { route: hidden.route });
    await background.page.evaluateOnNewDocument(() => {
      window.requestAnimationFrame = () => 0;
      Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => true });
    });
    await background.page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
    await waitUntil(() => hidden.urls.some((url) => /^\/assets\/runtime-\w+\.js$/.test(url)), 'the runtime request of the hidden page');
    expect(background.errors).toEqual([]);
  });
});

describe('image priorities', () => {
  browserTest('only the icon and the first screenshot are fetched at high priority; the second, though in view, stays low', async ({ context }) => {
    const { page } = await openPage(context);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    const requests = new Map<string, { url: string; priority: string }>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Image') requests.set(event.requestId, { url: new URL(event.request.url).pathname, priority: event.request.initialPriority });
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
  });
});
