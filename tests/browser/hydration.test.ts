// Lazy hydration in the browser: React loads after load when idle or on the first interaction, and the page works without it.
import type { Browser } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, withoutLanguageRedirect } from './browser.ts';

const baseUrl = inject('baseUrl');
const isClient = (url: string) => /\/assets\/client-[A-Z0-9]+\.js$/.test(url);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Requests of the page to our own server, in order, with the time they were made. */
function recordLocalRequests(page: import('puppeteer').Page) {
  const requests: Array<{ url: string; at: number }> = [];
  page.on('request', (request) => {
    if (request.url().startsWith(baseUrl)) requests.push({ url: request.url(), at: Date.now() });
  });
  return requests;
}

/** What `countSchedulerTasks` keeps on `window`. */
interface SchedulerCount {
  schedulerTasks: { total: number; atHydration: number };
}

/**
 * From the next document on, counts the tasks React's scheduler asks for (each is a MessagePort
 * message), in all and up to hydration, on a clock that moves 1 ms every time it is read: the
 * scheduler, which yields once its slice of about 5 ms is used up, then runs out of time after
 * a few components on any machine, so rendering in slices shows as many tasks.
 */
async function countSchedulerTasks(page: import('puppeteer').Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const now = performance.now.bind(performance);
    let reads = 0;
    performance.now = () => now() + ++reads;
    const count = { total: 0, atHydration: 0 };
    Object.assign(window, { schedulerTasks: count });
    const post = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (this: MessagePort, message: unknown, options?: Transferable[] | StructuredSerializeOptions) {
      count.total += 1;
      post.call(this, message, options as StructuredSerializeOptions);
    };
    // Run before the document has an element: watch it all for <html data-hydrated>.
    new MutationObserver((_, observer) => {
      if (!document.documentElement.hasAttribute('data-hydrated')) return;
      count.atHydration = count.total;
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  });
}

describe('lazy hydration', () => {
  it('loads only the tracking runtime with the page, and React after the load event', async () => {
    const { page } = await openPage(browser);
    const requests = recordLocalRequests(page);
    const response = await page.goto(`${baseUrl}/feature1`, { waitUntil: 'domcontentloaded' });
    const html = await response!.text();
    const modules = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]);
    expect(modules).toHaveLength(1);
    expect(modules[0]).toMatch(/\/assets\/runtime-[A-Z0-9]+\.js$/);
    await page.waitForSelector('html[data-hydrated]', { timeout: 15_000 });
    expect(requests.filter((request) => isClient(request.url))).toHaveLength(1);
    // Both times on the page's own clock: the client entry was fetched after the load event started.
    const { loadEventStart, clientStart } = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const client = performance.getEntriesByType('resource').find((entry) => /\/assets\/client-/.test(entry.name));
      return { loadEventStart: navigation.loadEventStart, clientStart: client?.startTime ?? -1 };
    });
    expect(loadEventStart).toBeGreaterThan(0);
    expect(clientStart).toBeGreaterThanOrEqual(loadEventStart);
    await page.close();
  });

  it('hydrates on the first interaction when the page never goes idle', async () => {
    const { page } = await openPage(browser);
    // A page that is never idle: requestIdleCallback never calls back.
    await page.evaluateOnNewDocument(() => {
      window.requestIdleCallback = () => 0;
    });
    const requests = recordLocalRequests(page);
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(requests.filter((request) => isClient(request.url))).toEqual([]);
    expect(await page.$('html[data-hydrated]')).toBeNull();
    await page.keyboard.press('Tab');
    await page.waitForSelector('html[data-hydrated]', { timeout: 15_000 });
    expect(requests.filter((request) => isClient(request.url))).toHaveLength(1);
    await page.close();
  });

  it('hydrates in slices, giving the main thread back between them', async () => {
    const { page, errors, console: messages } = await openPage(browser);
    await countSchedulerTasks(page);
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated]', { timeout: 15_000 });
    // Hydrated in one go, the page takes a handful of scheduler tasks (render, effects); in slices, one per few components.
    expect(await page.evaluate(() => (window as unknown as SchedulerCount).schedulerTasks.atHydration)).toBeGreaterThan(20);
    expect(errors).toEqual([]);
    expect(messages.filter((message) => message.includes('hydration mismatch'))).toEqual([]);
    await page.close();
  });

  it('re-renders a switch of language in slices too', async () => {
    // Without the plain routes' inline language redirect (it would send this German browser to /de/
    // before paint), so the page switches in place, the re-render this test counts.
    const languageRedirect = withoutLanguageRedirect();
    const { page, errors } = await openPage(browser, { acceptLanguage: 'en', route: languageRedirect });
    await countSchedulerTasks(page);
    await page.evaluateOnNewDocument(() => {
      Object.defineProperty(Navigator.prototype, 'languages', { get: () => ['de-DE', 'de'] });
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.body.innerText.includes('Bewertungen und Rezensionen'), { timeout: 15_000 });
    expect(languageRedirect.stripped).toBe(1);
    const { atHydration, total } = await page.evaluate(() => (window as unknown as SchedulerCount).schedulerTasks);
    expect(atHydration).toBeGreaterThan(0);
    expect(total - atHydration).toBeGreaterThan(20);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works without React: CTA links, the "more" button and scrollable rows', async () => {
    const { page } = await openPage(browser, {
      route: async (request) => {
        if (!isClient(request.url())) return false;
        await request.abort('blockedbyclient');
        return true;
      },
    });
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await page.$('html[data-hydrated]')).toBeNull();
    const hrefs = await page.$$eval('a[data-cta]', (links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThanOrEqual(8);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/pictura\.onelink\.me\//);
    const textHeight = () => page.$eval('.description__text', (element) => element.getBoundingClientRect().height);
    const before = await textHeight();
    await page.click('label.description__more');
    expect(await textHeight()).toBeGreaterThan(before * 2);
    const scrolled = await page.$eval('[data-slider="screenshots"]', (row) => {
      const scroller = row.scrollWidth > row.clientWidth ? row : (row.querySelector('ul') as HTMLElement);
      scroller.scrollLeft = 171;
      return scroller.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(0);
    await page.close();
  });
});
