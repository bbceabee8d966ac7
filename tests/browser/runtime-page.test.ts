// The browser runtime's page-level behaviour on the served build, third parties faked: split test, back trap,
// language fallback, payment SDK.
import { describe, expect } from 'vitest';
import { browserTest, waitForHydration, withoutLanguageRedirect } from './browser.ts';
import { FAKE_FBP, fbcFor, type FakeResponse, type HostMode } from './fakes.ts';
import { waitUntil } from '../helpers.ts';
import { baseUrl, drawnPaywall, fixRandom, GET, paramOf, pressBack, settings, sleep, visit, waitForHref } from './runtime-helpers.ts';

/** Both tracking cookies, so the link is rebuilt (and shows the drawn paywall) as soon as the draw is in. */
const TRACKING_COOKIES = { _fbc: fbcFor('abc'), _fbp: FAKE_FBP };
const CONFIG_URL = `${baseUrl}/config.json`;
/** The key the runtime keeps the feature1 draw under. */
const FEATURE1_DRAW_KEY = 'store-landing:paywall-draw:feature1';

describe('split test', () => {
  /** A config that would give `discount` to every draw, were it read. */
  const discountOnly = JSON.stringify({ feature1: { discount: 100 } });

  browserTest.for<[string, FakeResponse]>([
    ['answered with 500', { status: 500, contentType: 'application/json', body: discountOnly }],
    ['answered as text/html', { status: 200, contentType: 'text/html; charset=utf-8', body: discountOnly }],
    ['with broken JSON', { status: 200, contentType: 'application/json', body: '{"feature1": {"discount": 100' }],
  ])('config.json %s gives fullPrice', async ([, configJson], { context }) => {
    const { page, fakes, errors } = await visit(context, '/feature1?utm_source=fb', {
      fakes: { configJson },
      random: 0.9,
      cookies: TRACKING_COOKIES,
    });
    expect(await drawnPaywall(page)).toBe('fullPrice');
    expect(fakes.records.configRequests).toEqual([CONFIG_URL]);
    expect(errors).toEqual([]);
  });

  browserTest('draws against the weights of variants.yaml and keeps the draw across a reload', async ({ context }) => {
    // feature1: fullPrice owns draws 0 to 60, discount 60 to 100.
    expect(settings.splitTest.feature1).toEqual({ fullPrice: 60, discount: 40 });
    const { page, console: messages } = await visit(context, '/feature1?utm_source=fb', { random: 0.9, cookies: TRACKING_COOKIES });
    expect(await drawnPaywall(page)).toBe('discount');
    expect(await page.evaluate((key) => localStorage.getItem(key), FEATURE1_DRAW_KEY)).toBe('90');
    // A fresh draw would now be 10, fullPrice: the kept 90 must win.
    await fixRandom(page, 0.1);
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    expect(await drawnPaywall(page)).toBe('discount');
    // A visitor without a kept draw does draw afresh.
    await page.evaluate((key) => localStorage.removeItem(key), FEATURE1_DRAW_KEY);
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    expect(await drawnPaywall(page)).toBe('fullPrice');
    // The link changed before React hydrated: hydration must not have complained.
    expect(messages.filter((message) => /^(error|warn)/.test(message))).toEqual([]);
  });

  browserTest.for(['/feature1', '/feature1/'])('fetches config.json from the campaign root on %s', async (route, { context }) => {
    const { fakes } = await visit(context, route);
    await waitUntil(() => fakes.records.configRequests.length > 0, 'the config.json request');
    expect(fakes.records.configRequests).toEqual([CONFIG_URL]);
  });
});

describe('back trap', () => {
  browserTest('keeps the page and its query when Back is pressed, again and again', async ({ context }) => {
    const opened = await visit(context, '/feature1?utm_source=fb&x=1', {
      // Arriving from an ad, so there is a page to go back to.
      beforeLoad: (page) => page.goto('data:text/html,<title>ad</title>'),
    });
    const { page } = opened;
    const url = `${baseUrl}/feature1?utm_source=fb&x=1`;
    expect(page.url()).toBe(url);
    await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
    for (let press = 1; press <= 3; press += 1) {
      await pressBack(page);
      expect(page.url(), `after Back #${press}`).toBe(url);
    }
    expect(await page.evaluate(() => (window as unknown as { stillThisDocument?: boolean }).stillThisDocument)).toBe(true);
    expect(await page.$(GET)).not.toBeNull();
  });
});

describe('language fallback', () => {
  browserTest('switches plain / served in English to German in place for a browser preferring de', async ({ context }) => {
    // The plain routes' inline script would send this German browser to /de/ before paint; served
    // without it, as a host that dropped or broke it would, the runtime's in-place switch is what is left.
    const languageRedirect = withoutLanguageRedirect();
    const {
      page,
      errors,
      console: messages,
    } = await visit(context, '/?utm_source=fb', {
      page: { acceptLanguage: 'en', route: languageRedirect },
      cookies: TRACKING_COOKIES,
      beforeLoad: (page) =>
        page.evaluateOnNewDocument(() => {
          Object.defineProperty(Navigator.prototype, 'languages', { get: () => ['de-DE', 'de', 'en'] });
          Object.defineProperty(Navigator.prototype, 'language', { get: () => 'de-DE' });
          // The language the server sent, before the runtime had a say.
          document.addEventListener('DOMContentLoaded', () => Object.assign(window, { servedLang: document.documentElement.lang }));
        }),
    });
    expect(languageRedirect.stripped).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { servedLang?: string }).servedLang)).toBe('en');
    await page.waitForFunction(() => document.documentElement.lang === 'de', { timeout: 5000 });
    await page.waitForFunction(() => document.body.innerText.includes('Bewertungen und Rezensionen'), { timeout: 5000 });
    expect(page.url()).toBe(`${baseUrl}/?utm_source=fb`);
    // The German page was morphed in; every CTA still shows the rebuilt install link. Read all at
    // once: Smart Script may rebuild the link again after the first match, on every CTA alike.
    const rebuilt = new RegExp(`[?&]${paramOf('cookie._fbc')}=`);
    await waitForHref(page, rebuilt);
    const hrefs = [...new Set(await page.$$eval('a[data-cta]', (anchors) => anchors.map((anchor) => anchor.getAttribute('href'))))];
    expect(hrefs).toHaveLength(1);
    expect(hrefs[0]).toMatch(rebuilt);
    expect(errors).toEqual([]);
    expect(messages.filter((message) => /^(error|warn)/.test(message))).toEqual([]);
  });
});

describe('payment SDK', () => {
  const scriptUrls = settings.payments.braintree.components.map(
    (component) => `https://js.braintreegateway.com/web/3.100.0/js/${component}.min.js`,
  );

  browserTest('requests the braintree-web 3.100.0 CDN scripts of variants.yaml, in order, after the load event', async ({ context }) => {
    const { page, fakes, console: messages } = await visit(context, '/feature1');
    await waitUntil(() => fakes.requestsTo('braintree').length === scriptUrls.length, 'the payment SDK scripts');
    const requests = fakes.requestsTo('braintree');
    expect(requests.map((request) => request.url)).toEqual(scriptUrls);
    const loadEventAt = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return performance.timeOrigin + navigation!.loadEventStart;
    });
    expect(requests[0]!.at).toBeGreaterThanOrEqual(Math.floor(loadEventAt));
    await sleep(200);
    expect(messages.filter((message) => message.startsWith('warn:'))).toEqual([]);
  });

  browserTest.for<[string, HostMode]>([
    ['blocked', 'block'],
    ['answered 404', 404],
  ])('warns exactly once, and only, when the CDN is %s', async ([, mode], { context }) => {
    const { fakes, console: messages, errors } = await visit(context, '/feature1', { fakes: { hosts: { braintree: mode } } });
    await waitUntil(() => messages.some((message) => message.startsWith('warn:')), 'the payment SDK warning');
    await sleep(500);
    const warnings = messages.filter((message) => message.startsWith('warn:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('braintree-web 3.100.0');
    expect(warnings[0]).toContain(scriptUrls[0]);
    // The first failure stops the rest: the components need the client.
    expect(fakes.requestsTo('braintree').map((request) => request.url)).toEqual([scriptUrls[0]]);
    expect(errors).toEqual([]);
  });
});
