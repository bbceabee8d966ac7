// Keeps the install link attributed: the default until consent and the visitor's data are known, then the Smart Script's link or our own.
import { fireImpressionWhenReady, loadSmartScript, smartScriptLink, smartScriptReady, type AppsFlyerWindow } from './appsflyer.ts';
import { parseAttribution } from './attribution.ts';
import { whenGranted, type Consent } from './consent.ts';
import { attributionDataKnown, fbcFromFbclid, readCookies, TRACKING_COOKIES } from './cookies.ts';
import { buildInstallLink, completeInstallLink, resolveAttribution } from './install-link.ts';
import type { LinkStore } from './link-store.ts';
import { pollUntil } from './poll.ts';
import { afterLoad, safely } from './schedule.ts';
import { toSmartScriptOptions } from './smart-script-options.ts';
import { campaignRoot, fetchSplitConfig, keptDraw, paywallForDraw, type StorageLike } from './split-test.ts';
import type { RuntimeConfig } from '../contract/runtime-config.ts';
import { isOn } from '../ad-networks/contract.ts';
import { meta } from '../ad-networks/meta.ts';

/** Spec: poll for the `_fbc`/`_fbp` cookies every 500 ms, for the Smart Script every 1 s. */
const COOKIE_POLL_MS = 500;
const SMART_SCRIPT_POLL_MS = 1000;
/**
 * The longest a visitor from a Meta ad waits for the pixel's `_fbc`/`_fbp`, from the runtime's
 * start: on slow 4G the pixel sets them well within it; past it, or as soon as the pixel failed,
 * the link is built from what is known instead of staying the default.
 */
export const META_COOKIE_WAIT_MS = 4000;

export interface LinkTracker {
  /**
   * Rebuilds the link from the cookies as they are now. `atTap`: the visitor is leaving, so
   * for one not from a Meta ad whatever data exists now is all there will be.
   */
  refresh(atTap?: boolean): void;
}

export interface LinkTrackerInputs {
  consent: Consent;
  /** True once every ad network's script has loaded or failed, or there is none to load. */
  networksSettled(): boolean;
  /** True once the network of this key (`meta`, ...) has failed to load: blocked, broken or not JavaScript. */
  networkFailed(key: string): boolean;
  storage: StorageLike | null;
}

/** What one page's tracker knows and has done so far. */
interface Tracker {
  win: Window & AppsFlyerWindow;
  config: RuntimeConfig;
  store: LinkStore;
  inputs: LinkTrackerInputs;
  query: ReturnType<typeof parseAttribution>;
  /** From a Meta ad, on a page with the Meta pixel: the spec's flow, waiting for `_fbc` and `_fbp`. */
  metaClick: boolean;
  cookieNames: string[];
  dataKnown: boolean;
  smartScript: boolean;
  impressionFired: boolean;
  paywall: string | null;
  /** When the runtime started tracking (`Date.now`): the bound of the wait for Meta's cookies runs from it. */
  startedAt: number;
}

/**
 * Keeps `store` on the best install link. Until consent (mode `required`) it is the default
 * link and no cookie is read; then the default until the paywall is drawn and the visitor's
 * data is known (`attributionDataKnown`, polled every 500 ms), then the Smart Script's link
 * (completed with any of our parameters it lacks) when it is there, else our own equivalent.
 * A withdrawn consent puts the default link back.
 */
export function trackInstallLink(
  win: Window & AppsFlyerWindow,
  config: RuntimeConfig,
  store: LinkStore,
  inputs: LinkTrackerInputs,
): LinkTracker {
  const query = parseAttribution(win.location.search);
  const cookieNames: string[] = [...TRACKING_COOKIES];
  for (const source of Object.values(config.tracking.attribution)) {
    if (source.startsWith('cookie.')) cookieNames.push(source.slice('cookie.'.length));
  }
  const tracker: Tracker = {
    win,
    config,
    store,
    inputs,
    query,
    cookieNames,
    // Without the Meta pixel nothing sets _fbc and _fbp: such a visitor is attributed like any other.
    metaClick: query.has('fbclid') && isOn(meta, config.tracking),
    dataKnown: false,
    smartScript: false,
    impressionFired: false,
    paywall: null,
    startedAt: Date.now(),
  };
  const refresh = (atTap = false) => refreshLink(tracker, atTap);
  // Our own origin, not a third party: the paywall is drawn whatever the consent.
  const root = campaignRoot(win.location.pathname, config.route, config.locales);
  void fetchSplitConfig((url) => win.fetch(url), `${root}config.json`).then((splitConfig) => {
    const draw = keptDraw(inputs.storage, config.landingType, Math.random);
    tracker.paywall = paywallForDraw(splitConfig, config.landingType, draw);
    safely(refresh);
  });
  whenGranted(inputs.consent, () => watchAttribution(tracker, refresh));
  inputs.consent.subscribe(() => safely(refresh));
  return { refresh };
}

/** Puts the best link there is now into the store. */
function refreshLink(tracker: Tracker, atTap: boolean): void {
  const { win, store, query } = tracker;
  const { tracking } = tracker.config;
  if (!tracker.inputs.consent.granted()) {
    store.set(tracking.appsflyer.oneLink.default);
    return;
  }
  // Leaving: whatever data exists now is all there will be, for a Meta visitor too (pixelCookies).
  if (atTap) tracker.dataKnown = true;
  if (!tracker.dataKnown || tracker.paywall === null) return;
  const params = resolveAttribution(tracking.attribution, {
    query,
    cookies: pixelCookies(tracker, readCookies(win.document.cookie, tracker.cookieNames)),
    pageUrl: win.location.href,
    userAgent: win.navigator.userAgent,
    paywall: tracker.paywall,
    deepLink: tracking.deepLink,
  });
  const base = tracking.appsflyer.oneLink.base;
  const generated = tracker.smartScript ? smartScriptLink(win, toSmartScriptOptions(base, params)) : null;
  store.set(generated ? completeInstallLink(generated, params) : buildInstallLink(base, params));
  if (generated && tracking.appsflyer.impressionPixel && !tracker.impressionFired) {
    tracker.impressionFired = true;
    fireImpressionWhenReady(win, win);
  }
}

/**
 * The cookies, with `_fbc` formed from `fbclid` for a visitor from a Meta ad whose pixel set none
 * (blocked, failed, cookies off, or not yet when the visitor leaves): the click stays attributed.
 */
function pixelCookies(tracker: Tracker, cookies: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  const fbclid = tracker.query.get('fbclid');
  if (!tracker.metaClick || cookies.has('_fbc') || !fbclid) return cookies;
  return new Map([...cookies, ['_fbc', fbcFromFbclid(fbclid, tracker.startedAt)]]);
}

/** Whether a visitor from a Meta ad has stopped waiting for the pixel: it failed, or the wait's bound has passed. */
function pixelGivenUp(tracker: Tracker): boolean {
  return tracker.metaClick && (tracker.inputs.networkFailed(meta.key) || Date.now() - tracker.startedAt >= META_COOKIE_WAIT_MS);
}

/** Once consented: polls for the visitor's data and, when it is on, loads and polls for the Smart Script. */
function watchAttribution(tracker: Tracker, refresh: () => void): void {
  const { win } = tracker;
  // The pixel starts with consent: so does its time.
  tracker.startedAt = Date.now();
  const known = () =>
    attributionDataKnown(win.document.cookie, tracker.metaClick, tracker.inputs.networksSettled()) || pixelGivenUp(tracker);
  void pollUntil(known, COOKIE_POLL_MS, win).done.then(() => {
    tracker.dataKnown = true;
    safely(refresh);
  });
  if (!tracker.config.tracking.appsflyer.smartScript) return;
  const poll = pollUntil(() => smartScriptReady(win), SMART_SCRIPT_POLL_MS, win);
  void poll.done.then(() => {
    tracker.smartScript = true;
    safely(refresh);
  });
  afterLoad(win, () => {
    void loadSmartScript(win.document).then((loaded) => {
      // A failed or garbage script: stop polling, unless it defined the global before it threw.
      if (!loaded && !smartScriptReady(win)) poll.stop();
    });
  });
}
