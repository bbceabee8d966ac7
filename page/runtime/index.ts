// The browser runtime's entry: reads the page's RuntimeConfig and wires consent, the install link, tracking, split test and SDKs.
import { loadAdNetworks, type AdNetworks, type AdNetworksWindow } from './ad-networks.ts';
import { isDesktop, loadWebSdk } from './appsflyer.ts';
import type { AppsFlyerWindow } from './appsflyer.ts';
import { setUpConsent, whenGranted, type Consent, type ConsentWindow } from './consent.ts';
import { ctaAnchor, handleCtaClicks, keepCtaLinksCurrent, takeEarlyTap, type CtaActions } from './cta.ts';
import type { EarlyTapWindow } from '../contract/early-input.ts';
import { trapBackButton } from './back-trap.ts';
import { createIslandHydration, scheduleHydration } from './hydration.ts';
import { LOCALE_EVENT, switchLanguageIfPreferred, type LocaleEventDetail } from './language.ts';
import { createLinkStore } from './link-store.ts';
import type { LinkStore } from './link-store.ts';
import { trackInstallLink, type LinkTracker } from './link-tracker.ts';
import { CONFIG_ELEMENT_ID, readPageTexts } from '../contract/page-props.ts';
import { loadPaymentSdk } from './payments.ts';
import { afterLoad, afterLoadAndIdle, inSeparateTasks, safely } from './schedule.ts';
import type { StorageLike } from './split-test.ts';
import type { RuntimeConfig } from '../contract/runtime-config.ts';

/** The QR code's side in px when the config gives none. */
const DEFAULT_QR_SIZE = 256;

type RuntimeWindow = Window & AdNetworksWindow & AppsFlyerWindow & ConsentWindow & EarlyTapWindow;

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

/** After a CTA's redirect is due, hydration waits this much longer: the new page may take a moment to replace this one. */
const LEAVING_MARGIN_MS = 250;

/**
 * Asks for consent after load (mode `required`, no answer yet), in the page's language, and
 * follows a language switch; an answer from anywhere (the prompt, `window.storeLanding.consent`)
 * closes it. The prompt's code loads only then: pages in mode `none` never download it.
 */
function askForConsent(win: Window, consent: Consent): void {
  afterLoad(win, () => {
    import('./consent-prompt.ts')
      .then(({ consentTexts, mountConsentPrompt }) => {
        if (consent.decided()) return;
        const doc = win.document;
        const prompt = mountConsentPrompt(doc, consentTexts(readPageTexts(doc)), (granted) => consent.set(granted));
        const onLocale = (event: Event) => {
          safely(() => prompt.update(consentTexts((event as CustomEvent<LocaleEventDetail>).detail.pageTexts)));
        };
        doc.addEventListener(LOCALE_EVENT, onLocale);
        const unsubscribe = consent.subscribe(() => {
          unsubscribe();
          doc.removeEventListener(LOCALE_EVENT, onLocale);
          prompt.remove();
        });
      })
      .catch(() => {
        // No prompt (its chunk did not load): tracking stays off, the install link works.
      });
  });
}

/**
 * Wires everything. The ad networks, the CTA links and clicks (which finish a tap the page's
 * loader held) and the back trap come first; each other part runs in a task of its own
 * (inSeparateTasks): reading cookies is a synchronous call into the browser, and everything
 * in one task made the start a long task on a phone. Third-party SDKs wait for consent (mode
 * `required`), and all but the ad networks for the load event; the install link works throughout.
 * `importModule` loads the client entry (tests inject it).
 */
export function startRuntime(win: RuntimeWindow, config: RuntimeConfig, importModule?: (url: string) => Promise<unknown>): void {
  const doc = win.document;
  const { tracking } = config;
  const storage = localStorageOf(win);
  const consent = setUpConsent(win, tracking.consent, storage);
  const store = createLinkStore(tracking.appsflyer.oneLink.default);
  let tracker: LinkTracker | null = null;
  let networks: AdNetworks | null = null;
  let networksSettled = false;
  let failedNetworks: string[] = [];
  // When a CTA's redirect is due: hydration waits until then (see hydration.ts).
  let leavingAt = 0;
  const islands = createIslandHydration(win.document, config.client, importModule, {
    remainingMs: () => leavingAt - Date.now(),
    setTimeout: (handler, ms) => win.setTimeout(handler, ms),
  });
  inSeparateTasks(win, [
    () => {
      // Before the CTA clicks: the networks' queues then take the tap the loader held.
      safely(() =>
        whenGranted(consent, () => {
          networks = loadAdNetworks(win, doc, tracking, { consentGranted: tracking.consent === 'required' });
          networks.followConsent(consent);
          void networks.settled.then((failed) => {
            networksSettled = true;
            failedNetworks = failed;
            // A network may have set its cookie (the Google tag's _gcl_aw) after the link was built on _fbp.
            safely(() => tracker?.refresh());
          });
        }),
      );
      safely(() => keepCtaLinksCurrent(doc, store));
      safely(() =>
        handleCtaClicks(
          doc,
          ctaActions(
            win,
            () => networks?.trackTap(),
            () => {
              // Picks up cookies set since the last poll, such as AppsFlyer's afUserId.
              safely(() => tracker?.refresh(true));
              return store.get();
            },
            (delayMs) => (leavingAt = Date.now() + delayMs + LEAVING_MARGIN_MS),
            // Every network's library loaded or failed: each has taken the tap from its queue.
            () => networks?.settled ?? Promise.resolve(),
          ),
          // A tap that came before the runtime, held by the page's loader.
          takeEarlyTap(win),
        ),
      );
      safely(() => scheduleHydration(win, islands.start, (event) => ctaAnchor(event.target) !== null));
      // At once: Chrome lets Back skip a history entry a page adds later without a user gesture.
      safely(() => trapBackButton(win));
    },
    () => {
      tracker = trackInstallLink(win, config, store, {
        consent,
        networksSettled: () => networksSettled,
        networkFailed: (key) => failedNetworks.includes(key),
        storage,
      });
    },
    () => {
      safely(() => whenGranted(consent, () => afterLoad(win, () => loadWebSdk(win, doc, tracking.appsflyer.webAppId))));
      safely(() => mountQrCodeOnDesktop(win, store, tracking.appsflyer.qrCode));
      safely(() => whenGranted(consent, () => afterLoadAndIdle(win, () => void loadPaymentSdk(win, config.payments))));
      safely(() => switchLanguageIfPreferred(win, config, islands));
      if (!consent.decided()) safely(() => askForConsent(win, consent));
    },
  ]);
}

/** What a CTA tap does on this page: `trackTap` (every ad network), then, once they have it (`tapDelivered`), the same tab goes to `currentLink()`. */
function ctaActions(
  win: RuntimeWindow,
  trackTap: () => void,
  currentLink: () => string,
  leaving: (delayMs: number) => void,
  tapDelivered: () => Promise<unknown>,
): CtaActions {
  return {
    currentLink,
    trackTap,
    tapDelivered,
    navigate: (url) => win.location.assign(url),
    setTimeout: (handler, ms) => win.setTimeout(handler, ms),
    // Date.now, not performance.now: tools that count React's scheduler tasks patch the latter.
    now: () => Date.now(),
    leaving,
  };
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
