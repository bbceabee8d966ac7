// Loads the ad networks a campaign turns on (page/ad-networks/), each as its vendor's base code: one event id per page view
// and per tap shared by all, consent followed.
import type { Consent } from './consent.ts';
import { safely } from './schedule.ts';
import { createEventId, publishEvent, trackedEvent, type EventWindow } from './tracking-events.ts';
import { AD_NETWORKS, type AdNetworkSetting } from '../ad-networks/index.ts';
import {
  factFor,
  isOn,
  type AdNetwork,
  type AdNetworkCode,
  type AdNetworkWindow,
  type NetworkLoadOptions,
} from '../ad-networks/contract.ts';
import type { TrackingSettings } from '../contract/runtime-config.ts';

/** The window the networks get: theirs (each vendor's module types its own globals), and what event publishing reads. */
export type AdNetworksWindow = AdNetworkWindow & EventWindow;

type Network = AdNetwork<AdNetworkSetting>;
type NetworkCode = AdNetworkCode<AdNetworkWindow, AdNetworkSetting>;

/** The networks of a page, once asked to load. */
export interface AdNetworks {
  /**
   * Resolves once every network's script has loaded or failed (at once when none is on), with the
   * keys of those that failed; never rejects.
   */
  settled: Promise<string[]>;
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

/** One network on its way: its code once it is there. */
interface Started {
  code: NetworkCode | null;
  /** Resolves once the module is there and `load` has run (null when the module failed). */
  ready: Promise<NetworkCode | null>;
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
export function loadAdNetworks(win: AdNetworksWindow, doc: Document, tracking: TrackingSettings, options: AdNetworksOptions): AdNetworks {
  const eventId = options.eventId ?? (() => createEventId(win.crypto));
  const networks = (AD_NETWORKS as readonly Network[]).filter((network) => isOn(network, tracking));
  const pageViewId = eventId();
  const started = networks.map((network) =>
    startNetwork(win, doc, tracking, network, { consentGranted: options.consentGranted, pageViewId }),
  );
  if (networks.length) publish(win, 'PageView', pageViewId, networks, 'pageView', tracking);
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const settled = Promise.all(started.map((network) => network.loaded)).then((results) => {
    const failed = networks.filter((_, index) => !results[index]);
    if (failed.length) safely(() => warn(adNetworkWarning(failed.map((network) => network.label))));
    return failed.map((network) => network.key);
  });
  let revoked = false;
  const each = (task: (code: NetworkCode, network: Network) => void) => {
    started.forEach((network, index) => {
      const declared = networks[index]!;
      if (network.code) safely(() => task(network.code!, declared));
      else void network.ready.then((arrived) => arrived && safely(() => task(arrived, declared)));
    });
  };
  return {
    settled,
    trackTap() {
      if (revoked || !networks.length) return null;
      const id = eventId();
      each((code, network) => code.trackTap(win, tracking, id, factFor(network.events.tap, tracking)));
      publish(win, 'AddToCart', id, networks, 'tap', tracking);
      return id;
    },
    followConsent(consent) {
      consent.subscribe((granted) => {
        // The first grant went with the load; only one after a withdrawal is news.
        if (granted === !revoked) return;
        revoked = !granted;
        each((code) => (granted ? code.grantConsent(win) : code.revokeConsent(win)));
      });
    },
  };
}

/** Starts one network: at once when its module is in the runtime, else once its chunk has arrived. */
function startNetwork(
  win: AdNetworksWindow,
  doc: Document,
  tracking: TrackingSettings,
  network: Network,
  options: NetworkLoadOptions,
): Started {
  const started = { code: null } as Started;
  const begin = (code: NetworkCode): Promise<boolean> => {
    started.code = code;
    try {
      return code.load(win, doc, tracking, options);
    } catch {
      return Promise.resolve(false);
    }
  };
  if (typeof network.code === 'function') {
    let loaded: Promise<boolean> = Promise.resolve(false);
    started.ready = network.code().then(
      (code) => {
        loaded = begin(code);
        return code;
      },
      () => null,
    );
    started.loaded = started.ready.then(() => loaded);
  } else {
    started.loaded = begin(network.code);
    started.ready = Promise.resolve(network.code);
  }
  return started;
}

/** Each network's key -> its name of one of our events, for the networks that get it under our id (`withId`) or not. */
function eventNames(
  networks: readonly Network[],
  event: 'pageView' | 'tap',
  tracking: TrackingSettings,
  withId: boolean,
): Record<string, string> {
  return Object.fromEntries(
    networks
      .filter((network) => factFor(network.eventIds[event], tracking) === withId)
      .map((network) => [network.key, factFor(network.events[event], tracking)]),
  );
}

function publish(
  win: AdNetworksWindow,
  eventName: string,
  id: string,
  networks: readonly Network[],
  event: 'pageView' | 'tap',
  tracking: TrackingSettings,
): void {
  const entry = trackedEvent(eventName, id, Date.now(), win.location?.href ?? '', eventNames(networks, event, tracking, true));
  publishEvent(win, { ...entry, withoutEventId: eventNames(networks, event, tracking, false) });
}
