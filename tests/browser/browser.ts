// Puppeteer on Debian's Chromium for the browser tests: launching, console capture, and local fakes for third-party hosts.
import type { Browser, BrowserContext, HTTPRequest, Page, Target } from 'puppeteer';
import { test } from 'vitest';
import { launchChromium } from '../../generator/shared/chromium.ts';

/** iPhone 12 to 15 size. */
export const IPHONE = { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/** What a fake third-party host does with a request. */
export type FakeMode = 'answer' | 'block';

/** A request that reached a fake third-party host. */
export interface RecordedRequest {
  url: string;
  method: string;
}

export interface PageOptions {
  acceptLanguage?: string;
  /**
   * How third-party hosts behave; by default every one answers with an empty script, but the
   * payment SDK's host, which answers with a component as braintree-web's does (an empty answer
   * is a failed load, with its warning).
   */
  thirdParty?: FakeMode;
  viewport?: typeof IPHONE | { width: number; height: number };
  /**
   * Consulted first for every request, local ones included; resolves true when it has answered
   * the request itself (the local fakes of `fakes.ts`), false to leave it to the default above.
   */
  route?: (request: HTTPRequest) => Promise<boolean>;
}

/** Where braintree-web's CDN builds come from. */
export const BRAINTREE_HOST = 'js.braintreegateway.com';

/** A page with its console and errors recorded. */
export interface TestPage {
  page: Page;
  /** `type: text` of every console message. */
  console: string[];
  /** Uncaught errors. */
  errors: string[];
  /** Requests to hosts other than the local server. */
  thirdParty: RecordedRequest[];
}

/**
 * Opens a tab (in a browser, or in a browser context of its own for fresh cookies and storage)
 * that records its console and answers every non-local request itself, so no test reaches
 * the internet; `options.route` may answer any request first.
 */
export async function openPage(browser: Browser | BrowserContext, options: PageOptions = {}): Promise<TestPage> {
  const page = await browser.newPage();
  const recorded: TestPage = { page, console: [], errors: [], thirdParty: [] };
  page.on('console', (message) => recorded.console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => recorded.errors.push(String((error as Error).message ?? error)));
  await page.setViewport(options.viewport ?? IPHONE);
  if (options.acceptLanguage) await page.setExtraHTTPHeaders({ 'Accept-Language': options.acceptLanguage });
  await page.setRequestInterception(true);
  page.on('request', (request) => void answer(request, recorded, options));
  return recorded;
}

/** True for the local server and inline data. */
export function isLocalRequest(request: HTTPRequest): boolean {
  const url = new URL(request.url());
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.protocol === 'data:';
}

async function answer(request: HTTPRequest, recorded: TestPage, options: PageOptions) {
  const local = isLocalRequest(request);
  if (!local) recorded.thirdParty.push({ url: request.url(), method: request.method() });
  if (options.route && (await options.route(request))) return;
  if (local) {
    await request.continue();
    return;
  }
  if ((options.thirdParty ?? 'answer') === 'block') {
    await request.abort('blockedbyclient');
    return;
  }
  const isScript = request.resourceType() === 'script';
  const url = new URL(request.url());
  await request.respond({
    status: 200,
    contentType: isScript ? 'text/javascript' : 'text/plain',
    headers: { 'Access-Control-Allow-Origin': '*' },
    body: isScript && url.hostname === BRAINTREE_HOST ? braintreeComponentScript(url.href) : '',
  });
}

/**
 * A braintree-web component build: like the real one, it adds itself to `window.braintree` under
 * its name, `client` for client.min.js, `dataCollector` for data-collector.min.js (which the
 * runtime checks to tell a script from an HTML page or an empty answer, templates/runtime/payments.ts).
 */
export function braintreeComponentScript(url: string): string {
  const file = new URL(url).pathname.split('/').pop() ?? '';
  const component = file.replace(/\.min\.js$|\.js$/, '').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return `(window.braintree = window.braintree || {})[${JSON.stringify(component)}] = { VERSION: '3.100.0' };`;
}

/**
 * The page's inline scripts without attributes; the one that calls `location.replace` is the
 * plain routes' language redirect (templates/language-redirect.ts).
 */
const INLINE_SCRIPT = /<script>((?:(?!<\/script>)[\s\S])*)<\/script>/g;

/**
 * A `route` that serves the local pages without the plain routes' language-redirect script,
 * as a host or proxy that dropped or broke it would: the runtime's in-place language switch
 * (templates/runtime/language.ts) is then what a visitor of another language gets. Counts the
 * pages it stripped in `stripped`, so a test can tell the script was there to strip.
 */
export function withoutLanguageRedirect(): ((request: HTTPRequest) => Promise<boolean>) & { stripped: number } {
  const route = Object.assign(
    async (request: HTTPRequest): Promise<boolean> => {
      if (!isLocalRequest(request) || request.resourceType() !== 'document') return false;
      try {
        const response = await fetch(request.url(), { headers: request.headers() });
        const html = (await response.text()).replace(INLINE_SCRIPT, (script, body: string) => {
          if (!body.includes('location.replace')) return script;
          route.stripped += 1;
          return '';
        });
        const headers = Object.fromEntries(response.headers);
        // fetch has decoded the body: it goes out as plain text.
        delete headers['content-encoding'];
        delete headers['content-length'];
        await request.respond({ status: response.status, headers, body: html });
      } catch {
        // The page closed while its document was fetched: nothing left to answer.
      }
      return true;
    },
    { stripped: 0 },
  );
  return route;
}

/** Resolves once the client entry has hydrated the page. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated]', { timeout: 15_000 });
}

/**
 * `test` for browser tests: `browser` is the file's Chromium; `context` its one browser context,
 * which the file's tests (one at a time) share. Renderer processes and compiled scripts carry over
 * from test to test (a bare visit of a page took 0.7 s of CPU here, against 1.4 s in a fresh
 * context); what a test leaves behind (its pages, cookies, storage) is cleared after it, so nothing
 * leaks into the next (tests/browser/isolation.test.ts).
 */
export const browserTest = test
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    // The tab Chromium opens at launch: tests open their own.
    for (const page of await browser.pages()) await page.close();
    return browser;
  })
  .extend('context', async ({ browser }, { onCleanup }) => {
    const context = browser.defaultBrowserContext();
    const origins = new Set<string>();
    const noteOrigin = (target: Target) => {
      if (/^https?:/.test(target.url())) origins.add(new URL(target.url()).origin);
    };
    context.on('targetcreated', noteOrigin);
    context.on('targetchanged', noteOrigin);
    onCleanup(async () => {
      context.off('targetcreated', noteOrigin);
      context.off('targetchanged', noteOrigin);
      const pages = await context.pages();
      // Storage is cleared through a tab's DevTools session (the browser's refuses it).
      const tab = pages[0] ?? (await context.newPage());
      const cdp = await tab.createCDPSession();
      await cdp.send('Network.clearBrowserCookies');
      for (const origin of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      for (const page of await context.pages()) await page.close();
    });
    return context;
  });
