// The Content-Security-Policy of a campaign's pages: our own origin, hashes of our inline code, and only the third-party hosts in use.
import { createHash } from 'node:crypto';
import type { Config } from '../config/types.ts';

type Directive = 'script-src' | 'style-src' | 'img-src' | 'connect-src' | 'frame-src';

/**
 * The hosts each third party needs, by directive. Meta: the pixel loader and its
 * beacons; AppsFlyer: the Web SDK, its event endpoints and the Smart Script; Braintree:
 * the SDK scripts, its API and analytics, and PayPal's fraud-data collector.
 */
const META: Partial<Record<Directive, string[]>> = {
  'script-src': ['https://connect.facebook.net'],
  'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
  'img-src': ['https://www.facebook.com'],
};
const APPSFLYER_WEB_SDK: Partial<Record<Directive, string[]>> = {
  'script-src': ['https://websdk.appsflyer.com'],
  'connect-src': ['https://*.appsflyer.com', 'https://*.appsflyersdk.com'],
  'img-src': ['https://*.appsflyer.com'],
};
const APPSFLYER_SMART_SCRIPT: Partial<Record<Directive, string[]>> = {
  'script-src': ['https://onelinksmartscript.appsflyer.com'],
};
const ONELINK_IMPRESSIONS: Partial<Record<Directive, string[]>> = {
  'img-src': ['https://impressions.onelink.me'],
  'connect-src': ['https://impressions.onelink.me'],
};
const BRAINTREE_API: Partial<Record<Directive, string[]>> = {
  'connect-src': ['https://api.braintreegateway.com', 'https://client-analytics.braintreegateway.com', 'https://*.braintree-api.com'],
  'frame-src': ['https://assets.braintreegateway.com', 'https://c.paypal.com'],
  'img-src': ['https://assets.braintreegateway.com', 'https://c.paypal.com'],
};
const BRAINTREE_CDN: Partial<Record<Directive, string[]>> = {
  'script-src': ['https://js.braintreegateway.com', 'https://assets.braintreegateway.com', 'https://c.paypal.com'],
};

/** `'sha256-…'` of an inline script or style, exactly as it stands between its tags. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hashes (cspHash) of a page's inline code: every campaign of a build has the same, hashed once. */
export interface InlineHashes {
  /** Of inline `<script>` elements that run (JSON data blocks do not count). */
  scripts: string[];
  /** Of inline `<style>` elements. */
  styles: string[];
}

/**
 * The policy for a campaign. `forHeader` adds what a `<meta>` policy may not carry
 * (`frame-ancestors`): the HTTP header and `_headers` get it, the page's meta tag does not.
 */
export function contentSecurityPolicy(config: Config, inline: InlineHashes, forHeader = false): string {
  const vendors = [META, APPSFLYER_WEB_SDK];
  const { appsflyer } = config.tracking;
  if (appsflyer.smartScript) vendors.push(APPSFLYER_SMART_SCRIPT);
  if (appsflyer.impressionPixel) vendors.push(ONELINK_IMPRESSIONS);
  const { braintree } = config.payments;
  if (braintree.enabled) {
    vendors.push(BRAINTREE_API);
    if (braintree.source === 'cdn') vendors.push(BRAINTREE_CDN);
  }
  const hosts = (directive: Directive) => [...new Set(vendors.flatMap((vendor) => vendor[directive] ?? []))];

  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inline.scripts, ...hosts('script-src')]],
    ['style-src', ["'self'", ...inline.styles]],
    ['img-src', ["'self'", 'data:', ...hosts('img-src')]],
    ['connect-src', ["'self'", ...hosts('connect-src')]],
    ['frame-src', hosts('frame-src').length ? hosts('frame-src') : ["'none'"]],
    ['font-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  if (forHeader) directives.push(['frame-ancestors', ["'none'"]]);
  return directives.map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`).join('; ');
}
