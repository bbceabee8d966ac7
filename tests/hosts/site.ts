// The site every host test serves: three campaigns (two nested in the root one) and a fake output tree of what a build writes for them.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { HostSite } from '../../generator/hosts/index.ts';

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
