// Which file answers a request path: the routing every programmable host runs, embedded as-is like negotiateLocale.
import type { negotiateLocale } from '../../page/edge/negotiate.ts';

/** A campaign as the embedded router sees it: plain JSON, written into the generated code. */
export interface RouterCampaign {
  basePath: string;
  defaultLocale: string;
  /** The locale of visitors whose languages match none of `locales` (negotiate.ts, chooseFallbackLocale). */
  fallbackLocale: string;
  /** The default locale first, as `serve` orders them. */
  locales: string[];
  /** The default locale's page paths relative to basePath, no slashes around (`''` is the campaign's root). */
  routes: string[];
}

/** What the router decided for one request. */
export interface RouterResult {
  /** Index of the campaign in the list given to routeRequest. */
  campaign: number;
  /**
   * `page`: `file` is the page's `index.html`; `negotiated` when the language came from
   * Accept-Language (the response must vary on it). `file`: anything else under the
   * campaign, served as it is (`file` is the request path) or its 404 page.
   */
  kind: 'page' | 'file';
  file: string;
  locale: string;
  negotiated: boolean;
  /**
   * The campaign's 404 page for this request, should its file be missing: the page's locale's
   * for a page, else the locale's whose folder the path is in (`/de/nope` gets `/de/404.html`),
   * and the campaign's `404.html` for the default locale and for paths in no locale's folder.
   */
  notFound: string;
}

/**
 * Routes `pathname` within the campaigns (longest base path first, so nested campaigns win).
 * A plain route is rewritten to the negotiated locale's page; `/<locale>/<route>` is that
 * locale's page whatever the header (`/<default>/...` is the default locale's plain page).
 * Anything else is a file, whose 404 page is its locale folder's. Returns null outside every campaign.
 *
 * Embedded like negotiateLocale (see there): ES5, no inner functions, and the negotiation
 * comes in as a parameter because an imported binding does not survive `toString`.
 */
export function routeRequest(
  campaigns: readonly RouterCampaign[],
  pathname: string,
  acceptLanguage: string | undefined,
  negotiate: typeof negotiateLocale,
): RouterResult | null {
  for (var c = 0; c < campaigns.length; c++) {
    var campaign = campaigns[c]!;
    if ((pathname + '/').indexOf(campaign.basePath) !== 0) continue;
    var rest = pathname.slice(campaign.basePath.length).replace(/^\/+|\/+$/g, '');
    // Named unlike the result's keys: esbuild would write { locale } shorthand, which is not ES5.
    var pageLocale = '';
    var route = '';
    var byHeader = false;
    var slash = rest.indexOf('/');
    var first = slash === -1 ? rest : rest.slice(0, slash);
    var inLocale = campaign.locales.indexOf(first) !== -1;
    if (campaign.routes.indexOf(rest) !== -1) {
      pageLocale = negotiate(acceptLanguage, campaign.locales, campaign.defaultLocale, campaign.fallbackLocale);
      route = rest;
      byHeader = true;
    } else {
      var others = slash === -1 ? '' : rest.slice(slash + 1);
      if (inLocale && campaign.routes.indexOf(others) !== -1) {
        pageLocale = first;
        route = others;
      }
    }
    var notFoundLocale = pageLocale || (inLocale ? first : campaign.defaultLocale);
    var notFoundPage = campaign.basePath + (notFoundLocale === campaign.defaultLocale ? '' : notFoundLocale + '/') + '404.html';
    if (!pageLocale) return { campaign: c, kind: 'file', file: pathname, locale: '', negotiated: false, notFound: notFoundPage };
    var folder = (pageLocale === campaign.defaultLocale ? '' : pageLocale + '/') + (route ? route + '/' : '');
    return {
      campaign: c,
      kind: 'page',
      file: campaign.basePath + folder + 'index.html',
      locale: pageLocale,
      negotiated: byHeader,
      notFound: notFoundPage,
    };
  }
  return null;
}
