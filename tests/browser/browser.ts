// Puppeteer on Debian's Chromium for the browser tests: launching, console capture, and local fakes for third-party hosts.
import type { Browser, BrowserContext, HTTPRequest, Page, Target } from 'puppeteer';
import { test } from 'vitest';
import { launchChromium } from '../../generator/shared/chromium.ts';
import { releaseTabs, reusableContexts, takeTab } from './browser-tabs.ts';
import { testBrowserOptions } from './test-browser.ts';

/** iPhone 12 to 15 size. */
export const IPHONE = { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/**
 * The tests' Chromium (test-browser.ts): Debian's headless shell (`chromium-headless-shell`), built from the same
 * source package at the same version as `/usr/bin/chromium`, so the same Blink and V8, without
 * the browser layer that headless Chrome keeps running around each window and page. A page
 * loaded in a new context costs Chromium about a quarter less CPU (figures in the commit that
 * made the change). PUPPETEER_EXECUTABLE_PATH, when set, is the browser here too. What the product
 * launches (the screenshots, `npm run lighthouse`) stays the full browser whose pixels the
 * baselines hold (the shell draws the edges of glyphs a little differently, several thousand pixels of
 * a page): those tests start it through the product, and launch.test.ts checks its flags.
 */
export function launchBrowser(): Promise<Browser> {
  return launchChromium([], testBrowserOptions());
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
   * How third-party hosts behave; by default every one answers with an empty script, but those
   * whose script the runtime checks (an empty answer is a failed load, with its warning): the
   * payment SDK's host answers with a component as braintree-web's does, the Meta pixel's and the
   * Snap Pixel's with what their loaders install (vendorScript).
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
 * the internet; `options.route` may answer any request first. In `browserTest`'s context the tab
 * may be the one the file's previous test had, handed back clean (takeTab, browser-tabs.ts).
 */
export async function openPage(browser: Browser | BrowserContext, options: PageOptions = {}): Promise<TestPage> {
  const page = reusableContexts.has(browser as BrowserContext) ? await takeTab(browser as BrowserContext) : await browser.newPage();
  const recorded: TestPage = { page, console: [], errors: [], thirdParty: [] };
  page.on('console', (message) => recorded.console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => recorded.errors.push(String((error as Error).message ?? error)));
  await page.setViewport(options.viewport ?? IPHONE);
  await page.setExtraHTTPHeaders(options.acceptLanguage ? { 'Accept-Language': options.acceptLanguage } : {});
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
  await request.respond({
    status: 200,
    contentType: isScript ? 'text/javascript' : 'text/plain',
    headers: { 'Access-Control-Allow-Origin': '*' },
    body: isScript ? vendorScript(request.url()) : '',
  });
}

/**
 * The least a third-party script the runtime checks must do to count as loaded: a braintree-web
 * component (braintreeComponentScript); fbevents.js installing `fbq.callMethod` and
 * scevent.min.js `snaptr.handleRequest` (here calls that do nothing). Any other script: empty.
 */
function vendorScript(url: string): string {
  switch (new URL(url).hostname) {
    case BRAINTREE_HOST:
      return braintreeComponentScript(url);
    case 'connect.facebook.net':
      return 'if (window.fbq) window.fbq.callMethod = function () {};';
    case 'sc-static.net':
      return 'if (window.snaptr) window.snaptr.handleRequest = function () {};';
    default:
      return '';
  }
}

/**
 * A braintree-web component build: like the real one, it adds itself to `window.braintree` under
 * its name, `client` for client.min.js, `dataCollector` for data-collector.min.js (which the
 * runtime checks to tell a script from an HTML page or an empty answer, page/runtime/payments.ts).
 */
export function braintreeComponentScript(url: string): string {
  const file = new URL(url).pathname.split('/').pop() ?? '';
  const component = file.replace(/\.min\.js$|\.js$/, '').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return `(window.braintree = window.braintree || {})[${JSON.stringify(component)}] = { VERSION: '3.100.0' };`;
}

/**
 * The page's inline scripts without attributes; the one that calls `location.replace` is the
 * plain routes' language redirect (page/runtime/language-redirect.ts).
 */
const INLINE_SCRIPT = /<script>((?:(?!<\/script>)[\s\S])*)<\/script>/g;

/**
 * A `route` that answers every local document itself: fetched from the server as the browser
 * asked for it, then `rewrite` gives its new text and may change its headers (sent as the
 * server sent them, less the encoding fetch has already undone).
 */
export function rewritingDocuments(
  rewrite: (html: string, headers: Record<string, string>) => string,
): (request: HTTPRequest) => Promise<boolean> {
  return async (request) => {
    if (!isLocalRequest(request) || request.resourceType() !== 'document') return false;
    try {
      const response = await fetch(request.url(), { headers: request.headers() });
      const headers = Object.fromEntries(response.headers);
      // fetch has decoded the body: it goes out as plain text.
      delete headers['content-encoding'];
      delete headers['content-length'];
      const body = rewrite(await response.text(), headers);
      await request.respond({ status: response.status, headers, body });
    } catch {
      // The page closed while its document was fetched: nothing left to answer.
    }
    return true;
  };
}

/**
 * A `route` that serves the local pages without the plain routes' language-redirect script,
 * as a host or proxy that dropped or broke it would: the runtime's in-place language switch
 * (page/runtime/language.ts) is then what a visitor of another language gets. Counts the
 * pages it stripped in `stripped`, so a test can tell the script was there to strip.
 */
export function withoutLanguageRedirect(): ((request: HTTPRequest) => Promise<boolean>) & { stripped: number } {
  const route = Object.assign(
    rewritingDocuments((html) =>
      html.replace(INLINE_SCRIPT, (script, body: string) => {
        if (!body.includes('location.replace')) return script;
        route.stripped += 1;
        return '';
      }),
    ),
    { stripped: 0 },
  );
  return route;
}

/**
 * Resolves once the client entry has hydrated the page's islands. They hydrate on the visitor's
 * first interaction (runtime/hydration.ts): this is one, a key press (a `keydown` on the window,
 * which moves nothing), made again until the runtime, which may still be loading, has taken it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      if (document.documentElement.hasAttribute('data-hydrated')) return true;
      window.dispatchEvent(new KeyboardEvent('keydown'));
      return false;
    },
    { timeout: 15_000, polling: 200 },
  );
}

/**
 * Resolves once the payment SDK, the last of the runtime's deferred loaders, has run each of its
 * scripts: each fake component adds itself to `window.braintree` (braintreeComponentScript).
 */
export async function waitForPaymentSdk(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const scripts = document.querySelectorAll('script[src*="braintreegateway"]').length;
      const loaded = Object.keys((window as unknown as { braintree?: object }).braintree ?? {}).length;
      return scripts > 0 && loaded === scripts;
    },
    { timeout: 15_000, polling: 50 },
  );
}
/**
 * `test` for browser tests: `browser` is the test process's Chromium, which its files share (a
 * launch is costly); `fileContext` the file's own browser context in it, so
 * that what one file leaves never reaches another; `context` that context for one test. The
 * file's tests (one at a time) share a tab (browser-tabs.ts). What a test leaves behind (its pages,
 * listeners, cookies, storage) is cleared after it, so nothing leaks into the next
 * (tests/browser/isolation.test.ts).
 */
export const browserTest = test
  .extend('browser', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    // The tab Chromium opens at launch: tests open their own.
    for (const page of await browser.pages()) await page.close();
    return browser;
  })
  .extend('fileContext', { scope: 'file' }, async ({ browser }, { onCleanup }) => {
    const context = await browser.createBrowserContext();
    onCleanup(() => context.close());
    return context;
  })
  .extend('context', async ({ fileContext: context }, { onCleanup }) => {
    reusableContexts.add(context);
    const origins = new Set<string>();
    const noteOrigin = (target: Target) => {
      if (/^https?:/.test(target.url())) origins.add(new URL(target.url()).origin);
    };
    context.on('targetcreated', noteOrigin);
    context.on('targetchanged', noteOrigin);
    onCleanup(async () => {
      context.off('targetcreated', noteOrigin);
      context.off('targetchanged', noteOrigin);
      await releaseTabs(context, origins);
    });
    return context;
  });
