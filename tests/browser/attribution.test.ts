// Every ad network attributed: custom query parameters, each network's click id, visitors without the Meta
// pixel, and the event ids of the pixel's events.
import { describe, expect } from 'vitest';
import { browserTest, waitForHydration } from './browser.ts';
import { FAKE_FBP, fbcFor } from './fakes.ts';
import { waitUntil } from '../helpers.ts';
import { fixtureSite } from './fixture-site.ts';
import {
  countParam,
  finalLink,
  GET,
  hrefChanges,
  paramsOf,
  recordHrefChanges,
  SMART_SCRIPTS,
  tapAndFollow,
  visit,
  waitForHref,
} from './runtime-helpers.ts';

// tests/fixtures/site/runtime-tracking.yaml maps my_key <- query.my_key, x <- query.x and af_sub3 <- query.ttclid besides the usual.
const site = fixtureSite('runtime-tracking');
const { base: ONE_LINK_BASE, default: DEFAULT_LINK } = site.settings.tracking.appsflyer.oneLink;

/** Every parameter name of a link, each exactly once. */
function expectNoRepeats(link: string): void {
  const names = paramsOf(link).map(([name]) => name);
  expect(
    names.filter((name, index) => names.indexOf(name) !== index),
    link,
  ).toEqual([]);
}

describe('custom query parameters', () => {
  const route = '/feature1?utm_source=fb&fbclid=abc&my+key=1&x=hello%20world';

  browserTest.for(SMART_SCRIPTS.slice(0, 2))(
    'reach the install link once each, underscore rule applied, with the Smart Script %s',
    async ([, smartScript], { context }) => {
      const { page, fakes, errors } = await visit(context, route, {
        site: site.url,
        fakes: { pixelSetsCookies: true, hosts: { smartScript: smartScript.mode }, smartScriptBuild: smartScript.smartScriptBuild },
      });
      await waitForHref(page, finalLink(smartScript.mode, 'af_sub1'));
      const tap = await tapAndFollow(page, GET);
      expect(tap.url.startsWith(`${ONE_LINK_BASE}?`)).toBe(true);
      const params = paramsOf(tap.url);
      expect(params.filter(([name]) => name === 'my_key')).toEqual([['my_key', '1']]);
      expect(params.filter(([name]) => name === 'x')).toEqual([['x', 'hello world']]);
      expect(params.filter(([name]) => name === 'fbclid')).toEqual([['fbclid', 'abc']]);
      expect(new Map(params).get('af_sub1')).toBe(fbcFor('abc'));
      expectNoRepeats(tap.url);
      expect(fakes.records.oneLink.map((visit) => visit.url)).toEqual([tap.url]);
      expect(errors).toEqual([]);
    },
  );
});

describe('click ids of every network', () => {
  /** Network, query, the install-link parameters it must give. */
  const NETWORKS: Array<[string, string, Record<string, string>]> = [
    ['TikTok', 'utm_source=tiktok&ttclid=tt.1', { ttclid: 'tt.1', af_sub3: 'tt.1' }],
    ['Google Ads with a keyword', 'utm_source=google&gclid=g-1&keyword=sale+boat', { gclid: 'g-1', af_keywords: 'sale boat' }],
    ['Google Ads, iOS app (gbraid)', 'utm_source=google&gbraid=gb-1', { gbraid: 'gb-1' }],
    ['Google Ads, iOS web (wbraid)', 'utm_source=google&wbraid=wb-1', { wbraid: 'wb-1' }],
    ['X', 'utm_source=twitter&twclid=tw-1', { twclid: 'tw-1' }],
    ['Snapchat (ScCid)', 'utm_source=snapchat&ScCid=sc-1', { sccid: 'sc-1' }],
    ['Microsoft Advertising (msclkid)', 'utm_source=bing&msclkid=ms-1', { clickid: 'ms-1' }],
  ];
  const CASES = NETWORKS.flatMap(([network, query, expected]) =>
    SMART_SCRIPTS.map(([label, smartScript]) => [network, label, query, expected, smartScript] as const),
  );

  browserTest.for(CASES)(
    '%s, Smart Script %s: attributed, each parameter once',
    async ([, , query, expected, smartScript], { context }) => {
      const { page, fakes, errors } = await visit(context, `/feature1?${query}`, {
        site: site.url,
        fakes: { pixelSetsCookies: true, hosts: { smartScript: smartScript.mode }, smartScriptBuild: smartScript.smartScriptBuild },
        beforeLoad: recordHrefChanges,
      });
      const [firstParam] = Object.keys(expected);
      const href = await waitForHref(page, finalLink(smartScript.mode, firstParam!));
      await fakes.reported(page);
      // No fbclid: the pixel fake sets _fbp only, and nobody waits for an _fbc that never comes
      // (how soon after the pixel: timing/real-time.test.ts).
      expect(
        (await hrefChanges(page)).some((change) => change.href.startsWith(`${ONE_LINK_BASE}?`)),
        'an attributed link',
      ).toBe(true);

      const params = new Map(paramsOf(href));
      for (const [name, value] of Object.entries(expected)) {
        expect(countParam(href, name), `${name} in ${href}`).toBe(1);
        expect(params.get(name), name).toBe(value);
      }
      expectNoRepeats(href);
      expect(params.get('pid')).toBe(new URLSearchParams(query).get('utm_source'));
      expect(params.get('af_sub2')).toBe(FAKE_FBP);
      expect(params.has('af_sub1')).toBe(false);
      // The Smart Script's link is kept as it is; ours only appends what its build did not forward.
      if (smartScript.mode !== 'block') expect(href.startsWith(fakes.records.smartScriptCalls.at(-1)!.clickURL!)).toBe(true);
      expect(errors).toEqual([]);
    },
  );
});

describe('visitors whose pixel is blocked', () => {
  browserTest.for([
    ['present', 'answer'],
    ['blocked', 'block'],
  ] as const)(
    'a TikTok visitor gets an attributed link without af_sub1 and af_sub2, Smart Script %s',
    async ([, smartScriptMode], { context }) => {
      const { page, errors } = await visit(context, '/feature1?utm_source=tiktok&ttclid=tt-2', {
        site: site.url,
        fakes: { hosts: { metaPixel: 'block', smartScript: smartScriptMode } },
      });
      const href = await waitForHref(page, finalLink(smartScriptMode, 'ttclid'));
      const params = new Map(paramsOf(href));
      expect(params.get('ttclid')).toBe('tt-2');
      expect(params.get('af_sub3')).toBe('tt-2');
      expect(params.get('pid')).toBe('tiktok');
      expect(params.has('af_sub1')).toBe(false);
      expect(params.has('af_sub2')).toBe(false);
      expectNoRepeats(href);
      expect(errors).toEqual([]);
    },
  );

  browserTest(
    'a Meta visitor (fbclid) whose pixel is blocked leaves on a link attributed without it, fbc formed from fbclid',
    async ({ context }) => {
      const { page, fakes, errors } = await visit(context, '/feature1?utm_source=fb&fbclid=abc', {
        site: site.url,
        fakes: { hosts: { metaPixel: 'block' } },
      });
      await waitUntil(() => fakes.requestsTo('metaPixel').length > 0, 'the pixel request');
      // Meta's documented form of fbc: fb.1.<creation time in ms>.<fbclid>.
      const fbc = /^fb\.1\.\d{13}\.abc$/;
      const href = await waitForHref(page, /fbclid=abc/);
      expect(new Map(paramsOf(href)).get('pid')).toBe('fb');
      expect(
        paramsOf(href).some(([, value]) => fbc.test(value)),
        href,
      ).toBe(true);
      const tap = await tapAndFollow(page, GET);
      expect(tap.url).not.toBe(DEFAULT_LINK);
      expect(
        paramsOf(tap.url).some(([, value]) => fbc.test(value)),
        tap.url,
      ).toBe(true);
      expect(errors).toEqual([]);
    },
  );
});

describe('event ids', () => {
  interface LayerEntry {
    event: string;
    eventName: string;
    eventID: string;
    eventTime: number;
    eventSourceUrl: string;
    networks: Record<string, string>;
  }
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const dataLayer = (page: import('puppeteer').Page) =>
    page.evaluate(() => (window as unknown as { dataLayer?: LayerEntry[] }).dataLayer ?? []);

  browserTest(
    'PageView and AddToCart carry distinct UUIDs, the same as their window.dataLayer entries; a reload gives a new PageView id',
    async ({ context }) => {
      const route = '/feature1?utm_source=fb&fbclid=abc';
      // The OneLink host answers late, so the page is still there to read after the tap's redirect starts.
      const { page, fakes, errors } = await visit(context, route, { site: site.url, fakes: { hosts: { oneLink: { delayMs: 3000 } } } });
      await waitUntil(() => fakes.tracked('PageView').length === 1, 'the PageView');
      const firstPageView = fakes.tracked('PageView')[0]!.eventID;
      expect(firstPageView).toMatch(UUID);
      const firstLayer = await dataLayer(page);
      expect(firstLayer).toEqual([
        {
          event: 'store-landing.PageView',
          eventName: 'PageView',
          eventID: firstPageView,
          eventTime: expect.any(Number),
          eventSourceUrl: site.url + route,
          networks: { meta: 'PageView' },
          withoutEventId: {},
        },
      ]);
      expect(Math.abs(firstLayer[0]!.eventTime - Date.now() / 1000)).toBeLessThan(60);

      await page.reload({ waitUntil: 'load' });
      await waitForHydration(page);
      await waitUntil(() => fakes.tracked('PageView').length === 2, 'the second PageView');
      const secondPageView = fakes.tracked('PageView')[1]!.eventID;
      expect(secondPageView).toMatch(UUID);
      expect(secondPageView).not.toBe(firstPageView);
      expect((await dataLayer(page)).map((entry) => entry.eventID)).toEqual([secondPageView]);

      // The tap: AddToCart leaves at once, the page 1000 ms later (and its document stays until the OneLink host answers).
      await page.tap(GET);
      const afterTap = await dataLayer(page);
      await waitUntil(() => fakes.tracked('AddToCart').length === 1, 'the AddToCart');
      const addToCart = fakes.tracked('AddToCart')[0]!.eventID;
      expect(addToCart).toMatch(UUID);
      expect(new Set([firstPageView, secondPageView, addToCart]).size).toBe(3);
      expect(afterTap.map(({ event, eventName, eventID }) => [event, eventName, eventID])).toEqual([
        ['store-landing.PageView', 'PageView', secondPageView],
        ['store-landing.AddToCart', 'AddToCart', addToCart],
      ]);
      await waitUntil(() => fakes.records.oneLink.length > 0, 'the navigation to the install link');
      expect(errors).toEqual([]);
    },
  );
});
