// Builds the attributed OneLink install link: resolves the mapping and the click ids, and joins them onto the OneLink base.
import type { Attribution } from './attribution.ts';
import { resolveClickIds } from '../contract/click-ids.ts';
import type { AttributionSource } from '../contract/runtime-config.ts';

/** Everything an install-link parameter can take its value from. */
export interface AttributionInputs {
  query: Attribution;
  cookies: ReadonlyMap<string, string>;
  pageUrl: string;
  userAgent: string;
  /** The drawn paywall type of the split test. */
  paywall: string;
  /** The app's own deep link, e.g. `pictura://create`. */
  deepLink: string;
}

/** Install-link parameter -> value, non-empty values only, in the mapping's order. */
export type InstallLinkParams = ReadonlyMap<string, string>;

/** AppsFlyer's media-source parameter; a OneLink click without it cannot be attributed. */
export const MEDIA_SOURCE_PARAM = 'pid';
/** The media source used when the mapping gives none (the same default as `utm_source`). */
export const DEFAULT_MEDIA_SOURCE = 'organic';

/** The value of one source (`query.<name>`, `cookie.<name>`, `page.url`, ...); `''` when unknown or absent. */
export function resolveSource(source: AttributionSource, inputs: AttributionInputs): string {
  if (source.startsWith('query.')) return inputs.query.get(source.slice('query.'.length)) ?? '';
  if (source.startsWith('cookie.')) return inputs.cookies.get(source.slice('cookie.'.length)) ?? '';
  switch (source) {
    case 'page.url':
      return inputs.pageUrl;
    case 'page.userAgent':
      return inputs.userAgent;
    case 'paywall':
      return inputs.paywall;
    case 'app.deepLink':
      return inputs.deepLink;
    default:
      return '';
  }
}

/**
 * Resolves every mapped install-link parameter from its source, dropping empty values, then
 * adds the ad networks' click ids of the query (`resolveClickIds`) under the parameters
 * AppsFlyer reads them from, unless the mapping already gives that parameter a value.
 * `pid` is always present (first when the mapping lacks it): it falls back to `organic`.
 */
export function resolveAttribution(mapping: Readonly<Record<string, AttributionSource>>, inputs: AttributionInputs): InstallLinkParams {
  const params = new Map<string, string>();
  // Not Object.hasOwn: Safari before 15.4 (iOS 15.0 is supported) lacks it.
  if (!Object.prototype.hasOwnProperty.call(mapping, MEDIA_SOURCE_PARAM)) params.set(MEDIA_SOURCE_PARAM, DEFAULT_MEDIA_SOURCE);
  for (const [name, source] of Object.entries(mapping)) {
    const value = resolveSource(source, inputs);
    if (value !== '') params.set(name, value);
    else if (name === MEDIA_SOURCE_PARAM) params.set(name, DEFAULT_MEDIA_SOURCE);
  }
  for (const [name, value] of resolveClickIds(inputs.query)) {
    if (!params.has(name)) params.set(name, value);
  }
  return params;
}

/**
 * `encodeURIComponent`, except that a lone UTF-16 surrogate, which it refuses with a URIError
 * (and which no real query, cookie or URL holds), becomes U+FFFD instead of failing the link.
 */
export function encodeParam(text: string): string {
  return encodeURIComponent(
    text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, (match) => (match.length === 2 ? match : '\ufffd')),
  );
}

/**
 * The OneLink base URL with the non-empty parameters appended, names and values each
 * through `encodeURIComponent`, so `&`, `#`, `?`, `/`, `@`, spaces and unicode stay inside
 * their parameter and the scheme and host are always exactly the base's.
 * A fragment on the base is dropped; a query already on it is kept and extended.
 */
export function buildInstallLink(oneLinkBase: string, params: InstallLinkParams): string {
  const hash = oneLinkBase.indexOf('#');
  const base = hash === -1 ? oneLinkBase : oneLinkBase.slice(0, hash);
  const pairs: string[] = [];
  for (const [name, value] of params) {
    if (value !== '') pairs.push(`${encodeParam(name)}=${encodeParam(value)}`);
  }
  if (pairs.length === 0) return base;
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return base + separator + pairs.join('&');
}

/**
 * A link another builder made (the Smart Script's), with every one of our parameters it lacks
 * appended: so the click ids its version does not forward, and any parameter it dropped, still
 * reach AppsFlyer, and both builders give the same parameters. A parameter the link already
 * has a value for is left as the link has it; a link that does not parse is returned as it is.
 */
export function completeInstallLink(link: string, params: InstallLinkParams): string {
  let present: URLSearchParams;
  try {
    present = new URL(link).searchParams;
  } catch {
    return link;
  }
  const missing = new Map([...params].filter(([name, value]) => value !== '' && !present.get(name)));
  return missing.size === 0 ? link : buildInstallLink(link, missing);
}
