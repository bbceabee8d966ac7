// Each ad network's CSP hosts as its vendor's own guidance lists them, written out here and not read from the code (docs/security.md
// cites each): the policy tests check the page's policy against these, in unit tests and in the browser.

/** The hosts one guide lists, by directive. */
export type Guide = Partial<Record<'script-src' | 'img-src' | 'connect-src' | 'frame-src', string[]>>;

/** Google's "Use a Content Security Policy" (developers.google.com/tag-platform/security/guides/csp): the tag itself. */
export const GOOGLE_TAG: Guide = {
  'img-src': ['https://www.googletagmanager.com'],
  'connect-src': ['https://www.googletagmanager.com', 'https://www.google.com'],
};
/** The same guide, Google Analytics 4. */
export const GA4: Guide = {
  'script-src': ['https://*.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  'connect-src': [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
    'https://www.google.com',
  ],
};
/** The same guide, GA4 with Google signals (cross-device), for visitors on google.de. */
export const GA4_SIGNALS: Guide = {
  'img-src': ['https://*.g.doubleclick.net', 'https://*.google.com', 'https://*.google.de'],
  'connect-src': ['https://*.g.doubleclick.net', 'https://*.google.com', 'https://*.google.de', 'https://pagead2.googlesyndication.com'],
  'frame-src': ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
};
/** The same guide, Google Ads conversions and remarketing, for visitors on google.de. */
export const ADS: Guide = {
  'script-src': [
    'https://www.googleadservices.com',
    'https://www.google.com',
    'https://www.googletagmanager.com',
    'https://pagead2.googlesyndication.com',
    'https://googleads.g.doubleclick.net',
  ],
  'img-src': [
    'https://www.googletagmanager.com',
    'https://googleads.g.doubleclick.net',
    'https://www.google.com',
    'https://pagead2.googlesyndication.com',
    'https://www.googleadservices.com',
    'https://google.com',
    'https://www.google.de',
  ],
  'connect-src': [
    'https://www.google.com',
    'https://google.com',
    'https://pagead2.googlesyndication.com',
    'https://www.googleadservices.com',
    'https://googleads.g.doubleclick.net',
    'https://www.google.de',
  ],
  'frame-src': ['https://bid.g.doubleclick.net', 'https://td.doubleclick.net', 'https://www.googletagmanager.com'],
};
/** TikTok's CSP article (ads.tiktok.com/help): the pixel's hosts. */
const TIKTOK_HOSTS = ['https://analytics.tiktok.com', 'https://analytics-ipv6.tiktokw.us', 'https://ads.tiktok.com'];
export const TIKTOK: Guide = { 'script-src': TIKTOK_HOSTS, 'connect-src': TIKTOK_HOSTS, 'img-src': TIKTOK_HOSTS };
/** Meta's pixel docs: fbevents.js and its config from connect.facebook.net, the `/tr` events to www.facebook.com. */
export const META: Guide = {
  'script-src': ['https://connect.facebook.net'],
  'img-src': ['https://www.facebook.com'],
  'connect-src': ['https://www.facebook.com'],
};
/** Snap's Pixel: scevent.min.js from sc-static.net, events to tr.snapchat.com. */
export const SNAP: Guide = {
  'script-src': ['https://sc-static.net'],
  'img-src': ['https://tr.snapchat.com'],
  'connect-src': ['https://tr.snapchat.com'],
};
