// The slow phone of the tap tests, in either engine: slow 4G in front of the page (slow-link.ts), each ad
// network's library as late as its real size takes on that link, and what each network got before the page left.
import { afterAll, beforeAll } from 'vitest';
import type { FakeOptions, Fakes } from './browser/fakes.ts';
import { fixtureSite } from './browser/fixture-site.ts';
import type { LocalServer } from './local-servers.ts';
import { SLOW_4G, startSlowLink } from './slow-link.ts';

/**
 * tests/fixtures/site/ad-networks.yaml (every network on at the top level), built and served behind slow 4G
 * for the file's tests: call at the top of a file. `origin` is the slow link's.
 */
export function slowPhoneSite(): { readonly origin: string } {
  const site = fixtureSite('ad-networks', { all: true });
  let link: LocalServer | undefined;
  beforeAll(async () => {
    link = await startSlowLink(site.url, SLOW_4G);
  });
  afterAll(() => link?.close());
  return {
    get origin() {
      if (!link) throw new Error('The slow link is up only while the file runs.');
      return link.origin;
    },
  };
}

/** Each vendor's library as late as its size takes on slow 4G: 0.55 to 0.8 s. */
export const SLOW_VENDORS: FakeOptions['hosts'] = {
  metaPixel: { delayMs: 800 },
  tiktokPixel: { delayMs: 700 },
  snapPixel: { delayMs: 650 },
  googleTag: { delayMs: 550 },
};

/** The fakes of a slow phone: the vendors above, setting their cookies as the real ones do. */
export const SLOW_PHONE_FAKES: FakeOptions = { hosts: SLOW_VENDORS, pixelSetsCookies: true, networksSetCookies: true };

/** The Get button, and a condition the page evaluates: true once Get is drawn. */
export const GET = 'a[data-cta="get"]';
export const GET_DRAWN = `(() => { const get = document.querySelector('${GET}'); return !!get && get.getBoundingClientRect().height > 0; })()`;

/** For each network, whether its library had sent the page view and the tap by `leftAt` (Date.now()). */
export function deliveredBefore(fakes: Fakes, leftAt: number): Record<string, { pageView: boolean; tap: boolean }> {
  const before = (calls: Array<{ at: number }>) => calls.some((call) => call.at <= leftAt);
  const calls = (network: 'tiktok' | 'snap' | 'google', test: (call: { method: string; event: string }) => boolean) =>
    fakes.networkCalls(network).filter(test);
  return {
    meta: { pageView: before(fakes.tracked('PageView')), tap: before(fakes.tracked('AddToCart')) },
    tiktok: {
      pageView: before(calls('tiktok', (call) => call.method === 'page')),
      tap: before(calls('tiktok', (call) => call.event === 'AddToCart')),
    },
    snap: {
      pageView: before(calls('snap', (call) => call.event === 'PAGE_VIEW')),
      tap: before(calls('snap', (call) => call.event === 'ADD_CART')),
    },
    google: {
      pageView: before(calls('google', (call) => call.method === 'config')),
      tap: before(calls('google', (call) => call.event === 'conversion')),
    },
  };
}

/** What reached the fakes, in ms after `tappedAt`: for a failure's message, which names what came late. */
export function timeline(fakes: Fakes, tappedAt: number): string {
  const records = fakes.records;
  const events = [
    ...records.requests.map((request) => [request.at, `request ${request.host}`] as const),
    ...records.pixel.map((call) => [call.at, `meta ${call.method} ${call.event}`] as const),
    ...records.networks.map((call) => [call.at, `${call.network} ${call.method} ${call.event}`] as const),
  ].sort(([a], [b]) => a - b);
  return events.map(([at, what]) => `${at - tappedAt} ms: ${what}`).join('; ');
}

/** What deliveredBefore gives when every network had both. */
export const ALL_DELIVERED = Object.fromEntries(
  ['meta', 'tiktok', 'snap', 'google'].map((network) => [network, { pageView: true, tap: true }]),
);
