// Local fakes of the third-party hosts the runtime talks to (Meta, TikTok and Snap pixels, the Google tag,
// AppsFlyer, Braintree, OneLink), answered by request interception and recorded in Node.
import type { BrowserContext, HTTPRequest, Page } from 'puppeteer';
import { waitUntil } from '../helpers.ts';
import { SMART_SCRIPT_PARAMETERS } from '../smart-script.ts';
import { BRAINTREE_HOST, braintreeComponentScript, isLocalRequest, openPage, type PageOptions, type TestPage } from './browser.ts';

/**
 * What a fake host does with a request: `answer` with its fake, `block` it (as an ad blocker
 * does), answer it `{ delayMs }` late, answer 200 with `garbage`, answer 404 or 500, or answer
 * with `{ response }` as given (a captive portal's HTML page, an empty body).
 */
export type HostMode = 'answer' | 'block' | 'garbage' | 404 | 500 | { delayMs: number } | { response: FakeResponse };

/** The Smart Script builds the fake imitates: which click ids each copies from the page URL by itself. */
export type SmartScriptBuild = '2.10.4' | '2.9.2';

/** The faked third-party hosts. */
export type FakeHost = 'metaPixel' | 'tiktokPixel' | 'snapPixel' | 'googleTag' | 'webSdk' | 'smartScript' | 'braintree' | 'oneLink';

/** The ad networks besides Meta, whose fakes report every call they get. */
export type AdNetwork = 'tiktok' | 'snap' | 'google';

/** A replacement for the served `config.json`. */
export interface FakeResponse {
  status: number;
  contentType: string;
  body: string;
}

export interface FakeOptions {
  /**
   * The mode of every third-party host not named in `hosts` (default `answer`). The OneLink
   * host is the CTA's destination, not a tracker: it follows only `hosts.oneLink`.
   */
  all?: HostMode;
  hosts?: Partial<Record<FakeHost, HostMode>>;
  /** The pixel fake sets `_fbp`, and `_fbc` when the page URL has `fbclid`, as the real pixel does. */
  pixelSetsCookies?: boolean;
  /**
   * The other networks' fakes set their first-party cookies as the real scripts do: TikTok `_ttp`,
   * Snap `_scid`, and the Google tag `_gcl_aw` for an Ads tag when the page URL has `gclid`.
   */
  networksSetCookies?: boolean;
  /** The Web SDK fake sets the `afUserId` cookie, as the real one does. */
  webSdkSetsUserId?: boolean;
  /** Answers the page's `config.json` request instead of the server. */
  configJson?: FakeResponse;
  /** The Smart Script build the fake behaves as (default 2.10.4). */
  smartScriptBuild?: SmartScriptBuild;
}

/** A request that left for a third-party host. */
export interface FakeRequest {
  host: FakeHost | 'other';
  url: string;
  resourceType: string;
  /** `Date.now()` when Chromium handed the request to us. */
  at: number;
}

/** One `fbq` call as the pixel fake reported it. */
export interface PixelCall {
  method: 'init' | 'track' | 'consent';
  /** The tracked event (`PageView`, `AddToCart`), the consent action (`grant`, `revoke`); empty for `init`. */
  event: string;
  /** `eventID` of the call's fourth argument (`fbq('track', name, {}, { eventID })`), or null. */
  eventID: string | null;
  pixelId: string;
  /** The call's place among the page's calls (beacons sent together may reach us in any order). */
  seq: number;
  at: number;
}

/** One call the TikTok, Snap or Google fake got, as it reported it. */
export interface NetworkCall {
  network: AdNetwork;
  /** TikTok: the `ttq` method (`page`, `track`, `grantConsent`, ...); Snap: the `snaptr` command; Google: the gtag command. */
  method: string;
  /** The event (`ClickButton`, `SIGN_UP`, `conversion`) or the command's first argument (`config`'s tag id, `consent`'s `default`). */
  event: string;
  /** The id the network got the event under: TikTok's `event_id`, Snap's `client_dedup_id`, Google's `transaction_id` or `event_id`. */
  eventId: string | null;
  /** The call's parameters object, as sent. */
  params: Record<string, unknown> | null;
  seq: number;
  at: number;
}

/** One `generateOneLinkURL` call as the Smart Script fake saw it. */
export interface SmartScriptCall {
  options: unknown;
  clickURL: string | null;
}

/** Everything the fakes saw, kept in Node so it survives navigations. */
export interface FakeRecords {
  requests: FakeRequest[];
  pixel: PixelCall[];
  /** Every call the TikTok, Snap and Google fakes got. */
  networks: NetworkCall[];
  /** Every `AF_SMART_SCRIPT.generateOneLinkURL` call: its argument and the clickURL it returned. */
  smartScriptCalls: SmartScriptCall[];
  /** `window.AF.id` as the Web SDK fake found it. */
  webSdkIds: unknown[];
  /** Navigations that reached the OneLink host: the full install link. */
  oneLink: Array<{ url: string; at: number }>;
  /** Full URLs of the page's local `config.json` requests. */
  configRequests: string[];
}

/** The `_fbp` value the pixel fake sets. */
export const FAKE_FBP = 'fb.1.1700000000000.1234567890';
/** The `_ttp` value the TikTok fake sets. */
export const FAKE_TTP = 'ttp.fake.1700000000';
/** The `_scid` value the Snap fake sets. */
export const FAKE_SCID = '5c1d0000-0000-4000-8000-000000000000';
/** The `_gcl_aw` value the Google tag fake sets for a `gclid` (the real one's format: GCL.<seconds>.<gclid>). */
export function gclAwFor(gclid: string): string {
  return `GCL.1700000000.${gclid}`;
}
/** The `afUserId` value the Web SDK fake sets. */
export const FAKE_AF_USER_ID = '5a1e7c3d-0f6b-4e2a-9c8d-7b6a5f4e3d2c';
/** The `af_ss_ver` the Smart Script fake adds, as the real script adds its version. */
export const FAKE_SMART_SCRIPT_VERSION = '2.10.4-fake';

/**
 * The click ids each Smart Script build appends from the page URL (`processTrackingParameters`
 * in github.com/AppsFlyerSDK/appsflyer-onelink-smart-script, scripts/onelink-smart-script-v<build>.js),
 * and whether it encodes the `keyword` it appends as `af_keywords` after a Google click id
 * (2.9.2 appends it as written, spaces included).
 */
export const SMART_SCRIPT_BUILDS: Record<SmartScriptBuild, { clickIds: readonly string[]; encodesKeyword: boolean; version: string }> = {
  '2.10.4': {
    clickIds: ['gclid', 'fbclid', 'twclid', 'sccid', 'ttclid', 'gbraid', 'wbraid'],
    encodesKeyword: true,
    version: FAKE_SMART_SCRIPT_VERSION,
  },
  '2.9.2': { clickIds: ['gclid', 'fbclid', 'gbraid', 'wbraid'], encodesKeyword: false, version: '2.9.2-fake' },
};

/** The `_fbc` value the real pixel derives from an `fbclid`. */
export function fbcFor(fbclid: string): string {
  return `fb.1.1700000000000.${fbclid}`;
}

const HOSTS: ReadonlyArray<[FakeHost, (hostname: string) => boolean]> = [
  ['metaPixel', (hostname) => hostname === 'connect.facebook.net'],
  ['tiktokPixel', (hostname) => hostname === 'analytics.tiktok.com'],
  ['snapPixel', (hostname) => hostname === 'sc-static.net'],
  ['googleTag', (hostname) => hostname === 'www.googletagmanager.com'],
  ['webSdk', (hostname) => hostname === 'websdk.appsflyer.com'],
  ['smartScript', (hostname) => hostname === 'onelinksmartscript.appsflyer.com'],
  ['braintree', (hostname) => hostname === BRAINTREE_HOST],
  ['oneLink', (hostname) => hostname.endsWith('.onelink.me')],
];

/**
 * Where the in-page AppsFlyer fakes send what they record (`?data=<JSON>`, paths /web-sdk and
 * /generate-one-link-url), always answered at once: the host the real Web SDK posts its events
 * to, in connect-src of every page's policy whatever ad networks it has, so the reports go by
 * fetch as the real SDK's do. Never a real request.
 */
const RECORD_ORIGIN = 'https://wa.appsflyer.com';
/** Where the pixel fake reports `fbq` calls, like the real pixel's `/tr` beacon. */
const PIXEL_BEACON = 'https://www.facebook.com/tr';

/**
 * fbevents.js: takes over the `fbq` stub (installs `callMethod`, drains `queue`) and reports
 * each `init`, `track` (with its `eventID`) and `consent` call to `/tr`. Like the real pixel, it
 * tracks a PageView on every `history.pushState` unless `fbq.disablePushState` is true (Meta's
 * "History State API listener").
 */
function pixelScript(setsCookies: boolean): string {
  return `(function () {
  var fbq = window.fbq;
  if (typeof fbq !== 'function' || !Array.isArray(fbq.queue)) return;
  var pixelId = '';
  var beacons = [];
  function report(method, event, options) {
    var image = new Image();
    var eventId = options && typeof options.eventID === 'string' ? '&eid=' + encodeURIComponent(options.eventID) : '';
    // A sequence number, like the real pixel's cache busters: the same URL twice would come from the image cache.
    image.src = ${JSON.stringify(PIXEL_BEACON)} + '?id=' + encodeURIComponent(pixelId) + '&ev=' + encodeURIComponent(event) +
      '&method=' + method + eventId + '&seq=' + beacons.length + '&ts=' + Date.now();
    beacons.push(image);
  }
  // When the pixel ran, on the page's clock, for tests that time what follows it.
  window.__fakePixelRanAt = performance.now();
  fbq.callMethod = function (method, value, parameters, options) {
    if (method === 'init') { pixelId = String(value); report('init', ''); }
    else if (method === 'track') report('track', String(value), options);
    else if (method === 'consent') report('consent', String(value));
  };
  var queued = fbq.queue.splice(0);
  for (var i = 0; i < queued.length; i++) fbq.callMethod.apply(fbq, queued[i]);
  var pushState = history.pushState;
  history.pushState = function () {
    var result = pushState.apply(history, arguments);
    if (fbq.disablePushState !== true) report('track', 'PageView');
    return result;
  };
  if (${setsCookies}) {
    var cookie = '; path=/; max-age=7776000; SameSite=Lax';
    document.cookie = '_fbp=' + ${JSON.stringify(FAKE_FBP)} + cookie;
    var fbclid = new URLSearchParams(location.search).get('fbclid');
    if (fbclid) document.cookie = '_fbc=fb.1.1700000000000.' + fbclid + cookie;
  }
})();`;
}

function recordCall(kind: string): string {
  return `function (data) {
    var sent = (window.__fakeRecords = window.__fakeRecords || []);
    sent.push(fetch(${JSON.stringify(`${RECORD_ORIGIN}/${kind}`)} + '?seq=' + sent.length + '&data=' + encodeURIComponent(JSON.stringify(data)), { mode: 'no-cors' }));
  }`;
}

/** Where each network's fake reports its calls: a path of the host its real events go to, in that network's connect-src. */
const NETWORK_BEACONS: Record<AdNetwork, string> = {
  tiktok: 'https://analytics.tiktok.com/api/v2/pixel',
  snap: 'https://tr.snapchat.com/p',
  google: 'https://www.googletagmanager.com/td',
};

/** The in-page function a network's fake reports each call with (`seq` keeps their order, as beacons may overtake each other). */
function networkReport(network: AdNetwork): string {
  return `function (method, event, eventId, params) {
    var seq = (window.__fakeNetworkSeq = (window.__fakeNetworkSeq || 0) + 1);
    var call = { method: method, event: event == null ? '' : String(event), eventId: eventId == null ? null : String(eventId), params: params || null };
    fetch(${JSON.stringify(NETWORK_BEACONS[network])} + '?seq=' + seq + '&data=' + encodeURIComponent(JSON.stringify(call)), { mode: 'no-cors' });
  }`;
}

const COOKIE_ATTRIBUTES = '; path=/; max-age=7776000; SameSite=Lax';

/**
 * TikTok's events.js: takes over `ttq` (replaces the queued methods, drains the calls the base
 * code queued) and reports each, with the `event_id` of a track's options; sets `_ttp`.
 */
function tiktokScript(setsCookies: boolean): string {
  return `(function () {
  var ttq = window.ttq;
  if (!Array.isArray(ttq) || !Array.isArray(ttq.methods)) return;
  var report = ${networkReport('tiktok')};
  function handle(method, args) {
    if (method === 'page') report('page', 'Pageview', null, null);
    else if (method === 'track') report('track', args[0], args[2] && args[2].event_id, args[1]);
    else report(method, '', null, null);
  }
  var queued = ttq.splice(0);
  ttq.methods.forEach(function (method) {
    ttq[method] = function () { handle(method, Array.prototype.slice.call(arguments)); };
  });
  queued.forEach(function (call) { handle(call[0], call.slice(1)); });
  if (${setsCookies}) document.cookie = '_ttp=' + ${JSON.stringify(FAKE_TTP)} + ${JSON.stringify(COOKIE_ATTRIBUTES)};
})();`;
}

/** Snap's scevent.min.js: installs `snaptr.handleRequest`, drains the queue, reports each call with its `client_dedup_id`; sets `_scid`. */
function snapScript(setsCookies: boolean): string {
  return `(function () {
  var snaptr = window.snaptr;
  if (typeof snaptr !== 'function' || !Array.isArray(snaptr.queue)) return;
  var report = ${networkReport('snap')};
  snaptr.handleRequest = function (method, event, params) {
    if (method === 'init') report('init', event, null, null);
    else report(method, event, params && params.client_dedup_id, params);
  };
  snaptr.queue.splice(0).forEach(function (args) { snaptr.handleRequest.apply(snaptr, args); });
  if (${setsCookies}) document.cookie = '_scid=' + ${JSON.stringify(FAKE_SCID)} + ${JSON.stringify(COOKIE_ATTRIBUTES)};
})();`;
}

/**
 * gtag.js: as Google's, reads the \`arguments\` objects on \`dataLayer\` (other entries are not
 * commands) and those pushed later, and reports each command; an Ads tag's \`config\` sets
 * \`_gcl_aw\` from a \`gclid\` in the page URL, as the conversion linker does.
 */
function googleTagScript(setsCookies: boolean): string {
  return `(function () {
  var layer = window.dataLayer;
  if (!Array.isArray(layer)) return;
  var report = ${networkReport('google')};
  function handle(entry) {
    if (Object.prototype.toString.call(entry) !== '[object Arguments]') return;
    var args = Array.prototype.slice.call(entry);
    var params = args[2] && typeof args[2] === 'object' ? args[2] : null;
    if (args[0] === 'js') return;
    report(args[0], args[1], params && (params.transaction_id || params.event_id), params);
    var gclid = new URLSearchParams(location.search).get('gclid');
    if (${setsCookies} && args[0] === 'config' && /^AW-/.test(args[1]) && gclid) {
      document.cookie = '_gcl_aw=GCL.1700000000.' + gclid + ${JSON.stringify(COOKIE_ATTRIBUTES)};
    }
  }
  layer.forEach(handle);
  var push = layer.push;
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) handle(arguments[i]);
    return push.apply(layer, arguments);
  };
  window.google_tag_manager = {};
})();`;
}

/** The PBA Web SDK: reports `AF.id` and optionally sets `afUserId`. */
function webSdkScript(setsUserId: boolean): string {
  return `(function () {
  (${recordCall('web-sdk')})(window.AF ? window.AF.id : null);
  if (${setsUserId}) document.cookie = 'afUserId=' + ${JSON.stringify(FAKE_AF_USER_ID)} + '; path=/; max-age=63072000; SameSite=Lax';
})();`;
}

/**
 * The OneLink Smart Script: `generateOneLinkURL` records its options and returns a clickURL on
 * the OneLink host built the way the real script builds it: null without
 * `mediaSource.defaultValue`, values joined as given (not encoded again), `af_js_web` and
 * `af_ss_ver`, then the click ids of the page URL its build forwards, appended by itself, and
 * `af_keywords` from `keyword` after a Google click id.
 */
function smartScript(build: SmartScriptBuild): string {
  const { clickIds, encodesKeyword, version } = SMART_SCRIPT_BUILDS[build];
  return `(function () {
  var record = ${recordCall('generate-one-link-url')};
  var NAMES = ${JSON.stringify(SMART_SCRIPT_PARAMETERS)};
  var CLICK_IDS = ${JSON.stringify(clickIds)};
  window.AF_SMART_SCRIPT = {
    version: ${JSON.stringify(version)},
    generateOneLinkURL: function (options) {
      var parameters = (options && options.afParameters) || {};
      if (!parameters.mediaSource || !parameters.mediaSource.defaultValue) {
        record({ options: options, clickURL: null });
        return null;
      }
      var pairs = ['af_js_web=true', 'af_ss_ver=' + window.AF_SMART_SCRIPT.version];
      NAMES.forEach(function (name) {
        var config = parameters[name[0]];
        if (config && config.defaultValue) pairs.push(name[1] + '=' + config.defaultValue);
      });
      (parameters.afCustom || []).forEach(function (custom) {
        if (custom.defaultValue) pairs.push(custom.paramKey + '=' + custom.defaultValue);
      });
      var search = new URLSearchParams(location.search);
      CLICK_IDS.forEach(function (key) {
        if (search.get(key)) pairs.push(key + '=' + encodeURIComponent(search.get(key)));
      });
      var keyword = search.get('keyword');
      if (keyword && (search.get('gclid') || search.get('gbraid') || search.get('wbraid'))) {
        pairs.push('af_keywords=' + (${encodesKeyword} ? encodeURIComponent(keyword) : keyword));
      }
      var clickURL = options.oneLinkURL + '?' + pairs.join('&');
      record({ options: options, clickURL: clickURL });
      window.AF_SMART_SCRIPT.fireImpressionsLink = function () {};
      return { clickURL: clickURL };
    },
  };
})();`;
}

/** A Smart Script gone wrong: a non-object where the object should be, then an exception. */
const SMART_SCRIPT_GARBAGE = `window.AF_SMART_SCRIPT = 'garbage'; throw new Error('fake Smart Script garbage');`;
/** Any other host's garbage: not JavaScript at all. */
const GARBAGE = '<!doctype html><p>\u0000 not }{ a script';

const ONE_LINK_PAGE = '<!doctype html><html><head><title>OneLink</title></head><body><p>Fake OneLink: install</p></body></html>';

function hostOf(hostname: string): FakeHost | 'other' {
  return HOSTS.find(([, matches]) => matches(hostname))?.[0] ?? 'other';
}

/** The fake answer of one host in `answer` mode. */
function fakeBody(host: FakeHost | 'other', request: HTTPRequest, options: FakeOptions): { contentType: string; body: string } {
  switch (host) {
    case 'metaPixel':
      return { contentType: 'text/javascript', body: pixelScript(options.pixelSetsCookies ?? false) };
    case 'tiktokPixel':
      return { contentType: 'text/javascript', body: tiktokScript(options.networksSetCookies ?? false) };
    case 'snapPixel':
      return { contentType: 'text/javascript', body: snapScript(options.networksSetCookies ?? false) };
    case 'googleTag':
      return { contentType: 'text/javascript', body: googleTagScript(options.networksSetCookies ?? false) };
    case 'webSdk':
      return { contentType: 'text/javascript', body: webSdkScript(options.webSdkSetsUserId ?? false) };
    case 'smartScript':
      return { contentType: 'text/javascript', body: smartScript(options.smartScriptBuild ?? '2.10.4') };
    case 'braintree':
      return { contentType: 'text/javascript', body: braintreeComponentScript(request.url()) };
    case 'oneLink':
      return { contentType: 'text/html; charset=utf-8', body: ONE_LINK_PAGE };
    default:
      return { contentType: request.resourceType() === 'script' ? 'text/javascript' : 'text/plain', body: '' };
  }
}

const CORS = { 'Access-Control-Allow-Origin': '*' };
/** A 1x1 transparent GIF, for the beacons. */
const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Records and answers requests as the fakes; one instance per page. */
export class Fakes {
  readonly records: FakeRecords = {
    requests: [],
    pixel: [],
    networks: [],
    smartScriptCalls: [],
    webSdkIds: [],
    oneLink: [],
    configRequests: [],
  };

  constructor(readonly options: FakeOptions = {}) {}

  /** Requests recorded for one host. */
  requestsTo(host: FakeHost | 'other'): FakeRequest[] {
    return this.records.requests.filter((request) => request.host === host);
  }

  /**
   * Resolves once every call the page's Smart Script and Web SDK fakes reported so far is in
   * `records`: a report travels as an image request, so it reaches Node after the call it reports
   * (the link it set may already be read).
   */
  async reported(page: Page): Promise<void> {
    const sent = await page.evaluate(() => (window as unknown as { __fakeRecords?: unknown[] }).__fakeRecords?.length ?? 0);
    await waitUntil(() => this.records.smartScriptCalls.length + this.records.webSdkIds.length >= sent, `${sent} reports of the fakes`);
  }

  /** The `track` calls of one event. */
  tracked(event: string): PixelCall[] {
    return this.records.pixel.filter((call) => call.method === 'track' && call.event === event);
  }

  /** The calls one network's fake reported, in the order the page made them. */
  networkCalls(network: AdNetwork): NetworkCall[] {
    return this.records.networks.filter((call) => call.network === network).sort((a, b) => a.seq - b.seq);
  }

  /** The `route` of `openPage`: answers every third-party request and, if set, `config.json`. */
  readonly route = async (request: HTTPRequest): Promise<boolean> => {
    try {
      return await this.handle(request);
    } catch {
      // The page navigated or closed while a slow answer waited: nothing left to answer.
      return true;
    }
  };

  private async handle(request: HTTPRequest): Promise<boolean> {
    const url = new URL(request.url());
    if (isLocalRequest(request)) {
      if (url.pathname.endsWith('/config.json')) {
        this.records.configRequests.push(request.url());
        const config = this.options.configJson;
        if (config) {
          await request.respond({ status: config.status, contentType: config.contentType, body: config.body });
          return true;
        }
      }
      return false;
    }
    const beacon = (Object.entries(NETWORK_BEACONS) as Array<[AdNetwork, string]>).find(([, prefix]) => url.href.startsWith(prefix + '?'));
    if (url.origin === RECORD_ORIGIN || url.href.startsWith(PIXEL_BEACON + '?') || beacon) {
      this.recordReport(url);
      await request.respond({ status: 200, contentType: 'image/gif', headers: { ...CORS, 'Cache-Control': 'no-store' }, body: PIXEL_GIF });
      return true;
    }
    const host = hostOf(url.hostname);
    this.records.requests.push({ host, url: request.url(), resourceType: request.resourceType(), at: Date.now() });
    const mode = this.modeOf(host);
    if (mode === 'block') {
      await request.abort('blockedbyclient');
      return true;
    }
    if (typeof mode === 'object' && 'delayMs' in mode) await new Promise((resolve) => setTimeout(resolve, mode.delayMs));
    if (mode === 404 || mode === 500) {
      await request.respond({ status: mode, contentType: 'text/plain', headers: CORS, body: `fake ${mode}` });
      return true;
    }
    if (typeof mode === 'object' && 'response' in mode) {
      const { status, contentType, body } = mode.response;
      await request.respond({ status, contentType, headers: CORS, body });
      return true;
    }
    if (mode === 'garbage') {
      const body = host === 'smartScript' ? SMART_SCRIPT_GARBAGE : GARBAGE;
      await request.respond({ status: 200, contentType: 'text/javascript', headers: CORS, body });
      return true;
    }
    if (host === 'oneLink' && request.isNavigationRequest()) this.records.oneLink.push({ url: request.url(), at: Date.now() });
    await request.respond({ status: 200, headers: CORS, ...fakeBody(host, request, this.options) });
    return true;
  }

  private modeOf(host: FakeHost | 'other'): HostMode {
    if (host === 'oneLink') return this.options.hosts?.oneLink ?? 'answer';
    return (host === 'other' ? undefined : this.options.hosts?.[host]) ?? this.options.all ?? 'answer';
  }

  private recordReport(url: URL): void {
    const beacon = (Object.entries(NETWORK_BEACONS) as Array<[AdNetwork, string]>).find(([, prefix]) => url.href.startsWith(prefix + '?'));
    if (beacon) {
      const call = JSON.parse(url.searchParams.get('data') ?? '{}') as Omit<NetworkCall, 'network' | 'seq' | 'at'>;
      this.records.networks.push({ ...call, network: beacon[0], seq: Number(url.searchParams.get('seq')), at: Date.now() });
      return;
    }
    if (url.href.startsWith(PIXEL_BEACON)) {
      const reported = url.searchParams.get('method');
      const method = reported === 'init' || reported === 'consent' ? reported : 'track';
      const event = url.searchParams.get('ev') ?? '';
      const seq = Number(url.searchParams.get('seq'));
      const eventID = url.searchParams.get('eid');
      this.records.pixel.push({ method, event, eventID, pixelId: url.searchParams.get('id') ?? '', seq, at: Date.now() });
      return;
    }
    const data: unknown = JSON.parse(url.searchParams.get('data') ?? 'null');
    if (url.pathname === '/generate-one-link-url') this.records.smartScriptCalls.push(data as SmartScriptCall);
    else if (url.pathname === '/web-sdk') this.records.webSdkIds.push(data);
  }
}

/** A page whose third-party hosts are the fakes. */
export interface FakedPage extends TestPage {
  fakes: Fakes;
}

/**
 * Opens a page in `context` with the fakes answering every third-party request; a `route` of
 * `pageOptions` is asked first (a local page answered differently, say).
 */
export async function openFakedPage(
  context: BrowserContext,
  fakeOptions: FakeOptions = {},
  pageOptions: Omit<PageOptions, 'thirdParty'> = {},
): Promise<FakedPage> {
  const fakes = new Fakes(fakeOptions);
  const first = pageOptions.route;
  const route = first ? async (request: HTTPRequest) => (await first(request)) || fakes.route(request) : fakes.route;
  const opened = await openPage(context, { ...pageOptions, route });
  return { ...opened, fakes };
}
