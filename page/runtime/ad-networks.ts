// The ad networks a campaign turns on (Meta, TikTok, Snap, Google): each loaded as its vendor's base code,
// one event id per page view and per tap shared by all, consent followed.
import type { Consent } from './consent.ts';
import type { GoogleTagWindow } from './google-tag.ts';
import { metaPixel, type PixelWindow } from './meta-pixel.ts';
import { safely } from './schedule.ts';
import type { SnapWindow } from './snap-pixel.ts';
import type { TikTokWindow } from './tiktok-pixel.ts';
import { createEventId, publishEvent, trackedEvent, type EventWindow } from './tracking-events.ts';
import type { TrackingSettings } from '../contract/runtime-config.ts';

/** The globals the networks' base code defines, and what event publishing reads. */
export type AdNetworkWindow = EventWindow & PixelWindow & TikTokWindow & SnapWindow & GoogleTagWindow;

export interface NetworkLoadOptions {
  /** Consent mode `required`, and the visitor has consented: the network's consent API is told first. */
  consentGranted: boolean;
  /** The page view's event id, the same for every network. */
  pageViewId: string;
}

/** One network's base code and events, as its module exports them. */
export interface AdNetwork {
  /**
   * Installs the vendor's queue, queues its init and page view, and loads its script async (never
   * blocking render). Resolves true once the script has loaded and run, false when it failed or
   * was blocked; never rejects.
   */
  load(win: AdNetworkWindow, doc: Document, tracking: TrackingSettings, options: NetworkLoadOptions): Promise<boolean>;
  /** Sends a CTA tap under `eventId`, the network's deduplication key. */
  trackTap(win: AdNetworkWindow, tracking: TrackingSettings, eventId: string): void;
  grantConsent(win: AdNetworkWindow): void;
  revokeConsent(win: AdNetworkWindow): void;
}

/** A network the runtime knows: when a campaign turns it on, its names of our two events, and where its code is. */
interface NetworkEntry {
  /** Its name in the dataLayer entries' `networks`. */
  key: string;
  /** Its name in the warning. */
  label: string;
  enabled(tracking: TrackingSettings): boolean;
  pageViewEvent: string;
  tapEvent(tracking: TrackingSettings): string;
  /** The module: Meta's is in the runtime; the others are chunks only a page that turns them on downloads. */
  network: AdNetwork | (() => Promise<AdNetwork>);
}

/** Every network, in the order they load and are listed. */
export const AD_NETWORKS: readonly NetworkEntry[] = [
  {
    key: 'meta',
    label: 'Meta pixel',
    enabled: (tracking) => Boolean(tracking.metaPixelId),
    pageViewEvent: 'PageView',
    tapEvent: () => 'AddToCart',
    network: metaPixel,
  },
  {
    key: 'tiktok',
    label: 'TikTok pixel',
    enabled: (tracking) => Boolean(tracking.tiktokPixelId),
    pageViewEvent: 'Pageview',
    tapEvent: () => 'ClickButton',
    network: () => import('./tiktok-pixel.ts').then((module) => module.tiktokPixel),
  },
  {
    key: 'snap',
    label: 'Snap Pixel',
    enabled: (tracking) => Boolean(tracking.snapPixelId),
    pageViewEvent: 'PAGE_VIEW',
    tapEvent: () => 'SIGN_UP',
    network: () => import('./snap-pixel.ts').then((module) => module.snapPixel),
  },
  {
    key: 'google',
    label: 'Google tag',
    enabled: (tracking) => Boolean(tracking.googleTagId),
    pageViewEvent: 'page_view',
    tapEvent: (tracking) => (tracking.googleAdsConversion ? 'conversion' : 'select_content'),
    network: () => import('./google-tag.ts').then((module) => module.googleTag),
  },
];

/** The networks of a page, once asked to load. */
export interface AdNetworks {
  /** Resolves once every network's script has loaded or failed (at once when none is on); never rejects. */
  settled: Promise<void>;
  /**
   * Sends a CTA tap to every network under one new event id and pushes its copy to
   * `window.dataLayer`; a network whose module is still on its way gets it on arrival. Nothing
   * is sent after a withdrawn consent. Returns the id, or null when nothing was sent.
   */
  trackTap(): string | null;
  /** A withdrawal revokes every network's consent and stops the taps; consent given again grants it again. */
  followConsent(consent: Consent): void;
}

export interface AdNetworksOptions {
  consentGranted: boolean;
  /** Makes each event id (tests inject one). */
  eventId?: () => string;
  /** Reports the networks whose script failed, once (default `console.warn`). */
  warn?: (message: string) => void;
}

/** One network on its way: its module once it is there. */
interface Started {
  entry: NetworkEntry;
  network: AdNetwork | null;
  /** Resolves once the module is there and `load` has run (null when the module failed). */
  ready: Promise<AdNetwork | null>;
  loaded: Promise<boolean>;
}

/** The text of the single warning when networks' scripts did not load. */
export function adNetworkWarning(labels: string[]): string {
  return `Ad network scripts did not load (blocked, failed or not JavaScript): ${labels.join(', ')}. They get no events; the install link works.`;
}

/**
 * Loads every network `tracking` turns on (Meta's at once, the others as their chunks arrive):
 * its base code and page view, all under one event id, pushed once to `window.dataLayer` as
 * `store-landing.PageView`. Networks whose script failed make one warning in all.
 */
export function loadAdNetworks(win: AdNetworkWindow, doc: Document, tracking: TrackingSettings, options: AdNetworksOptions): AdNetworks {
  const eventId = options.eventId ?? (() => createEventId(win.crypto));
  const entries = AD_NETWORKS.filter((entry) => entry.enabled(tracking));
  const pageViewId = eventId();
  const started = entries.map((entry) => startNetwork(win, doc, tracking, entry, { consentGranted: options.consentGranted, pageViewId }));
  if (entries.length)
    publish(
      win,
      'PageView',
      pageViewId,
      names(entries, (entry) => entry.pageViewEvent),
    );
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const settled = Promise.all(started.map((network) => network.loaded)).then((results) => {
    const failed = entries.filter((_, index) => !results[index]).map((entry) => entry.label);
    if (failed.length) safely(() => warn(adNetworkWarning(failed)));
  });
  let revoked = false;
  const each = (task: (network: AdNetwork) => void) => {
    for (const network of started) {
      if (network.network) safely(() => task(network.network!));
      else void network.ready.then((arrived) => arrived && safely(() => task(arrived)));
    }
  };
  return {
    settled,
    trackTap() {
      if (revoked || !entries.length) return null;
      const id = eventId();
      each((network) => network.trackTap(win, tracking, id));
      publish(
        win,
        'AddToCart',
        id,
        names(entries, (entry) => entry.tapEvent(tracking)),
      );
      return id;
    },
    followConsent(consent) {
      consent.subscribe((granted) => {
        // The first grant went with the load; only one after a withdrawal is news.
        if (granted === !revoked) return;
        revoked = !granted;
        each((network) => (granted ? network.grantConsent(win) : network.revokeConsent(win)));
      });
    },
  };
}

/** Starts one network: at once when its module is in the runtime, else once its chunk has arrived. */
function startNetwork(
  win: AdNetworkWindow,
  doc: Document,
  tracking: TrackingSettings,
  entry: NetworkEntry,
  options: NetworkLoadOptions,
): Started {
  const started = { entry, network: null } as Started;
  const begin = (network: AdNetwork): Promise<boolean> => {
    started.network = network;
    try {
      return network.load(win, doc, tracking, options);
    } catch {
      return Promise.resolve(false);
    }
  };
  if (typeof entry.network === 'function') {
    let loaded: Promise<boolean> = Promise.resolve(false);
    started.ready = entry.network().then(
      (network) => {
        loaded = begin(network);
        return network;
      },
      () => null,
    );
    started.loaded = started.ready.then(() => loaded);
  } else {
    started.loaded = begin(entry.network);
    started.ready = Promise.resolve(entry.network);
  }
  return started;
}

/** Each network's key -> its name of one event. */
function names(entries: readonly NetworkEntry[], nameOf: (entry: NetworkEntry) => string): Record<string, string> {
  return Object.fromEntries(entries.map((entry) => [entry.key, nameOf(entry)]));
}

function publish(win: AdNetworkWindow, eventName: string, id: string, networks: Record<string, string>): void {
  publishEvent(win, trackedEvent(eventName, id, Date.now(), win.location?.href ?? '', networks));
}
