// The third-party loaders on a fake document: Meta pixel, AppsFlyer Web SDK and Smart Script, the payment SDK.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fireImpressionWhenReady,
  isDesktop,
  loadWebSdk,
  smartScriptLink,
  WEB_SDK_SRC,
  type AppsFlyerWindow,
} from '../../templates/runtime/appsflyer.ts';
import { loadMetaPixel, META_PIXEL_SRC, trackAddToCart, type PixelWindow } from '../../templates/runtime/meta-pixel.ts';
import { loadPaymentSdk } from '../../templates/runtime/payments.ts';
import type { PaymentSettings } from '../../templates/runtime/types.ts';

type ScriptOutcome = 'load' | 'error' | 'pending';

/** A `<script>` as `injectScript` uses it. */
class FakeScript {
  async = false;
  src = '';
  integrity = '';
  crossOrigin: string | null = null;
  private readonly listeners = new Map<string, Array<() => void>>();
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

/** Just enough document to append scripts and decide, per src, whether each loads. */
class FakeDocument {
  readonly scripts: FakeScript[] = [];
  scriptOutcome: (src: string) => ScriptOutcome = () => 'pending';
  readonly head = {
    appendChild: (script: FakeScript) => {
      this.scripts.push(script);
      const outcome = this.scriptOutcome(script.src);
      if (outcome !== 'pending') setTimeout(() => script.fire(outcome), 5);
      return script;
    },
  };
  createElement(tagName: string) {
    expect(tagName).toBe('script');
    return new FakeScript();
  }
  scriptSrcs() {
    return this.scripts.map((script) => script.src);
  }
}

const BASE = 'https://pictura.onelink.me/Ab1c';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const PAYMENTS: PaymentSettings = {
  enabled: true,
  source: 'cdn',
  version: '3.100.0',
  scripts: [
    { src: 'https://js.braintreegateway.com/web/3.100.0/js/client.min.js' },
    { src: 'https://js.braintreegateway.com/web/3.100.0/js/data-collector.min.js' },
  ],
};

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadMetaPixel and trackAddToCart', () => {
  it('queues init and one PageView, and loads fbevents.js async', () => {
    const doc = new FakeDocument();
    const win: PixelWindow = {};
    loadMetaPixel(win, doc as never, '123');
    loadMetaPixel(win, doc as never, '123');
    expect(win.fbq?.queue).toEqual([['init', '123'], ['track', 'PageView']]);
    expect(win._fbq).toBe(win.fbq);
    expect(doc.scriptSrcs()).toEqual([META_PIXEL_SRC]);
    expect(doc.scripts[0]!.async).toBe(true);
    trackAddToCart(win);
    expect(win.fbq?.queue.at(-1)).toEqual(['track', 'AddToCart']);
  });

  it('turns off the pixel\'s PageView per history.pushState before fbevents.js arrives (the back trap pushes)', () => {
    const win: PixelWindow = {};
    loadMetaPixel(win, new FakeDocument() as never, '123');
    expect(win.fbq?.disablePushState).toBe(true);
  });

  it('hands calls to fbevents.js once it has installed callMethod', () => {
    const win: PixelWindow = {};
    loadMetaPixel(win, new FakeDocument() as never, '123');
    const callMethod = vi.fn();
    win.fbq!.callMethod = callMethod;
    trackAddToCart(win);
    expect(callMethod).toHaveBeenCalledWith('track', 'AddToCart');
  });

  it('does nothing without a pixel id, and survives a broken fbq', () => {
    const doc = new FakeDocument();
    const win: PixelWindow = {};
    loadMetaPixel(win, doc as never, '');
    expect(win.fbq).toBeUndefined();
    expect(doc.scripts).toHaveLength(0);
    win.fbq = (() => {
      throw new Error('broken');
    }) as never;
    expect(() => trackAddToCart(win)).not.toThrow();
  });
});

describe('AppsFlyer', () => {
  it('loads the Web SDK with the PBA snippet globals', () => {
    const doc = new FakeDocument();
    const win: AppsFlyerWindow = {};
    loadWebSdk(win, doc as never, 'web-app-id');
    expect(win.AppsFlyerSdkObject).toBe('AF');
    expect(win.AF?.id).toEqual({ pba: { webAppId: 'web-app-id' } });
    expect(win.AF?.plugins).toEqual({});
    win.AF!('pba', 'event', { eventType: 'EVENT' });
    expect(win.AF?.q).toEqual([[expect.any(Number), 'pba', 'event', { eventType: 'EVENT' }]]);
    expect(doc.scriptSrcs()).toEqual([WEB_SDK_SRC]);
    expect(WEB_SDK_SRC).toBe('https://websdk.appsflyer.com?st=pba&');
  });

  it.each([
    ['the generated link', { clickURL: `${BASE}?af_js_web=true&pid=fb` }, `${BASE}?af_js_web=true&pid=fb`],
    ['null (bad base or media source)', null, null],
    ['no clickURL', {}, null],
    ['a link on another host', { clickURL: 'https://evil.example/Ab1c?pid=fb' }, null],
  ])('smartScriptLink takes %s', (_name, result, expected) => {
    const win: AppsFlyerWindow = { AF_SMART_SCRIPT: { generateOneLinkURL: () => result as never } };
    expect(smartScriptLink(win, { oneLinkURL: BASE, afParameters: { mediaSource: { keys: [], defaultValue: 'x' } } })).toBe(
      expected,
    );
  });

  it('smartScriptLink survives a throwing or missing Smart Script', () => {
    const options = { oneLinkURL: BASE, afParameters: { mediaSource: { keys: [], defaultValue: 'x' } } };
    const throwing: AppsFlyerWindow = {
      AF_SMART_SCRIPT: {
        generateOneLinkURL: () => {
          throw new Error('bug');
        },
      },
    };
    expect(smartScriptLink(throwing, options)).toBeNull();
    expect(smartScriptLink({}, options)).toBeNull();
  });

  it('fires the impression once fireImpressionsLink appears', async () => {
    const fire = vi.fn();
    const win: AppsFlyerWindow = { AF_SMART_SCRIPT: { generateOneLinkURL: () => null } };
    fireImpressionWhenReady(win, { setInterval, clearInterval: (h) => clearInterval(h as never) });
    await vi.advanceTimersByTimeAsync(2000);
    expect(fire).not.toHaveBeenCalled();
    win.AF_SMART_SCRIPT!.fireImpressionsLink = fire;
    await vi.advanceTimersByTimeAsync(1000);
    expect(fire).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it.each([
    [IPHONE, 5, false],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', 5, false],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', 5, false],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.0 Safari/605.1.15', 5, false], // iPadOS
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.0 Safari/605.1.15', 0, true],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36', 0, true],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36', 0, true],
  ])('isDesktop(%s, %d) is %s', (userAgent, touchPoints, desktop) => {
    expect(isDesktop(userAgent, touchPoints)).toBe(desktop);
  });
});

describe('loadPaymentSdk', () => {
  const settings = PAYMENTS;

  it('appends the scripts in order, each after the previous loaded', async () => {
    const doc = new FakeDocument();
    doc.scriptOutcome = () => 'load';
    const done = loadPaymentSdk(doc as never, settings);
    expect(doc.scriptSrcs()).toEqual([settings.scripts[0]!.src]);
    await vi.advanceTimersByTimeAsync(10);
    await done;
    expect(doc.scriptSrcs()).toEqual(settings.scripts.map((script) => script.src));
    expect(doc.scripts.every((script) => script.async && script.crossOrigin === null)).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('sets integrity and crossorigin for self-hosted scripts', async () => {
    const doc = new FakeDocument();
    doc.scriptOutcome = () => 'load';
    const done = loadPaymentSdk(doc as never, {
      ...settings,
      source: 'self-hosted',
      scripts: [{ src: '/assets/client-abc.js', integrity: 'sha384-abc' }],
    });
    await vi.advanceTimersByTimeAsync(10);
    await done;
    expect(doc.scripts[0]).toMatchObject({ integrity: 'sha384-abc', crossOrigin: 'anonymous' });
  });

  const CLIENT = 'https://js.braintreegateway.com/web/3.100.0/js/client.min.js';
  const COLLECTOR = 'https://js.braintreegateway.com/web/3.100.0/js/data-collector.min.js';

  it.each([
    ['the first script fails', CLIENT, [CLIENT]],
    ['the second script fails', COLLECTOR, [CLIENT, COLLECTOR]],
  ])('warns exactly once when %s, and loads nothing after it', async (_name, failing, appended) => {
    const doc = new FakeDocument();
    doc.scriptOutcome = (src) => (src === failing ? 'error' : 'load');
    const done = loadPaymentSdk(doc as never, settings);
    await vi.advanceTimersByTimeAsync(50);
    await expect(done).resolves.toBeUndefined();
    expect(doc.scriptSrcs()).toEqual(appended);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      `Payment SDK braintree-web 3.100.0 did not load from ${failing}, so no payment can start on this page; ` +
        'the rest of the page works. Check that the host is reachable and not blocked.',
    );
  });

  it('does nothing when payments are disabled', async () => {
    const doc = new FakeDocument();
    await loadPaymentSdk(doc as never, { ...settings, enabled: false });
    expect(doc.scripts).toHaveLength(0);
  });
});
