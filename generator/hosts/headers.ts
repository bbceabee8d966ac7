// The response headers every host sends, by kind of response: written once here, spelled in each host's format by its adapter.
import type { HostCampaign } from './site.ts';

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
 * Headers of every response of the site, whatever the campaign: SECURITY_HEADERS above,
 * and X-Frame-Options for browsers older than the policies' `frame-ancestors`.
 */
export const SITE_HEADERS: Readonly<Record<string, string>> = { ...SECURITY_HEADERS, 'X-Frame-Options': 'DENY' };

/**
 * The headers a campaign's manifest gives all its responses: its policy, and those that come
 * with it (with `security.cspReportUri`: Reporting-Endpoints and a report-only policy).
 */
export function campaignHeaders(campaign: Pick<HostCampaign, 'contentSecurityPolicy' | 'headers'>): Record<string, string> {
  return { 'Content-Security-Policy': campaign.contentSecurityPolicy, ...campaign.headers };
}

/** The policy directive that has the browser fetch every `http://` URL of the page as `https://`. */
export const UPGRADE_INSECURE_REQUESTS = 'upgrade-insecure-requests';

/**
 * A campaign's headers (campaignHeaders) as `serve` and `dev` send them over plain http: the
 * policy without upgrade-insecure-requests. WebKit applies that directive to loopback and LAN
 * addresses too, so Safari, on this machine or on a phone at its address, would ask a server
 * that speaks only http for every script and asset over https and get none. The hosts, which
 * serve https, keep it.
 */
export function plainHttpHeaders(campaign: Readonly<Record<string, string>>): Record<string, string> {
  const policy = campaign['Content-Security-Policy'];
  if (policy === undefined) return { ...campaign };
  const directives = policy.split('; ').filter((directive) => directive !== UPGRADE_INSECURE_REQUESTS);
  return { ...campaign, 'Content-Security-Policy': directives.join('; ') };
}

/** Headers of every response of a campaign: its own (campaignHeaders) and the site's. */
function securityHeaders(campaign: Readonly<Record<string, string>>): Record<string, string> {
  return { ...campaign, ...SITE_HEADERS };
}

/**
 * Headers of a page (and of the 404 page), from its campaign's (campaignHeaders): security, revalidation, and
 * Vary where the language was negotiated.
 */
export function pageHeaders(campaign: Readonly<Record<string, string>>, negotiated: boolean): Record<string, string> {
  return { ...securityHeaders(campaign), 'Cache-Control': REVALIDATE, ...(negotiated ? { Vary: VARY_LANGUAGE } : {}) };
}

/** Headers of a content-hashed asset, from its campaign's (campaignHeaders): security, and cached for a year. */
export function assetHeaders(campaign: Readonly<Record<string, string>>): Record<string, string> {
  return { ...securityHeaders(campaign), 'Cache-Control': IMMUTABLE };
}

/**
 * The policy of SVG files. An SVG opened on its own (its URL typed or linked) is a document of
 * the site's origin that can run script. The build ships none (pipeline/images/images.ts draws
 * every SVG source into AVIF and WebP); should one be served all the same, this keeps it inert:
 * it may draw and use its own inline styles, nothing else, in a sandbox with a unique origin.
 */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Headers of an SVG asset: the SVG policy instead of the campaign's, the site's headers, cached for a year. */
export function svgAssetHeaders(): Record<string, string> {
  return { ...securityHeaders({ 'Content-Security-Policy': SVG_POLICY }), 'Cache-Control': IMMUTABLE };
}

/** Whether `pathname` is an SVG file (host rules match `*.svg` the same way). */
export function isSvgPath(pathname: string): boolean {
  return /\.svg$/i.test(pathname);
}
