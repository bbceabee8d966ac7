// Event ids for the ad networks' events, and each event's copy on window.dataLayer, so a Conversions API sender can deduplicate.

/** The part of `crypto` the ids need; `randomUUID` is missing before iOS 15.4 and outside secure contexts. */
export interface CryptoLike {
  randomUUID?: () => string;
  getRandomValues?: (array: Uint8Array<ArrayBuffer>) => Uint8Array;
}

/** What a page's own code reads for each tracked event, e.g. to send the same event to the Conversions API. */
export interface TrackedEvent {
  /** `store-landing.PageView`, `store-landing.AddToCart`: the dataLayer event name a tag manager triggers on. */
  event: string;
  /** `PageView` or `AddToCart` (a CTA tap): Meta's name of the event, the Conversions API's `event_name`. */
  eventName: string;
  /**
   * The one id the networks in `networks` got the event under (Meta's `eventID`, TikTok's
   * `event_id`, Snap's `client_dedup_id`, Google Ads' `transaction_id`): each server-side API's `event_id`.
   */
  eventID: string;
  /** Each ad network that got the event under `eventID` (`meta`, `tiktok`, `snap`, `google`) -> the event name it was sent as. */
  networks: Record<string, string>;
  /**
   * The networks that got the event without an id they deduplicate on (TikTok's and Google's page
   * view, a GA4 event): a server-side sender must not send these again.
   */
  withoutEventId?: Record<string, string>;
  /** Unix seconds: the Conversions API's `event_time`. */
  eventTime: number;
  /** The page's URL: the Conversions API's `event_source_url`. */
  eventSourceUrl: string;
}

/** The prefix of every `event` the runtime pushes to `window.dataLayer`. */
export const EVENT_PREFIX = 'store-landing.';

/** The globals publishing reads. */
export interface EventWindow {
  dataLayer?: unknown;
  crypto?: CryptoLike;
  location?: { href: string };
}

function hex(byte: number): string {
  return (byte + 0x100).toString(16).slice(1);
}

/**
 * A random RFC 4122 version 4 id: `crypto.randomUUID()` when there is one, else the same format
 * from `crypto.getRandomValues`, else from `random` (unique enough to tell one visitor's events apart).
 */
export function createEventId(crypto: CryptoLike | undefined, random: () => number = Math.random): string {
  try {
    if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  } catch {
    // Fall through to the other sources.
  }
  const bytes = new Uint8Array(16);
  try {
    if (typeof crypto?.getRandomValues !== 'function') throw new Error('no getRandomValues');
    crypto.getRandomValues(bytes);
  } catch {
    for (let index = 0; index < bytes.length; index++) bytes[index] = Math.floor(random() * 256) & 0xff;
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const text = Array.from(bytes, hex).join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** The dataLayer entry of one tracked event, sent to `networks` (network -> its name of the event) under `eventID`. */
export function trackedEvent(
  eventName: string,
  eventID: string,
  nowMs: number,
  pageUrl: string,
  networks: Record<string, string>,
): TrackedEvent {
  return { event: EVENT_PREFIX + eventName, eventName, eventID, eventTime: Math.floor(nowMs / 1000), eventSourceUrl: pageUrl, networks };
}

/**
 * Pushes `entry` to `window.dataLayer` (created as an array when missing, as Google Tag
 * Manager's snippet does). A broken dataLayer never stops the tracking or the CTA.
 */
export function publishEvent(win: EventWindow, entry: TrackedEvent): void {
  try {
    const layer = win.dataLayer as { push?: unknown } | undefined;
    if (typeof layer?.push === 'function') (layer as unknown[]).push(entry);
    else if (layer === undefined) win.dataLayer = [entry];
  } catch {
    // Another script's dataLayer threw: its problem, not the page's.
  }
}
