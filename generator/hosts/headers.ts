// The response headers every host sends, by kind of response: written once here, spelled in each host's format by its adapter.

/** Headers every response of the site carries. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Cache-Control of content-hashed assets: they never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Pages are revalidated on every use: their HTML names the hashed assets of the current build. */
export const REVALIDATE = 'no-cache';

/** The request header a negotiated page depends on; caches must keep one copy per value. */
export const VARY_LANGUAGE = 'Accept-Language';

/**
 * Headers of every response of the site, whatever the campaign: csp.ts's security headers,
 * and X-Frame-Options for browsers older than the policies' `frame-ancestors`.
 */
export const SITE_HEADERS: Readonly<Record<string, string>> = { ...SECURITY_HEADERS, 'X-Frame-Options': 'DENY' };

/** Headers of every response of a campaign: its policy and the site's headers. */
function securityHeaders(policy: string): Record<string, string> {
  return { 'Content-Security-Policy': policy, ...SITE_HEADERS };
}

/** Headers of a page (and of the 404 page): security, revalidation, and Vary where the language was negotiated. */
export function pageHeaders(policy: string, negotiated: boolean): Record<string, string> {
  return { ...securityHeaders(policy), 'Cache-Control': REVALIDATE, ...(negotiated ? { Vary: VARY_LANGUAGE } : {}) };
}

/** Headers of a content-hashed asset: security, and cached for a year. */
export function assetHeaders(policy: string): Record<string, string> {
  return { ...securityHeaders(policy), 'Cache-Control': IMMUTABLE };
}

/**
 * The policy of SVG files. An SVG opened on its own (its URL typed or linked) is a document of
 * the site's origin that can run script; the build sanitises the ones it ships
 * (generator/build/svg-sanitize.ts), and this keeps even a missed one inert: it may draw and
 * use its own inline styles, nothing else, in a sandbox with a unique origin.
 */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Headers of an SVG asset: the SVG policy instead of the campaign's, the site's headers, cached for a year. */
export function svgAssetHeaders(): Record<string, string> {
  return { ...securityHeaders(SVG_POLICY), 'Cache-Control': IMMUTABLE };
}

/** Whether `pathname` is an SVG file (host rules match `*.svg` the same way). */
export function isSvgPath(pathname: string): boolean {
  return /\.svg$/i.test(pathname);
}

/** Whether `pathname` is one of a campaign's content-hashed assets. */
export function isAssetPath(basePath: string, pathname: string): boolean {
  return pathname.startsWith(`${basePath}assets/`);
}
