// The runtime wired on a fake page: startRuntime end to end, third parties faked (no DOM library needed).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMART_SCRIPT_SRC, WEB_SDK_SRC, type AppsFlyerWindow } from '../../templates/runtime/appsflyer.ts';
import { readRuntimeConfig, startRuntime } from '../../templates/runtime/index.ts';
import { META_PIXEL_SRC, type PixelWindow } from '../../templates/runtime/meta-pixel.ts';
import type { RuntimeConfig } from '../../templates/runtime/types.ts';

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
}

class FakeDocument {
  cookie = '';
  readyState: DocumentReadyState = 'complete';
  readonly head = new FakeElement('head', this);
  readonly documentElement = new FakeElement('html', this);
  readonly body = new FakeElement('body', this);
  readonly scripts: FakeElement[] = [];
  readonly anchors: FakeElement[] = [];
  readonly events: Array<{ type: string; detail: unknown }> = [];
  private readonly listeners = new FakeElement('#document', this);
  private configElement: FakeElement | null = null;
  /** What happens to a script appended with this src. */
  scriptOutcome: (src: string) => ScriptOutcome = () => 'pending';

  createElement(tagName: string) {
    return new FakeElement(tagName, this);
  }
  attached(element: FakeElement) {
    if (element.tagName !== 'script') return;
    this.scripts.push(element);
    const outcome = this.scriptOutcome(element.src);
    if (outcome !== 'pending') setTimeout(() => element.fire(outcome), 5);
  }
  scriptSrcs() {
    return this.scripts.map((script) => script.src);
  }
  setConfig(config: unknown) {
    this.configElement = new FakeElement('script', this);
    this.configElement.textContent = typeof config === 'string' ? config : JSON.stringify(config);
  }
  getElementById(id: string) {
    return id === 'runtime-config' ? this.configElement : null;
  }
  querySelectorAll(selector: string) {
    return selector === 'a[data-cta]' ? this.anchors : [];
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
    translations: { de: '/assets/de-abc123.json', es: '/assets/es-abc123.json', fr: '/assets/fr-abc123.json' },
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
  };
  const win: typeof fields & PixelWindow & AppsFlyerWindow = fields;
  const anchors = [doc.addAnchor('get', DEFAULT_LINK), doc.addAnchor('icon', DEFAULT_LINK), doc.addAnchor('screenshot', DEFAULT_LINK)];
  const hrefs = () => anchors.map((anchor) => anchor.getAttribute('href'));
  const importedModules: string[] = [];
  const importModule = async (url: string) => void importedModules.push(url);
  const start = (config = runtimeConfig()) => startRuntime(win as never, config, importModule);
  return { doc, win, anchors, hrefs, start, importedModules };
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
    const generateOneLinkURL = vi.fn(() => {
      page.win.AF_SMART_SCRIPT!.fireImpressionsLink = fireImpressionsLink;
      return { clickURL: `${BASE}?af_js_web=true&af_ss_ver=2_10_4&pid=fb` };
    });
    page.win.AF_SMART_SCRIPT = { generateOneLinkURL };
    await vi.advanceTimersByTimeAsync(1000);

    expect(generateOneLinkURL).toHaveBeenCalled();
    const [options] = generateOneLinkURL.mock.calls.at(-1) as unknown as [
      { oneLinkURL: string; afParameters: Record<string, unknown> },
    ];
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
    expect(page.hrefs()[0]).toBe(`${BASE}?af_js_web=true&af_ss_ver=2_10_4&pid=fb`);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fireImpressionsLink).toHaveBeenCalledTimes(1);
  });

  it('tracks AddToCart on a CTA click and navigates to the current link 1000 ms later', async () => {
    const page = fakePage();
    page.doc.cookie = '_fbc=fb.1.1.abc; _fbp=fb.1.1.123; afUserId=af-1';
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    const event = page.doc.click(page.anchors[2]!);
    expect(event.defaultPrevented).toBe(true);
    expect(page.win.fbq?.queue).toEqual([['init', '123456789012345'], ['track', 'PageView'], ['track', 'AddToCart']]);
    await vi.advanceTimersByTimeAsync(999);
    expect(page.win.location.assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(page.win.location.assign).toHaveBeenCalledTimes(1);
    const target = (page.win.location.assign as ReturnType<typeof vi.fn>).mock.calls[0]![0] as string;
    expect(paramsOf(target)).toMatchObject({ af_sub3: 'af-1', pid: 'fb' });
  });

  it('with every third-party host and config.json blocked: no error, one warning, the default link', async () => {
    const page = fakePage();
    page.doc.scriptOutcome = () => 'error';
    page.win.fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => page.start()).not.toThrow();
    await vi.advanceTimersByTimeAsync(5000);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('Payment SDK');
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

  it('wires the CTAs and the back trap at once, and reads cookies and loads the pixel in later tasks (no long task)', async () => {
    const page = fakePage();
    let cookieReads = 0;
    Object.defineProperty(page.doc, 'cookie', { get: () => (cookieReads++, '') });
    page.start();
    expect(page.doc.hasListener('click')).toBe(true);
    expect(page.win.history.pushState).toHaveBeenCalledTimes(1);
    expect(cookieReads).toBe(0);
    expect(page.doc.scriptSrcs()).not.toContain(META_PIXEL_SRC);
    await vi.advanceTimersByTimeAsync(10);
    expect(cookieReads).toBeGreaterThan(0);
    expect(page.doc.scriptSrcs()).toContain(META_PIXEL_SRC);
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

  it('switches a plain English page to the visitor language after load', async () => {
    const page = fakePage({ languages: ['de-DE', 'en'] });
    page.win.fetch = vi.fn(async (url: string) => jsonResponse(url.includes('/de-') ? { header: { get: 'LADEN' } } : SPLIT_CONFIG));
    page.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(page.win.fetch).toHaveBeenCalledWith('/assets/de-abc123.json');
    expect(page.doc.events).toEqual([{ type: 'store-landing:locale', detail: { locale: 'de', bundle: { header: { get: 'LADEN' } } } }]);
    // The switch needs React: the client entry was loaded, once.
    expect(page.importedModules).toEqual(['/assets/client-abc123.js']);
  });

  it('keeps English for an English visitor', async () => {
    const page = fakePage({ languages: ['en-GB', 'de'] });
    page.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(page.doc.events).toEqual([]);
  });
});
