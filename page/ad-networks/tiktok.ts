// The TikTok pixel: its setting, hosts and event names, and where its code (tiktok-pixel.ts) is.
import type { AdNetwork, AdNetworkBuildFacts } from './contract.ts';

/** The TikTok pixel as the page knows it; its code is a chunk of its own. */
export const tiktok = {
  key: 'tiktok',
  label: 'TikTok pixel',
  id: 'tiktokPixelId',
  events: { pageView: 'Pageview', tap: 'ClickButton' },
  code: () => import('./tiktok-pixel.ts').then((module) => module.tiktokPixel),
} as const satisfies AdNetwork<'tiktokPixelId'>;

/** Its id, and its host: events.js, the SDK it loads and the `/api/v2/pixel` events are all on one. */
export const tiktokBuildFacts: AdNetworkBuildFacts<'tiktokPixelId'> = {
  config: {
    tiktokPixelId: {
      pattern: '^[A-Z0-9]{20}$',
      looksLike: 'a TikTok pixel id of 20 capital letters and digits',
      examples: ['C4A1B2C3D4E5F6G7H8I9'],
      description: 'The TikTok pixel id: a page view on load, ClickButton on a tap. Absent or null: no TikTok pixel.',
    },
  },
  hosts: {
    'script-src': ['https://analytics.tiktok.com'],
    'connect-src': ['https://analytics.tiktok.com'],
    'img-src': ['https://analytics.tiktok.com'],
  },
};
