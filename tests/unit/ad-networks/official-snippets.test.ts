// Each network's module code against its vendor's own base code: the official snippet runs in a sandbox, ours on the same
// fake page, and both must leave the same globals, queue and script; each tap event is on the vendor's current list.
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { factFor } from '../../../page/ad-networks/contract.ts';
import { loadGoogleTag } from '../../../page/ad-networks/google-tag.ts';
import { adNetworkDeclarations } from '../../../page/ad-networks/index.ts';
import { loadMetaPixel } from '../../../page/ad-networks/meta-pixel.ts';
import { loadSnapPixel } from '../../../page/ad-networks/snap-pixel.ts';
import { loadTikTokPixel } from '../../../page/ad-networks/tiktok-pixel.ts';
import { FakeDocument } from '../runtime/fake-scripts.ts';
import { GA4_ID, LOAD, META_ID, SNAP_ID, TIKTOK_ID, type VendorWindow } from './vendor-fakes.ts';

/**
 * The vendors' base code as their setup pages give it, the pixel id filled in (Meta: Meta Pixel
 * "Get Started"; TikTok: Events Manager's base code; Snap: Snap Pixel base code; Google: the
 * Google tag's snippet), each followed by its own page view.
 */
const OFFICIAL = {
  meta: `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?
    n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;
    n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];
    s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');
    fbq('init','${META_ID}');fbq('track','PageView');`,
  tiktok: `!function(w,d,t){w.TiktokAnalyticsObject=t;var ttq=w[t]=w[t]||[];ttq.methods=["page","track","identify",
    "instances","debug","on","off","once","ready","alias","group","enableCookie","disableCookie","holdConsent",
    "revokeConsent","grantConsent"],ttq.setAndDefer=function(t,e){t[e]=function(){t.push([e].concat(
    Array.prototype.slice.call(arguments,0)))}};for(var i=0;i<ttq.methods.length;i++)ttq.setAndDefer(ttq,ttq.methods[i]);
    ttq.instance=function(t){for(var e=ttq._i[t]||[],n=0;n<ttq.methods.length;n++)ttq.setAndDefer(e,ttq.methods[n]);return e},
    ttq.load=function(e,n){var r="https://analytics.tiktok.com/i18n/pixel/events.js";ttq._i=ttq._i||{},ttq._i[e]=[],
    ttq._i[e]._u=r,ttq._t=ttq._t||{},ttq._t[e]=+new Date,ttq._o=ttq._o||{},ttq._o[e]=n||{};n=document.createElement("script");
    n.type="text/javascript",n.async=!0,n.src=r+"?sdkid="+e+"&lib="+t;e=document.getElementsByTagName("script")[0];
    e.parentNode.insertBefore(n,e)};ttq.load('${TIKTOK_ID}');ttq.page();}(window,document,'ttq');`,
  snap: `(function(e,t,n){if(e.snaptr)return;var a=e.snaptr=function(){a.handleRequest?a.handleRequest.apply(a,arguments):
    a.queue.push(arguments)};a.queue=[];var s='script';var r=t.createElement(s);r.async=!0;r.src=n;
    var u=t.getElementsByTagName(s)[0];u.parentNode.insertBefore(r,u);})(window,document,'https://sc-static.net/scevent.min.js');
    snaptr('init','${SNAP_ID}',{});snaptr('track','PAGE_VIEW');`,
  google: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}
    gtag('js',new Date());gtag('config','${GA4_ID}');`,
};

/** Runs a snippet on a sandboxed page; returns its window and the script URLs it added. */
function runOfficial(code: string): { win: Record<string, unknown>; srcs: string[] } {
  const srcs: string[] = [];
  const script = { parentNode: { insertBefore: (added: { src: string }) => srcs.push(added.src) } };
  const document = { createElement: () => ({}), getElementsByTagName: () => [script] };
  const win: Record<string, unknown> = { document, Date, Array, Object };
  win.window = win;
  runInNewContext(code, win);
  return { win, srcs };
}

/** A queue's calls as plain lists, each cut to its first `length` arguments (ours add the event id after them). */
const calls = (queue: unknown, length = Infinity) =>
  Array.from(queue as ArrayLike<ArrayLike<unknown>>, (call) => Array.from(call).slice(0, length));

/** Ours on a fake page: its window and the script URLs it added. */
function runOurs(load: (win: VendorWindow, doc: FakeDocument) => void): { win: VendorWindow; srcs: string[] } {
  const doc = new FakeDocument();
  const win: VendorWindow = {};
  load(win, doc);
  vi.advanceTimersByTime(0);
  return { win, srcs: doc.scriptSrcs() };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("each network's code against its vendor's base code", () => {
  it("Meta: the same fbq stub, script and calls (ours adds the page view's eventID, Meta's deduplication key)", () => {
    const official = runOfficial(OFFICIAL.meta);
    const ours = runOurs((win, doc) => void loadMetaPixel(win, doc as never, META_ID, LOAD));
    const fbq = official.win.fbq as Record<string, unknown>;
    expect(ours.srcs).toEqual(official.srcs);
    expect([ours.win.fbq!.version, ours.win.fbq!.loaded, ours.win.fbq!.push === ours.win.fbq, ours.win._fbq === ours.win.fbq]).toEqual([
      fbq.version,
      fbq.loaded,
      fbq.push === fbq,
      official.win._fbq === fbq,
    ]);
    expect(calls(ours.win.fbq!.queue, 2)).toEqual(calls(fbq.queue, 2));
  });

  it('TikTok: the same ttq, methods, per-pixel state, script and calls', () => {
    const official = runOfficial(OFFICIAL.tiktok);
    const ours = runOurs((win, doc) => void loadTikTokPixel(win, doc as never, TIKTOK_ID, LOAD));
    const ttq = official.win.ttq as Record<string, unknown> & unknown[];
    expect(ours.srcs).toEqual(official.srcs);
    expect(ours.win.TiktokAnalyticsObject).toBe(official.win.TiktokAnalyticsObject);
    expect([...ours.win.ttq!.methods]).toEqual([...(ttq.methods as string[])]);
    expect(calls(ours.win.ttq)).toEqual(calls(ttq));
    const instance = (ttq._i as Record<string, unknown[] & { _u: string }>)[TIKTOK_ID]!;
    expect((ours.win.ttq!._i[TIKTOK_ID] as unknown as { _u: string })._u).toBe(instance._u);
    expect(ours.win.ttq!._o[TIKTOK_ID]).toEqual({ ...(ttq._o as Record<string, object>)[TIKTOK_ID] });
  });

  it("Snap: the same snaptr queue, script and calls (ours adds the page view's client_dedup_id)", () => {
    const official = runOfficial(OFFICIAL.snap);
    const ours = runOurs((win, doc) => void loadSnapPixel(win, doc as never, SNAP_ID, LOAD));
    const snaptr = official.win.snaptr as { queue: unknown[] };
    expect(ours.srcs).toEqual(official.srcs);
    expect(calls(ours.win.snaptr!.queue, 2)).toEqual(calls(snaptr.queue, 2));
  });

  it('Google: the same dataLayer of arguments objects, and gtag.js with the tag id', () => {
    const official = runOfficial(OFFICIAL.google);
    const ours = runOurs((win, doc) => void loadGoogleTag(win, doc as never, GA4_ID, LOAD));
    const kinds = (layer: unknown) => Array.from(layer as unknown[], (entry) => Object.prototype.toString.call(entry));
    expect(kinds(ours.win.dataLayer)).toEqual(kinds(official.win.dataLayer));
    expect(calls(ours.win.dataLayer)).toEqual(calls(official.win.dataLayer));
    // Google's snippet writes the <script async src> in the page itself.
    expect(ours.srcs).toEqual([`https://www.googletagmanager.com/gtag/js?id=${GA4_ID}`]);
  });
});

/**
 * Each vendor's current standard events, as its docs list them: Meta Pixel reference; TikTok's
 * "supported standard events" (ClickButton no longer on it); Snap's standard events; GA4's
 * recommended events that fit a tap on a link.
 */
const STANDARD_EVENTS: Record<string, string[]> = {
  meta: [
    ...['AddPaymentInfo', 'AddToCart', 'AddToWishlist', 'CompleteRegistration', 'Contact', 'CustomizeProduct', 'Donate'],
    ...['FindLocation', 'InitiateCheckout', 'Lead', 'Purchase', 'Schedule', 'Search', 'StartTrial', 'SubmitApplication'],
    ...['Subscribe', 'ViewContent'],
  ],
  tiktok: [
    ...['AddPaymentInfo', 'AddToCart', 'AddToWishlist', 'ApplicationApproval', 'CompleteRegistration', 'Contact'],
    ...['CustomizeProduct', 'Download', 'FindLocation', 'InitiateCheckout', 'Lead', 'Purchase', 'Schedule', 'Search'],
    ...['StartTrial', 'SubmitApplication', 'Subscribe', 'ViewContent'],
  ],
  snap: [
    ...['PAGE_VIEW', 'ADD_CART', 'VIEW_CONTENT', 'SIGN_UP', 'PURCHASE', 'SAVE', 'START_CHECKOUT', 'ADD_BILLING', 'SEARCH'],
    ...['SUBSCRIBE', 'AD_CLICK', 'AD_VIEW', 'COMPLETE_TUTORIAL', 'LEVEL_COMPLETE', 'INVITE', 'LOGIN', 'SHARE', 'RESERVE'],
    ...['ACHIEVEMENT_UNLOCKED', 'ADD_TO_WISHLIST', 'SPENT_CREDITS', 'RATE', 'START_TRIAL', 'LIST_VIEW', 'APP_INSTALL', 'APP_OPEN'],
  ],
  google: ['select_content', 'generate_lead', 'conversion'],
};

describe("each network's events", () => {
  it("are its vendor's current standard events, by default and for each example a campaign may name", () => {
    for (const network of adNetworkDeclarations()) {
      const tapSetting = Object.keys(network.config).find((key) => key.endsWith('TapEvent'));
      expect(tapSetting, `${network.key} lets a campaign name its tap event`).toBeDefined();
      const config = network.config as Record<string, { examples: readonly string[] } | undefined>;
      const names = [factFor(network.events.tap, {}), ...config[tapSetting!]!.examples];
      for (const name of names) expect(STANDARD_EVENTS[network.key], `${network.key}: ${name}`).toContain(name);
    }
  });

  it("send no tap as TikTok's soft-deprecated ClickButton or as Snap's SIGN_UP", () => {
    const taps = adNetworkDeclarations().map((network) => factFor(network.events.tap, {}));
    expect(taps).not.toContain('ClickButton');
    expect(taps).not.toContain('SIGN_UP');
  });
});
