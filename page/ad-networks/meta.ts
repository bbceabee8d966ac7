// The Meta pixel (Facebook, Instagram): its setting, hosts and event names. Its code, meta-pixel.ts, is in the runtime itself.
import type { AdNetwork, AdNetworkBuildFacts } from './contract.ts';
import { metaPixel } from './meta-pixel.ts';

/** The Meta pixel as the page knows it: the pages are made for visitors from Meta's ads, so its code loads with the runtime. */
export const meta = {
  key: 'meta',
  label: 'Meta pixel',
  id: 'metaPixelId',
  events: { pageView: 'PageView', tap: 'AddToCart' },
  code: metaPixel,
} as const satisfies AdNetwork<'metaPixelId'>;

/** Its id, and its hosts: the pixel loader (connect.facebook.net) and its `/tr` beacons. */
export const metaBuildFacts: AdNetworkBuildFacts<'metaPixelId'> = {
  config: {
    metaPixelId: {
      pattern: '^[0-9]{1,20}$',
      looksLike: 'a Meta pixel id of digits',
      examples: ['1234567890123456'],
      description: 'The Meta pixel id: PageView on load, AddToCart on a tap. Absent or null: no Meta pixel.',
    },
  },
  hosts: {
    'script-src': ['https://connect.facebook.net'],
    'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
    'img-src': ['https://www.facebook.com'],
  },
};
