// The Google tag (gtag.js) of Google Analytics 4 (G-) or Google Ads (AW-): its settings, hosts and event names, and where its code
// (google-tag.ts) is.
import type { AdNetwork, AdNetworkBuildFacts, CspDirective, CspHosts, NetworkSettings } from './contract.ts';

type GoogleSetting = 'googleTagId' | 'googleAdsConversion';

/**
 * The Google tag as the page knows it; its code is a chunk of its own. A tap is an Ads conversion
 * when the campaign gives a conversion label, else GA4's select_content.
 */
export const google = {
  key: 'google',
  label: 'Google tag',
  id: 'googleTagId',
  events: {
    pageView: 'page_view',
    tap: (settings: NetworkSettings<GoogleSetting>) => (settings.googleAdsConversion ? 'conversion' : 'select_content'),
  },
  code: () => import('./google-tag.ts').then((module) => module.googleTag),
} as const satisfies AdNetwork<GoogleSetting>;

/** gtag.js, whatever the tag. */
const TAG_HOSTS: CspHosts = {
  'script-src': ['https://www.googletagmanager.com'],
  'connect-src': ['https://www.googletagmanager.com'],
  'img-src': ['https://www.googletagmanager.com'],
};

/** A GA4 tag's collection hosts (`/g/collect`). */
const GA4_HOSTS: CspHosts = {
  'connect-src': [
    'https://www.google-analytics.com',
    'https://region1.google-analytics.com',
    'https://analytics.google.com',
    'https://region1.analytics.google.com',
    'https://stats.g.doubleclick.net',
  ],
  'img-src': ['https://www.google-analytics.com', 'https://region1.google-analytics.com'],
};

/**
 * An Ads tag's conversion and remarketing hosts, from Google's CSP guide (tag-platform/security/guides/csp)
 * less its wildcards: the country domains (`www.google.<TLD>`) an Ads ping may be redirected to
 * cannot be named exactly, so such a redirect is refused, after the conversion has reached
 * googleads.g.doubleclick.net and www.google.com.
 */
const ADS_HOSTS: CspHosts = {
  'script-src': ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
  'connect-src': [
    'https://www.googleadservices.com',
    'https://googleads.g.doubleclick.net',
    'https://www.google.com',
    'https://pagead2.googlesyndication.com',
  ],
  'img-src': ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
  'frame-src': ['https://td.doubleclick.net', 'https://bid.g.doubleclick.net'],
};

/** Whether the tag is a Google Ads one (`AW-`) rather than GA4's (`G-`). */
const isAdsTag = (settings: NetworkSettings<GoogleSetting>) => Boolean(settings.googleTagId?.startsWith('AW-'));

/** Both lists of hosts, directive by directive, `first`'s before. */
function joinHosts(first: CspHosts, second: CspHosts): CspHosts {
  const directives = [...new Set([...Object.keys(first), ...Object.keys(second)])] as CspDirective[];
  return Object.fromEntries(directives.map((directive) => [directive, [...(first[directive] ?? []), ...(second[directive] ?? [])]]));
}

/** Its two settings, its hosts (gtag.js, then GA4's or Ads' own), and the rule that a conversion label needs an Ads tag. */
export const googleBuildFacts: AdNetworkBuildFacts<GoogleSetting> = {
  config: {
    googleTagId: {
      pattern: '^(G-[A-Z0-9]{4,20}|AW-[0-9]{6,15})$',
      looksLike: 'a Google tag id: G- and capital letters and digits (Google Analytics 4) or AW- and digits (Google Ads)',
      examples: ['G-ABC123DEF4', 'AW-123456789'],
      description:
        'The Google tag (gtag.js): a page view on load; on a tap, an Ads conversion with googleAdsConversion, else a GA4 select_content event. Absent or null: no Google tag.',
    },
    googleAdsConversion: {
      pattern: '^[A-Za-z0-9_-]{1,64}$',
      looksLike: 'a Google Ads conversion label of letters, digits, "-" and "_"',
      examples: ['AbC-D_efG-h12_34-567'],
      description:
        'The conversion label a tap is counted as (send_to: <googleTagId>/<label>); needs an AW- googleTagId. Absent or null: no conversion.',
    },
  },
  hosts: (settings) => joinHosts(TAG_HOSTS, isAdsTag(settings) ? ADS_HOSTS : GA4_HOSTS),
  rules: [
    {
      // A campaign that breaks the pair writes the tag id; no tag at all just leaves the label unused.
      at: 'googleTagId',
      broken: (settings) => Boolean(settings.googleAdsConversion && settings.googleTagId && !isAdsTag(settings)),
      problem: 'conversion label without a Google Ads tag',
      expected: 'an AW- id beside tracking.googleAdsConversion (or googleAdsConversion: null)',
    },
  ],
};
