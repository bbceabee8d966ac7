// The generated CloudFront Function, parsed as ES5 and run in a bare `vm` context on the documented
// viewer-request event; and its headers policies.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { parse } from 'acorn';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostFiles } from '../../generator/hosts/index.ts';
import { EXPECTATIONS, type Expectation } from './expectations.ts';
import { SITE, writeOutput } from './site.ts';

const files = hostFiles(SITE);
const code = files.find((file) => file.path === '_hosting/cloudfront/viewer-request.js')!.contents;

interface Header {
  value: string;
  multiValue?: Header[];
}

interface ViewerRequest {
  method: string;
  uri: string;
  querystring: Record<string, Header>;
  headers: Record<string, Header>;
  cookies: Record<string, Header>;
}

/** Runs the function as CloudFront does: a fresh global scope with nothing but the language's built-ins. */
function runFunction(request: ViewerRequest): ViewerRequest {
  const context = vm.createContext({});
  vm.runInContext(code, context, { filename: 'viewer-request.js' });
  const event = { version: '1.0', context: { eventType: 'viewer-request' }, viewer: { ip: '198.51.100.11' }, request };
  return (context.handler as (event: unknown) => ViewerRequest)(event);
}

/** The documented event shape for a URL: lower-case header names, `{ value }` objects, a `querystring` object. */
function viewerRequest(target: string, acceptLanguage: string | undefined): ViewerRequest {
  const url = new URL(target, 'https://d111111abcdef8.cloudfront.net');
  const querystring: Record<string, Header> = {};
  for (const [name, value] of url.searchParams) querystring[name] = { value };
  const headers: Record<string, Header> = { host: { value: 'd111111abcdef8.cloudfront.net' } };
  if (acceptLanguage !== undefined) headers['accept-language'] = { value: acceptLanguage };
  return { method: 'GET', uri: url.pathname, querystring, headers, cookies: {} };
}

describe('CloudFront Function (viewer request)', () => {
  let out: string;
  beforeAll(() => {
    out = writeOutput(files);
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  test('parses as ES5 (the core of cloudfront-js-1.0 and 2.0) and fits the 10 KB function limit', () => {
    expect(() => parse(code, { ecmaVersion: 5, sourceType: 'script' })).not.toThrow();
    expect(Buffer.byteLength(code)).toBeLessThan(10 * 1024);
  });

  // Pages are rewritten to the S3 key of their index.html; everything else keeps its URI for S3 (and its error responses) to answer.
  test.each(EXPECTATIONS)('$name: $path', (expectation: Expectation) => {
    const request = viewerRequest(expectation.path, expectation.acceptLanguage);
    const querystring = structuredClone(request.querystring);
    const result = runFunction(request);
    expect(result.querystring).toEqual(querystring);
    if (expectation.status === 200 && expectation.kind !== 'asset') {
      expect(result.uri).toMatch(/\/index\.html$/);
      const body = readFileSync(path.join(out, result.uri), 'utf8');
      expect(body.startsWith(expectation.body), `${expectation.name}: ${result.uri}`).toBe(true);
    } else {
      // S3 has the key (assets) or answers 403/404, which the distribution's error responses turn into the 404 page.
      if (!expectation.path.startsWith('/_hosting/')) expect(result.uri).toBe(new URL(expectation.path, 'https://x').pathname);
      expect(existsSync(path.join(out, result.uri)) && !result.uri.endsWith('/')).toBe(expectation.status === 200);
    }
  });

  test('duplicate Accept-Language headers (multiValue) are read together', () => {
    const request = viewerRequest('/feature1', undefined);
    request.headers['accept-language'] = { value: 'ja', multiValue: [{ value: 'ja' }, { value: 'fr;q=0.8' }] };
    expect(runFunction(request).uri).toBe('/fr/feature1/index.html');
  });

  test('the headers policies are valid configs with the campaign policy, and the behaviors order nested campaigns first', () => {
    const pages = JSON.parse(files.find((file) => file.path.endsWith('store-landing-summer-pages.json'))!.contents);
    expect(pages.SecurityHeadersConfig.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: SITE.campaigns[1]!.contentSecurityPolicy,
      Override: true,
    });
    expect(pages.SecurityHeadersConfig.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(pages.SecurityHeadersConfig.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
    expect(pages.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
    expect(pages.CustomHeadersConfig).toEqual({
      Quantity: 2,
      Items: [
        { Header: 'Cache-Control', Value: 'no-cache', Override: true },
        { Header: 'Vary', Value: 'Accept-Language', Override: true },
      ],
    });
    const assets = JSON.parse(files.find((file) => file.path.endsWith('store-landing-root-assets.json'))!.contents);
    expect(assets.CustomHeadersConfig.Items).toEqual([
      { Header: 'Cache-Control', Value: 'public, max-age=31536000, immutable', Override: true },
    ]);
    const setup = JSON.parse(files.find((file) => file.path.endsWith('behaviors.json'))!.contents);
    expect(setup.CacheBehaviors.map((behavior: { PathPattern: string }) => behavior.PathPattern)).toEqual([
      '/summer/assets/*',
      '/berlin/assets/*',
      '/summer/*',
      '/berlin/*',
      '/assets/*',
      '/summer',
      '/berlin',
      'Default (*)',
    ]);
    expect(setup.CustomErrorResponses).toContainEqual({
      ErrorCode: 403,
      ResponsePagePath: '/404.html',
      ResponseCode: 404,
      ErrorCachingMinTTL: 10,
    });
  });
});
