// The third-party loaders on a fake document: AppsFlyer Web SDK and Smart Script, the payment SDK (the ad networks: tests/unit/ad-networks/).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fireImpressionWhenReady,
  isDesktop,
  loadWebSdk,
  smartScriptLink,
  WEB_SDK_SRC,
  type AppsFlyerWindow,
} from '../../../page/runtime/appsflyer.ts';
import { addedComponent, loadPaymentSdk } from '../../../page/runtime/payments.ts';
import { injectScript, isErrorOf } from '../../../page/ad-networks/inject-script.ts';
import type { PaymentSettings } from '../../../page/contract/runtime-config.ts';
import { FakeDocument } from './fake-scripts.ts';

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
    vi.advanceTimersByTime(0); // injectScript appends in a task of its own
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
    expect(smartScriptLink(win, { oneLinkURL: BASE, afParameters: { mediaSource: { keys: [], defaultValue: 'x' } } })).toBe(expected);
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

/** Each braintree-web component script adds itself to `window.braintree`, as the real builds do. */
function definesComponents(doc: FakeDocument) {
  doc.runs = (src) => {
    const component = /\/(?:braintree-)?([a-z-]+?)(?:\.min)?(?:-[a-z0-9]+)?\.js$/.exec(src)![1]!;
    doc.defaultView.braintree = { ...doc.defaultView.braintree, [component]: {} };
  };
}

describe('loadPaymentSdk', () => {
  const settings = PAYMENTS;
  const win = (doc: FakeDocument) => Object.assign(doc.defaultView, { document: doc as unknown as Document });

  it('appends the scripts in order, each after the previous loaded and defined its component', async () => {
    const doc = new FakeDocument();
    doc.scriptOutcome = () => 'load';
    definesComponents(doc);
    const done = loadPaymentSdk(win(doc), settings);
    vi.advanceTimersByTime(0);
    expect(doc.scriptSrcs()).toEqual([settings.scripts[0]!.src]);
    await vi.advanceTimersByTimeAsync(20);
    await done;
    expect(doc.scriptSrcs()).toEqual(settings.scripts.map((script) => script.src));
    expect(doc.scripts.every((script) => script.async && script.crossOrigin === null)).toBe(true);
    expect(Object.keys(doc.defaultView.braintree!)).toEqual(['client', 'data-collector']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('sets integrity and crossorigin for self-hosted scripts', async () => {
    const doc = new FakeDocument();
    doc.scriptOutcome = () => 'load';
    definesComponents(doc);
    const done = loadPaymentSdk(win(doc), {
      ...settings,
      source: 'self-hosted',
      scripts: [{ src: '/assets/braintree-client-abc.js', integrity: 'sha384-abc' }],
    });
    await vi.advanceTimersByTimeAsync(10);
    await done;
    expect(doc.scripts[0]).toMatchObject({ integrity: 'sha384-abc', crossOrigin: 'anonymous' });
    expect(warn).not.toHaveBeenCalled();
  });

  const CLIENT = 'https://js.braintreegateway.com/web/3.100.0/js/client.min.js';
  const COLLECTOR = 'https://js.braintreegateway.com/web/3.100.0/js/data-collector.min.js';

  it.each([
    ['the first script fails', CLIENT, 'error', [CLIENT]],
    ['the second script fails', COLLECTOR, 'error', [CLIENT, COLLECTOR]],
    ['the CDN answers an HTML page (a SyntaxError as it runs)', CLIENT, 'throw', [CLIENT]],
    ['the second script is an HTML page', COLLECTOR, 'throw', [CLIENT, COLLECTOR]],
  ] as const)(
    'warns exactly once when %s, leaves nothing uncaught, and loads nothing after it',
    async (_name, failing, outcome, appended) => {
      const doc = new FakeDocument();
      doc.scriptOutcome = (src) => (src === failing ? outcome : 'load');
      definesComponents(doc);
      const done = loadPaymentSdk(win(doc), settings);
      await vi.advanceTimersByTimeAsync(50);
      await expect(done).resolves.toBeUndefined();
      expect(doc.scriptSrcs()).toEqual(appended);
      expect(doc.defaultView.uncaught).toEqual([]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenCalledWith(
        `Payment SDK braintree-web 3.100.0 did not load from ${failing}, so no payment can start on this page; ` +
          'the rest of the page works. Check that the host is reachable and not blocked.',
      );
      expect(doc.defaultView.listeners.size).toBe(0);
    },
  );

  it('counts a script that loads but defines nothing (an empty 200) as a failed load', async () => {
    const doc = new FakeDocument();
    doc.scriptOutcome = () => 'load';
    const done = loadPaymentSdk(win(doc), settings);
    await vi.advanceTimersByTimeAsync(50);
    await done;
    expect(doc.scriptSrcs()).toEqual([CLIENT]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(CLIENT);
  });

  it('does nothing when payments are disabled', async () => {
    const doc = new FakeDocument();
    await loadPaymentSdk(win(doc), { ...settings, enabled: false });
    expect(doc.scripts).toHaveLength(0);
  });
});

describe('addedComponent', () => {
  it.each([
    ['a new component', new Set<string>(), { braintree: { client: {} } }, true],
    ['the same components', new Set(['client']), { braintree: { client: {} } }, false],
    ['no braintree', new Set<string>(), {}, false],
    ['a non-object braintree', new Set<string>(), { braintree: 'x' }, false],
  ])('%s', (_name, before, win, added) => {
    expect(addedComponent(before, win)).toBe(added);
  });
});

describe('injectScript', () => {
  it("appends the script in a task of its own, not in the caller's", async () => {
    const doc = new FakeDocument();
    void injectScript(doc as never, 'https://cdn.example/a.js');
    expect(doc.scripts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(doc.scriptSrcs()).toEqual(['https://cdn.example/a.js']);
  });

  it('marks an error the script raises as it runs handled, and resolves false', async () => {
    const doc = new FakeDocument();
    doc.scriptOutcome = () => 'throw';
    const loaded = injectScript(doc as never, 'https://cdn.example/a.js');
    await vi.advanceTimersByTimeAsync(10);
    await expect(loaded).resolves.toBe(false);
    expect(doc.defaultView.uncaught).toEqual([]);
  });

  it("leaves other scripts' errors alone, and stops listening once settled", async () => {
    const doc = new FakeDocument();
    doc.scriptOutcome = () => 'load';
    const loaded = injectScript(doc as never, 'https://cdn.example/a.js');
    await vi.advanceTimersByTimeAsync(1);
    doc.defaultView.reportError("Uncaught Error: the page's own", 'https://landing.example/app.js');
    await vi.advanceTimersByTimeAsync(10);
    await expect(loaded).resolves.toBe(true);
    expect(doc.defaultView.uncaught).toEqual(["Uncaught Error: the page's own"]);
    expect(doc.defaultView.listeners.size).toBe(0);
  });

  it.each([
    ['loads and defines it', () => true, true],
    ['loads and defines nothing', () => false, false],
    [
      'loads and the check throws',
      () => {
        throw new Error('getter');
      },
      false,
    ],
  ])('with a check of what it defines: %s', async (_name, defines, expected) => {
    const doc = new FakeDocument();
    doc.scriptOutcome = () => 'load';
    const loaded = injectScript(doc as never, 'https://cdn.example/a.js', { defines });
    await vi.advanceTimersByTimeAsync(10);
    await expect(loaded).resolves.toBe(expected);
  });

  it.each([
    ['while it is the current script (a cross-origin "Script error.")', true, '', true],
    ['by its file name (a CORS script)', false, 'https://cdn.example/a.js', true],
    ["another script's", false, 'https://cdn.example/b.js', false],
    ['an error without a file name while another script runs', false, '', false],
  ])('isErrorOf: %s', (_name, current, filename, mine) => {
    const script = { src: 'https://cdn.example/a.js' } as HTMLScriptElement;
    expect(isErrorOf(script, { currentScript: current ? script : null }, { filename })).toBe(mine);
  });
});

describe('injectScript on a DOM that refuses scripts', () => {
  it('resolves false instead of rejecting', async () => {
    const doc = {
      defaultView: null,
      createElement: () => {
        throw new Error('NotSupportedError');
      },
    };
    await expect(injectScript(doc as never, 'https://cdn.example/a.js')).resolves.toBe(false);
  });

  it('makes the payment SDK warn once', async () => {
    const doc = {
      defaultView: null,
      head: {
        appendChild: () => {
          throw new Error('HierarchyRequestError');
        },
      },
      createElement: () => ({ addEventListener: () => {} }),
    };
    await loadPaymentSdk({ document: doc as never }, PAYMENTS);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
