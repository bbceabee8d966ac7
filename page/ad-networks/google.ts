// The Google tag (gtag.js) of Google Analytics 4 (G-), Google Ads (AW-) or a Google tag with several destinations (GT-): its
// settings, hosts and event names, and where its code (google-tag.ts) is.
import type { AdNetwork, AdNetworkBuildFacts, CspDirective, CspHosts, NetworkSettings } from './contract.ts';

type GoogleSetting = 'googleTagId' | 'googleAdsConversion' | 'googleTapEvent' | 'googleSignals' | 'googleCountryDomains';
type Settings = NetworkSettings<GoogleSetting>;

/** GA4's recommended event for a visitor choosing a piece of content: here the install link. */
const DEFAULT_TAP = 'select_content';

/**
 * The Google tag as the page knows it; its code is a chunk of its own. A tap is an Ads conversion
 * when the campaign gives a conversion label, deduplicated by Ads on its `transaction_id`; else a
 * GA4 event, which GA4 deduplicates on nothing, and `config`'s page view takes no id either.
 */
export const google = {
  key: 'google',
  label: 'Google tag',
  id: 'googleTagId',
  events: {
    pageView: 'page_view',
    tap: (settings: Settings) => (settings.googleAdsConversion ? 'conversion' : settings.googleTapEvent || DEFAULT_TAP),
  },
  eventIds: { pageView: false, tap: (settings: Settings) => Boolean(settings.googleAdsConversion) },
  code: () => import('./google-tag.ts').then((module) => module.googleTag),
} as const satisfies AdNetwork<GoogleSetting>;

/*
 * The hosts below are those of Google's guide "Use a Content Security Policy"
 * (developers.google.com/tag-platform/security/guides/csp), section by section; docs/security.md
 * traces each. `www.google.<TLD>` cannot be a CSP source, so the guide's country domains are the
 * campaign's `googleCountryDomains`.
 */

/** The Google tag itself, whatever its destinations: the guide's first section (gtag.js, and its own `/td` and `/g/collect` requests). */
const TAG_HOSTS: CspHosts = {
  'script-src': ['https://www.googletagmanager.com'],
  'img-src': ['https://www.googletagmanager.com'],
  'connect-src': ['https://www.googletagmanager.com', 'https://www.google.com'],
};

/** GA4 (`G-`), without Google signals. */
const GA4_HOSTS: CspHosts = {
  'script-src': ['https://*.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  'connect-src': [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
    'https://www.google.com',
  ],
};

/** What GA4 with Google signals adds, less the country domains. */
const GA4_SIGNALS_HOSTS: CspHosts = {
  'img-src': ['https://*.g.doubleclick.net', 'https://*.google.com'],
  'connect-src': ['https://*.g.doubleclick.net', 'https://*.google.com', 'https://pagead2.googlesyndication.com'],
  'frame-src': ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
};

/** Google Ads (`AW-`): conversions and remarketing, the frame of conversions and enhanced matching; less the country domains. */
const ADS_HOSTS: CspHosts = {
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
  ],
  'connect-src': [
    'https://www.google.com',
    'https://google.com',
    'https://pagead2.googlesyndication.com',
    'https://www.googleadservices.com',
    'https://googleads.g.doubleclick.net',
  ],
  'frame-src': ['https://bid.g.doubleclick.net', 'https://td.doubleclick.net', 'https://www.googletagmanager.com'],
};

/** The campaign's Google country domains (`google.de`), each as `<prefix>google.<TLD>` in img-src and connect-src. */
function countryHosts(settings: Settings, prefix: 'https://www.' | 'https://*.'): CspHosts {
  const domains = (settings.googleCountryDomains ?? '').split(/\s+/).filter(Boolean);
  const hosts = domains.map((domain) => prefix + domain);
  return { 'img-src': hosts, 'connect-src': hosts };
}

/** Whether the tag sends to Google Ads (`AW-`, or `GT-`, whose destinations the build cannot see). */
const sendsToAds = (settings: Settings) => /^(AW|GT)-/.test(settings.googleTagId ?? '');
/** Whether the tag sends to GA4 (`G-`, or `GT-`). */
const sendsToGa4 = (settings: Settings) => /^(G|GT)-/.test(settings.googleTagId ?? '');

/** The lists of hosts joined, directive by directive, in order. */
function joinHosts(...lists: CspHosts[]): CspHosts {
  const directives = [...new Set(lists.flatMap((list) => Object.keys(list)))] as CspDirective[];
  return Object.fromEntries(directives.map((directive) => [directive, [...new Set(lists.flatMap((list) => list[directive] ?? []))]]));
}

/** The hosts for how the tag is set: the tag's own, GA4's (with signals' when on) and Ads'; a GT- tag gets both. */
export function googleHosts(settings: Settings): CspHosts {
  const lists: CspHosts[] = [TAG_HOSTS];
  if (sendsToGa4(settings)) {
    lists.push(GA4_HOSTS);
    if (settings.googleSignals === 'on') lists.push(GA4_SIGNALS_HOSTS, countryHosts(settings, 'https://*.'));
  }
  if (sendsToAds(settings)) lists.push(ADS_HOSTS, countryHosts(settings, 'https://www.'));
  return joinHosts(...lists);
}

/** Its settings, its hosts, and the rule that a conversion label needs an Ads tag. */
export const googleBuildFacts: AdNetworkBuildFacts<GoogleSetting> = {
  config: {
    googleTagId: {
      pattern: '^(G-[A-Z0-9]{4,20}|AW-[0-9]{6,15}|GT-[A-Z0-9]{4,20})$',
      looksLike:
        'a Google tag id: G- and capital letters and digits (Google Analytics 4), AW- and digits (Google Ads) or GT- and capital letters and digits (a Google tag)',
      examples: ['G-ABC123DEF4', 'AW-123456789', 'GT-ABCD1234'],
      description:
        'The Google tag (gtag.js): a page view on load; on a tap, an Ads conversion with googleAdsConversion, else a GA4 event (googleTapEvent). Absent or null: no Google tag.',
    },
    googleAdsConversion: {
      pattern: '^[A-Za-z0-9_-]{1,64}$',
      looksLike: 'a Google Ads conversion label of letters, digits, "-" and "_"',
      examples: ['AbC-D_efG-h12_34-567'],
      description:
        'The conversion label a tap is counted as (send_to: <googleTagId>/<label>); needs an AW- googleTagId. Absent or null: no conversion.',
    },
    googleTapEvent: {
      pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$',
      looksLike: 'a GA4 event name of letters, digits and "_"',
      examples: ['generate_lead'],
      description:
        'The GA4 event a tap is sent as when there is no googleAdsConversion (default select_content). Absent or null: select_content.',
    },
    googleSignals: {
      pattern: '^(on|off)$',
      looksLike: 'a switch, on or off',
      examples: ['on'],
      description:
        "on when the GA4 property has Google signals on: the policy then allows the hosts Google's CSP guide adds for it. Absent, null or off: not.",
    },
    googleCountryDomains: {
      pattern: '^google(\\.[a-z]{2,3}){1,2}( google(\\.[a-z]{2,3}){1,2})*$',
      looksLike: 'a list of Google country domains separated by spaces',
      examples: ['google.de google.co.uk'],
      description:
        "The Google country domains (www.google.<TLD>) of the campaign's visitors, which Google's CSP guide lists for Ads and for Google signals and no policy can name by a wildcard. Absent or null: none.",
    },
  },
  hosts: googleHosts,
  rules: [
    {
      // A campaign that breaks the pair writes the tag id; no tag at all just leaves the label unused.
      at: 'googleTagId',
      broken: (settings) => Boolean(settings.googleAdsConversion && settings.googleTagId && !settings.googleTagId.startsWith('AW-')),
      problem: 'conversion label without a Google Ads tag',
      expected: 'an AW- id beside tracking.googleAdsConversion (or googleAdsConversion: null)',
    },
  ],
};
