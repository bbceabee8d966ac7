// The runtime wired on a fake page: startRuntime end to end, third parties faked (no DOM library needed).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMART_SCRIPT_SRC, WEB_SDK_SRC, type AppsFlyerWindow } from '../../../page/runtime/appsflyer.ts';
import { CONSENT_STORAGE_KEY, type ConsentWindow } from '../../../page/runtime/consent.ts';
import { ENGLISH_CONSENT_TEXTS } from '../../../page/contract/consent-texts.ts';
import { PROMPT_ATTRIBUTE } from '../../../page/runtime/consent-prompt.ts';
import { readRuntimeConfig, startRuntime } from '../../../page/runtime/index.ts';
import { META_PIXEL_SRC, type PixelWindow } from '../../../page/ad-networks/meta-pixel.ts';
import type { RuntimeConfig } from '../../../page/contract/runtime-config.ts';
import { SMART_SCRIPT_PARAMETER_NAMES } from '../../smart-script.ts';

type ScriptOutcome = 'load' | 'error' | 'pending';

class FakeElement {
  readonly attributes = new Map<string, string>();
  readonly listeners = new Map<string, Array<(event: unknown) => void>>();
  readonly children: FakeElement[] = [];
  async = false;
  src = '';
  integrity = '';
  crossOrigin: string | null = null;
  textContent = '';
  id = '';
  type = '';
  parent: FakeElement | null = null;

  constructor(
    readonly tagName: string,
    private readonly doc: FakeDocument,
  ) {}

  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener() {}
  fire(type: string, event: unknown = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  closest(selector: string): FakeElement | null {
    if (selector === 'a[data-cta]' && this.tagName === 'a' && this.attributes.has('data-cta')) return this;
    return this.parent?.closest(selector) ?? null;
  }
  appendChild(child: FakeElement) {
    child.parent = this;
    this.children.push(child);
    this.doc.attached(child);
    return child;
  }
  append(...children: FakeElement[]) {
    for (const child of children) this.appendChild(child);
  }
  remove() {
    if (!this.parent) return;
    this.parent.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
  /** Every element below this one, depth first. */
  descendants(): FakeElement[] {
    return this.children.flatMap((child) => [child, ...child.descendants()]);
  }
  /** The text of this element and all below it. */
  text(): string {
    return this.textContent + this.children.map((child) => child.text()).join('');
  }
}

/** `element.style`: the CSSOM calls the consent prompt makes. */
Object.defineProperty(FakeElement.prototype, 'style', {
  get(this: FakeElement & { styles?: Map<string, string> }) {
    const styles = (this.styles ??= new Map());
    return { setProperty: (name: string, value: string) => styles.set(name, value) };
  },
});

class FakeDocument {
  cookie = '';
  /** The fake page's window, once fakePage has made it. */
  defaultView: unknown = null;
  readyState: DocumentReadyState = 'complete';
  readonly head = new FakeElement('head', this);
  readonly documentElement = new FakeElement('html', this);
  readonly body = new FakeElement('body', this);
  readonly scripts: FakeElement[] = [];
  readonly anchors: FakeElement[] = [];
  readonly events: Array<{ type: string; detail: unknown }> = [];
  private readonly listeners = new FakeElement('#document', this);
  private configElement: FakeElement | null = null;
  private textsElement: FakeElement | null = null;
  /** What happens to a script appended with this src. */
  scriptOutcome: (src: string) => ScriptOutcome = () => 'pending';
  /** What a script that loads does as it runs (e.g. defines its global). */
  runs: (src: string) => void = () => {};

  createElement(tagName: string) {
    return new FakeElement(tagName, this);
  }
  attached(element: FakeElement) {
    if (element.tagName !== 'script') return;
    this.scripts.push(element);
    const outcome = this.scriptOutcome(element.src);
    if (outcome === 'load')
      setTimeout(() => {
        this.runs(element.src);
        element.fire('load');
      }, 5);
    else if (outcome !== 'pending') setTimeout(() => element.fire(outcome), 5);
  }
  scriptSrcs() {
    return this.scripts.map((script) => script.src);
  }
  setConfig(config: unknown) {
    this.configElement = new FakeElement('script', this);
    this.configElement.textContent = typeof config === 'string' ? config : JSON.stringify(config);
  }
  setPageTexts(texts: unknown) {
    this.textsElement = new FakeElement('script', this);
    this.textsElement.textContent = JSON.stringify(texts);
  }
  getElementById(id: string) {
    return id === 'runtime-config' ? this.configElement : id === 'page-texts' ? this.textsElement : null;
  }
  /** The consent prompt, when it is on the page. */
  prompt(): FakeElement | undefined {
    return this.body.children.find((child) => child.attributes.has(PROMPT_ATTRIBUTE));
  }
  /** The page's `<link rel="alternate" hreflang>` elements. */
  readonly alternates: FakeElement[] = [];
  querySelectorAll(selector: string) {
    if (selector === 'link[rel="alternate"][hreflang]') return this.alternates;
    return selector === 'a[data-cta]' ? this.anchors : [];
  }
  addAlternate(hreflang: string, href: string) {
    const link = new FakeElement('link', this);
    link.setAttribute('hreflang', hreflang);
    link.setAttribute('href', href);
    this.alternates.push(link);
  }
  querySelector() {
    return null;
  }
  addAnchor(cta: string, href: string) {
    const anchor = new FakeElement('a', this);
    anchor.setAttribute('data-cta', cta);
    anchor.setAttribute('href', href);
    this.anchors.push(anchor);
    return anchor;
  }
  hasListener(type: string): boolean {
    return (this.listeners.listeners.get(type)?.length ?? 0) > 0;
  }

  addEventListener(type: string, listener: (event: unknown) => void) {
    this.listeners.addEventListener(type, listener);
  }
  removeEventListener() {}
  dispatchEvent(event: { type: string; detail?: unknown }) {
    this.events.push({ type: event.type, detail: event.detail });
    return true;
  }
  click(target: FakeElement) {
    const event = {
      target,
      button: 0,
      metaKey: false,
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      defaultPrevented: false,
      preventDefault() {
        event.defaultPrevented = true;
      },
    };
    this.listeners.fire('click', event);
    return event;
  }
}

const BASE = 'https://pictura.onelink.me/Ab1c';
const DEFAULT_LINK = 'https://pictura.onelink.me/Ab1c/install';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

function runtimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    route: '/feature1',
    landingType: 'feature1',
    locale: 'en',
    locales: ['en', 'de', 'es', 'fr'],
    client: '/assets/client-abc123.js',
    tracking: {
      metaPixelId: '123456789012345',
      appsflyer: {
        webAppId: 'web-app-id',
        smartScript: true,
        oneLink: { base: BASE, default: DEFAULT_LINK },
        qrCode: { enabled: false, size: 256 },
        impressionPixel: true,
      },
      deepLink: 'pictura://create',
      attribution: {
        pid: 'query.utm_source',
        c: 'query.utm_campaign',
        af_c_id: 'query.campaign_id',
        fbclid: 'query.fbclid',
        af_sub1: 'cookie._fbc',
        af_sub2: 'cookie._fbp',
        af_sub3: 'cookie.afUserId',
        af_sub4: 'page.url',
        af_sub5: 'page.userAgent',
        paywall_type: 'paywall',
        deep_link_value: 'app.deepLink',
      },
    },
    payments: {
      enabled: true,
      source: 'cdn',
      version: '3.100.0',
      scripts: [
        { src: 'https://js.braintreegateway.com/web/3.100.0/js/client.min.js' },
        { src: 'https://js.braintreegateway.com/web/3.100.0/js/data-collector.min.js' },
      ],
    },
    ...overrides,
  };
}

const SPLIT_CONFIG = { feature1: { fullPrice: 60, discount: 40 } };

function jsonResponse(body: unknown, status = 200, type = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  };
}

function fakePage(options: { search?: string; pathname?: string; languages?: string[]; userAgent?: string } = {}) {
  const doc = new FakeDocument();
  const pathname = options.pathname ?? '/feature1';
  const search = options.search ?? '?utm+source=fb&fbclid=abc&campaign_id=1';
  const storage = new Map<string, string>();
  const fields = {
    document: doc,
    location: {
      pathname,
      search,
      hash: '',
      href: `https://landing.example${pathname}${search}`,
      origin: 'https://landing.example',
      assign: vi.fn(),
    },
    navigator: { userAgent: options.userAgent ?? IPHONE, languages: options.languages ?? ['en-US'], maxTouchPoints: 5 },
    history: { pushState: vi.fn() },
    fetch: vi.fn(async (url: string) => (url.endsWith('config.json') ? jsonResponse(SPLIT_CONFIG) : jsonResponse({}))),
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    setInterval: (handler: () => void, ms: number) => setInterval(handler, ms),
    clearInterval: (handle: ReturnType<typeof setInterval>) => clearInterval(handle),
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    crypto: globalThis.crypto,
  };
  const win: typeof fields & PixelWindow & AppsFlyerWindow & ConsentWindow & { braintree?: Record<string, unknown> } = fields;
  doc.defaultView = win;
  // Each braintree-web script adds its component to window.braintree, as the real builds do.
  doc.runs = (src) => {
    const component = /\/js\/([a-z-]+)\.min\.js$/.exec(src)?.[1];
    if (component) win.braintree = { ...win.braintree, [component]: {} };
  };
  const anchors = [doc.addAnchor('get', DEFAULT_LINK), doc.addAnchor('icon', DEFAULT_LINK), doc.addAnchor('screenshot', DEFAULT_LINK)];
  const hrefs = () => anchors.map((anchor) => anchor.getAttribute('href'));
  const importedModules: string[] = [];
  const importModule = async (url: string) => void importedModules.push(url);
  const start = (config = runtimeConfig()) => startRuntime(win as never, config, importModule);
  return { doc, win, anchors, hrefs, start, importedModules, storage };
}

/** The Smart Script as the fake hosts of the browser tests build its link: named parameters, afCustom, then the click ids it forwards. */
function fakeGenerateOneLinkURL(search: string, forwarded: string[]) {
  return vi.fn((options: { oneLinkURL: string; afParameters: Record<string, unknown> }) => {
    const pairs = ['af_js_web=true', 'af_ss_ver=2_10_4'];
    for (const [key, config] of Object.entries(options.afParameters)) {
      if (key !== 'afCustom') pairs.push(`${SMART_SCRIPT_PARAMETER_NAMES[key]}=${(config as { defaultValue: string }).defaultValue}`);
    }
    for (const custom of (options.afParameters.afCustom ?? []) as Array<{ paramKey: string; defaultValue: string }>) {
      pairs.push(`${custom.paramKey}=${custom.defaultValue}`);
    }
    const query = new URLSearchParams(search);
    for (const key of forwarded) if (query.get(key)) pairs.push(`${key}=${encodeURIComponent(query.get(key)!)}`);
    return { clickURL: `${options.oneLinkURL}?${pairs.join('&')}` };
  });
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.7); // draw 70: feature1 -> discount
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('readRuntimeConfig', () => {
  it.each([
    ['valid JSON', JSON.stringify(runtimeConfig()), true],
    ['broken JSON', '{"route":', false],
    ['a JSON string', '"x"', false],
    ['empty text', '', false],
  ])('reads %s', (_name, text, found) => {
    const doc = new FakeDocument();
    doc.setConfig(text);
    expect(readRuntimeConfig(doc as never) !== null).toBe(found);
  });

  it('gives null without the element', () => {
    expect(readRuntimeConfig(new FakeDocument() as never)).toBeNull();
  });
});

/** The hreflang alternates of /feature1 as the build writes them: English plain routes. */
function addAlternates(doc: FakeDocument) {
  for (const locale of ['de', 'es', 'fr']) doc.addAlternate(locale, `https://landing.example/${locale}/feature1`);
  doc.addAlternate('en', 'https://landing.example/feature1');
  doc.addAlternate('x-default', 'https://landing.example/feature1');
}

describe('startRuntime on a fake page', () => {
  const expectedParams = (page: ReturnType<typeof fakePage>, paywall: string) => ({
    pid: 'fb',
    af_c_id: '1',
    fbclid: 'abc',
    af_sub1: 'fb.1.1.abc',
    af_sub2: 'fb.1.1.123',
    af_sub4: page.win.location.href,
    af_sub5: IPHONE,
    paywall_type: paywall,
    deep_link_value: 'pictura://create',
  });
  const paramsOf = (link: string | null) => Object.fromEntries(new URL(link!).searchParams);

  it('keeps the default link until _fbc and _fbp exist, then rebuilds it within one poll', async () => {
    const page = fakePage();
    page.doc.scriptOutcome = () => 'error'; // every third-party host blocked
    page.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(page.hrefs()).toEqual([DEFAULT_LINK, DEFAULT_LINK, DEFAULT_LINK]);

    page.doc.cookie = '_fbc=fb.1.1.abc; _fbp=fb.1.1.123';
    await vi.advanceTimersByTimeAsync(500);
    const [link] = page.hrefs();
    expect(link).not.toBe(DEFAULT_LINK);
    expect(new Set(page.hrefs()).size).toBe(1);
    expect(link!.startsWith(`${BASE}?`)).toBe(true);
    expect(paramsOf(link!)).toEqual(expectedParams(page, 'discount'));
    expect(page.win.fetch).toHaveBeenCalledWith('/config.json');
  });

  it('uses the Smart Script once it appears, with the mapped parameters', async () => {
    const page = fakePage();
    page.doc.cookie = '_fbc=fb.1.1.abc; _fbp=fb.1.1.123';
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(page.doc.scriptSrcs()).toContain(SMART_SCRIPT_SRC);
    const fireImpressionsLink = vi.fn();
    const build = fakeGenerateOneLinkURL(page.win.location.search, ['gclid', 'fbclid', 'twclid', 'sccid', 'ttclid', 'gbraid', 'wbraid']);
    const generateOneLinkURL = vi.fn((options: Parameters<typeof build>[0]) => {
      page.win.AF_SMART_SCRIPT!.fireImpressionsLink = fireImpressionsLink;
      return build(options);
    });
    page.win.AF_SMART_SCRIPT = { generateOneLinkURL: generateOneLinkURL as never };
    await vi.advanceTimersByTimeAsync(1000);

    expect(generateOneLinkURL).toHaveBeenCalled();
    const [options] = generateOneLinkURL.mock.calls.at(-1) as unknown as [{ oneLinkURL: string; afParameters: Record<string, unknown> }];
    expect(options.oneLinkURL).toBe(BASE);
    expect(options.afParameters).toMatchObject({
      mediaSource: { keys: [], defaultValue: 'fb' },
      afSub1: { keys: [], defaultValue: 'fb.1.1.abc' },
      afSub4: { keys: [], defaultValue: encodeURIComponent(page.win.location.href) },
      deepLinkValue: { keys: [], defaultValue: 'pictura%3A%2F%2Fcreate' },
      afCustom: [
        { paramKey: 'af_c_id', keys: [], defaultValue: '1' },
        { paramKey: 'paywall_type', keys: [], defaultValue: 'discount' },
      ],
    });
    // The Smart Script's own link, untouched: it lacks none of our parameters.
    const generated = build.mock.results.at(-1)!.value.clickURL as string;
    expect(page.hrefs()[0]).toBe(generated);
    expect(paramsOf(generated)).toMatchObject({ af_js_web: 'true', ...expectedParams(page, 'discount') });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fireImpressionsLink).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a Smart Script that forwards ttclid itself (2.10.4)', ['gclid', 'fbclid', 'twclid', 'sccid', 'ttclid', 'gbraid', 'wbraid']],
    ['a Smart Script that does not (2.9.2)', ['gclid', 'fbclid', 'gbraid', 'wbraid']],
  ])('puts custom parameters and a TikTok click id in the link with %s, each once', async (_name, forwarded) => {
    const search = '?utm_source=tiktok&ttclid=T1&my+key=1&x=hello%20world';
    const page = fakePage({ search });
    page.doc.scriptOutcome = () => 'load';
    const config = runtimeConfig();
    config.tracking.attribution = { ...config.tracking.attribution, my_key: 'query.my_key', x: 'query.x', af_sub3: 'query.ttclid' };
    page.start(config);
    page.win.AF_SMART_SCRIPT = { generateOneLinkURL: fakeGenerateOneLinkURL(search, forwarded) as never };
    await vi.advanceTimersByTimeAsync(1000);
    const link = new URL(page.hrefs()[0]!);
    expect(link.searchParams.get('af_js_web')).toBe('true');
    for (const [name, value] of [
      ['pid', 'tiktok'],
      ['my_key', '1'],
      ['x', 'hello world'],
      ['af_sub3', 'T1'],
      ['ttclid', 'T1'],
    ]) {
      expect(link.searchParams.getAll(name!)).toEqual([value]);
    }
  });

  it.each([
    ['TikTok', '?utm_source=tiktok&ttclid=T1', { pid: 'tiktok', ttclid: 'T1' }],
    ['Google', '?utm_source=google&gclid=G1&gbraid=B1&keyword=boat', { pid: 'google', gclid: 'G1', gbraid: 'B1', af_keywords: 'boat' }],
    ['Snapchat', '?utm_source=snapchat&ScCid=S1', { pid: 'snapchat', sccid: 'S1' }],
    ['Microsoft', '?utm_source=bing&msclkid=M1', { pid: 'bing', clickid: 'M1' }],
    ['X', '?utm_source=x&twclid=X1', { pid: 'x', twclid: 'X1' }],
  ])(
    'attributes a %s visitor (no fbclid, so no _fbc) once the blocked pixel has failed, Smart Script blocked too',
    async (_name, search, expected) => {
      const page = fakePage({ search });
      page.doc.scriptOutcome = () => 'error';
      page.start();
      await vi.advanceTimersByTimeAsync(1000);
      expect(page.hrefs()[0]).not.toBe(DEFAULT_LINK);
      expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ ...expected, paywall_type: 'discount' });
      expect(paramsOf(page.hrefs()[0]!)).not.toHaveProperty('af_sub1');
    },
  );

  it('attributes a visitor without fbclid with _fbp once the pixel has run', async () => {
    const page = fakePage({ search: '?utm_source=tiktok&ttclid=T1' });
    page.doc.scriptOutcome = () => 'pending'; // the pixel is slow
    page.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(page.hrefs()[0]).toBe(DEFAULT_LINK);
    page.doc.cookie = '_fbp=fb.1.1.123';
    await vi.advanceTimersByTimeAsync(500);
    expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ pid: 'tiktok', ttclid: 'T1', af_sub2: 'fb.1.1.123' });
  });

  it('sends a visitor without fbclid to an attributed link when they tap before the pixel has answered', async () => {
    const page = fakePage({ search: '?utm_source=tiktok&ttclid=T1' });
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(page.hrefs()[0]).toBe(DEFAULT_LINK);
    page.doc.click(page.anchors[0]!);
    await vi.advanceTimersByTimeAsync(1000);
    const target = (page.win.location.assign as ReturnType<typeof vi.fn>).mock.calls[0]![0] as string;
    expect(paramsOf(target)).toMatchObject({ pid: 'tiktok', ttclid: 'T1' });
  });

  it("keeps the default link for a Meta visitor whose pixel is blocked (the spec's flow: _fbc and _fbp first)", async () => {
    const page = fakePage();
    page.doc.scriptOutcome = () => 'error';
    page.start();
    await vi.advanceTimersByTimeAsync(5000);
    page.doc.click(page.anchors[0]!);
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.hrefs()[0]).toBe(DEFAULT_LINK);
    expect(page.win.location.assign).toHaveBeenCalledWith(DEFAULT_LINK);
  });

  it('attributes a visitor from a Meta ad on a page without the Meta pixel (nothing there sets _fbc and _fbp) once the other networks have run', async () => {
    const page = fakePage();
    const { metaPixelId: _, ...tracking } = runtimeConfig().tracking;
    page.doc.scriptOutcome = () => 'error';
    page.start(runtimeConfig({ tracking: { ...tracking, tiktokPixelId: 'C4A1B2C3D4E5F6G7H8I9' } }));
    await vi.advanceTimersByTimeAsync(0);
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.win.fbq).toBeUndefined();
    expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ pid: 'fb', fbclid: 'abc', af_c_id: '1', paywall_type: 'discount' });
  });

  it("waits for every network's script before building the link, so the cookies they set (TikTok's _ttp) reach it", async () => {
    const page = fakePage({ search: '?utm_source=tiktok&ttclid=T1' });
    const tracking = runtimeConfig().tracking;
    page.doc.scriptOutcome = (src) => (src.startsWith('https://analytics.tiktok.com/') ? 'pending' : 'error');
    page.start(
      runtimeConfig({
        tracking: { ...tracking, tiktokPixelId: 'C4A1B2C3D4E5F6G7H8I9', attribution: { ...tracking.attribution, af_sub1: 'cookie._ttp' } },
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    await vi.dynamicImportSettled();
    const script = page.doc.scripts.find((element) => element.src.startsWith('https://analytics.tiktok.com/'))!;
    await vi.advanceTimersByTimeAsync(3000);
    expect(page.hrefs()[0]).toBe(DEFAULT_LINK);
    // events.js arrives and sets its cookie, as the real one does.
    page.doc.cookie = '_ttp=ttp-visitor';
    script.fire('load');
    await vi.advanceTimersByTimeAsync(500);
    expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ pid: 'tiktok', ttclid: 'T1', af_sub1: 'ttp-visitor' });
  });

  it('tracks AddToCart on a CTA click and navigates to the current link 1000 ms later', async () => {
    const page = fakePage();
    page.doc.cookie = '_fbc=fb.1.1.abc; _fbp=fb.1.1.123; afUserId=af-1';
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    const event = page.doc.click(page.anchors[2]!);
    expect(event.defaultPrevented).toBe(true);
    const queue = page.win.fbq!.queue;
    expect(queue.map((call) => call.slice(0, 2))).toEqual([
      ['init', '123456789012345'],
      ['track', 'PageView'],
      ['track', 'AddToCart'],
    ]);
    // Each event with an id of its own, the same one on window.dataLayer for a Conversions API sender.
    const [pageViewId, addToCartId] = queue.slice(1).map((call) => (call[3] as { eventID: string }).eventID);
    expect(pageViewId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(addToCartId).not.toBe(pageViewId);
    expect((page.win as { dataLayer?: unknown[] }).dataLayer).toEqual([
      expect.objectContaining({ event: 'store-landing.PageView', eventName: 'PageView', eventID: pageViewId }),
      expect.objectContaining({ event: 'store-landing.AddToCart', eventName: 'AddToCart', eventID: addToCartId }),
    ]);
    await vi.advanceTimersByTimeAsync(999);
    expect(page.win.location.assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(page.win.location.assign).toHaveBeenCalledTimes(1);
    const target = (page.win.location.assign as ReturnType<typeof vi.fn>).mock.calls[0]![0] as string;
    expect(paramsOf(target)).toMatchObject({ af_sub3: 'af-1', pid: 'fb' });
  });

  it('with every third-party host and config.json blocked: no error, one warning for the pixel and one for the payment SDK, the default link', async () => {
    const page = fakePage();
    page.doc.scriptOutcome = () => 'error';
    page.win.fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => page.start()).not.toThrow();
    await vi.advanceTimersByTimeAsync(5000);
    expect(warn.mock.calls.map((call: unknown[]) => String(call[0]).split(':')[0])).toEqual([
      'Ad network scripts did not load (blocked, failed or not JavaScript)',
      expect.stringContaining('Payment SDK'),
    ]);
    expect(String(warn.mock.calls[0]![0])).toContain(': Meta pixel.');
    page.doc.click(page.anchors[0]!);
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.win.location.assign).toHaveBeenCalledWith(DEFAULT_LINK);
  });

  it.each([
    ['a 500', jsonResponse(SPLIT_CONFIG, 500)],
    ['HTML', jsonResponse('<!doctype html>', 200, 'text/html')],
    ['broken JSON', jsonResponse('{"feature1":', 200)],
  ])('config.json answered with %s gives fullPrice', async (_name, res) => {
    const page = fakePage();
    page.win.fetch = vi.fn(async () => res);
    page.doc.cookie = '_fbc=fb.1.1.abc; _fbp=fb.1.1.123';
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(paramsOf(page.hrefs()[0]!).paywall_type).toBe('fullPrice');
  });

  it('fetches config.json from the campaign root', async () => {
    const page = fakePage({ pathname: '/summer/de/feature1/' });
    page.start(runtimeConfig({ locale: 'de' }));
    await vi.advanceTimersByTimeAsync(10);
    expect(page.win.fetch).toHaveBeenCalledWith('/summer/config.json');
  });

  it("wires the pixel's queue, the CTAs and the back trap at once, and appends the pixel's script and reads cookies in later tasks (no long task)", async () => {
    const page = fakePage();
    let cookieReads = 0;
    Object.defineProperty(page.doc, 'cookie', {
      get: () => {
        cookieReads++;
        return '';
      },
    });
    page.start();
    expect(page.doc.hasListener('click')).toBe(true);
    expect(page.win.history.pushState).toHaveBeenCalledTimes(1);
    // The pixel's queue is there for the AddToCart of a tap the page's loader held.
    expect(page.win.fbq?.queue).toContainEqual(['init', expect.any(String)]);
    expect(page.doc.scripts).toHaveLength(0);
    expect(cookieReads).toBe(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(page.doc.scriptSrcs()).toContain(META_PIXEL_SRC);
    expect(cookieReads).toBeGreaterThan(0);
  });

  it('traps the back button on the same path and query', async () => {
    const page = fakePage();
    page.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(page.win.history.pushState).toHaveBeenCalledWith(expect.anything(), '', '/feature1?utm+source=fb&fbclid=abc&campaign_id=1');
    const popstate = (page.win.addEventListener as ReturnType<typeof vi.fn>).mock.calls.find(([type]) => type === 'popstate');
    (popstate![1] as () => void)();
    expect(page.win.history.pushState).toHaveBeenCalledTimes(2);
  });

  it('loads the Web SDK, the Smart Script, the pixel and the payment SDK', async () => {
    const page = fakePage();
    page.doc.scriptOutcome = () => 'load';
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(page.doc.scriptSrcs()).toEqual(
      expect.arrayContaining([META_PIXEL_SRC, WEB_SDK_SRC, SMART_SCRIPT_SRC, ...runtimeConfig().payments.scripts.map((s) => s.src)]),
    );
    expect(page.doc.scripts.every((script) => script.async)).toBe(true);
  });

  it('fetches the page of its route in the visitor language, as its alternates name it, after load (without React)', async () => {
    const page = fakePage({ languages: ['de-DE', 'en'] });
    addAlternates(page.doc);
    page.win.fetch = vi.fn(async (url: string) =>
      url.endsWith('config.json') ? jsonResponse(SPLIT_CONFIG) : jsonResponse('<!doctype html>', 200, 'text/html'),
    );
    page.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(page.win.fetch).toHaveBeenCalledWith('https://landing.example/de/feature1');
    expect(page.importedModules).toEqual([]);
  });

  it('fetches nothing when its alternates name no page in the visitor language', async () => {
    const page = fakePage({ languages: ['de-DE', 'en'] });
    page.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(page.win.fetch).toHaveBeenCalledTimes(1);
    expect(page.win.fetch).toHaveBeenCalledWith('/config.json');
  });

  it('keeps English for an English visitor', async () => {
    const page = fakePage({ languages: ['en-GB', 'de'] });
    addAlternates(page.doc);
    page.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(page.win.fetch).toHaveBeenCalledTimes(1);
    expect(page.doc.events).toEqual([]);
  });
});

describe('consent mode required on a fake page', () => {
  const THIRD_PARTY = [META_PIXEL_SRC, WEB_SDK_SRC, SMART_SCRIPT_SRC, 'https://js.braintreegateway.com/web/3.100.0/js/client.min.js'];
  const requiredConfig = () => {
    const config = runtimeConfig();
    config.tracking.consent = 'required';
    return config;
  };
  const paramsOf = (link: string | null) => Object.fromEntries(new URL(link!).searchParams);

  /** A page whose cookie reads are counted, every script loading. */
  function consentPage(options: Parameters<typeof fakePage>[0] = {}) {
    const page = fakePage(options);
    page.doc.scriptOutcome = () => 'load';
    let cookieReads = 0;
    let cookie = '_fbc=fb.1.1.abc; _fbp=fb.1.1.123';
    Object.defineProperty(page.doc, 'cookie', {
      get: () => {
        cookieReads++;
        return cookie;
      },
      set: (value: string) => (cookie = value),
    });
    return { ...page, cookieReads: () => cookieReads };
  }

  it('before an answer: no third party, no cookie read, the default link, and the prompt', async () => {
    const page = consentPage();
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(5000);
    expect(page.doc.scriptSrcs()).toEqual([]);
    expect(page.win.fbq).toBeUndefined();
    expect(page.cookieReads()).toBe(0);
    expect(page.hrefs()).toEqual([DEFAULT_LINK, DEFAULT_LINK, DEFAULT_LINK]);
    expect(page.win.storeLanding?.consentState?.()).toBe('pending');
    expect(page.doc.prompt()?.text()).toContain(ENGLISH_CONSENT_TEXTS.title);
    // The install link works throughout: a tap goes to the default link, and tracks nothing.
    page.doc.click(page.anchors[0]!);
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.win.location.assign).toHaveBeenCalledWith(DEFAULT_LINK);
    expect(page.win.fbq).toBeUndefined();
    expect((page.win as { dataLayer?: unknown }).dataLayer).toBeUndefined();
    expect(page.cookieReads()).toBe(0);
  });

  it("shows the prompt in the page's language, with English for a missing key", async () => {
    const page = consentPage();
    page.doc.setPageTexts({ consent: { title: 'Tracking erlauben?', allow: 'Erlauben', decline: 'Nicht erlauben' } });
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(10);
    const texts = page.doc
      .prompt()!
      .descendants()
      .map((element) => element.textContent);
    expect(texts).toEqual(expect.arrayContaining(['Tracking erlauben?', ENGLISH_CONSENT_TEXTS.body, 'Nicht erlauben', 'Erlauben']));
  });

  it.each([
    [
      "the prompt's Allow button",
      (page: ReturnType<typeof consentPage>) =>
        page.doc
          .prompt()!
          .descendants()
          .find((e) => e.attributes.get('data-consent') === 'allow')!
          .fire('click'),
    ],
    [
      'the hook window.storeLanding.consent(true)',
      (page: ReturnType<typeof consentPage>) => (page.win.storeLanding!.consent as (granted: boolean) => void)(true),
    ],
  ])('after consent through %s: the pixel (consent granted first), AppsFlyer, payments and the attributed link', async (_name, consent) => {
    const page = consentPage();
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(100);
    consent(page);
    expect(page.doc.prompt()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.doc.scriptSrcs()).toEqual(expect.arrayContaining(THIRD_PARTY));
    expect(page.win.fbq!.queue.slice(0, 3).map((call) => call.slice(0, 2))).toEqual([
      ['consent', 'grant'],
      ['init', '123456789012345'],
      ['track', 'PageView'],
    ]);
    expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ pid: 'fb', af_sub1: 'fb.1.1.abc', af_sub2: 'fb.1.1.123' });
    expect(page.storage.get(CONSENT_STORAGE_KEY)).toBe('granted');
    expect(page.win.storeLanding?.consentState?.()).toBe('granted');
  });

  it('after a refusal: nothing loads, no cookie is read, the answer is kept', async () => {
    const page = consentPage();
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(100);
    page.doc
      .prompt()!
      .descendants()
      .find((e) => e.attributes.get('data-consent') === 'decline')!
      .fire('click');
    await vi.advanceTimersByTimeAsync(5000);
    expect(page.doc.prompt()).toBeUndefined();
    expect(page.doc.scriptSrcs()).toEqual([]);
    expect(page.cookieReads()).toBe(0);
    expect(page.hrefs()[0]).toBe(DEFAULT_LINK);
    expect(page.storage.get(CONSENT_STORAGE_KEY)).toBe('denied');
  });

  it.each([
    ['a stored consent', (page: ReturnType<typeof consentPage>) => page.storage.set(CONSENT_STORAGE_KEY, 'granted')],
    [
      'an answer the site set before the runtime ran',
      (page: ReturnType<typeof consentPage>) => (page.win.storeLanding = { consent: true }),
    ],
  ])('with %s: no prompt, tracking at once', async (_name, prepare) => {
    const page = consentPage();
    prepare(page);
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.doc.prompt()).toBeUndefined();
    expect(page.doc.scriptSrcs()).toContain(META_PIXEL_SRC);
    expect(paramsOf(page.hrefs()[0]!)).toMatchObject({ pid: 'fb' });
  });

  it('with a stored refusal: no prompt, nothing loads', async () => {
    const page = consentPage();
    page.storage.set(CONSENT_STORAGE_KEY, 'denied');
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(5000);
    expect(page.doc.prompt()).toBeUndefined();
    expect(page.doc.scriptSrcs()).toEqual([]);
  });

  it("a withdrawn consent revokes the pixel's consent and puts the default link back", async () => {
    const page = consentPage();
    page.storage.set(CONSENT_STORAGE_KEY, 'granted');
    page.start(requiredConfig());
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.hrefs()[0]).not.toBe(DEFAULT_LINK);
    (page.win.storeLanding!.consent as (granted: boolean) => void)(false);
    expect(page.win.fbq!.queue.at(-1)).toEqual(['consent', 'revoke']);
    expect(page.hrefs()).toEqual([DEFAULT_LINK, DEFAULT_LINK, DEFAULT_LINK]);
    const reads = page.cookieReads();
    page.doc.click(page.anchors[0]!);
    await vi.advanceTimersByTimeAsync(5000);
    expect(page.win.location.assign).toHaveBeenCalledWith(DEFAULT_LINK);
    expect(page.cookieReads()).toBe(reads);
    expect(page.storage.get(CONSENT_STORAGE_KEY)).toBe('denied');
  });

  it('mode none (the default) behaves as the spec: no prompt, no hook, the pixel without consent calls', async () => {
    const page = consentPage();
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(page.doc.prompt()).toBeUndefined();
    expect(page.win.storeLanding).toBeUndefined();
    expect(page.win.fbq!.queue[0]).toEqual(['init', '123456789012345']);
  });
});
