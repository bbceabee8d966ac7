// A runtime that never blanks or throws: a payment SDK answered with an HTML page or nothing, and a language
// switch answered with something other than the page (the first tap on a slow phone:
// timing/real-time.test.ts).
import type { BrowserContext, HTTPRequest, Page } from 'puppeteer';
import { describe, expect } from 'vitest';
import { browserTest, isLocalRequest, withoutLanguageRedirect } from './browser.ts';
import type { FakeResponse, HostMode } from './fakes.ts';
import { waitUntil } from '../helpers.ts';
import { fixtureSite } from './fixture-site.ts';
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
    [
      'an HTML page (a captive portal)',
      {
        response: {
          status: 200,
          contentType: 'text/html; charset=utf-8',
          body: '<!doctype html><html><head><title>Wi-Fi</title></head><body><h1>Sign in to the Wi-Fi</h1></body></html>',
        },
      },
    ],
    ['an empty body', { response: { status: 200, contentType: 'text/javascript', body: '' } }],
  ])('200 with %s: one warning naming client.min.js, nothing uncaught, no braintree global', async ([, mode], { context }) => {
    const {
      page,
      fakes,
      console: messages,
      errors,
    } = await visit(context, '/feature1', { site: site.url, fakes: { hosts: { braintree: mode } } });
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
    await page.waitForFunction(() => typeof (window as unknown as { braintree?: { client?: unknown } }).braintree?.client === 'object', {
      timeout: 15_000,
    });
    await sleep(1000);
    expect(await braintreeOf(page)).toEqual(['client']);
    expect(fakes.requestsTo('braintree')).toHaveLength(1);
    expect(warningsOf(messages)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('a language switch answered with something other than the page', () => {
  /** Where the runtime fetches the German page of `/`: its hreflang alternate. */
  const germanPage = () => `${site.url}/de`;

  /**
   * `/` for a browser preferring German, on a host that serves it in English: the runtime fetches
   * the German page of the route (answered by `answer` when given) and switches in place. The plain
   * routes' inline language redirect would send this browser to /de/ before paint instead, so the
   * page is served without it, as by a host that dropped or broke it: the page check is the runtime's.
   */
  async function visitPreferringGerman(context: BrowserContext, answer?: FakeResponse) {
    const languageRedirect = withoutLanguageRedirect();
    let pageRequests = 0;
    const route = async (request: HTTPRequest) => {
      if (isLocalRequest(request) && request.resourceType() === 'fetch' && request.url() === germanPage()) {
        pageRequests += 1;
        if (answer) {
          await request.respond(answer);
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
          document.addEventListener('DOMContentLoaded', () =>
            Object.assign(window, { servedText: document.getElementById('root')!.textContent }),
          );
        }),
    });
    expect(languageRedirect.stripped).toBe(1);
    await waitUntil(() => pageRequests > 0, 'the German page request');
    return opened;
  }

  browserTest('the German page itself does switch the page to German (the path the cases below refuse)', async ({ context }) => {
    const { page, errors } = await visitPreferringGerman(context);
    await page.waitForFunction(() => document.documentElement.lang === 'de', { timeout: 10_000 });
    await page.waitForFunction(() => document.body.innerText.includes('Bewertungen und Rezensionen'), { timeout: 10_000 });
    expect(errors).toEqual([]);
  });

  /** The German page as the build wrote it, changed by `edit`. */
  const editedGermanPage = (edit: (html: string) => string) => async () => edit(await (await fetch(germanPage())).text());

  browserTest.for<[string, () => Promise<FakeResponse>]>([
    [
      'a 404 page',
      async () => ({ status: 404, contentType: 'text/html; charset=utf-8', body: await (await fetch(`${site.url}/no-such-page`)).text() }),
    ],
    [
      "a portal's page, answered 200",
      async () => ({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><html><body><h1>Sign in to the Wi-Fi</h1></body></html>',
      }),
    ],
    [
      'JSON',
      async () => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ locale: 'de', messages: null, listing: null }) }),
    ],
    [
      'the German page without its island props',
      async () => ({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: await editedGermanPage((html) => html.replace(/<script type="application\/json" id="island-props">.*?<\/script>/, ''))(),
      }),
    ],
    [
      'the German page claiming French',
      async () => ({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: await editedGermanPage((html) => html.replace('<html lang="de"', '<html lang="fr"'))(),
      }),
    ],
  ])('%s: the page stays as the server rendered it, in English', async ([, answer], { context }) => {
    const { page, errors, console: messages } = await visitPreferringGerman(context, await answer());
    await sleep(3000);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.$eval('h1', (h1) => h1.textContent)).toContain('Pictura: AI Image Creator');
    const { served, now } = await page.evaluate(() => ({
      served: (window as unknown as { servedText: string }).servedText,
      now: document.getElementById('root')!.textContent,
    }));
    expect(now).toBe(served);
    expect(await page.$(GET)).not.toBeNull();
    expect(messages.filter((message) => /^(error|warn)/.test(message) && !message.includes('404'))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
