// The Snap Pixel: its settings, hosts and event names, and where its code (snap-pixel.ts) is.
import type { AdNetwork, AdNetworkBuildFacts, NetworkSettings } from './contract.ts';

type SnapSetting = 'snapPixelId' | 'snapTapEvent';

/**
 * ADD_CART: Snap's standard event for the step Meta's AddToCart is, so the networks' reports line
 * up. Not SIGN_UP, which would count every tap as a sign-up and muddy a real sign-up optimisation;
 * APP_INSTALL belongs to the app's own SDK, not to a web page.
 */
const DEFAULT_TAP = 'ADD_CART';

/** The Snap Pixel as the page knows it; its code is a chunk of its own. */
export const snap = {
  key: 'snap',
  label: 'Snap Pixel',
  id: 'snapPixelId',
  events: { pageView: 'PAGE_VIEW', tap: (settings: NetworkSettings<SnapSetting>) => settings.snapTapEvent || DEFAULT_TAP },
  eventIds: { pageView: true, tap: true },
  code: () => import('./snap-pixel.ts').then((module) => module.snapPixel),
} as const satisfies AdNetwork<SnapSetting>;

/** Its settings, and its hosts: scevent.min.js, then the `tr.snapchat.com` events and cookie-matching frame. */
export const snapBuildFacts: AdNetworkBuildFacts<SnapSetting> = {
  config: {
    snapPixelId: {
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      looksLike: 'a Snap Pixel id (a UUID)',
      examples: ['1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'],
      description: 'The Snap Pixel id: PAGE_VIEW on load, ADD_CART (or snapTapEvent) on a tap. Absent or null: no Snap Pixel.',
    },
    snapTapEvent: {
      pattern: '^[A-Z][A-Z0-9_]{1,39}$',
      looksLike: 'a Snap Pixel standard event in capitals such as AD_CLICK',
      examples: ['AD_CLICK', 'START_TRIAL'],
      description: 'The Snap Pixel standard event a tap is sent as (default ADD_CART). Absent or null: ADD_CART.',
    },
  },
  hosts: {
    'script-src': ['https://sc-static.net'],
    'connect-src': ['https://tr.snapchat.com'],
    'img-src': ['https://tr.snapchat.com'],
    'frame-src': ['https://tr.snapchat.com'],
  },
};
