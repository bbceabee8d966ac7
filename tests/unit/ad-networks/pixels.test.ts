// The Meta, TikTok and Snap pixels' code on a fake document: each vendor's base code, its page view and tap, its consent API,
// and what counts as loaded.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMetaPixel, META_PIXEL_SRC, metaPixel } from '../../../page/ad-networks/meta-pixel.ts';
import { loadSnapPixel, SNAP_PIXEL_SRC, snapPixel } from '../../../page/ad-networks/snap-pixel.ts';
import { loadTikTokPixel, TIKTOK_PIXEL_SRC, tiktokPixel } from '../../../page/ad-networks/tiktok-pixel.ts';
import { FakeDocument, type ScriptOutcome } from '../runtime/fake-scripts.ts';
import { LOAD, META_ID, SNAP_ID, TIKTOK_ID, TIKTOK_SRC, TRACKING, vendorScripts, type VendorWindow } from './vendor-fakes.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the Meta pixel', () => {
  it('queues init and one PageView with the given event id, loads fbevents.js async, and sends AddToCart for a tap', () => {
    const doc = new FakeDocument();
    const win: VendorWindow = {};
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
    metaPixel.trackTap(win, TRACKING, 'tap-id', 'AddToCart');
    expect(win.fbq?.queue.at(-1)).toEqual(['track', 'AddToCart', {}, { eventID: 'tap-id' }]);
  });

  it('grants consent before init when consent was required, revokes and grants again through fbq', () => {
    const win: VendorWindow = {};
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
      const win: VendorWindow = {};
      doc.scriptOutcome = () => outcome;
      if (installs) doc.runs = vendorScripts(win);
      const loaded = loadMetaPixel(win, doc as never, META_ID, LOAD);
      await vi.advanceTimersByTimeAsync(10);
      await expect(loaded).resolves.toBe(expected);
    }
  });

  it('does nothing without a pixel id or beside a pixel already on the page, and survives a broken fbq', async () => {
    const doc = new FakeDocument();
    const win: VendorWindow = {};
    await expect(loadMetaPixel(win, doc as never, undefined, LOAD)).resolves.toBe(true);
    expect(win.fbq).toBeUndefined();
    win.fbq = (() => {
      throw new Error('broken');
    }) as never;
    await expect(loadMetaPixel(win, doc as never, META_ID, LOAD)).resolves.toBe(true);
    expect(doc.scripts).toHaveLength(0);
    expect(() => metaPixel.trackTap(win, TRACKING, 'id', 'AddToCart')).not.toThrow();
    expect(() => metaPixel.revokeConsent(win)).not.toThrow();
  });
});

describe('the TikTok pixel', () => {
  it('builds ttq as the base code does, loads events.js with the pixel id, queues the page view, the tap event with event_id', () => {
    const doc = new FakeDocument();
    const win: VendorWindow = {};
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
    tiktokPixel.trackTap(win, TRACKING, 'tap-id', 'AddToCart');
    expect(ttq.at(-1)).toEqual(['track', 'AddToCart', {}, { event_id: 'tap-id' }]);
    // An instance's queue, as events.js reads it per pixel id.
    (ttq.instance(TIKTOK_ID).track as (event: string) => void)('ViewContent');
    expect([...ttq._i[TIKTOK_ID]!]).toEqual([['track', 'ViewContent']]);
  });

  it("grants consent first when consent was required, and follows a withdrawal with TikTok's consent API", () => {
    const win: VendorWindow = {};
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
    expect(() => tiktokPixel.trackTap({ ttq: {} as never }, TRACKING, 'id', 'AddToCart')).not.toThrow();
  });
});

describe('the Snap Pixel', () => {
  it('queues init and PAGE_VIEW with its client_dedup_id, loads scevent.min.js, the tap event, then hands calls to handleRequest', async () => {
    const doc = new FakeDocument();
    const win: VendorWindow = {};
    doc.scriptOutcome = () => 'load';
    doc.runs = vendorScripts(win);
    const loaded = loadSnapPixel(win, doc as never, SNAP_ID, LOAD);
    expect(win.snaptr!.queue).toEqual([
      ['init', SNAP_ID],
      ['track', 'PAGE_VIEW', { client_dedup_id: 'page-view-id' }],
    ]);
    vi.advanceTimersByTime(0);
    expect(doc.scriptSrcs()).toEqual([SNAP_PIXEL_SRC]);
    snapPixel.trackTap(win, TRACKING, 'tap-id', 'ADD_CART');
    expect(win.snaptr!.queue.at(-1)).toEqual(['track', 'ADD_CART', { client_dedup_id: 'tap-id' }]);
    await vi.advanceTimersByTimeAsync(10);
    await expect(loaded).resolves.toBe(true);
    const handleRequest = vi.fn();
    win.snaptr!.handleRequest = handleRequest;
    snapPixel.trackTap(win, TRACKING, 'second-tap', 'ADD_CART');
    expect(handleRequest).toHaveBeenCalledWith('track', 'ADD_CART', { client_dedup_id: 'second-tap' });
  });

  it('counts a script that installed no handleRequest as failed, and does nothing without an id', async () => {
    const doc = new FakeDocument();
    doc.scriptOutcome = () => 'load';
    const loaded = loadSnapPixel({}, doc as never, SNAP_ID, LOAD);
    await vi.advanceTimersByTimeAsync(10);
    await expect(loaded).resolves.toBe(false);
    const win: VendorWindow = {};
    await expect(loadSnapPixel(win, doc as never, undefined, LOAD)).resolves.toBe(true);
    expect(win.snaptr).toBeUndefined();
  });
});
