// The Snap Pixel: its setting, hosts and event names, and where its code (snap-pixel.ts) is.
import type { AdNetwork, AdNetworkBuildFacts } from './contract.ts';

/** The Snap Pixel as the page knows it; its code is a chunk of its own. */
export const snap = {
  key: 'snap',
  label: 'Snap Pixel',
  id: 'snapPixelId',
  events: { pageView: 'PAGE_VIEW', tap: 'SIGN_UP' },
  code: () => import('./snap-pixel.ts').then((module) => module.snapPixel),
} as const satisfies AdNetwork<'snapPixelId'>;

/** Its id, and its hosts: scevent.min.js, then the `tr.snapchat.com` events and cookie-matching frame. */
export const snapBuildFacts: AdNetworkBuildFacts<'snapPixelId'> = {
  config: {
    snapPixelId: {
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      looksLike: 'a Snap Pixel id (a UUID)',
      examples: ['1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'],
      description: 'The Snap Pixel id: PAGE_VIEW on load, SIGN_UP on a tap. Absent or null: no Snap Pixel.',
    },
  },
  hosts: {
    'script-src': ['https://sc-static.net'],
    'connect-src': ['https://tr.snapchat.com'],
    'img-src': ['https://tr.snapchat.com'],
    'frame-src': ['https://tr.snapchat.com'],
  },
};
