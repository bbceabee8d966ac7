// The generated nginx snippet and njs module on a real nginx (Debian's, with libnginx-mod-http-js), serving a fake build.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hostFiles } from '../../generator/hosts/index.ts';
import { repoRoot } from '../helpers.ts';
import { BROTLI_STATIC, freePort, get, NGINX, NJS, requireInstalled, startNginx, testConfig } from './nginx-run.ts';
import { checkResponseHeaders, EXPECTATIONS } from './expectations.ts';
import { ASSET, assetContents, notFoundMarker, pageMarker, SITE, writeOutput } from './site.ts';

// `npm test` installs these first (.ci/system-packages.mjs); run on its own without them, the file fails at once and says what to install.
requireInstalled([NGINX, NJS, BROTLI_STATIC]);

/** A page of the fake build replaced by one of a built page's length: its own marker, then the text of the README and docs/. */
const LONG_PAGE = 'es/child-old/index.html';
const DOCUMENTATION = [
  'README.md',
  ...readdirSync(path.join(repoRoot, 'docs'))
    .sort()
    .map((file) => `docs/${file}`),
];
const LONG_PAGE_TEXT = `${pageMarker('/', 'es', 'child-old')}<body>${DOCUMENTATION.map((file) => readFileSync(path.join(repoRoot, file), 'utf8')).join('\n')}</body></html>\n`;

describe('nginx with njs (store-landing.conf and store-landing.js)', () => {
  let out: string;
  let prefix: string;
  let conf: string;
  /** A config that neither loads the brotli module nor includes brotli.conf: the snippet must work there too. */
  let withoutBrotli: string;
  let nginx: ChildProcess;
  let port: number;
  /** The same site with brotli.conf included too, where the module is installed. */
  let brotliPort: number;

  beforeAll(async () => {
    out = writeOutput(hostFiles(SITE));
    port = await freePort();
    brotliPort = await freePort();
    prefix = path.join(out, '.nginx');
    mkdirSync(prefix);
    conf = path.join(prefix, 'nginx.conf');
    withoutBrotli = path.join(prefix, 'without-brotli.conf');
    // The server blocks are docs/deploy.md's (tests/hosts/nginx-debian.test.ts runs it as written); the rest
    // keeps nginx inside the temp folder.
    const server = (listen: number, brotli: boolean) => `
  server {
    listen 127.0.0.1:${listen};
    root ${out};
    js_path ${out}/_hosting/nginx/;
    include ${out}/_hosting/nginx/store-landing.conf;${brotli ? `\n    include ${out}/_hosting/nginx/brotli.conf;` : ''}
  }`;
    const config = (brotli: boolean) => `load_module ${NJS};
${brotli ? `load_module ${BROTLI_STATIC};` : ''}
daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;${server(port, false)}${brotli ? server(brotliPort, true) : ''}
}
`;
    // Started with brotli where the module is installed; the other config is checked with `nginx -t` only.
    writeFileSync(conf, config(true));
    writeFileSync(withoutBrotli, config(false));
    // One page as long as a built one (tens of KB of text), for the compression level: at nginx's default a real page misses 14 KB.
    writeFileSync(path.join(out, LONG_PAGE), LONG_PAGE_TEXT);
    nginx = await startNginx(['-p', prefix, '-c', conf], port, () => readLog(prefix));
  });

  afterAll(() => {
    nginx?.kill();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  test.each(EXPECTATIONS)('$name: $path', async (expectation) => {
    const response = await get(
      port,
      expectation.path,
      expectation.acceptLanguage === undefined ? {} : { 'Accept-Language': expectation.acceptLanguage },
    );
    expect(response.status, expectation.name).toBe(expectation.status);
    expect(response.body.startsWith(expectation.body), `${expectation.name}: ${response.body.slice(0, 120)}`).toBe(true);
    checkResponseHeaders((name) => response.headers[name.toLowerCase()] as string | undefined, expectation);
  });

  test('a negotiated page names its language; no header is sent twice', async () => {
    const response = await get(port, '/feature1', { 'Accept-Language': 'de' });
    expect(response.headers['content-language']).toBe('de');
    expect(response.rawHeaders.filter((name, index) => index % 2 === 0 && name.toLowerCase() === 'content-security-policy')).toHaveLength(
      1,
    );
  });

  test('without Accept-Language the plain route is English', async () => {
    const response = await get(port, '/', {});
    expect(response.body.startsWith('<!doctype html><html lang="en">')).toBe(true);
  });

  test('nginx -t passes the config without a warning (no type named twice), with and without the brotli module', () => {
    for (const file of [conf, withoutBrotli]) {
      const { ok, output } = testConfig(['-p', prefix, '-c', file]);
      expect(ok, output).toBe(true);
      expect(output, output).not.toMatch(/\[(warn|emerg|alert|crit)\]/);
    }
  });

  test("a hashed asset goes out as the build's gzip twin, and both encodings vary on Accept-Encoding only", async () => {
    const twin = readFileSync(path.join(out, `${ASSET}.gz`));
    const compressed = await get(port, `/${ASSET}`, { 'Accept-Encoding': 'gzip' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.bytes.equals(twin), 'the body is the .gz twin itself, not compressed again').toBe(true);
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    const plain = await get(port, `/${ASSET}`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetContents('/'));
    // A cache in front must keep the two apart: the uncompressed answer varies too.
    expect(plain.headers.vary).toBe('Accept-Encoding');
    // Without the brotli module a browser that prefers br gets gzip.
    expect((await get(port, `/summer/${ASSET}`, { 'Accept-Encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('gzip');
  });

  test("with brotli.conf a hashed asset goes out as the build's .br twin to a browser that accepts br", async () => {
    const twin = readFileSync(path.join(out, 'summer', `${ASSET}.br`));
    const compressed = await get(brotliPort, `/summer/${ASSET}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.bytes.equals(twin)).toBe(true);
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect((await get(brotliPort, `/summer/${ASSET}`, { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get(brotliPort, `/summer/${ASSET}`, {})).headers.vary).toBe('Accept-Encoding');
  });

  test('pages, which have no twins, are compressed as they go out and vary on both headers when negotiated', async () => {
    const negotiated = await get(port, '/feature1', { 'Accept-Encoding': 'gzip', 'Accept-Language': 'de' });
    expect(negotiated.headers['content-encoding']).toBe('gzip');
    expect(
      gunzipSync(negotiated.bytes)
        .toString()
        .startsWith(pageMarker('/', 'de', 'feature1')),
    ).toBe(true);
    expect(varyOf(negotiated)).toEqual(['accept-encoding', 'accept-language']);
    const long = await get(port, '/es/child-old', { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(long.bytes).toString()).toBe(LONG_PAGE_TEXT);
    expect(long.bytes.byteLength, 'compressed about as well as gzip -6').toBeLessThanOrEqual(
      gzipSync(LONG_PAGE_TEXT, { level: 6 }).byteLength * 1.02,
    );
    const fixed = await get(port, '/de/feature1', { 'Accept-Encoding': 'gzip' });
    expect(fixed.headers['content-encoding']).toBe('gzip');
    expect(varyOf(fixed)).toEqual(['accept-encoding']);
    const notFound = await get(port, '/de/nope', { 'Accept-Encoding': 'gzip' });
    expect(notFound.status).toBe(404);
    expect(gunzipSync(notFound.bytes).toString().startsWith(notFoundMarker('/', 'de'))).toBe(true);
  });
});

/** The names a response varies on, from every Vary line, lower-cased and sorted. */
function varyOf(response: { headers: Record<string, string | string[] | undefined> }): string[] {
  const vary = response.headers.vary;
  return [vary ?? []]
    .flat()
    .flatMap((line) => line.split(','))
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
    .sort();
}

function readLog(prefix: string): string {
  const file = path.join(prefix, 'error.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}
