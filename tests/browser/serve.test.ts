// `serve` hardening over raw HTTP: methods, directory listings, HEAD, and headers on every kind of response.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

/** One request; the body as bytes, so compressed responses stay as they came. */
function sendRaw(method: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** One request, the body as text. */
async function send(method: string, path: string, headers: Record<string, string> = {}) {
  const response = await sendRaw(method, path, headers);
  return { ...response, body: response.body.toString() };
}

describe('serve', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'])('refuses %s with 405 and Allow: GET, HEAD', async (method) => {
    const response = await send(method, '/feature1');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await send('HEAD', '/feature1');
    const get = await send('GET', '/feature1');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['content-type']).toBe('text/html;charset=utf-8');
  });

  it.each(['/assets/', '/assets', '/assets//', '/de/assets/', '/..', '/.'])('lists no directory at %s', async (path) => {
    const response = await send('GET', path);
    expect(response.status).toBe(404);
    expect(/runtime-[A-Z0-9]+\.js/.test(response.body)).toBe(false);
  });

  it('keeps security headers on pages, assets and 404s', async () => {
    for (const path of ['/', '/config.json', '/no-such-page']) {
      const response = await send('GET', path);
      expect(response.headers['x-content-type-options'], path).toBe('nosniff');
      expect(response.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(response.headers['content-security-policy'], path).toContain("default-src 'none'");
      expect(response.headers['x-frame-options'], path).toBe('DENY');
    }
  });

  it('caches pages never and hashed assets for good', async () => {
    expect((await send('GET', '/feature1')).headers['cache-control']).toBe('no-cache');
    const html = (await send('GET', '/')).body;
    const asset = /src="(\/assets\/client-[A-Z0-9]+\.js)"/.exec(html)?.[1] ?? /src="(\/assets\/runtime-[A-Z0-9]+\.js)"/.exec(html)![1]!;
    expect((await send('GET', asset)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/de/feature1', '/feature1/index.html'])(
    'sends the page %s in the encoding the browser accepts, each the same page',
    async (path) => {
      const br = await sendRaw('GET', path, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await sendRaw('GET', path, { 'accept-encoding': 'gzip' });
      const identity = await sendRaw('GET', path, {});
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
      expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
      expect(identity.body.toString()).toMatch(/^<!doctype html>/);
      // Within one round trip (14 KB), and the headers say what it is.
      expect(br.body.byteLength).toBeLessThan(14 * 1024);
      expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
      expect(br.headers.vary).toContain('Accept-Encoding');
    },
  );

  it('answers a page request with a current ETag with 304 and no body', async () => {
    const first = await sendRaw('GET', '/feature1', { 'accept-encoding': 'br' });
    const again = await sendRaw('GET', '/feature1', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });

  it('serves the precompressed twin of an asset the browser accepts', async () => {
    const html = (await send('GET', '/')).body;
    const runtime = /src="(\/assets\/runtime-[A-Z0-9]+\.js)"/.exec(html)![1]!;
    expect((await send('GET', runtime, { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    expect((await send('GET', runtime, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await send('GET', runtime, {})).headers['content-encoding']).toBeUndefined();
  });
});
