// The Content-Security-Policy of a campaign's pages: hashes and 'strict-dynamic' for scripts, exact third-party hosts for everything else.
import { createHash } from 'node:crypto';
import { factFor, isOn, type CspDirective, type CspHosts } from '../../../page/ad-networks/contract.ts';
import { adNetworkDeclarations } from '../../../page/ad-networks/index.ts';
import type { Config } from '../../config/types.ts';
import { UPGRADE_INSECURE_REQUESTS } from '../../hosts/headers.ts';
import { MODULE_LOADER, scriptText } from '../render/document.ts';

/**
 * The exact hosts each third party needs, by directive: no wildcards. Under 'strict-dynamic'
 * browsers ignore `script-src` hosts (a trusted script may load any script), so those lists
 * only serve browsers older than CSP 3 (Safari before 15.4); the other directives bind every
 * browser. The ad networks declare their own (page/ad-networks/). AppsFlyer: the PBA Web SDK,
 * which posts its events to wa.appsflyer.com (`/events?site-id=...`), the Smart Script, and the
 * OneLink impression pixel. Braintree (braintree-web 3.100.0's own sources): the SDK scripts; its
 * gateway, GraphQL and analytics APIs in production; the data collector's Kount frame and
 * PayPal's fraudnet script and counter image.
 */
const APPSFLYER_WEB_SDK: CspHosts = {
  'script-src': ['https://websdk.appsflyer.com'],
  'connect-src': ['https://wa.appsflyer.com'],
};
const APPSFLYER_SMART_SCRIPT: CspHosts = {
  'script-src': ['https://onelinksmartscript.appsflyer.com'],
};
const ONELINK_IMPRESSIONS: CspHosts = {
  'img-src': ['https://impressions.onelink.me'],
  'connect-src': ['https://impressions.onelink.me'],
};
const BRAINTREE_API: CspHosts = {
  'connect-src': [
    'https://api.braintreegateway.com',
    'https://client-analytics.braintreegateway.com',
    'https://payments.braintree-api.com',
  ],
  'frame-src': ['https://assets.braintreegateway.com', 'https://c.paypal.com'],
  'img-src': ['https://assets.braintreegateway.com', 'https://c.paypal.com', 'https://b.stats.paypal.com'],
};
const BRAINTREE_CDN: CspHosts = {
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
 * The policy for a campaign. Scripts: 'strict-dynamic' with the hashes of the page's inline
 * scripts (the module loader, and the plain routes' language script); `'self'` and the vendors'
 * script hosts follow only for browsers without CSP 3, which ignore 'strict-dynamic'.
 * Everything else is `'none'` unless named: the site itself and the exact hosts in use.
 * `forHeader` adds what a `<meta>` policy may not carry: `frame-ancestors`, and with
 * `security.cspReportUri` the reporting directives. The HTTP header and `_headers` get them;
 * the page's meta tag cannot. It also adds `upgrade-insecure-requests`, which a meta tag could
 * carry but must not: WebKit applies it to loopback and LAN addresses too, so a page previewed
 * over plain http (`serve`, `dev`, an iPhone at the machine's address) would fetch every script
 * and asset as https://. The hosts serve https and send it in their headers; `serve` and `dev`
 * send the header without it (plainHttpHeaders).
 */
export function contentSecurityPolicy(config: Config, inline: InlineHashes, forHeader = false): string {
  const hosts = vendorHosts(config);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", "'strict-dynamic'", cspHash(scriptText(MODULE_LOADER)), ...inline.scripts, ...hosts('script-src')]],
    ['style-src', ["'self'", ...inline.styles]],
    ['img-src', ["'self'", ...hosts('img-src')]],
    ['connect-src', ["'self'", ...hosts('connect-src')]],
    ['frame-src', hosts('frame-src').length ? hosts('frame-src') : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  if (forHeader) directives.push([UPGRADE_INSECURE_REQUESTS, []], ['frame-ancestors', ["'none'"]]);
  const reportUri = reportUriOf(config);
  if (forHeader && reportUri) directives.push(['report-uri', [reportUri]], ['report-to', [REPORT_GROUP]]);
  return directives.map(([name, values]) => [name, ...new Set(values)].join(' ')).join('; ');
}

/** The Reporting API group the header policies report to. */
const REPORT_GROUP = 'csp';

/**
 * Headers that go with the header policy when `security.cspReportUri` is set, and none
 * without it: the Reporting API endpoint the policy's `report-to` names, and Trusted Types in
 * report-only mode. Trusted Types cannot be enforced: braintree-web's data collector sets a
 * `<script>`'s text from a string (`el.text = JSON.stringify(config)`) and the runtime sets
 * script URLs from strings, both of which an enforcing policy turns into errors; the reports
 * show what would break before anyone enforces it.
 */
export function reportingHeaders(config: Config): Record<string, string> {
  const reportUri = reportUriOf(config);
  if (!reportUri) return {};
  return {
    'Reporting-Endpoints': `${REPORT_GROUP}="${reportUri}"`,
    'Content-Security-Policy-Report-Only': `require-trusted-types-for 'script'; report-uri ${reportUri}; report-to ${REPORT_GROUP}`,
  };
}

/** The configured report URL; the schema keeps it to characters that cannot end a header field or a directive. */
function reportUriOf(config: Config): string | undefined {
  const reportUri = config.security.cspReportUri;
  // Checked again here because it goes into headers as it is: a quote, comma or semicolon would end its field.
  if (reportUri !== undefined && /[\s"',;]/.test(reportUri))
    throw new Error(`A CSP report URL cannot hold spaces, quotes, commas or semicolons: ${reportUri}`);
  return reportUri;
}

/** The hosts of the ad networks a campaign turns on, as each declares them: an id that is absent or null (a campaign turning the network off) names none. */
function adNetworkHosts(tracking: Config['tracking']): CspHosts[] {
  return adNetworkDeclarations()
    .filter((network) => isOn(network, tracking))
    .map((network) => factFor(network.hosts, tracking));
}

/** The hosts of the third parties a config switches on, by directive, each once. */
function vendorHosts(config: Config): (directive: CspDirective) => string[] {
  const vendors: CspHosts[] = [...adNetworkHosts(config.tracking), APPSFLYER_WEB_SDK];
  const { appsflyer } = config.tracking;
  if (appsflyer.smartScript) vendors.push(APPSFLYER_SMART_SCRIPT);
  if (appsflyer.impressionPixel) vendors.push(ONELINK_IMPRESSIONS);
  const braintree = config.payments?.braintree;
  if (braintree?.enabled) {
    vendors.push(BRAINTREE_API);
    if (braintree.source === 'cdn') vendors.push(BRAINTREE_CDN);
  }
  return (directive) => [...new Set(vendors.flatMap((vendor) => vendor[directive] ?? []))];
}
