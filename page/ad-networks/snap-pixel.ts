// The Snap Pixel: Snap's base code as module code (the `snaptr` queue), PAGE_VIEW on load and the tap's
// standard event, each with its client_dedup_id.
import type { AdNetworkCode, AdNetworkWindow, NetworkLoadOptions } from './contract.ts';
import { injectScript } from './inject-script.ts';

export const SNAP_PIXEL_SRC = 'https://sc-static.net/scevent.min.js';

/** Snap's `snaptr`: calls wait in `queue` until scevent.min.js installs `handleRequest`. */
export interface Snaptr {
  (...args: unknown[]): void;
  handleRequest?: (...args: unknown[]) => void;
  queue: unknown[][];
}

/** The global Snap's base code defines. */
export interface SnapWindow extends AdNetworkWindow {
  snaptr?: Snaptr;
}

/**
 * Installs the `snaptr` queue, loads scevent.min.js async, then `init` and one `PAGE_VIEW`
 * with `pageViewId` as its `client_dedup_id` (Snap's key for deduplicating pixel and Conversions
 * API events). Does nothing without a pixel id, or when a Snap Pixel is already on the page.
 * Resolves true once scevent.min.js has loaded and installed `handleRequest`, false when it failed.
 */
export function loadSnapPixel(win: SnapWindow, doc: Document, pixelId: string | undefined, options: NetworkLoadOptions): Promise<boolean> {
  if (!pixelId || win.snaptr) return Promise.resolve(true);
  const snaptr = function (...args: unknown[]) {
    if (snaptr.handleRequest) snaptr.handleRequest.apply(snaptr, args);
    else snaptr.queue.push(args);
  } as Snaptr;
  snaptr.queue = [];
  win.snaptr = snaptr;
  const loaded = injectScript(doc, SNAP_PIXEL_SRC, { defines: () => typeof snaptr.handleRequest === 'function' });
  snaptr('init', pixelId);
  snaptr('track', 'PAGE_VIEW', { client_dedup_id: options.pageViewId });
  return loaded;
}

/**
 * The Snap Pixel as the runtime drives it: a tap is its event (snap.ts says which) with its
 * `client_dedup_id`. The pixel has no consent API: after a withdrawal the runtime sends it
 * nothing more (runtime/ad-networks.ts).
 */
export const snapPixel: AdNetworkCode<SnapWindow, 'snapPixelId'> = {
  load: (win, doc, settings, options) => loadSnapPixel(win, doc, settings.snapPixelId, options),
  trackTap: (win, _settings, eventId, eventName) => {
    try {
      win.snaptr?.('track', eventName, { client_dedup_id: eventId });
    } catch {
      // The pixel is best effort; the navigation to the install link is what matters.
    }
  },
  grantConsent: () => {},
  revokeConsent: () => {},
};
