// The TikTok pixel: its settings, hosts and event names, and where its code (tiktok-pixel.ts) is.
import type { AdNetwork, AdNetworkBuildFacts, NetworkSettings } from './contract.ts';

type TikTokSetting = 'tiktokPixelId' | 'tiktokTapEvent';

/**
 * AddToCart: on TikTok's current list of standard events (ClickButton, the old choice, is
 * soft-deprecated there), and the same step of the funnel as Meta's AddToCart, so the networks'
 * reports line up. A campaign optimising for downloads can name `Download` instead.
 */
const DEFAULT_TAP = 'AddToCart';

/** The TikTok pixel as the page knows it; its code is a chunk of its own. `ttq.page()` takes no event id. */
export const tiktok = {
  key: 'tiktok',
  label: 'TikTok pixel',
  id: 'tiktokPixelId',
  events: { pageView: 'Pageview', tap: (settings: NetworkSettings<TikTokSetting>) => settings.tiktokTapEvent || DEFAULT_TAP },
  eventIds: { pageView: false, tap: true },
  code: () => import('./tiktok-pixel.ts').then((module) => module.tiktokPixel),
} as const satisfies AdNetwork<TikTokSetting>;

/** TikTok's hosts, every one its CSP article names, in each directive the pixel uses: events.js, its SDK and `/api/v2/pixel`. */
const HOSTS = ['https://analytics.tiktok.com', 'https://analytics-ipv6.tiktokw.us', 'https://ads.tiktok.com'];

/** Its settings, and its hosts. */
export const tiktokBuildFacts: AdNetworkBuildFacts<TikTokSetting> = {
  config: {
    tiktokPixelId: {
      pattern: '^[A-Z0-9]{20}$',
      looksLike: 'a TikTok pixel id of 20 capital letters and digits',
      examples: ['C4A1B2C3D4E5F6G7H8I9'],
      description: 'The TikTok pixel id: a page view on load, AddToCart (or tiktokTapEvent) on a tap. Absent or null: no TikTok pixel.',
    },
    tiktokTapEvent: {
      pattern: '^[A-Z][A-Za-z]{1,39}$',
      looksLike: "a TikTok standard event's code such as Download",
      examples: ['Download', 'Contact'],
      description:
        "The TikTok standard event a tap is sent as (default AddToCart); pick one on TikTok's current list. Absent or null: AddToCart.",
    },
  },
  hosts: { 'script-src': HOSTS, 'connect-src': HOSTS, 'img-src': HOSTS },
};
