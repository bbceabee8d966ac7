// The site the host adapters describe: its campaigns, in the order every adapter needs them.
import { chooseFallbackLocale, negotiationOrder } from '../../page/edge/negotiate.ts';
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
  /**
   * Every header of the campaign's manifest, the policy's reporting headers with it (headers.ts,
   * campaignHeaders); absent: the policy alone.
   */
  headers?: Readonly<Record<string, string>>;
}

/** Everything a build writes, as far as hosting goes. */
export interface HostSite {
  campaigns: HostCampaign[];
}

/** A campaign as the adapters read it: ordered (see orderedCampaigns), with its fallback locale worked out once. */
export interface OrderedCampaign extends HostCampaign {
  /** The locale of visitors whose languages match none of the campaign's (negotiate.ts, chooseFallbackLocale). */
  fallbackLocale: string;
}

/** The folder (at the root of the output) that holds every host's files. */
export const HOSTING_DIR = '_hosting';

/** The URL folder under which `store-landing dev` answers its own requests (its script, its event stream): no site is hosted in it. */
export const DEV_DIR = '__store-landing';

/**
 * The campaigns longest base path first, so that the first campaign whose base path
 * prefixes a request is the one that owns it (a nested `/summer/` before `/`); locales
 * in negotiation order (the default first) and routes without slashes, as `serve` reads them.
 */
export function orderedCampaigns(site: HostSite): OrderedCampaign[] {
  return [...site.campaigns]
    .sort((a, b) => b.basePath.length - a.basePath.length)
    .map((campaign) => ({
      ...campaign,
      locales: negotiationOrder(campaign.locales, campaign.defaultLocale),
      routes: campaign.routes.map((route) => route.replace(/^\/+|\/+$/g, '')),
      fallbackLocale: chooseFallbackLocale(campaign.locales, campaign.defaultLocale),
    }));
}

/** The router's view of ordered campaigns: no policy, which the router does not need. */
export function routerCampaigns(campaigns: readonly OrderedCampaign[]): RouterCampaign[] {
  return campaigns.map(({ basePath, defaultLocale, fallbackLocale, locales, routes }) => ({
    basePath,
    defaultLocale,
    fallbackLocale,
    locales,
    routes,
  }));
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

/**
 * The file of a locale's 404 page, relative to its campaign's folder: the default locale's is
 * the campaign's `404.html`, each other's sits in its folder (`de/404.html`), where the hosts
 * look for it when a path under that folder is unknown (route.ts, `notFound`, which spells
 * the same rule in ES5).
 */
export function notFoundFile(locale: string, defaultLocale: string): string {
  return locale === defaultLocale ? '404.html' : `${locale}/404.html`;
}

/** A campaign's 404 pages relative to its base path, the default locale's (`404.html`) first. */
export function notFoundFiles(campaign: Pick<HostCampaign, 'defaultLocale' | 'locales'>): string[] {
  return negotiationOrder(campaign.locales, campaign.defaultLocale).map((locale) => notFoundFile(locale, campaign.defaultLocale));
}

/** The campaign whose 404 page answers paths outside every campaign: the one nearest the root. */
export function rootCampaign<T extends HostCampaign>(campaigns: readonly T[]): T {
  return campaigns.reduce((root, campaign) => (campaign.basePath.length < root.basePath.length ? campaign : root));
}
