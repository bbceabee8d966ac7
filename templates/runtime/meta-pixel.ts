// The Meta (Facebook) pixel: Meta's standard loader as module code, PageView on load, AddToCart on the CTA.
import { injectScript } from './scripts.ts';

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

/** The globals fbevents.js expects; the only ones this module defines. */
export interface PixelWindow {
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
 * `PageView`. Does nothing without a pixel id, or when a pixel is already on the page.
 *
 * By default fbevents.js tracks a PageView for every `history.pushState` (Meta's "History State
 * API listener", meant for single-page apps); the back trap pushes an entry on every Back press,
 * which would count each as a page view. This page is never an SPA, so the listener is off.
 */
export function loadMetaPixel(win: PixelWindow, doc: Document, pixelId: string): void {
  if (!pixelId || win.fbq) return;
  const fbq = createFbqStub();
  fbq.disablePushState = true;
  win.fbq = fbq;
  if (!win._fbq) win._fbq = fbq;
  void injectScript(doc, META_PIXEL_SRC);
  fbq('init', pixelId);
  fbq('track', 'PageView');
}

/** Sends `AddToCart`; a blocked or broken pixel is ignored, so the CTA always goes on. */
export function trackAddToCart(win: PixelWindow): void {
  try {
    win.fbq?.('track', 'AddToCart');
  } catch {
    // The pixel is best effort; the navigation to the install link is what matters.
  }
}
