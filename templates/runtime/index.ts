// The browser runtime's entry: reads the page's RuntimeConfig and wires attribution, the install link, tracking, split test and SDKs.
import { fireImpressionWhenReady, isDesktop, loadSmartScript, loadWebSdk, smartScriptLink, smartScriptReady } from './appsflyer.ts';
import type { AppsFlyerWindow } from './appsflyer.ts';
import { parseAttribution } from './attribution.ts';
import { hasTrackingCookies, readCookies, TRACKING_COOKIES } from './cookies.ts';
import { handleCtaClicks, keepCtaLinksCurrent } from './cta.ts';
import { trapBackButton } from './back-trap.ts';
import { buildInstallLink, resolveAttribution, toSmartScriptOptions } from './install-link.ts';
import { createHydration, scheduleHydration, type StartHydration } from './hydration.ts';
import { dispatchLocale, fallbackLocale, fetchLocaleBundle } from './language.ts';
import { createLinkStore } from './link-store.ts';
import type { LinkStore } from './link-store.ts';
import { loadMetaPixel, trackAddToCart } from './meta-pixel.ts';
import type { PixelWindow } from './meta-pixel.ts';
import { loadPaymentSdk } from './payments.ts';
import { pollUntil } from './poll.ts';
import { afterLoad, afterLoadAndIdle, inSeparateTasks, safely } from './schedule.ts';
import { campaignRoot, fetchSplitConfig, keptDraw, paywallForDraw } from './split-test.ts';
import type { StorageLike } from './split-test.ts';
import type { RuntimeConfig } from './types.ts';

/** The id of the `<script type="application/json">` that carries the RuntimeConfig. */
export const CONFIG_ELEMENT_ID = 'runtime-config';
/** Spec: poll for the `_fbc`/`_fbp` cookies every 500 ms, for the Smart Script every 1 s. */
const COOKIE_POLL_MS = 500;
const SMART_SCRIPT_POLL_MS = 1000;
/** The QR code's side in px when the config gives none. */
const DEFAULT_QR_SIZE = 256;

type RuntimeWindow = Window & PixelWindow & AppsFlyerWindow;

/** The embedded RuntimeConfig, or null when the element is missing or not a JSON object. */
export function readRuntimeConfig(doc: Document): RuntimeConfig | null {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const config: unknown = JSON.parse(text);
    return typeof config === 'object' && config !== null ? (config as RuntimeConfig) : null;
  } catch {
    return null;
  }
}

/** `localStorage`, or null where merely touching it throws (blocked storage). */
function localStorageOf(win: Window): StorageLike | null {
  try {
    return win.localStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps the store on the best install link: the default until `_fbc` and `_fbp` exist and the
 * paywall is drawn, then the Smart Script's link when it is there, else our own equivalent.
 * Returns `refresh`, which rebuilds from the cookies as they are now.
 */
function trackInstallLink(win: RuntimeWindow, config: RuntimeConfig, store: LinkStore): () => void {
  const { tracking } = config;
  const base = tracking.appsflyer.oneLink.base;
  const query = parseAttribution(win.location.search);
  const cookieNames: string[] = [...TRACKING_COOKIES];
  for (const source of Object.values(tracking.attribution)) {
    if (source.startsWith('cookie.')) cookieNames.push(source.slice('cookie.'.length));
  }
  let cookiesReady = false;
  let smartScript = false;
  let impressionFired = false;
  let paywall: string | null = null;

  const refresh = () => {
    if (!cookiesReady || paywall === null) return;
    const params = resolveAttribution(tracking.attribution, {
      query,
      cookies: readCookies(win.document.cookie, cookieNames),
      pageUrl: win.location.href,
      userAgent: win.navigator.userAgent,
      paywall,
      deepLink: tracking.deepLink,
    });
    const generated = smartScript ? smartScriptLink(win, toSmartScriptOptions(base, params)) : null;
    store.set(generated ?? buildInstallLink(base, params));
    if (generated && tracking.appsflyer.impressionPixel && !impressionFired) {
      impressionFired = true;
      fireImpressionWhenReady(win, win);
    }
  };

  void pollUntil(() => hasTrackingCookies(win.document.cookie), COOKIE_POLL_MS, win).done.then(() => {
    cookiesReady = true;
    safely(refresh);
  });

  const root = campaignRoot(win.location.pathname, config.route, config.locales);
  void fetchSplitConfig((url) => win.fetch(url), `${root}config.json`).then((splitConfig) => {
    const draw = keptDraw(localStorageOf(win), config.landingType, Math.random);
    paywall = paywallForDraw(splitConfig, config.landingType, draw);
    safely(refresh);
  });

  if (tracking.appsflyer.smartScript) {
    const poll = pollUntil(() => smartScriptReady(win), SMART_SCRIPT_POLL_MS, win);
    void poll.done.then(() => {
      smartScript = true;
      safely(refresh);
    });
    afterLoad(win, () => {
      void loadSmartScript(win.document).then((loaded) => {
        if (!loaded) poll.stop();
      });
    });
  }
  return refresh;
}

/**
 * Switches a plain English page to the visitor's language after load, silently or not at all.
 * React must have hydrated the page to re-render it, so the switch starts hydration.
 */
function switchLanguageIfPreferred(win: Window, config: RuntimeConfig, hydrate: StartHydration): void {
  const locale = fallbackLocale(config, win.location.pathname, win.navigator.languages ?? []);
  if (!locale) return;
  const bundle = fetchLocaleBundle((url) => win.fetch(url), config.translations[locale]!);
  afterLoad(win, () => {
    Promise.all([bundle, hydrate()]).then(
      ([loaded]) => {
        if (loaded) dispatchLocale(win.document, { locale, bundle: loaded });
      },
      () => {
        // React did not load: the page stays in English, which still works.
      },
    );
  });
}

/**
 * Wires everything. The CTA links and clicks and the back trap come first; each other part
 * runs in a task of its own (inSeparateTasks): reading cookies is a synchronous call into the
 * browser, and everything in one task made the start a long task on a phone.
 * Third-party SDKs wait for the load event. `importModule` loads the client entry (tests inject it).
 */
export function startRuntime(win: RuntimeWindow, config: RuntimeConfig, importModule?: (url: string) => Promise<unknown>): void {
  const doc = win.document;
  const { tracking } = config;
  const store = createLinkStore(tracking.appsflyer.oneLink.default);
  let refresh = () => {};
  const hydrate = createHydration(config.client, importModule);
  inSeparateTasks(win, [
    () => {
      safely(() => keepCtaLinksCurrent(doc, store));
      safely(() =>
        handleCtaClicks(doc, {
          currentLink: () => {
            safely(refresh); // picks up cookies set since the last poll, such as AppsFlyer's afUserId
            return store.get();
          },
          trackAddToCart: () => trackAddToCart(win),
          navigate: (url) => win.location.assign(url),
          setTimeout: (handler, ms) => win.setTimeout(handler, ms),
        }),
      );
      safely(() => scheduleHydration(win, hydrate));
      // At once: Chrome lets Back skip a history entry a page adds later without a user gesture.
      safely(() => trapBackButton(win));
    },
    () => {
      refresh = trackInstallLink(win, config, store);
    },
    () => loadMetaPixel(win, doc, tracking.metaPixelId),
    () => {
      safely(() => afterLoad(win, () => loadWebSdk(win, doc, tracking.appsflyer.webAppId)));
      safely(() => mountQrCodeOnDesktop(win, store, tracking.appsflyer.qrCode));
      safely(() => afterLoadAndIdle(win, () => void loadPaymentSdk(doc, config.payments)));
      safely(() => switchLanguageIfPreferred(win, config, hydrate));
    },
  ]);
}

/** On a desktop, with the QR code enabled, shows the install link as one after load. */
function mountQrCodeOnDesktop(win: RuntimeWindow, store: LinkStore, qrCode: RuntimeConfig['tracking']['appsflyer']['qrCode']): void {
  if (!qrCode.enabled || !isDesktop(win.navigator.userAgent, win.navigator.maxTouchPoints ?? 0)) return;
  afterLoad(win, () => {
    import('./qr-code.ts')
      .then(({ mountQrCode }) => mountQrCode(win.document, store, qrCode.size || DEFAULT_QR_SIZE))
      .catch(() => {
        // No QR code is better than an error: the CTA links still work.
      });
  });
}

/** Starts once the config element is parsed (at once, or on DOMContentLoaded if the script ran early). */
function boot(win: RuntimeWindow): void {
  const start = () => {
    const config = readRuntimeConfig(win.document);
    if (config) safely(() => startRuntime(win, config));
    return config !== null;
  };
  if (!start() && win.document.readyState === 'loading') {
    win.document.addEventListener('DOMContentLoaded', () => void start(), { once: true });
  }
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') boot(window as RuntimeWindow);
