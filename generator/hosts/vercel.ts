// Vercel: a vercel.json whose routes pick the page by an Accept-Language pattern before the filesystem is looked at.
import { acceptLanguagePattern } from './accept-language-regex.ts';
import { assetHeaders, campaignHeaders, pageHeaders, svgAssetHeaders } from './headers.ts';
import { HOSTING_DIR, notFoundFiles, rootCampaign, type OrderedCampaign } from './site.ts';

/** One entry of vercel.json's `routes` (the subset we write). */
export interface VercelRoute {
  src?: string;
  dest?: string;
  status?: number;
  headers?: Record<string, string>;
  has?: Array<{ type: 'header'; key: string; value: string }>;
  /** Holds when none of these is present: here, a request without Accept-Language. */
  missing?: Array<{ type: 'header'; key: string }>;
  continue?: boolean;
  handle?: 'filesystem';
}

/**
 * vercel.json. It uses `routes`, not `rewrites`: Vercel tries rewrites only after the
 * filesystem, and the plain URLs are files (the default locale's pages), so a rewrite could
 * never serve another language there. Routes run in order before `handle: filesystem`:
 * for each campaign, its plain routes by language (negotiatedRoutes); its locale pages; the
 * header-only rules of its assets and files. After the filesystem, each campaign's remaining
 * paths get its 404 page, in the locale whose folder they are in.
 */
export function vercelConfig(campaigns: readonly OrderedCampaign[]): { routes: VercelRoute[] } {
  return { routes: [...vercelRoutes(campaigns)] };
}

/**
 * vercelConfig's routes one at a time, so a site of thousands of campaigns is written route by
 * route (vercelJson), never held whole: its before-filesystem routes, then its 404 routes.
 */
function* vercelRoutes(campaigns: readonly OrderedCampaign[]): Generator<VercelRoute> {
  const root = rootCampaign(campaigns);
  yield {
    src: `^/${HOSTING_DIR}(?:/.*)?$`,
    status: 404,
    dest: `${root.basePath}404.html`,
    headers: pageHeaders(campaignHeaders(root), false),
  };
  // Campaigns usually share their locales: each pattern is built once, not once per campaign.
  const patterns = new Map<string, string>();
  const pattern: PatternOf = (locales, locale, defaultLocale) => {
    const key = JSON.stringify([locales, locale, defaultLocale]);
    let found = patterns.get(key);
    if (found === undefined) patterns.set(key, (found = acceptLanguagePattern(locales, locale, defaultLocale)));
    return found;
  };
  for (const campaign of campaigns) {
    const base = campaign.basePath;
    const policyHeaders = campaignHeaders(campaign);
    const page = (locale: string, route: string) =>
      `${base}${locale === campaign.defaultLocale ? '' : `${locale}/`}${route ? `${route}/` : ''}index.html`;
    // One route for the campaign's root, one for all its other routes at once ($1 in dest): the file stays a few kilobytes per campaign.
    for (const { group, route } of routeGroups(campaign)) {
      yield* negotiatedRoutes(campaign, routePattern(base, '', group), (locale) => page(locale, route), pattern);
      for (const locale of campaign.locales) {
        yield {
          src: routePattern(base, `${locale}/`, group),
          dest: page(locale, route),
          headers: { ...pageHeaders(policyHeaders, false), 'Content-Language': locale },
        };
      }
    }
    // Header-only (continue): the filesystem serves these paths, or the 404 rule below takes them.
    yield { src: `^${escapeRegExp(base)}assets/.+$`, headers: assetHeaders(policyHeaders), continue: true };
    // After the assets rule: its policy is replaced by the sandboxing one for SVGs (headers.ts).
    yield { src: `^${escapeRegExp(base)}assets/.+\\.svg$`, headers: svgAssetHeaders(), continue: true };
    const notFoundPattern = notFoundFiles(campaign).map(escapeRegExp).join('|');
    yield {
      src: `^${escapeRegExp(base)}(?:config\\.json|manifest\\.json|${notFoundPattern})$`,
      headers: pageHeaders(policyHeaders, false),
      continue: true,
    };
  }
  yield { handle: 'filesystem' };
  for (const campaign of campaigns) {
    const base = campaign.basePath;
    const policyHeaders = campaignHeaders(campaign);
    // A locale's folder first, for its own 404 page.
    for (const locale of campaign.locales.filter((locale) => locale !== campaign.defaultLocale)) {
      yield {
        src: `^${escapeRegExp(`${base}${locale}`)}(?:/.*)?$`,
        status: 404,
        dest: `${base}${locale}/404.html`,
        headers: pageHeaders(policyHeaders, false),
      };
    }
    yield {
      src: `^${escapeRegExp(base.slice(0, -1))}(?:/.*)?$`,
      status: 404,
      dest: `${base}404.html`,
      headers: pageHeaders(policyHeaders, false),
    };
  }
}

/** acceptLanguagePattern, or a memo of it. */
type PatternOf = typeof acceptLanguagePattern;

/**
 * The routes of plain routes matching `src`: one per locale but the fallback, taking the
 * headers whose first usable range leads to it (acceptLanguagePattern); then, when the
 * fallback is not the default locale, the default locale for a request without
 * Accept-Language (`missing`); then the fallback locale for every other request.
 */
function negotiatedRoutes(campaign: OrderedCampaign, src: string, dest: (locale: string) => string, pattern: PatternOf): VercelRoute[] {
  const { defaultLocale, fallbackLocale, locales } = campaign;
  const headers = (locale: string) => ({ ...pageHeaders(campaignHeaders(campaign), true), 'Content-Language': locale });
  const routes: VercelRoute[] = locales
    .filter((locale) => locale !== fallbackLocale)
    .map((locale) => ({
      src,
      has: [{ type: 'header', key: 'accept-language', value: pattern(locales, locale, defaultLocale) }],
      dest: dest(locale),
      headers: headers(locale),
    }));
  if (fallbackLocale !== defaultLocale) {
    routes.push({ src, missing: [{ type: 'header', key: 'accept-language' }], dest: dest(defaultLocale), headers: headers(defaultLocale) });
  }
  routes.push({ src, dest: dest(fallbackLocale), headers: headers(fallbackLocale) });
  return routes;
}

/** The campaign's root route (`''`), and its other routes together: `group` captures them as `$1`. */
function routeGroups(campaign: OrderedCampaign): Array<{ group: string; route: string }> {
  const others = campaign.routes.filter(Boolean);
  return [
    ...(campaign.routes.includes('') ? [{ group: '', route: '' }] : []),
    ...(others.length ? [{ group: `(${others.map(escapeRegExp).join('|')})`, route: '$1' }] : []),
  ];
}

/** The pattern of `<base><folder><group>` (the root route when `group` is empty), with or without its trailing slash. */
function routePattern(base: string, folder: string, group: string): string {
  if (group) return `^${escapeRegExp(base + folder)}${group}/?$`;
  const stem = `${base}${folder}`.replace(/\/$/, '');
  return stem ? `^${escapeRegExp(stem)}/?$` : '^/$';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where vercel.json is written, in the output: copied to the root of the deployed folder. */
export const VERCEL_JSON = `${HOSTING_DIR}/vercel/vercel.json`;

/** Vercel's files, for `_hosting/vercel/`. */
export function vercelFiles(campaigns: readonly OrderedCampaign[]): Array<{ path: string; contents: string }> {
  return [{ path: VERCEL_JSON, contents: [...vercelJson(campaigns)].join('') }];
}

/**
 * vercel.json's text in pieces, a route at a time: the bytes of `JSON.stringify(vercelConfig(campaigns), null, 2)`
 * and a line feed. Its routes repeat each campaign's language patterns, some 35 KB a campaign.
 */
export function* vercelJson(campaigns: readonly OrderedCampaign[]): Generator<string> {
  yield '{\n  "routes": [';
  let first = true;
  for (const route of vercelRoutes(campaigns)) {
    // Each route two levels deep, as JSON.stringify indents an item of the list of a key.
    yield `${first ? '' : ','}\n    ${JSON.stringify(route, null, 2).replace(/\n/g, '\n    ')}`;
    first = false;
  }
  yield first ? ']\n}\n' : '\n  ]\n}\n';
}
