// The ad networks on a fake document: each vendor's base code (Meta, TikTok, Snap, Google), and
// loadAdNetworks's shared event ids, consent and single warning.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAdNetworks, type AdNetworkWindow } from '../../../page/runtime/ad-networks.ts';
import { createConsent } from '../../../page/runtime/consent.ts';
import { GOOGLE_TAG_SRC, googleTag, loadGoogleTag } from '../../../page/runtime/google-tag.ts';
import { loadMetaPixel, META_PIXEL_SRC, metaPixel } from '../../../page/runtime/meta-pixel.ts';
import { loadSnapPixel, SNAP_PIXEL_SRC, snapPixel } from '../../../page/runtime/snap-pixel.ts';
import { loadTikTokPixel, TIKTOK_PIXEL_SRC, tiktokPixel } from '../../../page/runtime/tiktok-pixel.ts';
import type { TrackingSettings } from '../../../page/contract/runtime-config.ts';
import { FakeDocument, type ScriptOutcome } from './fake-scripts.ts';

const META_ID = '123456789012345';
const TIKTOK_ID = 'C4A1B2C3D4E5F6G7H8I9';
const SNAP_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const GA4_ID = 'G-ABC123DEF4';
const ADS_ID = 'AW-123456789';
const TIKTOK_SRC = `${TIKTOK_PIXEL_SRC}?sdkid=${TIKTOK_ID}&lib=ttq`;
const PAGE_URL = 'https://landing.example/feature1?ttclid=t1';

const TRACKING: TrackingSettings = {
  metaPixelId: META_ID,
  tiktokPixelId: TIKTOK_ID,
  snapPixelId: SNAP_ID,
  googleTagId: ADS_ID,
  googleAdsConversion: 'AbC-D_efG',
  appsflyer: {
    webAppId: 'web-app-id',
    smartScript: true,
    oneLink: { base: 'https://pictura.onelink.me/Ab1c', default: 'https://pictura.onelink.me/Ab1c/install' },
    qrCode: { enabled: false, size: 256 },
    impressionPixel: false,
  },
  deepLink: 'pictura://create',
  attribution: {},
};
const LOAD = { consentGranted: false, pageViewId: 'page-view-id' };

/** What each vendor's script installs as it runs, as the real ones do: Meta's callMethod, Snap's handleRequest. */
function vendorScripts(win: AdNetworkWindow) {
  return (src: string) => {
    if (src === META_PIXEL_SRC && win.fbq) win.fbq.callMethod = () => {};
    if (src === SNAP_PIXEL_SRC && win.snaptr) win.snaptr.handleRequest = () => {};
  };
}

/** A dataLayer entry as a plain list: gtag pushes its `arguments` object, which gtag.js tells from other entries by its type. */
function gtagCommands(win: AdNetworkWindow): unknown[][] {
  return (win.dataLayer as unknown[])
    .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
    .map((entry) => Array.from(entry as ArrayLike<unknown>));
}

/** Each vendor's record of the tap's id: Meta's eventID, TikTok's event_id, Snap's client_dedup_id, Google Ads' transaction_id. */
function tapIds(win: AdNetworkWindow): Record<string, unknown> {
  const metaTap = win.fbq!.queue.find((call) => call[1] === 'AddToCart');
  const tiktokTap = (win.ttq as unknown as unknown[][]).find((call) => call[0] === 'track');
  const snapTap = win.snaptr!.queue.find((call) => call[1] === 'SIGN_UP');
  const googleTap = gtagCommands(win).find((call) => call[1] === 'conversion');
  return {
    meta: (metaTap?.[3] as { eventID?: string })?.eventID,
    tiktok: (tiktokTap?.[3] as { event_id?: string })?.event_id,
    snap: (snapTap?.[2] as { client_dedup_id?: string })?.client_dedup_id,
    google: (googleTap?.[2] as { transaction_id?: string })?.transaction_id,
  };
}

let warn: ReturnType<typeof vi.fn<(message: string) => void>>;
beforeEach(() => {
  vi.useFakeTimers();
  warn = vi.fn<(message: string) => void>();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the Meta pixel', () => {
  it('queues init and one PageView with the given event id, loads fbevents.js async, and sends AddToCart for a tap', () => {
    const doc = new FakeDocument();
    const win: AdNetworkWindow = {};
    void loadMetaPixel(win, doc as never, META_ID, LOAD);
    void loadMetaPixel(win, doc as never, META_ID, LOAD);
    expect(win.fbq?.queue).toEqual([
      ['init', META_ID],
      ['track', 'PageView', {}, { eventID: 'page-view-id' }],
    ]);
    expect(win._fbq).toBe(win.fbq);
    expect(win.fbq?.disablePushState).toBe(true);
    vi.advanceTimersByTime(0); // injectScript appends in a task of its own
    expect(doc.scriptSrcs()).toEqual([META_PIXEL_SRC]);
    expect(doc.scripts[0]!.async).toBe(true);
    metaPixel.trackTap(win, TRACKING, 'tap-id');
    expect(win.fbq?.queue.at(-1)).toEqual(['track', 'AddToCart', {}, { eventID: 'tap-id' }]);
  });

  it('grants consent before init when consent was required, revokes and grants again through fbq', () => {
    const win: AdNetworkWindow = {};
    void loadMetaPixel(win, new FakeDocument() as never, META_ID, { ...LOAD, consentGranted: true });
    expect(win.fbq?.queue.slice(0, 2)).toEqual([
      ['consent', 'grant'],
      ['init', META_ID],
    ]);
    metaPixel.revokeConsent(win);
    metaPixel.grantConsent(win);
    expect(win.fbq?.queue.slice(-2)).toEqual([
      ['consent', 'revoke'],
      ['consent', 'grant'],
    ]);
  });

  it('resolves true once fbevents.js has installed callMethod, false when it failed, threw or installed nothing', async () => {
    for (const [outcome, installs, expected] of [
      ['load', true, true],
      ['load', false, false],
      ['error', true, false],
      ['throw', true, false],
    ] as const) {
      const doc = new FakeDocument();
      const win: AdNetworkWindow = {};
      doc.scriptOutcome = () => outcome;
      if (installs) doc.runs = vendorScripts(win);
      const loaded = loadMetaPixel(win, doc as never, META_ID, LOAD);
      await vi.advanceTimersByTimeAsync(10);
      await expect(loaded).resolves.toBe(expected);
    }
  });

  it('does nothing without a pixel id or beside a pixel already on the page, and survives a broken fbq', async () => {
    const doc = new FakeDocument();
    const win: AdNetworkWindow = {};
    await expect(loadMetaPixel(win, doc as never, undefined, LOAD)).resolves.toBe(true);
    expect(win.fbq).toBeUndefined();
    win.fbq = (() => {
      throw new Error('broken');
    }) as never;
    await expect(loadMetaPixel(win, doc as never, META_ID, LOAD)).resolves.toBe(true);
    expect(doc.scripts).toHaveLength(0);
    expect(() => metaPixel.trackTap(win, TRACKING, 'id')).not.toThrow();
    expect(() => metaPixel.revokeConsent(win)).not.toThrow();
  });
});

describe('the TikTok pixel', () => {
  it('builds ttq as the base code does, loads events.js with the pixel id, queues the page view, ClickButton with event_id for a tap', () => {
    const doc = new FakeDocument();
    const win: AdNetworkWindow = {};
    void loadTikTokPixel(win, doc as never, TIKTOK_ID, LOAD);
    const ttq = win.ttq!;
    expect(win.TiktokAnalyticsObject).toBe('ttq');
    expect(ttq.methods).toEqual(expect.arrayContaining(['page', 'track', 'holdConsent', 'grantConsent', 'revokeConsent']));
    expect([...ttq._i[TIKTOK_ID]!]).toEqual([]);
    expect((ttq._i[TIKTOK_ID] as unknown as { _u: string })._u).toBe(TIKTOK_PIXEL_SRC);
    expect(ttq._t[TIKTOK_ID]).toBe(Date.now());
    expect(ttq._o[TIKTOK_ID]).toEqual({});
    vi.advanceTimersByTime(0);
    expect(doc.scriptSrcs()).toEqual([TIKTOK_SRC]);
    expect([...ttq]).toEqual([['page']]);
    tiktokPixel.trackTap(win, TRACKING, 'tap-id');
    expect(ttq.at(-1)).toEqual(['track', 'ClickButton', {}, { event_id: 'tap-id' }]);
    // An instance's queue, as events.js reads it per pixel id.
    (ttq.instance(TIKTOK_ID).track as (event: string) => void)('ViewContent');
    expect([...ttq._i[TIKTOK_ID]!]).toEqual([['track', 'ViewContent']]);
  });

  it("grants consent first when consent was required, and follows a withdrawal with TikTok's consent API", () => {
    const win: AdNetworkWindow = {};
    void loadTikTokPixel(win, new FakeDocument() as never, TIKTOK_ID, { ...LOAD, consentGranted: true });
    tiktokPixel.revokeConsent(win);
    tiktokPixel.grantConsent(win);
    expect([...win.ttq!]).toEqual([['grantConsent'], ['page'], ['revokeConsent'], ['grantConsent']]);
  });

  it('resolves true once events.js has run and false when it failed; nothing without an id or beside a ttq on the page', async () => {
    for (const [outcome, expected] of [
      ['load', true],
      ['error', false],
      ['throw', false],
    ] as Array<[ScriptOutcome, boolean]>) {
      const doc = new FakeDocument();
      doc.scriptOutcome = () => outcome;
      const loaded = loadTikTokPixel({}, doc as never, TIKTOK_ID, LOAD);
      await vi.advanceTimersByTimeAsync(10);
      await expect(loaded).resolves.toBe(expected);
    }
    const doc = new FakeDocument();
    await expect(loadTikTokPixel({}, doc as never, undefined, LOAD)).resolves.toBe(true);
    await expect(loadTikTokPixel({ ttq: [] as never }, doc as never, TIKTOK_ID, LOAD)).resolves.toBe(true);
    expect(doc.scripts).toHaveLength(0);
    expect(() => tiktokPixel.trackTap({ ttq: {} as never }, TRACKING, 'id')).not.toThrow();
  });
});

describe('the Snap Pixel', () => {
  it('queues init and PAGE_VIEW with its client_dedup_id, loads scevent.min.js, SIGN_UP for a tap, then hands calls to handleRequest', async () => {
    const doc = new FakeDocument();
    const win: AdNetworkWindow = {};
    doc.scriptOutcome = () => 'load';
    doc.runs = vendorScripts(win);
    const loaded = loadSnapPixel(win, doc as never, SNAP_ID, LOAD);
    expect(win.snaptr!.queue).toEqual([
      ['init', SNAP_ID],
      ['track', 'PAGE_VIEW', { client_dedup_id: 'page-view-id' }],
    ]);
    vi.advanceTimersByTime(0);
    expect(doc.scriptSrcs()).toEqual([SNAP_PIXEL_SRC]);
    snapPixel.trackTap(win, TRACKING, 'tap-id');
    expect(win.snaptr!.queue.at(-1)).toEqual(['track', 'SIGN_UP', { client_dedup_id: 'tap-id' }]);
    await vi.advanceTimersByTimeAsync(10);
    await expect(loaded).resolves.toBe(true);
    const handleRequest = vi.fn();
    win.snaptr!.handleRequest = handleRequest;
    snapPixel.trackTap(win, TRACKING, 'second-tap');
    expect(handleRequest).toHaveBeenCalledWith('track', 'SIGN_UP', { client_dedup_id: 'second-tap' });
  });

  it('counts a script that installed no handleRequest as failed, and does nothing without an id', async () => {
    const doc = new FakeDocument();
    doc.scriptOutcome = () => 'load';
    const loaded = loadSnapPixel({}, doc as never, SNAP_ID, LOAD);
    await vi.advanceTimersByTimeAsync(10);
    await expect(loaded).resolves.toBe(false);
    const win: AdNetworkWindow = {};
    await expect(loadSnapPixel(win, doc as never, undefined, LOAD)).resolves.toBe(true);
    expect(win.snaptr).toBeUndefined();
  });
});

describe('the Google tag', () => {
  it('pushes the arguments objects of js and config, loads gtag.js with the id, and sends an Ads conversion with transaction_id for a tap', () => {
    const doc = new FakeDocument();
    const win: AdNetworkWindow = {};
    void loadGoogleTag(win, doc as never, ADS_ID, LOAD);
    vi.advanceTimersByTime(0);
    expect(doc.scriptSrcs()).toEqual([`${GOOGLE_TAG_SRC}?id=${ADS_ID}`]);
    expect(gtagCommands(win)).toEqual([
      ['js', new Date()],
      ['config', ADS_ID],
    ]);
    googleTag.trackTap(win, TRACKING, 'tap-id');
    expect(gtagCommands(win).at(-1)).toEqual(['event', 'conversion', { send_to: `${ADS_ID}/AbC-D_efG`, transaction_id: 'tap-id' }]);
  });

  it("sends GA4's select_content with the id as event_id when there is no conversion label", () => {
    const win: AdNetworkWindow = { dataLayer: ['a tag manager entry'] };
    const tracking = { ...TRACKING, googleTagId: GA4_ID, googleAdsConversion: undefined };
    void loadGoogleTag(win, new FakeDocument() as never, GA4_ID, LOAD);
    googleTag.trackTap(win, tracking, 'tap-id');
    expect((win.dataLayer as unknown[])[0]).toBe('a tag manager entry');
    expect(gtagCommands(win).at(-1)).toEqual(['event', 'select_content', { content_type: 'install_link', event_id: 'tap-id' }]);
  });

  it("sets consent mode's defaults to granted first when consent was required, and updates them with the visitor's answer", () => {
    const win: AdNetworkWindow = {};
    void loadGoogleTag(win, new FakeDocument() as never, GA4_ID, { ...LOAD, consentGranted: true });
    googleTag.revokeConsent(win);
    const signals = (state: string) => ({ ad_storage: state, ad_user_data: state, ad_personalization: state, analytics_storage: state });
    expect(gtagCommands(win)).toEqual([
      ['consent', 'default', signals('granted')],
      ['js', new Date()],
      ['config', GA4_ID],
      ['consent', 'update', signals('denied')],
    ]);
  });

  it('survives a dataLayer another script broke, and does nothing without an id', async () => {
    const win: AdNetworkWindow = { dataLayer: 'not a list' };
    expect(() => void loadGoogleTag(win, new FakeDocument() as never, GA4_ID, LOAD)).not.toThrow();
    expect(() => googleTag.trackTap(win, TRACKING, 'id')).not.toThrow();
    const empty: AdNetworkWindow = {};
    await expect(loadGoogleTag(empty, new FakeDocument() as never, undefined, LOAD)).resolves.toBe(true);
    expect(empty.gtag).toBeUndefined();
  });
});

describe('loadAdNetworks', () => {
  /** A page with every network of `tracking`, their scripts loading as `outcome` says; ids are id-1, id-2, ... */
  async function pageWith(tracking: TrackingSettings, outcome: (src: string) => ScriptOutcome = () => 'load', consentGranted = false) {
    const doc = new FakeDocument();
    const win: AdNetworkWindow = { location: { href: PAGE_URL } };
    doc.scriptOutcome = outcome;
    doc.runs = vendorScripts(win);
    let count = 0;
    const networks = loadAdNetworks(win, doc as never, tracking, { consentGranted, eventId: () => `id-${++count}`, warn });
    return { doc, win, networks };
  }

  it('loads each network the campaign turns on, with one page view id, published once', async () => {
    const { doc, win } = await pageWith(TRACKING);
    await vi.dynamicImportSettled();
    vi.advanceTimersByTime(0);
    expect(doc.scriptSrcs()).toEqual([META_PIXEL_SRC, TIKTOK_SRC, SNAP_PIXEL_SRC, `${GOOGLE_TAG_SRC}?id=${ADS_ID}`]);
    expect(win.fbq!.queue[1]).toEqual(['track', 'PageView', {}, { eventID: 'id-1' }]);
    expect(win.snaptr!.queue[1]).toEqual(['track', 'PAGE_VIEW', { client_dedup_id: 'id-1' }]);
    const published = (win.dataLayer as Array<Record<string, unknown>>).filter((entry) => typeof entry.event === 'string');
    expect(published).toEqual([
      {
        event: 'store-landing.PageView',
        eventName: 'PageView',
        eventID: 'id-1',
        eventTime: Math.floor(Date.now() / 1000),
        eventSourceUrl: PAGE_URL,
        networks: { meta: 'PageView', tiktok: 'Pageview', snap: 'PAGE_VIEW', google: 'page_view' },
      },
    ]);
  });

  it.each([
    ['TikTok only', { tiktokPixelId: TIKTOK_ID }, [TIKTOK_SRC]],
    ['Snap only', { snapPixelId: SNAP_ID }, [SNAP_PIXEL_SRC]],
    ['Google only', { googleTagId: GA4_ID }, [`${GOOGLE_TAG_SRC}?id=${GA4_ID}`]],
    ['none', {}, []],
  ])('%s: loads nothing else', async (_name, ids, scripts) => {
    const { metaPixelId: _m, tiktokPixelId: _t, snapPixelId: _s, googleTagId: _g, googleAdsConversion: _c, ...rest } = TRACKING;
    const { doc, win, networks } = await pageWith({ ...rest, ...ids });
    await vi.dynamicImportSettled();
    vi.advanceTimersByTime(0);
    expect(doc.scriptSrcs()).toEqual(scripts);
    expect(win.fbq).toBeUndefined();
    if (scripts.length === 0) {
      expect(networks.trackTap()).toBeNull();
      expect(win.dataLayer).toBeUndefined();
      await expect(networks.settled).resolves.toBeUndefined();
    }
  });

  it("sends a tap to every network under one id, even one whose chunk is still on its way, and publishes it with each network's name", async () => {
    const { win, networks } = await pageWith(TRACKING);
    // At once, before the lazily loaded networks have arrived: Meta has it now, the others on arrival.
    expect(networks.trackTap()).toBe('id-2');
    expect(win.ttq).toBeUndefined();
    await vi.dynamicImportSettled();
    expect(tapIds(win)).toEqual({ meta: 'id-2', tiktok: 'id-2', snap: 'id-2', google: 'id-2' });
    expect(networks.trackTap()).toBe('id-3');
    expect(tapIds(win).meta).toBe('id-2');
    expect(win.fbq!.queue.filter((call) => call[1] === 'AddToCart')).toHaveLength(2);
    expect((win.dataLayer as Array<Record<string, unknown>>).filter((entry) => entry.event === 'store-landing.AddToCart')).toEqual(
      ['id-2', 'id-3'].map((eventID) =>
        expect.objectContaining({
          eventName: 'AddToCart',
          eventID,
          networks: { meta: 'AddToCart', tiktok: 'ClickButton', snap: 'SIGN_UP', google: 'conversion' },
        }),
      ),
    );
  });

  it("names GA4's select_content for a Google tag without a conversion label", async () => {
    const { win, networks } = await pageWith({ ...TRACKING, googleTagId: GA4_ID, googleAdsConversion: undefined });
    networks.trackTap();
    const entry = (win.dataLayer as Array<Record<string, unknown>>).find((item) => item.event === 'store-landing.AddToCart');
    expect(entry?.networks).toMatchObject({ google: 'select_content' });
  });

  it('settles once every script has loaded or failed, with one warning naming the networks that failed', async () => {
    const { networks } = await pageWith(TRACKING, (src) =>
      src.startsWith(TIKTOK_PIXEL_SRC) ? 'error' : src === SNAP_PIXEL_SRC ? 'throw' : src === META_PIXEL_SRC ? 'pending' : 'load',
    );
    let settled = false;
    void networks.settled.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false); // Meta's fbevents.js has not answered
    expect(warn).not.toHaveBeenCalled();
    const second = await pageWith(TRACKING, (src) =>
      src.startsWith(TIKTOK_PIXEL_SRC) ? 'error' : src === SNAP_PIXEL_SRC ? 'throw' : 'load',
    );
    await vi.advanceTimersByTimeAsync(100);
    await second.networks.settled;
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe(
      'Ad network scripts did not load (blocked, failed or not JavaScript): TikTok pixel, Snap Pixel. They get no events; the install link works.',
    );
  });

  it('warns not at all when every script loads', async () => {
    const { networks } = await pageWith(TRACKING);
    await vi.advanceTimersByTimeAsync(100);
    await networks.settled;
    expect(warn).not.toHaveBeenCalled();
  });

  it("follows consent: a withdrawal revokes each network's consent and stops the taps; consent given again grants it and they resume", async () => {
    const { win, networks } = await pageWith(TRACKING, () => 'load', true);
    const consent = createConsent('granted');
    networks.followConsent(consent);
    await vi.dynamicImportSettled();
    consent.set(true);
    expect(win.fbq!.queue.filter((call) => call[0] === 'consent')).toEqual([['consent', 'grant']]);
    consent.set(false);
    expect(networks.trackTap()).toBeNull();
    expect(win.fbq!.queue.filter((call) => call[0] === 'consent')).toEqual([
      ['consent', 'grant'],
      ['consent', 'revoke'],
    ]);
    expect([...win.ttq!].filter((call) => String((call as unknown[])[0]).endsWith('Consent'))).toEqual([
      ['grantConsent'],
      ['revokeConsent'],
    ]);
    expect(
      gtagCommands(win)
        .filter((call) => call[0] === 'consent')
        .map((call) => call[1]),
    ).toEqual(['default', 'update']);
    expect(tapIds(win)).toEqual({ meta: undefined, tiktok: undefined, snap: undefined, google: undefined });
    consent.set(true);
    expect(win.fbq!.queue.at(-1)).toEqual(['consent', 'grant']);
    expect([...win.ttq!].at(-1)).toEqual(['grantConsent']);
    expect(networks.trackTap()).not.toBeNull();
    expect(tapIds(win).snap).toBe(tapIds(win).meta);
  });
});
