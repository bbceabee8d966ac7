// Every ad network on a served build with local fakes of their loaders: page views and one tap id for all
// before the redirect, their cookies in the link, blocked ones, a campaign with none, consent required.
import type { Page } from 'puppeteer';
import { describe, expect } from 'vitest';
import { browserTest, waitForPaymentSdk } from './browser.ts';
import { FAKE_FBP, FAKE_SCID, FAKE_TTP, gclAwFor, type FakedPage, type FakeHost, type HostMode } from './fakes.ts';
import { waitUntil } from '../helpers.ts';
import { fixtureSite } from './fixture-site.ts';
import { GET, paramOf, paramsOf, sleep, visit, waitForHref } from './runtime-helpers.ts';

// tests/fixtures/site/ad-networks.yaml: every network at the top level; campaigns /no-pixels/ (all null) and /consent/ (consent required).
const site = fixtureSite('ad-networks', { all: true });
const { tracking } = site.settings as typeof site.settings & { tracking: Record<string, string> };
const DEFAULT_LINK = site.settings.tracking.appsflyer.oneLink.default;
const NETWORK_HOSTS: FakeHost[] = ['metaPixel', 'tiktokPixel', 'snapPixel', 'googleTag'];
/** The hosts a page without any ad network may still talk to: AppsFlyer's, Braintree's, and OneLink's for the tap's navigation. */
const NON_NETWORK_HOSTS = /^(websdk|wa|onelinksmartscript)\.appsflyer\.com$|^js\.braintreegateway\.com$|\.onelink\.me$/;

/** Console errors and warnings, less Chromium's line for each request a fake blocked on purpose. */
const problems = (messages: string[]) =>
  messages.filter((message) => /^(error|warn)/.test(message) && !/net::ERR_(BLOCKED_BY_CLIENT|FAILED)|status of (404|500)/.test(message));

/** The page's store-landing dataLayer entries. */
function published(
  page: Page,
): Promise<Array<{ event: string; eventID: string; networks: Record<string, string>; withoutEventId?: Record<string, string> }>> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
      (entry): entry is { event: string; eventID: string; networks: Record<string, string> } =>
        typeof (entry as { event?: unknown }).event === 'string' && (entry as { event: string }).event.startsWith('store-landing.'),
    ),
  );
}

/** Waits until every network's fake has its page view: Meta's PageView, TikTok's page, Snap's PAGE_VIEW, Google's config. */
async function pageViewsArrived(opened: FakedPage): Promise<void> {
  const { fakes } = opened;
  await waitUntil(
    () =>
      fakes.tracked('PageView').length > 0 &&
      fakes.networkCalls('tiktok').some((call) => call.method === 'page') &&
      fakes.networkCalls('snap').some((call) => call.event === 'PAGE_VIEW') &&
      fakes.networkCalls('google').some((call) => call.method === 'config'),
    "every network's page view",
  );
}

/** Taps GET and reads the tap's dataLayer entry before the page leaves; resolves once the tab has reached the OneLink host. */
async function tapGet(page: Page) {
  const navigation = page.waitForNavigation({ waitUntil: 'load', timeout: 10_000 });
  await page.tap(GET);
  const entries = await published(page);
  await navigation;
  return { entry: entries.find((item) => item.event === 'store-landing.AddToCart'), url: page.url() };
}

describe('every network on one page', () => {
  browserTest('gets its page view on load, then the tap under one id shared by all, each before the redirect', async ({ context }) => {
    const opened = await visit(context, '/feature1?utm_source=tiktok&ttclid=T1', {
      site: site.url,
      fakes: { pixelSetsCookies: true, networksSetCookies: true },
    });
    const { page, fakes, console: messages, errors } = opened;
    await pageViewsArrived(opened);
    // One page view id: Meta's eventID, Snap's client_dedup_id and the dataLayer's copy.
    const [pageView] = await published(page);
    expect(pageView).toMatchObject({
      event: 'store-landing.PageView',
      networks: { meta: 'PageView', snap: 'PAGE_VIEW' },
      withoutEventId: { tiktok: 'Pageview', google: 'page_view' },
    });
    expect(fakes.tracked('PageView').map((call) => call.eventID)).toEqual([pageView!.eventID]);
    expect(fakes.networkCalls('snap').map((call) => [call.method, call.event, call.eventId])).toEqual([
      ['init', tracking.snapPixelId, null],
      ['track', 'PAGE_VIEW', pageView!.eventID],
    ]);
    expect(fakes.networkCalls('tiktok').map((call) => call.method)).toEqual(['page']);
    expect(fakes.networkCalls('google').map((call) => [call.method, call.event])).toEqual([['config', tracking.googleTagId]]);

    const { entry, url } = await tapGet(page);
    expect(entry).toMatchObject({
      eventName: 'AddToCart',
      networks: { meta: 'AddToCart', tiktok: 'AddToCart', snap: 'ADD_CART', google: 'conversion' },
    });
    const id = entry!.eventID;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const taps = {
      meta: fakes.tracked('AddToCart'),
      tiktok: fakes.networkCalls('tiktok').filter((call) => call.event === 'AddToCart'),
      snap: fakes.networkCalls('snap').filter((call) => call.event === 'ADD_CART'),
      google: fakes.networkCalls('google').filter((call) => call.event === 'conversion'),
    };
    expect(taps.meta.map((call) => call.eventID)).toEqual([id]);
    for (const network of ['tiktok', 'snap', 'google'] as const)
      expect(
        taps[network].map((call) => call.eventId),
        network,
      ).toEqual([id]);
    expect(taps.google[0]!.params).toEqual({ send_to: `${tracking.googleTagId}/${tracking.googleAdsConversion}`, transaction_id: id });
    // All of them reached their hosts before the tab left for the install link.
    const leftAt = fakes.records.oneLink.at(-1)!.at;
    for (const [network, calls] of Object.entries(taps)) expect(calls[0]!.at, network).toBeLessThanOrEqual(leftAt);
    expect(url.startsWith(site.settings.tracking.appsflyer.oneLink.base)).toBe(true);
    expect(problems(messages)).toEqual([]);
    expect(errors).toEqual([]);
  });

  browserTest.for(['blocked', '2.10.4'] as const)(
    "gives the install link the networks' cookies and click ids (Smart Script %s)",
    async (smartScript, { context }) => {
      const route = '/feature1?utm_source=snapchat&ScCid=S1&ttclid=T1&gclid=G1';
      const opened = await visit(context, route, {
        site: site.url,
        fakes: { pixelSetsCookies: true, networksSetCookies: true, hosts: { smartScript: smartScript === 'blocked' ? 'block' : 'answer' } },
      });
      const { page } = opened;
      const attribution = site.settings.tracking.attribution;
      // Every network's script has run and set its cookie, and the link is built: by the Smart Script when it is there.
      await pageViewsArrived(opened);
      await waitForHref(
        page,
        smartScript === 'blocked' ? new RegExp(`[?&]${paramOf('cookie._gcl_aw', attribution)}=`) : /[?&]af_js_web=true/,
      );
      // The link the visitor leaves with: rebuilt at the tap from the cookies there are then, which on a
      // busy machine can include a cookie set after the link above was built.
      const { url } = await tapGet(page);
      const params = new Map(paramsOf(url));
      if (smartScript !== 'blocked') expect(params.get('af_js_web')).toBe('true');
      expect(params.get(paramOf('cookie._ttp', attribution))).toBe(FAKE_TTP);
      expect(params.get(paramOf('cookie._scid', attribution))).toBe(FAKE_SCID);
      expect(params.get(paramOf('cookie._gcl_aw', attribution))).toBe(gclAwFor('G1'));
      expect(params.get(paramOf('cookie._fbp', attribution))).toBe(FAKE_FBP);
      expect([params.get('ttclid'), params.get('sccid'), params.get('gclid')]).toEqual(['T1', 'S1', 'G1']);
    },
  );

  browserTest(
    'rebuilds the link, before any tap, with the cookie of a network whose script came after the link was built',
    async ({ context }) => {
      const opened = await visit(context, '/feature1?gclid=G1', {
        site: site.url,
        fakes: { pixelSetsCookies: true, networksSetCookies: true, hosts: { smartScript: 'block', googleTag: { delayMs: 5_000 } } },
      });
      const { page, fakes } = opened;
      const attribution = site.settings.tracking.attribution;
      // Built on Meta's _fbp, while the Google tag was still on its way.
      const first = await waitForHref(page, new RegExp(`[?&]${paramOf('cookie._fbp', attribution)}=`));
      expect(fakes.networkCalls('google')).toEqual([]);
      expect(paramsOf(first).map(([name]) => name)).not.toContain(paramOf('cookie._gcl_aw', attribution));
      // The link shown (and the desktop QR code) gets _gcl_aw once the tag has set it, with no tap to rebuild it.
      const params = new Map(paramsOf(await waitForHref(page, new RegExp(`[?&]${paramOf('cookie._gcl_aw', attribution)}=`))));
      expect(params.get(paramOf('cookie._gcl_aw', attribution))).toBe(gclAwFor('G1'));
      expect(params.get('gclid')).toBe('G1');
    },
  );
});

describe('a network whose loader fails', () => {
  const CASES: Array<[string, Partial<Record<FakeHost, HostMode>>, string]> = [
    ['TikTok blocked', { tiktokPixel: 'block' }, 'TikTok pixel'],
    ['Snap answering garbage', { snapPixel: 'garbage' }, 'Snap Pixel'],
    ['the Google tag answering 404', { googleTag: 404 }, 'Google tag'],
    [
      'all four blocked',
      { metaPixel: 'block', tiktokPixel: 'block', snapPixel: 'block', googleTag: 'block' },
      'Meta pixel, TikTok pixel, Snap Pixel, Google tag',
    ],
  ];

  browserTest.for(CASES)(
    '%s: one warning naming it, the others still get the tap, the CTA reaches the link',
    async ([, hosts, named], { context }) => {
      const {
        page,
        fakes,
        console: messages,
        errors,
      } = await visit(context, '/feature1?utm_source=tiktok', { site: site.url, fakes: { hosts } });
      const warnings = () => messages.filter((message) => message.startsWith('warn') && message.includes('Ad network'));
      await waitUntil(() => warnings().length > 0, 'the ad network warning');
      expect(warnings()).toEqual([
        `warn: Ad network scripts did not load (blocked, failed or not JavaScript): ${named}. They get no events; the install link works.`,
      ]);
      expect(await page.$eval('h1', (h1) => h1.textContent)).toBeTruthy();
      const { entry, url } = await tapGet(page);
      expect(url === DEFAULT_LINK || url.startsWith(site.settings.tracking.appsflyer.oneLink.base + '?')).toBe(true);
      const working = { tiktokPixel: 'tiktok', snapPixel: 'snap', googleTag: 'google' } as const;
      for (const [host, network] of Object.entries(working)) {
        if (!hosts[host as FakeHost])
          expect(
            fakes.networkCalls(network).some((call) => call.eventId === entry!.eventID),
            network,
          ).toBe(true);
      }
      if (!hosts.metaPixel) expect(fakes.tracked('AddToCart').map((call) => call.eventID)).toEqual([entry!.eventID]);
      expect(problems(messages).filter((message) => !message.includes('Ad network'))).toEqual([]);
      // What a garbage script throws as it runs is the runtime's to handle, never uncaught.
      expect(errors).toEqual([]);
    },
  );
});

describe('a campaign that turns every network off with null', () => {
  browserTest("makes no third-party request but AppsFlyer's and Braintree's, and its CTA reaches the link", async ({ context }) => {
    const opened = await visit(context, '/no-pixels/feature1?utm_source=tiktok&ttclid=T1&fbclid=F1', {
      site: site.url,
      fakes: { pixelSetsCookies: true },
    });
    const { page, thirdParty, fakes, console: messages, errors } = opened;
    await waitForPaymentSdk(page);
    await sleep(500);
    // No network was there to set _fbc/_fbp: a visitor with fbclid is attributed without waiting for them.
    await waitForHref(page, /[?&]ttclid=T1/);
    const { url } = await tapGet(page);
    expect(url.startsWith(site.settings.tracking.appsflyer.oneLink.base + '?')).toBe(true);
    const hosts = [...new Set(thirdParty.map((request) => new URL(request.url).hostname))];
    expect(hosts.filter((host) => !NON_NETWORK_HOSTS.test(host))).toEqual([]);
    for (const host of NETWORK_HOSTS) expect(fakes.requestsTo(host), host).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(problems(messages)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('consent required', () => {
  browserTest(
    'holds every network back until consent, tells each its consent API, and after a withdrawal sends no tap',
    async ({ context }) => {
      const opened = await visit(context, '/consent/feature1?utm_source=tiktok', { site: site.url, fakes: { pixelSetsCookies: true } });
      const { page, fakes, console: messages, errors } = opened;
      await sleep(2500);
      for (const host of NETWORK_HOSTS) expect(fakes.requestsTo(host), host).toEqual([]);
      expect(await published(page)).toEqual([]);

      await page.evaluate(() => (window as unknown as { storeLanding: { consent(granted: boolean): void } }).storeLanding.consent(true));
      await pageViewsArrived(opened);
      expect(fakes.records.pixel.filter((call) => call.method === 'consent').map((call) => call.event)).toEqual(['grant']);
      expect(fakes.networkCalls('tiktok').map((call) => call.method)).toEqual(['grantConsent', 'page']);
      expect(fakes.networkCalls('google').map((call) => [call.method, call.event])).toEqual([
        ['consent', 'default'],
        ['config', tracking.googleTagId],
      ]);

      await page.evaluate(() => (window as unknown as { storeLanding: { consent(granted: boolean): void } }).storeLanding.consent(false));
      await waitUntil(() => fakes.networkCalls('tiktok').some((call) => call.method === 'revokeConsent'), "TikTok's revokeConsent");
      await waitUntil(() => fakes.records.pixel.some((call) => call.method === 'consent' && call.event === 'revoke'), "Meta's revoke");
      await waitUntil(
        () => fakes.networkCalls('google').some((call) => call.method === 'consent' && call.event === 'update'),
        "Google's consent update",
      );
      expect(fakes.networkCalls('google').at(-1)!.params).toEqual({
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
      });

      const { entry, url } = await tapGet(page);
      expect(entry).toBeUndefined();
      expect(url).toBe(DEFAULT_LINK);
      expect(fakes.tracked('AddToCart')).toEqual([]);
      expect(fakes.records.networks.filter((call) => ['AddToCart', 'ADD_CART', 'conversion'].includes(call.event))).toEqual([]);
      expect(problems(messages)).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
