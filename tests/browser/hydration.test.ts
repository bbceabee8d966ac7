// Islands hydration in the browser: React loads only on the visitor's first interaction and hydrates only the
// two slider tracks; the page works without it.
import type { HTTPRequest, Page } from 'puppeteer';
import type { Browser } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isLocalRequest, launchBrowser, openPage, waitForHydration, withoutLanguageRedirect } from './browser.ts';

const baseUrl = inject('baseUrl');
const isClient = (url: string) => /\/assets\/client-[A-Z0-9]+\.js$/.test(url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Requests of the page to our own server, in order. */
function recordLocalRequests(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(baseUrl)) requests.push(request.url());
  });
  return requests;
}

/**
 * From the next document on, records every change React or anything else makes to the page's
 * body (`#root`) outside the islands' viewports (`[data-slider]`) as `window.staticChanges`, but
 * the runtime's: the install link it writes into every call to action's `href`.
 */
async function watchStaticSections(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const changes: string[] = [];
    Object.assign(window, { staticChanges: changes });
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target instanceof Element ? record.target : record.target.parentElement;
          if (record.attributeName === 'href' && target?.matches('a[data-cta]')) continue;
          if (!target?.closest('[data-slider]'))
            changes.push(`${record.type} ${record.attributeName ?? ''} ${target?.localName}.${target?.className}`);
        }
      }).observe(document.getElementById('root')!, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  });
}

const staticChanges = (page: Page) => page.evaluate(() => (window as unknown as { staticChanges: string[] }).staticChanges);

describe('islands hydration', () => {
  it('loads only the tracking runtime with the page, and React on the first interaction, never by itself', async () => {
    const { page, errors, console: messages } = await openPage(browser);
    const requests = recordLocalRequests(page);
    const response = await page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
    const html = await response!.text();
    const modules = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]);
    expect(modules).toHaveLength(1);
    expect(modules[0]).toMatch(/\/assets\/runtime-[A-Z0-9]+\.js$/);
    // Load, then idle for long: React stays away.
    await sleep(2500);
    expect(requests.filter(isClient)).toEqual([]);
    expect(await page.$('html[data-hydrated]')).toBeNull();
    await page.keyboard.press('Tab');
    await page.waitForSelector('html[data-hydrated]', { timeout: 15_000 });
    expect(requests.filter(isClient)).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(messages.filter((message) => /^(error|warn)/.test(message))).toEqual([]);
    await page.close();
  });

  it('hydrates when a slider row is scrolled natively (a trackpad, a wheel), not when the page is', async () => {
    const { page } = await openPage(browser);
    const requests = recordLocalRequests(page);
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
    await sleep(500);
    await page.evaluate(() => window.scrollBy(0, 400));
    await sleep(500);
    expect(requests.filter(isClient)).toEqual([]);
    // One step: a position the row snaps to, so it stays there and the row reports a scroll.
    await page.$eval('[data-slider="reviews"]', (row) => (row.scrollLeft = 327));
    await page.waitForSelector('html[data-hydrated]', { timeout: 15_000 });
    expect(requests.filter(isClient)).toHaveLength(1);
    await page.close();
  });

  it('hydrates the two slider tracks only: no mismatch, the rest of the page is never touched, and the sliders take over', async () => {
    const { page, errors, console: messages } = await openPage(browser);
    await watchStaticSections(page);
    await page.goto(`${baseUrl}/feature1`, { waitUntil: 'load' });
    const header = await page.$('h1');
    await waitForHydration(page);
    expect(
      await page.$$eval('[data-slider]', (rows) =>
        rows.map((row) => [row.getAttribute('data-slider'), row.hasAttribute('data-slider-active')]),
      ),
    ).toEqual([
      ['screenshots', true],
      ['reviews', true],
    ]);
    expect(await staticChanges(page)).toEqual([]);
    // The same element the server sent: React rendered nothing outside the islands.
    expect(await page.evaluate((h1) => h1!.isConnected, header)).toBe(true);
    expect(errors).toEqual([]);
    expect(messages.filter((message) => /^(error|warn)/.test(message))).toEqual([]);
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
    await page.keyboard.press('Shift');
    await sleep(1000);
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

describe('a switch of language in place', () => {
  /**
   * The plain / served in English (without its inline language redirect, as a host that dropped
   * it would serve it) to a browser preferring German: the runtime switches it in place. `hold`
   * holds the German page's download until it resolves.
   */
  async function openGermanVisitor(hold?: Promise<void>) {
    const languageRedirect = withoutLanguageRedirect();
    const opened = await openPage(browser, {
      acceptLanguage: 'en',
      route: async (request: HTTPRequest) => {
        if (isLocalRequest(request) && request.resourceType() === 'fetch' && new URL(request.url()).pathname === '/de') await hold;
        return languageRedirect(request);
      },
    });
    await opened.page.evaluateOnNewDocument(() => {
      Object.defineProperty(Navigator.prototype, 'languages', { get: () => ['de-DE', 'de'] });
    });
    return { ...opened, requests: recordLocalRequests(opened.page), languageRedirect };
  }

  it('morphs the German page in without React, and the islands hydrate from the German props without a mismatch', async () => {
    const { page, errors, console: messages, requests, languageRedirect } = await openGermanVisitor();
    await watchStaticSections(page);
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    const image = await page.$('.screenshot img');
    await page.waitForFunction(() => document.body.innerText.includes('Bewertungen und Rezensionen'), { timeout: 15_000 });
    expect(languageRedirect.stripped).toBe(1);
    expect(
      await page.evaluate(() => [document.documentElement.lang, document.querySelector('.screenshot img')!.getAttribute('alt')]),
    ).toEqual(['de', 'Bildschirmfoto 1 von 6']);
    // Text changed in place: the image is the one the page loaded, not a new one.
    expect(await page.evaluate((img) => img!.isConnected, image)).toBe(true);
    expect(requests.filter(isClient)).toEqual([]);
    expect(await staticChanges(page)).not.toEqual([]);
    await waitForHydration(page);
    expect(await page.$eval('[data-slider="reviews"]', (row) => row.textContent)).toContain('Besser, als ich es mir vorgestellt hatte');
    expect(errors).toEqual([]);
    expect(messages.filter((message) => /^(error|warn)/.test(message))).toEqual([]);
    await page.close();
  });

  it('re-renders islands already hydrated from the German props', async () => {
    let release!: () => void;
    const { page, errors, console: messages } = await openGermanVisitor(new Promise<void>((resolve) => (release = resolve)));
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await waitForHydration(page);
    release();
    await page.waitForFunction(
      () => document.querySelector('[data-slider="reviews"]')!.textContent!.includes('Besser, als ich es mir vorgestellt hatte'),
      { timeout: 15_000 },
    );
    expect(
      await page.evaluate(() => [document.documentElement.lang, document.body.innerText.includes('Bewertungen und Rezensionen')]),
    ).toEqual(['de', true]);
    // The slider kept its state: React re-rendered the track, the controller still drives it.
    expect(await page.$eval('[data-slider="reviews"]', (row) => row.hasAttribute('data-slider-active'))).toBe(true);
    expect(errors).toEqual([]);
    expect(messages.filter((message) => /^(error|warn)/.test(message))).toEqual([]);
    await page.close();
  });
});
