// The generated Cloudflare Pages `_worker.js` in workerd (miniflare), with Cloudflare's own asset server as
// env.ASSETS serving a fake build.
import { rmSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostFiles } from '../../generator/hosts/index.ts';
import { checkResponseHeaders, EXPECTATIONS } from './expectations.ts';
import { SITE, writeOutput } from './site.ts';

describe('Cloudflare Pages advanced mode (_worker.js in workerd)', () => {
  let out: string;
  let worker: Miniflare;

  beforeAll(async () => {
    const files = hostFiles(SITE);
    out = writeOutput(files);
    worker = new Miniflare({
      modules: true,
      script: files.find((file) => file.path.endsWith('_worker.js'))!.contents,
      compatibilityDate: '2025-01-01',
      // As on Pages: the worker sees every request first, and the asset server keeps its defaults (pretty URLs, trailing slashes).
      assets: {
        directory: out,
        binding: 'ASSETS',
        routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
        assetConfig: { html_handling: 'auto-trailing-slash', not_found_handling: 'none' },
      },
    });
    await worker.ready;
  });

  afterAll(async () => {
    await worker?.dispose();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  test.each(EXPECTATIONS)('$name: $path', async (expectation) => {
    const headers = expectation.acceptLanguage === undefined ? {} : { 'Accept-Language': expectation.acceptLanguage };
    const response = await worker.dispatchFetch(`http://landing.test${expectation.path}`, { headers, redirect: 'manual' });
    const body = await response.text();
    expect(response.status, expectation.name).toBe(expectation.status);
    expect(body.startsWith(expectation.body), `${expectation.name}: ${body.slice(0, 120)}`).toBe(true);
    checkResponseHeaders((name) => response.headers.get(name), expectation);
  });

  test('a negotiated page names its language, and its ETag revalidates it', async () => {
    const first = await worker.dispatchFetch('http://landing.test/feature1', { headers: { 'Accept-Language': 'es' } });
    await first.text();
    expect(first.headers.get('Content-Language')).toBe('es');
    const etag = first.headers.get('ETag');
    expect(etag).toBeTruthy();
    const again = await worker.dispatchFetch('http://landing.test/feature1', {
      headers: { 'Accept-Language': 'es', 'If-None-Match': etag! },
    });
    await again.text();
    expect(again.status).toBe(304);
    // Another language's page is another file: the Spanish validator does not match it.
    const german = await worker.dispatchFetch('http://landing.test/feature1', {
      headers: { 'Accept-Language': 'de', 'If-None-Match': etag! },
    });
    expect(await german.text()).toContain('lang="de"');
  });
});
