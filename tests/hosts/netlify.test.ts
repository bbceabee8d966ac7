// The generated Netlify files through Netlify's published code: its `_redirects` engine (netlify-redirector, the WebAssembly build
// `netlify dev` runs), its redirect and headers parsers, and a small evaluator of the documented file serving around them.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import redirector, { type RedirectMatcher } from 'netlify-redirector';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostFiles } from '../../generator/hosts/index.ts';
import { checkResponseHeaders, EXPECTATIONS, type Expectation } from './expectations.ts';
import { notFoundMarker, pageMarker, SITE, writeOutput } from './site.ts';

/**
 * Where Netlify differs from negotiateLocale, as documented: "Language-based redirects always
 * match against the first language reported by the browser in the Accept-Language header
 * regardless of quality value weighting." (docs.netlify.com, redirect options)
 */
const FIRST_LANGUAGE_ONLY: Record<string, string> = {
  'q-values outrank order': pageMarker('/', 'fr', 'feature1'),
  'q=0 excludes a language': pageMarker('/', 'de', 'feature1'),
  'an unsupported first language falls through to the next': pageMarker('/', 'en', ''),
  // A first language no rule takes gets the fallback: Netlify has no condition for `*` or for a missing header.
  'German plain routes: * gets German': pageMarker('/berlin/', 'en', 'feature1'),
  'German plain routes: no Accept-Language gets the German page': pageMarker('/berlin/', 'en', ''),
};

/** What Netlify serves for a request: the file, the status, and the path its header rules may be matched on. */
interface Served {
  file: string;
  status: number;
  rewrittenPath: string;
}

describe('Netlify (_redirects and _headers)', () => {
  let out: string;
  let matcher: RedirectMatcher;
  let headerRules: Header[];

  beforeAll(async () => {
    out = writeOutput(hostFiles(SITE));
    const redirectsFile = path.join(out, '_hosting/netlify/_redirects');
    const parsed = await parseAllRedirects({ redirectsFiles: [redirectsFile], configRedirects: [], minimal: false });
    expect(parsed.errors).toEqual([]);
    matcher = await redirector.parsePlain(readFileSync(redirectsFile, 'utf8'), {});
    const headers = await parseAllHeaders({
      headersFiles: [path.join(out, '_hosting/netlify/_headers')],
      configHeaders: [],
      minimal: false,
    });
    expect(headers.errors).toEqual([]);
    headerRules = headers.headers as Header[];
  });

  afterAll(() => rmSync(out, { recursive: true, force: true }));

  test("Netlify's parser reads every rule: forced rewrites with a Language condition, and unforced 404s", async () => {
    const { redirects } = await parseAllRedirects({
      redirectsFiles: [path.join(out, '_hosting/netlify/_redirects')],
      configRedirects: [],
      minimal: false,
    });
    const rules = redirects as Array<{ from: string; to: string; status: number; force: boolean; conditions: { Language?: string[] } }>;
    expect(rules).toContainEqual(
      expect.objectContaining({ from: '/feature1', to: '/de/feature1/', status: 200, force: true, conditions: { Language: ['de'] } }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ from: '/summer/', to: '/summer/pt-BR/', status: 200, force: true, conditions: { Language: ['pt-br'] } }),
    );
    expect(rules).toContainEqual(expect.objectContaining({ from: '/summer/*', to: '/summer/404.html', status: 404, force: false }));
    // German plain routes: German visitors by rule, every other visitor not taken by a rule gets English, the fallback.
    expect(rules).toContainEqual(
      expect.objectContaining({
        from: '/berlin/feature1',
        to: '/berlin/feature1/',
        status: 200,
        force: true,
        conditions: { Language: ['de'] },
      }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ from: '/berlin/feature1', to: '/berlin/en/feature1/', status: 200, force: true, conditions: {} }),
    );
    // The nested campaigns' catch-alls must come before the root's, which would otherwise take their paths;
    // each locale's folder before its campaign's, for its own 404 page.
    const catchAlls = rules.filter((rule) => rule.status === 404 && !rule.force).map((rule) => `${rule.from} ${rule.to}`);
    expect(catchAlls).toEqual([
      '/summer/de/* /summer/de/404.html',
      '/summer/pt-BR/* /summer/pt-BR/404.html',
      '/summer/* /summer/404.html',
      '/berlin/en/* /berlin/en/404.html',
      '/berlin/fr/* /berlin/fr/404.html',
      '/berlin/* /berlin/404.html',
      '/de/* /de/404.html',
      '/es/* /es/404.html',
      '/fr/* /fr/404.html',
      '/* /404.html',
    ]);
  });

  // Netlify passes the engine the visitor's first language; `netlify dev` cuts it to two letters. Both must give the same page.
  test.each(EXPECTATIONS)('$name: $path', (expectation: Expectation) => {
    const expectedBody = FIRST_LANGUAGE_ONLY[expectation.name] ?? expectation.body;
    const firstLanguage = (expectation.acceptLanguage ?? '').split(',')[0]!.split(';')[0]!.trim();
    for (const language of new Set([firstLanguage, firstLanguage.slice(0, 2)])) {
      const served = serve(expectation.path, language);
      expect(served.status, `${expectation.name} (${language})`).toBe(expectation.status);
      expect(readFileSync(served.file, 'utf8').startsWith(expectedBody), `${expectation.name} (${language}): ${served.file}`).toBe(true);
      // Whichever path Netlify matches header rules on, the response is right.
      const requestPath = new URL(expectation.path, 'https://x').pathname;
      checkResponseHeaders(headerReader(served.rewrittenPath), expectation, { everyPageVaries: true });
      if (expectation.kind !== 'not-found') {
        checkResponseHeaders(headerReader(requestPath), expectation, { everyPageVaries: true });
      } else {
        // An unknown path has no rules of its own: the site-wide ones always, and the campaign's
        // policy where it can claim its whole base path (not the root, which holds /summer/).
        const byRequest = headerReader(requestPath);
        expect(byRequest('x-frame-options')).toBe('DENY');
        expect(byRequest('x-content-type-options')).toBe('nosniff');
        if (requestPath.startsWith('/summer/')) expect(byRequest('content-security-policy')).toBe(expectation.policy);
      }
    }
  });

  test('the first language decides, whatever its q-value (documented)', () => {
    expect(readFileSync(serve('/', 'fr').file, 'utf8').startsWith(pageMarker('/', 'fr', ''))).toBe(true);
    expect(readFileSync(serve('/summer/feature1', 'zh-TW').file, 'utf8').startsWith(pageMarker('/summer/', 'en', 'feature1'))).toBe(true);
    expect(readFileSync(serve('/summer/zz', 'de').file, 'utf8').startsWith(notFoundMarker('/summer/'))).toBe(true);
  });

  test('a regional default locale keeps its visitors from a later rule of its primary subtag', async () => {
    const campaign = {
      basePath: '/',
      defaultLocale: 'pt-BR',
      locales: ['pt-BR', 'pt', 'en'],
      routes: [''],
      contentSecurityPolicy: "default-src 'self'",
    };
    const rules = hostFiles({ campaigns: [campaign] }).find((file) => file.path.endsWith('_redirects'))!.contents;
    const engine = await redirector.parsePlain(rules, {});
    const target = (language: string) => {
      const headers: Record<string, string> = { 'x-language': language };
      return engine.match({
        scheme: 'https',
        host: 'x',
        path: '/',
        query: '',
        headers,
        getHeader: (name) => headers[name.toLowerCase()] ?? '',
        getCookie: () => '',
      })?.to;
    };
    expect(target('pt-BR')).toBe('/');
    expect(target('pt')).toBe('/pt/');
    expect(target('pt-AO')).toBe('/pt/');
    expect(target('en-US')).toBe('/en/');
    // A language the campaign lacks: English, the fallback, by the rule after the Language= ones.
    expect(target('de')).toBe('/en/');
  });

  test('a single campaign claims its whole base path, so even unknown paths get its policy', async () => {
    const single = writeOutput(hostFiles({ campaigns: [SITE.campaigns[0]!] }));
    try {
      const { headers, errors } = await parseAllHeaders({
        headersFiles: [path.join(single, '_hosting/netlify/_headers')],
        configHeaders: [],
        minimal: false,
      });
      expect(errors).toEqual([]);
      const matching = (headers as Header[]).filter((rule) => rule.forRegExp.test('/nope'));
      const names = matching.flatMap((rule) => Object.keys(rule.values));
      expect(names.sort()).toEqual(['Content-Security-Policy', 'Referrer-Policy', 'X-Content-Type-Options', 'X-Frame-Options']);
    } finally {
      rmSync(single, { recursive: true, force: true });
    }
  });

  /** The documented serving around the engine: a forced rule applies; an unforced one only where no file answers (shadowing). */
  function serve(target: string, language: string): Served {
    const url = new URL(target, 'https://landing.test');
    const headers: Record<string, string> = { 'x-language': language };
    const match = matcher.match({
      scheme: 'https',
      host: url.hostname,
      path: url.pathname,
      query: url.search.slice(1),
      headers,
      getHeader: (name) => headers[name.toLowerCase()] ?? '',
      getCookie: () => '',
    });
    const file = staticFile(url.pathname);
    if (!match || (!match.force && file)) {
      if (file) return { file, status: 200, rewrittenPath: url.pathname };
      throw new Error(`Netlify would fall back to its own 404 page for ${target}`);
    }
    const rewritten = staticFile(match.to);
    if (!rewritten) throw new Error(`${target} is rewritten to ${match.to}, which is no file`);
    return { file: rewritten, status: match.status, rewrittenPath: match.to };
  }

  /** A file, or a folder's index.html (Netlify's pretty URLs). */
  function staticFile(urlPath: string): string | undefined {
    const file = path.join(out, urlPath);
    if (existsSync(file) && statSync(file).isFile()) return file;
    const index = path.join(file, 'index.html');
    return existsSync(index) ? index : undefined;
  }

  /** The headers the `_headers` rules give `urlPath`; fails if two matching rules set one header (Netlify would join their values). */
  function headerReader(urlPath: string): (name: string) => string | undefined {
    const values: Record<string, string> = {};
    for (const rule of headerRules.filter((candidate) => candidate.forRegExp.test(urlPath))) {
      for (const [name, value] of Object.entries(rule.values)) {
        expect(values, `${urlPath}: ${name} set by two rules`).not.toHaveProperty(name.toLowerCase());
        values[name.toLowerCase()] = value;
      }
    }
    return (name) => values[name.toLowerCase()];
  }
});
