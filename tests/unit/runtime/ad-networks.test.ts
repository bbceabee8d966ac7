// loadAdNetworks on a fake document: the networks a campaign turns on, their shared event ids and dataLayer copies, consent
// followed, and the single warning (each vendor's own code: tests/unit/ad-networks/).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GOOGLE_TAG_SRC } from '../../../page/ad-networks/google-tag.ts';
import { META_PIXEL_SRC } from '../../../page/ad-networks/meta-pixel.ts';
import { SNAP_PIXEL_SRC } from '../../../page/ad-networks/snap-pixel.ts';
import { TIKTOK_PIXEL_SRC } from '../../../page/ad-networks/tiktok-pixel.ts';
import type { TrackingSettings } from '../../../page/contract/runtime-config.ts';
import { loadAdNetworks } from '../../../page/runtime/ad-networks.ts';
import { createConsent } from '../../../page/runtime/consent.ts';
import {
  ADS_ID,
  GA4_ID,
  gtagCommands,
  SNAP_ID,
  tapIds,
  TIKTOK_ID,
  TIKTOK_SRC,
  TRACKING,
  vendorScripts,
  type VendorWindow,
} from '../ad-networks/vendor-fakes.ts';
import { FakeDocument, type ScriptOutcome } from './fake-scripts.ts';

const PAGE_URL = 'https://landing.example/feature1?ttclid=t1';

let warn: ReturnType<typeof vi.fn<(message: string) => void>>;
beforeEach(() => {
  vi.useFakeTimers();
  warn = vi.fn<(message: string) => void>();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadAdNetworks', () => {
  /** A page with every network of `tracking`, their scripts loading as `outcome` says; ids are id-1, id-2, ... */
  async function pageWith(tracking: TrackingSettings, outcome: (src: string) => ScriptOutcome = () => 'load', consentGranted = false) {
    const doc = new FakeDocument();
    const win: VendorWindow = { location: { href: PAGE_URL } };
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
        // Under the id only the page views that carry it; TikTok's ttq.page() and Google's config take none.
        networks: { meta: 'PageView', snap: 'PAGE_VIEW' },
        withoutEventId: { tiktok: 'Pageview', google: 'page_view' },
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
      await expect(networks.settled).resolves.toEqual([]);
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
          networks: { meta: 'AddToCart', tiktok: 'AddToCart', snap: 'ADD_CART', google: 'conversion' },
          withoutEventId: {},
        }),
      ),
    );
  });

  it("names GA4's select_content, sent without the id, for a Google tag without a conversion label", async () => {
    const { win, networks } = await pageWith({ ...TRACKING, googleTagId: GA4_ID, googleAdsConversion: undefined });
    networks.trackTap();
    const entry = (win.dataLayer as Array<Record<string, unknown>>).find((item) => item.event === 'store-landing.AddToCart');
    expect(entry?.networks).not.toHaveProperty('google');
    expect(entry?.withoutEventId).toEqual({ google: 'select_content' });
  });

  it("sends the tap as each network's event the campaign names", async () => {
    const named = { metaTapEvent: 'Lead', tiktokTapEvent: 'Download', snapTapEvent: 'AD_CLICK' };
    const { win, networks } = await pageWith({ ...TRACKING, ...named });
    networks.trackTap();
    await vi.dynamicImportSettled();
    expect(win.fbq!.queue.at(-1)).toEqual(['track', 'Lead', {}, { eventID: 'id-2' }]);
    expect([...win.ttq!].at(-1)).toEqual(['track', 'Download', {}, { event_id: 'id-2' }]);
    expect(win.snaptr!.queue.at(-1)).toEqual(['track', 'AD_CLICK', { client_dedup_id: 'id-2' }]);
    const entry = (win.dataLayer as Array<Record<string, unknown>>).find((item) => item.event === 'store-landing.AddToCart');
    expect(entry?.networks).toEqual({ meta: 'Lead', tiktok: 'Download', snap: 'AD_CLICK', google: 'conversion' });
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
    await expect(second.networks.settled).resolves.toEqual(['tiktok', 'snap']);
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
