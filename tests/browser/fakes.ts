// Local fakes of the third-party hosts the runtime talks to (Meta, TikTok and Snap pixels, the Google tag,
// AppsFlyer, Braintree, OneLink), answered by request interception and recorded in Node. The in-page fakes are
// fake-networks.ts and fake-appsflyer.ts; which host answers what, fake-hosts.ts.
import type { BrowserContext, HTTPRequest, Page } from 'puppeteer';
import { waitUntil } from '../helpers.ts';
import { isLocalRequest, openPage, type PageOptions, type TestPage } from './browser.ts';
import { RECORD_ORIGIN, SMART_SCRIPT_GARBAGE, type SmartScriptBuild } from './fake-appsflyer.ts';
import { fakeBody, type FakeHost, GARBAGE, hostOf } from './fake-hosts.ts';
import { type AdNetwork, NETWORK_BEACONS, PIXEL_BEACON } from './fake-networks.ts';

export { FAKE_AF_USER_ID, FAKE_SMART_SCRIPT_VERSION } from './fake-appsflyer.ts';
export type { FakeHost } from './fake-hosts.ts';
export { FAKE_FBP, FAKE_SCID, FAKE_TTP, fbcFor, gclAwFor } from './fake-networks.ts';

/**
 * What a fake host does with a request: `answer` with its fake, `block` it (as an ad blocker
 * does), answer it `{ delayMs }` late, answer 200 with `garbage`, answer 404 or 500, or answer
 * with `{ response }` as given (a captive portal's HTML page, an empty body).
 */
export type HostMode = 'answer' | 'block' | 'garbage' | 404 | 500 | { delayMs: number } | { response: FakeResponse };

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

/** A request to a third-party host, from either engine: Puppeteer's interception or the WebKit tests' proxy. */
export interface FakeExchange {
  url: string;
  /** Puppeteer's resource type (`script`, `image`, `document`, `fetch`, ...) or, through the proxy, the request's Sec-Fetch-Dest. */
  resourceType: string;
  /** The request navigates the page (to the install link, say). */
  navigation: boolean;
  respond(answer: { status: number; contentType: string; headers?: Record<string, string>; body: string | Buffer }): Promise<void>;
  /** Fails the request, as an ad blocker does. */
  abort(): Promise<void>;
}

/** A request that left for a third-party host. */
export interface FakeRequest {
  host: FakeHost | 'other';
  url: string;
  resourceType: string;
  /** `Date.now()` when the browser handed the request to us. */
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
  /** The event (`AddToCart`, `ADD_CART`, `conversion`) or the command's first argument (`config`'s tag id, `consent`'s `default`). */
  event: string;
  /** The id the network got the event under: TikTok's `event_id`, Snap's `client_dedup_id`, Google's `transaction_id`. */
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
      if (isLocalRequest(request)) return await this.answerLocal(request);
      await this.answer({
        url: request.url(),
        resourceType: request.resourceType(),
        navigation: request.isNavigationRequest(),
        respond: (answer) => request.respond(answer),
        abort: () => request.abort('blockedbyclient'),
      });
    } catch {
      // The page navigated or closed while a slow answer waited: nothing left to answer.
    }
    return true;
  };

  /** Records a request for the page's own `config.json` and answers it when `configJson` is set; false leaves it to the server. */
  private async answerLocal(request: HTTPRequest): Promise<boolean> {
    if (!new URL(request.url()).pathname.endsWith('/config.json')) return false;
    this.records.configRequests.push(request.url());
    const config = this.options.configJson;
    if (!config) return false;
    await request.respond({ status: config.status, contentType: config.contentType, body: config.body });
    return true;
  }

  /** Records and answers a request to a third-party host, as its fake in the mode `options` gives it. */
  async answer(exchange: FakeExchange): Promise<void> {
    const url = new URL(exchange.url);
    const beacon = (Object.entries(NETWORK_BEACONS) as Array<[AdNetwork, string]>).find(([, prefix]) => url.href.startsWith(prefix + '?'));
    if (url.origin === RECORD_ORIGIN || url.href.startsWith(PIXEL_BEACON + '?') || beacon) {
      this.recordReport(url);
      await exchange.respond({ status: 200, contentType: 'image/gif', headers: { ...CORS, 'Cache-Control': 'no-store' }, body: PIXEL_GIF });
      return;
    }
    const host = hostOf(url.hostname);
    this.records.requests.push({ host, url: exchange.url, resourceType: exchange.resourceType, at: Date.now() });
    const mode = this.modeOf(host);
    if (mode === 'block') return exchange.abort();
    if (typeof mode === 'object' && 'delayMs' in mode) await new Promise((resolve) => setTimeout(resolve, mode.delayMs));
    if (mode === 404 || mode === 500)
      return exchange.respond({ status: mode, contentType: 'text/plain', headers: CORS, body: `fake ${mode}` });
    if (typeof mode === 'object' && 'response' in mode) return exchange.respond({ ...mode.response, headers: CORS });
    if (mode === 'garbage') {
      const body = host === 'smartScript' ? SMART_SCRIPT_GARBAGE : GARBAGE;
      return exchange.respond({ status: 200, contentType: 'text/javascript', headers: CORS, body });
    }
    if (host === 'oneLink' && exchange.navigation) this.records.oneLink.push({ url: exchange.url, at: Date.now() });
    await exchange.respond({ status: 200, headers: CORS, ...fakeBody(host, exchange.url, exchange.resourceType, this.options) });
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
