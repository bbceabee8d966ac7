// A runtime that never blanks or throws: a payment SDK answered with an HTML page or nothing, and a locale bundle of the wrong shape (the first tap on a slow phone: timing/first-tap.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, HTTPRequest, Page } from 'puppeteer';
import { describe, expect } from 'vitest';
import { browserTest, isLocalRequest, withoutLanguageRedirect } from './browser.ts';
import { waitUntil, type FakeResponse, type HostMode } from './fakes.ts';
import { fixtureSite, runtimeConfigOf } from './fixture-site.ts';
import { GET, sleep, visit } from './runtime-helpers.ts';

const site = fixtureSite('runtime-tracking');
const CLIENT_SCRIPT = 'https://js.braintreegateway.com/web/3.100.0/js/client.min.js';

function braintreeOf(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const sdk = (window as unknown as { braintree?: Record<string, unknown> }).braintree;
    return sdk === undefined ? undefined : Object.keys(sdk);
  });
}

describe('payment SDK answers that are not the SDK', () => {
  const warningsOf = (messages: string[]) => messages.filter((message) => message.startsWith('warn'));

  browserTest.for<[string, HostMode]>([
    ['an HTML page (a captive portal)', { response: { status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><html><head><title>Wi-Fi</title></head><body><h1>Sign in to the Wi-Fi</h1></body></html>' } }],
    ['an empty body', { response: { status: 200, contentType: 'text/javascript', body: '' } }],
  ])('200 with %s: one warning naming client.min.js, nothing uncaught, no braintree global', async ([, mode], { context }) => {
    const { page, fakes, console: messages, errors } = await visit(context, '/feature1', { site: site.url, fakes: { hosts: { braintree: mode } } });
    await waitUntil(() => warningsOf(messages).length > 0, 'the payment SDK warning');
    await sleep(1000);
    expect(warningsOf(messages)).toHaveLength(1);
    expect(warningsOf(messages)[0]).toContain(CLIENT_SCRIPT);
    expect(warningsOf(messages)[0]).toContain('braintree-web 3.100.0');
    expect(fakes.requestsTo('braintree').map((request) => request.url)).toEqual([CLIENT_SCRIPT]);
    expect(await braintreeOf(page)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  browserTest('the SDK itself: its component on window.braintree, no warning', async ({ context }) => {
    const { page, fakes, console: messages, errors } = await visit(context, '/feature1', { site: site.url });
    await page.waitForFunction(() => typeof (window as unknown as { braintree?: { client?: unknown } }).braintree?.client === 'object', { timeout: 15_000 });
    await sleep(1000);
    expect(await braintreeOf(page)).toEqual(['client']);
    expect(fakes.requestsTo('braintree')).toHaveLength(1);
    expect(warningsOf(messages)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('a locale bundle of the wrong shape', () => {
  const deBundleUrl = () => site.url + runtimeConfigOf(site, 'index.html').translations.de!;
  /** The real German bundle of the build, for its listing. */
  function realGermanBundle(): { listing: unknown; messages: Record<string, Record<string, string>> } {
    const file = readdirSync(path.join(site.outDir, 'assets')).find((name) => /^locale-de-[0-9a-f]+\.json$/.test(name))!;
    return JSON.parse(readFileSync(path.join(site.outDir, 'assets', file), 'utf8')) as ReturnType<typeof realGermanBundle>;
  }

  /**
   * `/` for a browser preferring German, on a host that serves it in English: the runtime fetches
   * the German bundle (answered by `bundle` when given) and switches in place. The plain routes'
   * inline language redirect would send this browser to /de/ before paint instead, so the page is
   * served without it, as by a host that dropped or broke it: the bundle check is the runtime's.
   */
  async function visitPreferringGerman(context: BrowserContext, bundle?: FakeResponse) {
    const languageRedirect = withoutLanguageRedirect();
    const bundleUrl = deBundleUrl();
    let bundleRequests = 0;
    const route = async (request: HTTPRequest) => {
      if (isLocalRequest(request) && request.url() === bundleUrl) {
        bundleRequests += 1;
        if (bundle) {
          await request.respond(bundle);
          return true;
        }
        return false;
      }
      return languageRedirect(request);
    };
    const opened = await visit(context, '/?utm_source=fb', {
      site: site.url,
      page: { acceptLanguage: 'en', route },
      beforeLoad: (page) =>
        page.evaluateOnNewDocument(() => {
          Object.defineProperty(Navigator.prototype, 'languages', { get: () => ['de-DE', 'de', 'en'] });
          Object.defineProperty(Navigator.prototype, 'language', { get: () => 'de-DE' });
          // The text the server sent, before the runtime had a say.
          document.addEventListener('DOMContentLoaded', () => Object.assign(window, { servedText: document.getElementById('root')!.textContent }));
        }),
    });
    expect(languageRedirect.stripped).toBe(1);
    await waitUntil(() => bundleRequests > 0, 'the German bundle request');
    return opened;
  }

  browserTest('a bundle of the right shape does switch the page to German (the path the cases below refuse)', async ({ context }) => {
    const { page, errors } = await visitPreferringGerman(context);
    const german = realGermanBundle().messages;
    await page.waitForFunction(() => document.documentElement.lang === 'de', { timeout: 10_000 });
    await page.waitForFunction((text) => document.body.innerText.includes(text), { timeout: 10_000 }, german.ratings!.title!);
    expect(errors).toEqual([]);
  });

  browserTest.for<[string, () => unknown]>([
    ['messages and listing null', () => ({ locale: 'de', messages: null, listing: null })],
    ['messages empty', () => ({ locale: 'de', messages: {}, listing: realGermanBundle().listing })],
  ])('%s: the page stays as the server rendered it, in English', async ([, bundle], { context }) => {
    const { page, errors, console: messages } = await visitPreferringGerman(context, { status: 200, contentType: 'application/json', body: JSON.stringify(bundle()) });
    await sleep(3000);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.$eval('h1', (h1) => h1.textContent)).toContain('Pictura: AI Image Creator');
    const { served, now } = await page.evaluate(() => ({
      served: (window as unknown as { servedText: string }).servedText,
      now: document.getElementById('root')!.textContent,
    }));
    expect(now).toBe(served);
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/\b(meta|app|header|ratings|privacy|information|description|whatsNew)\.[A-Za-z]+/);
    expect(await page.$(GET)).not.toBeNull();
    expect(messages.filter((message) => /^(error|warn)/.test(message))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
