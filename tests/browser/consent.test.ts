// Consent mode `required`: nothing third-party and no cookie until the visitor consents, the iOS-style
// prompt, Allow, Don't Allow, and the page's hook.
import type { HTTPRequest } from 'puppeteer';
import { describe, expect } from 'vitest';
import { waitUntil } from '../helpers.ts';
import { IPHONE, browserTest, waitForHydration, withoutLanguageRedirect } from './browser.ts';
import {
  consentState,
  consentVisits,
  cookieAccess,
  cookieNames,
  PROMPT,
  promptAfterSettling,
  promptGone,
  promptOf,
  readPrompt,
  SETTLE_MS,
  storedAnswer,
  trackerRequests,
  TRACKERS,
} from './consent-page.ts';
import { FAKE_FBP } from './fakes.ts';
import { fixtureSite } from './fixture-site.ts';
import { allCtaHrefs, GET, sleep, tapAndFollow, visit, waitForHref } from './runtime-helpers.ts';

// tests/fixtures/site/runtime-consent.yaml: runtime-tracking.yaml with tracking.consent: required.
const site = fixtureSite('runtime-consent');
const DEFAULT_LINK = site.settings.tracking.appsflyer.oneLink.default;
const { textsOf, visitWatched } = consentVisits(site);

describe('consent required, before an answer', () => {
  browserTest(
    'loads nothing third-party, touches no cookie, asks in an iOS-style card, and the CTA reaches the default link',
    async ({ context }) => {
      const opened = await visitWatched(context, '/feature1?utm_source=fb&fbclid=abc');
      const { page, fakes, errors } = opened;
      const en = textsOf('en');
      expect(await readPrompt(page)).toEqual(promptOf(en));
      await sleep(SETTLE_MS);
      for (const host of TRACKERS) expect(fakes.requestsTo(host), host).toEqual([]);
      expect(await cookieAccess(page)).toEqual({ reads: 0, writes: 0 });
      expect((await cookieNames(page)).filter((name) => ['_fbp', '_fbc', 'afUserId'].includes(name))).toEqual([]);
      expect(await consentState(page)).toBe('pending');
      expect(await storedAnswer(page)).toBeNull();
      // Not modal: the card sits at the bottom of the screen, the page stays usable above it.
      const card = await page.$eval(
        `${PROMPT} [role="dialog"]`,
        (element) => JSON.parse(JSON.stringify(element.getBoundingClientRect())) as DOMRect,
      );
      expect(card.bottom).toBeLessThanOrEqual(IPHONE.height);
      expect(card.bottom).toBeGreaterThan(IPHONE.height - 40);
      expect(card.left).toBeGreaterThanOrEqual(0);
      expect(card.right).toBeLessThanOrEqual(IPHONE.width);
      expect(await allCtaHrefs(page)).toEqual([DEFAULT_LINK]);

      const tap = await tapAndFollow(page, GET);
      expect(tap.url).toBe(DEFAULT_LINK);
      expect(trackerRequests(opened)).toBe(0);
      expect(fakes.records.pixel).toEqual([]);
      expect(opened.violations).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  browserTest('asks in German on /de/feature1', async ({ context }) => {
    const { page, errors, violations } = await visitWatched(context, '/de/feature1?utm_source=fb');
    const de = textsOf('de');
    expect(de.title).toBe('Tracking erlauben?');
    expect(await readPrompt(page)).toEqual(promptOf(de));
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  browserTest('follows a switch of language in place: asked in English, then in German once the German page is in', async ({ context }) => {
    // The plain / served without its inline language script (as a host that dropped it would
    // serve it) to a German browser: the runtime switches it in place when the German page,
    // held here until the prompt is up, arrives.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const languageRedirect = withoutLanguageRedirect();
    const route = async (request: HTTPRequest) => {
      if (request.resourceType() === 'fetch' && new URL(request.url()).pathname === '/de') await held;
      return languageRedirect(request);
    };
    const { page, errors } = await visit(context, '/', {
      site: site.url,
      page: { acceptLanguage: 'en', route },
      beforeLoad: (page) =>
        page.evaluateOnNewDocument(() => Object.defineProperty(Navigator.prototype, 'languages', { get: () => ['de-DE', 'de'] })),
    });
    expect(languageRedirect.stripped).toBe(1);
    expect((await readPrompt(page)).title).toBe(textsOf('en').title);
    release();
    await page.waitForFunction(() => document.documentElement.lang === 'de', { timeout: 10_000 });
    const de = textsOf('de');
    expect(await readPrompt(page)).toEqual(promptOf(de));
    expect(errors).toEqual([]);
  });
});

describe("the visitor's answer", () => {
  browserTest(
    'Allow: the prompt goes, the trackers load with consent granted before init, the link is attributed; a reload tracks at once',
    async ({ context }) => {
      const opened = await visitWatched(context, '/feature1?utm_source=fb&fbclid=abc');
      const { page, fakes, errors } = opened;
      await readPrompt(page);
      await page.click(`${PROMPT} [data-consent="allow"]`);
      await promptGone(page);
      await waitUntil(() => TRACKERS.every((host) => fakes.requestsTo(host).length > 0), 'every tracker host');
      await waitUntil(() => fakes.records.pixel.length >= 3, 'consent, init and PageView');
      const calls = [...fakes.records.pixel].sort((a, b) => a.seq - b.seq);
      expect(calls.slice(0, 3).map(({ method, event }) => [method, event])).toEqual([
        ['consent', 'grant'],
        ['init', ''],
        ['track', 'PageView'],
      ]);
      const href = await waitForHref(page, /[?&]af_sub1=/);
      expect(new URL(href).searchParams.get('af_sub2')).toBe(FAKE_FBP);
      expect(await consentState(page)).toBe('granted');
      expect(await storedAnswer(page)).toBe('granted');
      // The counter works: with consent, the runtime and the trackers do use the cookies.
      expect((await cookieAccess(page)).reads).toBeGreaterThan(0);
      expect((await cookieAccess(page)).writes).toBeGreaterThan(0);

      const pixelLoads = fakes.requestsTo('metaPixel').length;
      await page.reload({ waitUntil: 'load' });
      await waitForHydration(page);
      await waitUntil(() => fakes.requestsTo('metaPixel').length > pixelLoads, 'the pixel on the reload');
      await waitUntil(() => fakes.tracked('PageView').length === 2, "the reload's PageView");
      await waitForHref(page, /[?&]af_sub1=/);
      expect(await promptAfterSettling(page)).toBe(false);
      expect(opened.violations).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  browserTest('Don\u2019t Allow: nothing loads, on this load or after a reload', async ({ context }) => {
    const opened = await visitWatched(context, '/feature1?utm_source=fb&fbclid=abc');
    const { page, errors } = opened;
    await readPrompt(page);
    await page.click(`${PROMPT} [data-consent="decline"]`);
    await promptGone(page);
    await sleep(SETTLE_MS);
    expect(trackerRequests(opened)).toBe(0);
    expect(await consentState(page)).toBe('denied');
    expect(await storedAnswer(page)).toBe('denied');
    expect(await cookieAccess(page)).toEqual({ reads: 0, writes: 0 });

    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    expect(await promptAfterSettling(page)).toBe(false);
    expect(trackerRequests(opened)).toBe(0);
    expect(await cookieAccess(page)).toEqual({ reads: 0, writes: 0 });
    expect(await allCtaHrefs(page)).toEqual([DEFAULT_LINK]);
    expect(opened.violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe("the page's hook, window.storeLanding", () => {
  browserTest("consent(true) is Allow; consent(false) revokes the pixel's consent and puts the default link back", async ({ context }) => {
    const opened = await visitWatched(context, '/feature1?utm_source=fb&fbclid=abc');
    const { page, fakes, errors } = opened;
    await readPrompt(page);
    await page.evaluate(() => (window as unknown as { storeLanding: { consent(granted: boolean): void } }).storeLanding.consent(true));
    await promptGone(page);
    await waitUntil(() => TRACKERS.every((host) => fakes.requestsTo(host).length > 0), 'every tracker host');
    await waitForHref(page, /[?&]af_sub1=/);
    expect(await consentState(page)).toBe('granted');

    await page.evaluate(() => (window as unknown as { storeLanding: { consent(granted: boolean): void } }).storeLanding.consent(false));
    await waitUntil(
      () => fakes.records.pixel.some((call) => call.method === 'consent' && call.event === 'revoke'),
      "the pixel's consent revoke",
    );
    await page.waitForFunction(
      (selector, link) => document.querySelector(selector)?.getAttribute('href') === link,
      { timeout: 5000 },
      GET,
      DEFAULT_LINK,
    );
    expect(await allCtaHrefs(page)).toEqual([DEFAULT_LINK]);
    expect(await consentState(page)).toBe('denied');
    expect(await storedAnswer(page)).toBe('denied');
    // The link stays the default one: no later poll or Smart Script call brings the attributed one back.
    await sleep(1500);
    expect(await allCtaHrefs(page)).toEqual([DEFAULT_LINK]);
    expect(opened.violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  // Without a grant after the revoke the real pixel would stay revoked, and lose the visit's AddToCart.
  browserTest("consent(true) after consent(false) grants the pixel's consent again", async ({ context }) => {
    const { page, fakes } = await visitWatched(context, '/feature1?utm_source=fb&fbclid=abc');
    await readPrompt(page);
    const answer = (granted: boolean) =>
      page.evaluate(
        (value) => (window as unknown as { storeLanding: { consent(granted: boolean): void } }).storeLanding.consent(value),
        granted,
      );
    await answer(true);
    await waitUntil(() => fakes.tracked('PageView').length === 1, 'the PageView');
    await answer(false);
    await waitUntil(() => fakes.records.pixel.some((call) => call.event === 'revoke'), "the pixel's consent revoke");
    await answer(true);
    await waitForHref(page, /[?&]af_sub1=/);
    await sleep(1000);
    const consentCalls = [...fakes.records.pixel].sort((a, b) => a.seq - b.seq).filter((call) => call.method === 'consent');
    expect(consentCalls.map((call) => call.event)).toEqual(['grant', 'revoke', 'grant']);
  });

  browserTest('an answer set before the runtime starts (window.storeLanding = { consent: true }) needs no prompt', async ({ context }) => {
    const opened = await visitWatched(context, '/feature1?utm_source=fb&fbclid=abc', { preset: true });
    const { page, fakes, errors } = opened;
    await waitUntil(() => TRACKERS.every((host) => fakes.requestsTo(host).length > 0), 'every tracker host');
    await waitForHref(page, /[?&]af_sub1=/);
    expect(await promptAfterSettling(page)).toBe(false);
    expect(await consentState(page)).toBe('granted');
    expect(opened.violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe("the prompt's look", () => {
  browserTest.for([
    ['light', 'rgb(242, 242, 247)'],
    ['dark', 'rgb(44, 44, 46)'],
  ] as const)('follows the page in %s mode (screenshot in /tmp)', async ([scheme, cardBackground], { context }) => {
    const opened = await visitWatched(context, '/feature1?utm_source=fb');
    const { page, errors } = opened;
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
    await readPrompt(page);
    expect(await page.$eval(`${PROMPT} [role="dialog"]`, (card) => getComputedStyle(card).backgroundColor)).toBe(cardBackground);
    // The page's font stack, local faces first, not a stack of its own.
    const families = await page.$eval(`${PROMPT} [role="dialog"]`, (card) => [
      getComputedStyle(card).fontFamily,
      getComputedStyle(document.body).fontFamily,
    ]);
    expect(families[0]).toBe(families[1]);
    expect(families[0]).toMatch(/^"Local /);
    await page.screenshot({ path: `/tmp/store-landing-consent-prompt-${scheme}.png` });
    expect(opened.violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});
