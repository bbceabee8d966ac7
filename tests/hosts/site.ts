// The site every host test serves: two campaigns (one nested in the other), a fake output tree, and the requests with what each must get.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { IMMUTABLE } from '../../generator/hosts/headers.ts';
import type { HostSite } from '../../generator/hosts/index.ts';
import { expect } from 'vitest';

export const ROOT_POLICY = "default-src 'self'; script-src 'self' 'sha256-root'; frame-ancestors 'none'";
export const SUMMER_POLICY = "default-src 'self'; script-src 'self' https://js.braintreegateway.com; frame-ancestors 'none'";
export const BERLIN_POLICY = "default-src 'self'; script-src 'self' 'sha256-berlin'; frame-ancestors 'none'";

/**
 * The root campaign in en/de/es/fr; `/summer/` nested in it with a regional locale; and
 * `/berlin/`, whose plain routes are German and which offers English, the fallback.
 */
export const SITE: HostSite = {
  campaigns: [
    {
      basePath: '/',
      defaultLocale: 'en',
      locales: ['en', 'de', 'es', 'fr'],
      routes: ['', 'child-old', 'feature1'],
      contentSecurityPolicy: ROOT_POLICY,
    },
    {
      basePath: '/summer/',
      defaultLocale: 'en',
      locales: ['en', 'de', 'pt-BR'],
      routes: ['', 'feature1'],
      contentSecurityPolicy: SUMMER_POLICY,
    },
    {
      basePath: '/berlin/',
      defaultLocale: 'de',
      locales: ['de', 'en', 'fr'],
      routes: ['', 'feature1'],
      contentSecurityPolicy: BERLIN_POLICY,
    },
  ],
};

/** The first bytes of a page: its language and which page it is, so a test can tell pages apart. */
export function pageMarker(basePath: string, locale: string, route: string): string {
  return `<!doctype html><html lang="${locale}"><title>${basePath}${locale}/${route}</title>`;
}

/** The first bytes of a campaign's 404 page: its own (the default locale's), or that of `locale`'s folder. */
export function notFoundMarker(basePath: string, locale?: string): string {
  return locale
    ? `<!doctype html><html lang="${locale}"><title>${basePath}${locale}/404</title>`
    : `<!doctype html><html lang="en"><title>${basePath}404</title>`;
}

export const ASSET = 'assets/app.0123abcd.js';

/** The script at ASSET in a campaign: long enough to be worth compressing; the build writes `.gz` and `.br` twins beside it. */
export function assetContents(basePath: string): string {
  return `console.log(${JSON.stringify(basePath)});\n${'// padding that compresses well\n'.repeat(64)}`;
}

/**
 * Writes what a build writes for SITE (pages, each locale's 404.html, config.json,
 * manifest.json, one asset with its compressed twins) plus the given hosting files; returns the folder.
 */
export function writeOutput(hostingFiles: Array<{ path: string; contents: string }>): string {
  const out = mkdtempSync(path.join(tmpdir(), 'store-landing-hosts-'));
  const write = (file: string, contents: string | Buffer) => {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    writeFileSync(path.join(out, file), contents);
  };
  for (const campaign of SITE.campaigns) {
    const dir = campaign.basePath.slice(1);
    for (const locale of campaign.locales) {
      for (const route of campaign.routes) {
        const folder = [locale === campaign.defaultLocale ? '' : locale, route].filter(Boolean).join('/');
        write(`${dir}${folder ? `${folder}/` : ''}index.html`, `${pageMarker(campaign.basePath, locale, route)}<body>page</body></html>\n`);
      }
    }
    write(`${dir}404.html`, `${notFoundMarker(campaign.basePath)}<h1>404 Not Found</h1></html>\n`);
    for (const locale of campaign.locales.filter((locale) => locale !== campaign.defaultLocale)) {
      write(`${dir}${locale}/404.html`, `${notFoundMarker(campaign.basePath, locale)}<h1>404 Not Found</h1></html>\n`);
    }
    write(`${dir}config.json`, '{"main":{"paywall":100}}\n');
    write(`${dir}manifest.json`, '{"pages":[]}\n');
    const asset = assetContents(campaign.basePath);
    write(`${dir}${ASSET}`, asset);
    write(`${dir}${ASSET}.gz`, gzipSync(asset));
    write(`${dir}${ASSET}.br`, brotliCompressSync(asset));
  }
  for (const file of hostingFiles) write(file.path, file.contents);
  return out;
}

/** One request and what `serve` semantics say it must get. */
export interface Expectation {
  name: string;
  path: string;
  acceptLanguage?: string;
  status: number;
  /** The start of the body. */
  body: string;
  policy: string;
  kind: 'negotiated' | 'page' | 'asset' | 'not-found';
}

const root = SITE.campaigns[0]!.basePath;
const summer = SITE.campaigns[1]!.basePath;
const berlin = SITE.campaigns[2]!.basePath;

export const EXPECTATIONS: Expectation[] = [
  {
    name: 'a regional German header gets German at the plain root',
    path: '/',
    acceptLanguage: 'de-CH',
    status: 200,
    body: pageMarker(root, 'de', ''),
    policy: ROOT_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'the query string changes nothing',
    path: '/?a=1&utm_source=x',
    acceptLanguage: 'de-CH,de;q=0.9',
    status: 200,
    body: pageMarker(root, 'de', ''),
    policy: ROOT_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'a route without its slash',
    path: '/feature1',
    acceptLanguage: 'fr-FR,fr;q=0.9,en;q=0.8',
    status: 200,
    body: pageMarker(root, 'fr', 'feature1'),
    policy: ROOT_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'a route with its slash and a query',
    path: '/child-old/?x=%3Cb%3E',
    acceptLanguage: 'es-MX,es;q=0.9',
    status: 200,
    body: pageMarker(root, 'es', 'child-old'),
    policy: ROOT_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'q-values outrank order',
    path: '/feature1',
    acceptLanguage: 'fr;q=0.5, de;q=0.9',
    status: 200,
    body: pageMarker(root, 'de', 'feature1'),
    policy: ROOT_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'q=0 excludes a language',
    path: '/feature1',
    acceptLanguage: 'de;q=0',
    status: 200,
    body: pageMarker(root, 'en', 'feature1'),
    policy: ROOT_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'an unsupported first language falls through to the next',
    path: '/',
    acceptLanguage: 'it-IT,it;q=0.9,de;q=0.8',
    status: 200,
    body: pageMarker(root, 'de', ''),
    policy: ROOT_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'no match gets English',
    path: '/',
    acceptLanguage: 'ja-JP,ja;q=0.9',
    status: 200,
    body: pageMarker(root, 'en', ''),
    policy: ROOT_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'English first stays English',
    path: '/',
    acceptLanguage: 'en-US,en;q=0.9,de;q=0.8',
    status: 200,
    body: pageMarker(root, 'en', ''),
    policy: ROOT_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'a locale path is served as it is',
    path: '/de/feature1',
    acceptLanguage: 'fr',
    status: 200,
    body: pageMarker(root, 'de', 'feature1'),
    policy: ROOT_POLICY,
    kind: 'page',
  },
  {
    name: 'a locale root with its slash',
    path: '/es/',
    acceptLanguage: 'de',
    status: 200,
    body: pageMarker(root, 'es', ''),
    policy: ROOT_POLICY,
    kind: 'page',
  },
  {
    name: '/en/... is the plain English page',
    path: '/en/feature1',
    acceptLanguage: 'de',
    status: 200,
    body: pageMarker(root, 'en', 'feature1'),
    policy: ROOT_POLICY,
    kind: 'page',
  },
  {
    name: 'an unknown path gets the 404 page',
    path: '/nope',
    acceptLanguage: 'de',
    status: 404,
    body: notFoundMarker(root),
    policy: ROOT_POLICY,
    kind: 'not-found',
  },
  {
    name: "an unknown page under a locale gets that locale's 404 page",
    path: '/de/nope/',
    status: 404,
    body: notFoundMarker(root, 'de'),
    policy: ROOT_POLICY,
    kind: 'not-found',
  },
  {
    name: "a deeper unknown path under a locale gets that locale's 404 page",
    path: '/fr/a/b.js',
    acceptLanguage: 'de',
    status: 404,
    body: notFoundMarker(root, 'fr'),
    policy: ROOT_POLICY,
    kind: 'not-found',
  },
  {
    name: 'an unknown page under the default locale gets the 404 page',
    path: '/en/nope',
    acceptLanguage: 'de',
    status: 404,
    body: notFoundMarker(root),
    policy: ROOT_POLICY,
    kind: 'not-found',
  },
  { name: 'a hashed asset', path: `/${ASSET}`, status: 200, body: 'console.log("/")', policy: ROOT_POLICY, kind: 'asset' },
  {
    name: 'a missing asset gets the 404 page',
    path: '/assets/missing.js',
    status: 404,
    body: notFoundMarker(root),
    policy: ROOT_POLICY,
    kind: 'not-found',
  },
  {
    name: 'the hosting files are not served',
    path: '/_hosting/nginx/store-landing.conf',
    status: 404,
    body: notFoundMarker(root),
    policy: ROOT_POLICY,
    kind: 'not-found',
  },
  {
    name: 'a nested campaign, primary subtag to its regional locale',
    path: '/summer/',
    acceptLanguage: 'pt',
    status: 200,
    body: pageMarker(summer, 'pt-BR', ''),
    policy: SUMMER_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'a nested campaign without its slash',
    path: '/summer',
    acceptLanguage: 'pt-BR',
    status: 200,
    body: pageMarker(summer, 'pt-BR', ''),
    policy: SUMMER_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'another region of the regional locale',
    path: '/summer/feature1?x=1',
    acceptLanguage: 'pt-PT,de;q=0.5',
    status: 200,
    body: pageMarker(summer, 'pt-BR', 'feature1'),
    policy: SUMMER_POLICY,
    kind: 'negotiated',
  },
  {
    name: "a nested campaign's locale path",
    path: '/summer/pt-BR/feature1/',
    acceptLanguage: 'de',
    status: 200,
    body: pageMarker(summer, 'pt-BR', 'feature1'),
    policy: SUMMER_POLICY,
    kind: 'page',
  },
  {
    name: "a nested campaign's 404 page",
    path: '/summer/nope',
    status: 404,
    body: notFoundMarker(summer),
    policy: SUMMER_POLICY,
    kind: 'not-found',
  },
  {
    name: "a nested campaign's 404 page of a locale",
    path: '/summer/pt-BR/nope',
    status: 404,
    body: notFoundMarker(summer, 'pt-BR'),
    policy: SUMMER_POLICY,
    kind: 'not-found',
  },
  {
    name: "a nested campaign's asset",
    path: `/summer/${ASSET}`,
    status: 200,
    body: 'console.log("/summer/")',
    policy: SUMMER_POLICY,
    kind: 'asset',
  },
  // A default locale other than English: English stays the fallback.
  {
    name: 'German plain routes: a language the campaign lacks gets English',
    path: '/berlin/feature1?x=1',
    acceptLanguage: 'ko-KR,ko;q=0.9',
    status: 200,
    body: pageMarker(berlin, 'en', 'feature1'),
    policy: BERLIN_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'German plain routes: no Accept-Language gets the German page',
    path: '/berlin/',
    status: 200,
    body: pageMarker(berlin, 'de', ''),
    policy: BERLIN_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'German plain routes: a German visitor gets German',
    path: '/berlin',
    acceptLanguage: 'de-AT,de;q=0.9,en;q=0.5',
    status: 200,
    body: pageMarker(berlin, 'de', ''),
    policy: BERLIN_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'German plain routes: a French visitor gets French',
    path: '/berlin/feature1/',
    acceptLanguage: 'fr-FR,fr;q=0.9',
    status: 200,
    body: pageMarker(berlin, 'fr', 'feature1'),
    policy: BERLIN_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'German plain routes: an English visitor gets English',
    path: '/berlin/',
    acceptLanguage: 'en-US,en;q=0.9',
    status: 200,
    body: pageMarker(berlin, 'en', ''),
    policy: BERLIN_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'German plain routes: * gets German',
    path: '/berlin/feature1',
    acceptLanguage: 'ko, *;q=0.5',
    status: 200,
    body: pageMarker(berlin, 'de', 'feature1'),
    policy: BERLIN_POLICY,
    kind: 'negotiated',
  },
  {
    name: 'German plain routes: /en/... is the English page',
    path: '/berlin/en/feature1',
    acceptLanguage: 'de',
    status: 200,
    body: pageMarker(berlin, 'en', 'feature1'),
    policy: BERLIN_POLICY,
    kind: 'page',
  },
  {
    name: 'German plain routes: /de/... is the plain German page',
    path: '/berlin/de/feature1/',
    acceptLanguage: 'ko',
    status: 200,
    body: pageMarker(berlin, 'de', 'feature1'),
    policy: BERLIN_POLICY,
    kind: 'page',
  },
  {
    name: 'German plain routes: an unknown page under /en/ gets the English 404 page',
    path: '/berlin/en/nope',
    status: 404,
    body: notFoundMarker(berlin, 'en'),
    policy: BERLIN_POLICY,
    kind: 'not-found',
  },
  {
    name: "German plain routes: an unknown page under /de/ gets the campaign's (German) 404 page",
    path: '/berlin/de/nope',
    status: 404,
    body: notFoundMarker(berlin),
    policy: BERLIN_POLICY,
    kind: 'not-found',
  },
];

/** Options of checkResponseHeaders for hosts that cannot tell negotiated pages from the others. */
export interface HeaderLeeway {
  /** Netlify: every page varies on Accept-Language, not only the negotiated ones. */
  everyPageVaries?: boolean;
}

/** Checks the headers every response must carry, by kind. `header` reads one header by name (any case). */
export function checkResponseHeaders(
  header: (name: string) => string | null | undefined,
  expectation: Expectation,
  leeway: HeaderLeeway = {},
): void {
  const context = `${expectation.name} (${expectation.path})`;
  expect(header('content-security-policy'), context).toBe(expectation.policy);
  expect(header('x-content-type-options'), context).toBe('nosniff');
  expect(header('referrer-policy'), context).toBe('strict-origin-when-cross-origin');
  expect(header('x-frame-options'), context).toBe('DENY');
  expect(header('cache-control'), context).toBe(expectation.kind === 'asset' ? IMMUTABLE : 'no-cache');
  const varies = /(^|,)\s*accept-language\s*(,|$)/i.test(header('vary') ?? '');
  if (expectation.kind === 'negotiated') expect(varies, `${context}: Vary`).toBe(true);
  else if (expectation.kind === 'asset' || !leeway.everyPageVaries) expect(varies, `${context}: Vary`).toBe(false);
}
