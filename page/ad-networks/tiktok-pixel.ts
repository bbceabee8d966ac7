// The TikTok pixel: TikTok's base code as module code (the `ttq` queue, `ttq.load`, `ttq.page()`),
// the tap's standard event with its event id, and TikTok's consent API.
import type { AdNetworkCode, AdNetworkWindow, NetworkLoadOptions } from './contract.ts';
import { injectScript } from './inject-script.ts';

/** The loader `ttq.load` adds, with `?sdkid=<pixel id>&lib=ttq` (TikTok's base code). */
export const TIKTOK_PIXEL_SRC = 'https://analytics.tiktok.com/i18n/pixel/events.js';

/** The methods the base code queues until events.js takes over, in its order. */
const METHODS = [
  'page',
  'track',
  'identify',
  'instances',
  'debug',
  'on',
  'off',
  'once',
  'ready',
  'alias',
  'group',
  'enableCookie',
  'disableCookie',
  'holdConsent',
  'revokeConsent',
  'grantConsent',
] as const;

type Queue = unknown[] & Record<string, unknown>;

/** TikTok's `ttq`: an array of `[method, ...args]` calls, with the state events.js reads per pixel id. */
export interface Ttq extends Array<unknown> {
  methods: readonly string[];
  setAndDefer(target: Queue, method: string): void;
  instance(pixelId: string): Queue;
  load(pixelId: string, options?: Record<string, unknown>): void;
  page(...args: unknown[]): void;
  track(...args: unknown[]): void;
  holdConsent(): void;
  grantConsent(): void;
  revokeConsent(): void;
  /** Per pixel id: its own queue and the loader's URL (`_u`). */
  _i: Record<string, Queue>;
  /** Per pixel id: when `load` ran. */
  _t: Record<string, number>;
  /** Per pixel id: the options of `load`. */
  _o: Record<string, Record<string, unknown>>;
}

/** The globals TikTok's base code defines. */
export interface TikTokWindow extends AdNetworkWindow {
  TiktokAnalyticsObject?: string;
  ttq?: Ttq;
}

/** `ttq` as the base code builds it, with `load` appending events.js through `inject`. */
function createTtq(inject: (src: string) => void): Ttq {
  const ttq = [] as unknown as Ttq;
  const setAndDefer = (target: Queue, method: string) => {
    target[method] = (...args: unknown[]) => void target.push([method, ...args]);
  };
  ttq.methods = METHODS;
  ttq.setAndDefer = setAndDefer;
  for (const method of METHODS) setAndDefer(ttq as unknown as Queue, method);
  ttq._i = {};
  ttq._t = {};
  ttq._o = {};
  ttq.instance = (pixelId) => {
    const queue = ttq._i[pixelId] ?? ([] as unknown as Queue);
    for (const method of METHODS) setAndDefer(queue, method);
    return queue;
  };
  ttq.load = (pixelId, options) => {
    ttq._i[pixelId] = Object.assign([], { _u: TIKTOK_PIXEL_SRC }) as unknown as Queue;
    ttq._t[pixelId] = Date.now();
    ttq._o[pixelId] = options ?? {};
    inject(`${TIKTOK_PIXEL_SRC}?sdkid=${encodeURIComponent(pixelId)}&lib=ttq`);
  };
  return ttq;
}

/**
 * Installs `ttq` and loads events.js async (`ttq.load`), then one page view (`ttq.page()`,
 * TikTok's Pageview); with `consentGranted` (consent mode `required`), `ttq.grantConsent()` goes
 * first. Does nothing without a pixel id, or when TikTok's pixel is already on the page.
 * Resolves true once events.js has loaded and run, false when it failed.
 */
export function loadTikTokPixel(
  win: TikTokWindow,
  doc: Document,
  pixelId: string | undefined,
  options: NetworkLoadOptions,
): Promise<boolean> {
  if (!pixelId || win.ttq) return Promise.resolve(true);
  let loaded = Promise.resolve(false);
  const ttq = createTtq((src) => (loaded = injectScript(doc, src)));
  win.TiktokAnalyticsObject = 'ttq';
  win.ttq = ttq;
  if (options.consentGranted) ttq.grantConsent();
  ttq.load(pixelId);
  ttq.page();
  return loaded;
}

/** Calls one `ttq` method; a broken pixel is ignored, so the CTA always goes on. */
function callTtq(win: TikTokWindow, call: (ttq: Ttq) => void): void {
  try {
    if (win.ttq) call(win.ttq);
  } catch {
    // The pixel is best effort.
  }
}

/** The TikTok pixel as the runtime drives it: the tap's event with TikTok's deduplication key `event_id`, and TikTok's consent API. */
export const tiktokPixel: AdNetworkCode<TikTokWindow, 'tiktokPixelId'> = {
  load: (win, doc, settings, options) => loadTikTokPixel(win, doc, settings.tiktokPixelId, options),
  trackTap: (win, _settings, eventId, eventName) => callTtq(win, (ttq) => ttq.track(eventName, {}, { event_id: eventId })),
  grantConsent: (win) => callTtq(win, (ttq) => ttq.grantConsent()),
  revokeConsent: (win) => callTtq(win, (ttq) => ttq.revokeConsent()),
};
