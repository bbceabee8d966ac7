// The site the host adapters describe: its campaigns, in the order every adapter needs them.
import type { RouterCampaign } from './route.ts';

/** One campaign folder of a build, as the hosts need to know it. */
export interface HostCampaign {
  /** `'/'` or `'/summer/'`: starts and ends with `/`. */
  basePath: string;
  /** `'en'`. */
  defaultLocale: string;
  /** Every locale built, the default included: `['en', 'de', 'es', 'fr']`. */
  locales: string[];
  /** The default locale's page URL paths relative to basePath, no slashes around: `['', 'child-old', 'feature1']`. */
  routes: string[];
  /** The Content-Security-Policy header value of this campaign's pages. */
  contentSecurityPolicy: string;
}

/** Everything a build writes, as far as hosting goes. */
export interface HostSite {
  campaigns: HostCampaign[];
}

/** The folder (at the root of the output) that holds every host's files. */
export const HOSTING_DIR = '_hosting';

/**
 * The campaigns longest base path first, so that the first campaign whose base path
 * prefixes a request is the one that owns it (a nested `/summer/` before `/`); locales
 * with the default first and routes without slashes, as `serve` reads them.
 */
export function orderedCampaigns(site: HostSite): HostCampaign[] {
  return [...site.campaigns]
    .sort((a, b) => b.basePath.length - a.basePath.length)
    .map((campaign) => ({
      ...campaign,
      locales: [campaign.defaultLocale, ...campaign.locales.filter((locale) => locale !== campaign.defaultLocale)],
      routes: campaign.routes.map((route) => route.replace(/^\/+|\/+$/g, '')),
    }));
}

/** The router's view of ordered campaigns: no policy, which the router does not need. */
export function routerCampaigns(campaigns: readonly HostCampaign[]): RouterCampaign[] {
  return campaigns.map(({ basePath, defaultLocale, locales, routes }) => ({ basePath, defaultLocale, locales, routes }));
}

/** A name for a campaign in file names: `root` for `/`, `summer` for `/summer/`, `a-b` for `/a/b/`. */
export function campaignSlug(basePath: string): string {
  return basePath.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9_-]+/g, '-') || 'root';
}

/**
 * Whether a path pattern `<basePath>*` would also match another campaign: one nested in it
 * (`/` holds `/summer/`), or a sibling that starts the same (`/summer` in `/summer-sale/`,
 * since `_headers` wildcards also match without the slash). Such a campaign's rules must
 * list its own paths instead of claiming everything under its base path.
 */
export function sharesPrefix(campaign: HostCampaign, campaigns: readonly HostCampaign[]): boolean {
  const stem = campaign.basePath.slice(0, -1);
  return campaigns.some((other) => other !== campaign && other.basePath.startsWith(stem));
}

/**
 * Every page path of a campaign relative to its base path, no slashes around: the plain
 * routes, each locale's (`de/feature1`), and the default locale's aliases (`en/feature1`).
 */
export function pagePaths(campaign: HostCampaign): Array<{ path: string; negotiated: boolean }> {
  const paths = campaign.routes.map((route) => ({ path: route, negotiated: true }));
  for (const locale of campaign.locales) {
    for (const route of campaign.routes) paths.push({ path: route ? `${locale}/${route}` : locale, negotiated: false });
  }
  return paths;
}

/** The campaign whose 404 page answers paths outside every campaign: the one nearest the root. */
export function rootCampaign(campaigns: readonly HostCampaign[]): HostCampaign {
  return campaigns.reduce((root, campaign) => (campaign.basePath.length < root.basePath.length ? campaign : root));
}
