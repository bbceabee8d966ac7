// The Meta (Facebook) pixel: Meta's standard loader as module code, PageView on load and AddToCart on the CTA, each with an event id.
import { injectScript } from './scripts.ts';
import { createEventId, publishEvent, trackedEvent, type EventWindow } from './tracking-events.ts';

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

/** The globals fbevents.js expects (the only ones this module defines), and what event publishing reads. */
export interface PixelWindow extends EventWindow {
  fbq?: Fbq;
  _fbq?: Fbq;
}

export interface PixelOptions {
  /**
   * Consent mode `required`: the visitor has just consented, so `fbq('consent', 'grant')` goes
   * first, and a later `revokePixelConsent` can use the pixel's own consent API.
   */
  consentGranted?: boolean;
  /** The id of the PageView (tests inject one). */
  eventId?: () => string;
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
 * `PageView` with its event id. Does nothing without a pixel id, or when a pixel is already on
 * the page. Resolves once fbevents.js has loaded or failed (at once when nothing was loaded):
 * from then on, which tracking cookies exist is known.
 *
 * By default fbevents.js tracks a PageView for every `history.pushState` (Meta's "History State
 * API listener", meant for single-page apps); the back trap pushes an entry on every Back press,
 * which would count each as a page view. This page is never an SPA, so the listener is off.
 */
export function loadMetaPixel(win: PixelWindow, doc: Document, pixelId: string, options: PixelOptions = {}): Promise<void> {
  if (!pixelId || win.fbq) return Promise.resolve();
  const fbq = createFbqStub();
  fbq.disablePushState = true;
  win.fbq = fbq;
  if (!win._fbq) win._fbq = fbq;
  const settled = injectScript(doc, META_PIXEL_SRC).then(() => undefined);
  if (options.consentGranted) fbq('consent', 'grant');
  fbq('init', pixelId);
  trackPixelEvent(win, 'PageView', options.eventId);
  return settled;
}

/**
 * Tracks one pixel event with a fresh event id (`fbq('track', name, {}, { eventID })`, Meta's
 * deduplication key) and pushes its copy to `window.dataLayer`. Does nothing without a pixel;
 * a broken pixel is ignored. Returns the event id, or null when nothing was tracked.
 */
export function trackPixelEvent(win: PixelWindow, eventName: string, eventId = () => createEventId(win.crypto)): string | null {
  if (typeof win.fbq !== 'function') return null;
  const eventID = eventId();
  try {
    win.fbq('track', eventName, {}, { eventID });
  } catch {
    // The pixel is best effort; the navigation to the install link is what matters.
  }
  publishEvent(win, trackedEvent(eventName, eventID, Date.now(), win.location?.href ?? ''));
  return eventID;
}

/** Sends `AddToCart`; a blocked or broken pixel is ignored, so the CTA always goes on. */
export function trackAddToCart(win: PixelWindow): void {
  trackPixelEvent(win, 'AddToCart');
}

/** The visitor withdrew consent: the loaded pixel stops tracking and setting cookies (Meta's consent API). */
export function revokePixelConsent(win: PixelWindow): void {
  try {
    win.fbq?.('consent', 'revoke');
  } catch {
    // Nothing more can be done about a broken pixel.
  }
}

/** Gives the pixel consent again after a withdrawal (the first grant goes with loadMetaPixel, before init). */
export function grantPixelConsent(win: PixelWindow): void {
  try {
    win.fbq?.('consent', 'grant');
  } catch {
    // Nothing more can be done about a broken pixel.
  }
}
