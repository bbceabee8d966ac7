// The Meta pixel (Facebook, Instagram): its settings, hosts and event names. Its code, meta-pixel.ts, is in the runtime itself.
import type { AdNetwork, AdNetworkBuildFacts, NetworkSettings } from './contract.ts';
import { metaPixel } from './meta-pixel.ts';

type MetaSetting = 'metaPixelId' | 'metaTapEvent';

/** The spec's tap: the pixel's AddToCart, the step before the purchase, as the install is. */
const DEFAULT_TAP = 'AddToCart';

/**
 * Meta's standard events (Meta Pixel reference, "Standard events"), as a pattern: `fbq('track', ...)`
 * takes only these. A literal, so that the page's bundle can leave it out with the rest of the build facts.
 */
const STANDARD_EVENTS =
  '^(AddPaymentInfo|AddToCart|AddToWishlist|CompleteRegistration|Contact|CustomizeProduct|Donate|FindLocation|InitiateCheckout|Lead|Purchase|Schedule|Search|StartTrial|SubmitApplication|Subscribe|ViewContent)$';

/** The Meta pixel as the page knows it: the pages are made for visitors from Meta's ads, so its code loads with the runtime. */
export const meta = {
  key: 'meta',
  label: 'Meta pixel',
  id: 'metaPixelId',
  events: { pageView: 'PageView', tap: (settings: NetworkSettings<MetaSetting>) => settings.metaTapEvent || DEFAULT_TAP },
  eventIds: { pageView: true, tap: true },
  code: metaPixel,
} as const satisfies AdNetwork<MetaSetting>;

/**
 * Its settings, and its hosts as Meta's pixel docs name them: the pixel loader and its per-pixel
 * config (connect.facebook.net), and the `/tr` beacons (www.facebook.com), by image or by fetch.
 */
export const metaBuildFacts: AdNetworkBuildFacts<MetaSetting> = {
  config: {
    metaPixelId: {
      pattern: '^[0-9]{1,20}$',
      looksLike: 'a Meta pixel id of digits',
      examples: ['1234567890123456'],
      description: 'The Meta pixel id: PageView on load, AddToCart (or metaTapEvent) on a tap. Absent or null: no Meta pixel.',
    },
    metaTapEvent: {
      pattern: STANDARD_EVENTS,
      looksLike: "a standard event of Meta's pixel",
      examples: ['Lead', 'InitiateCheckout'],
      description: 'The Meta standard event a tap is sent as (default AddToCart). Absent or null: AddToCart.',
    },
  },
  hosts: {
    'script-src': ['https://connect.facebook.net'],
    'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
    'img-src': ['https://www.facebook.com'],
  },
};
