// A fake page for startRuntime's unit tests: its window and document, the runtime config of a campaign, the Smart Script's link builder.
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import type { AppsFlyerWindow } from '../../../page/runtime/appsflyer.ts';
import type { ConsentWindow } from '../../../page/runtime/consent.ts';
import { startRuntime } from '../../../page/runtime/index.ts';
import type { PixelWindow } from '../../../page/ad-networks/meta-pixel.ts';
import type { RuntimeConfig } from '../../../page/contract/runtime-config.ts';
import { SMART_SCRIPT_PARAMETER_NAMES } from '../../smart-script.ts';
import { FakeDocument } from './fake-document.ts';
// The modules the runtime imports only when a page needs them, loaded before any test starts a page: a test file
// can end while its page still imports one, and vitest fails the run when an import outlives its file.
import '../../../page/runtime/consent-prompt.ts';
import '../../../page/runtime/locale-switch.ts';
import '../../../page/runtime/qr-code.ts';

export const BASE = 'https://pictura.onelink.me/Ab1c';
export const DEFAULT_LINK = 'https://pictura.onelink.me/Ab1c/install';
export const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

export function runtimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
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

export const SPLIT_CONFIG = { feature1: { fullPrice: 60, discount: 40 } };

export function jsonResponse(body: unknown, status = 200, type = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  };
}

export function fakePage(options: { search?: string; pathname?: string; languages?: string[]; userAgent?: string } = {}) {
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
export function fakeGenerateOneLinkURL(search: string, forwarded: string[]) {
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

/** The hreflang alternates of /feature1 as the build writes them: English plain routes. */
export function addAlternates(doc: FakeDocument) {
  for (const locale of ['de', 'es', 'fr']) doc.addAlternate(locale, `https://landing.example/${locale}/feature1`);
  doc.addAlternate('en', 'https://landing.example/feature1');
  doc.addAlternate('x-default', 'https://landing.example/feature1');
}

/** The query parameters of a link. */
export const paramsOf = (link: string | null) => Object.fromEntries(new URL(link!).searchParams);

/**
 * For each test of the calling file: fake timers, a draw of 70 (feature1's discount paywall) and
 * silenced warnings, whose spy is `warn` of the object returned.
 */
export function setUpFakeRuntime(): { warn: MockInstance<typeof console.warn> } {
  const spies = {} as { warn: MockInstance<typeof console.warn> };
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.7); // draw 70: feature1 -> discount
    spies.warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  return spies;
}
