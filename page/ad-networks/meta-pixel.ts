// The Meta (Facebook) pixel: Meta's standard loader as module code, PageView on load and the tap's standard event, each with its event id.
import type { AdNetworkCode, AdNetworkWindow, NetworkLoadOptions } from './contract.ts';
import { injectScript } from './inject-script.ts';

export const META_PIXEL_SRC = 'https://connect.facebook.net/en_US/fbevents.js';

/** Meta's `fbq` queue: calls wait in `queue` until fbevents.js installs `callMethod`. */
export interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
  /** When true, fbevents.js does not track a PageView on every `history.pushState`. */
  disablePushState?: boolean;
}

/** The globals fbevents.js expects (the only ones this module defines). */
export interface PixelWindow extends AdNetworkWindow {
  fbq?: Fbq;
  _fbq?: Fbq;
}

/** The `fbq` stub of Meta's standard snippet, before fbevents.js arrives. */
function createFbqStub(): Fbq {
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod.apply(fbq, args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  return fbq;
}

/**
 * Installs the `fbq` queue, loads fbevents.js async (it also sets the `_fbp`/`_fbc` cookies the
 * install link waits for, so it is not deferred to the load event), then `init` and one
 * `PageView` with `pageViewId` as its event id; with `consentGranted` (consent mode
 * `required`), `fbq('consent', 'grant')` goes first, so a later revoke can use the pixel's own
 * consent API. Does nothing without a pixel id, or when a pixel is already on the page.
 * Resolves true once fbevents.js has loaded and installed `callMethod`, false when it failed
 * (true at once when nothing was loaded): from then on, which tracking cookies exist is known.
 *
 * By default fbevents.js tracks a PageView for every `history.pushState` (Meta's "History State
 * API listener", meant for single-page apps); the back trap pushes an entry on every Back press,
 * which would count each as a page view. This page is never an SPA, so the listener is off.
 */
export function loadMetaPixel(win: PixelWindow, doc: Document, pixelId: string | undefined, options: NetworkLoadOptions): Promise<boolean> {
  if (!pixelId || win.fbq) return Promise.resolve(true);
  const fbq = createFbqStub();
  fbq.disablePushState = true;
  win.fbq = fbq;
  if (!win._fbq) win._fbq = fbq;
  const loaded = injectScript(doc, META_PIXEL_SRC, { defines: () => typeof fbq.callMethod === 'function' });
  if (options.consentGranted) fbq('consent', 'grant');
  fbq('init', pixelId);
  trackPixelEvent(win, 'PageView', options.pageViewId);
  return loaded;
}

/**
 * Tracks one pixel event with its event id (`fbq('track', name, {}, { eventID })`, Meta's deduplication key);
 * a broken pixel is ignored.
 */
export function trackPixelEvent(win: PixelWindow, eventName: string, eventID: string): void {
  try {
    win.fbq?.('track', eventName, {}, { eventID });
  } catch {
    // The pixel is best effort; the navigation to the install link is what matters.
  }
}

/** Calls the pixel's consent API (`grant` or `revoke`); a broken pixel is ignored. */
function setPixelConsent(win: PixelWindow, action: 'grant' | 'revoke'): void {
  try {
    win.fbq?.('consent', action);
  } catch {
    // Nothing more can be done about a broken pixel.
  }
}

/** The Meta pixel as the runtime drives it: the tap's standard event (AddToCart unless the campaign names another), and Meta's consent API. */
export const metaPixel: AdNetworkCode<PixelWindow, 'metaPixelId'> = {
  load: (win, doc, settings, options) => loadMetaPixel(win, doc, settings.metaPixelId, options),
  trackTap: (win, _settings, eventId, eventName) => trackPixelEvent(win, eventName, eventId),
  grantConsent: (win) => setPixelConsent(win, 'grant'),
  revokeConsent: (win) => setPixelConsent(win, 'revoke'),
};
