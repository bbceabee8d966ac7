// serve and dev answer only the host names they were started for (DNS rebinding), read absolute-form targets,
// and keep the host files to the hosts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedHost, readTarget } from '../../../generator/serve/request-target.ts';
import { parseResponse, rawRequest, serveFixture, type ServedFixture } from './serve-fixture.ts';
import type { IncomingMessage } from 'node:http';

/** A raw GET of `target` naming `host` (no Host header when undefined), the connection closed after the answer. */
async function request(port: number, target: string, host: string | undefined) {
  const lines = [`GET ${target} HTTP/1.1`, ...(host === undefined ? [] : [`Host: ${host}`]), 'Connection: close'];
  return parseResponse(await rawRequest(port, lines.join('\r\n') + '\r\n\r\n'));
}

describe('isAllowedHost', () => {
  it.each([
    ['127.0.0.1:4173', {}, true],
    ['localhost:4173', {}, true],
    ['LOCALHOST', {}, true],
    ['phone.localhost:4173', {}, true],
    ['[::1]:4173', {}, true],
    ['192.168.1.20:4173', {}, true],
    [undefined, {}, true],
    ['evil.example:4173', {}, false],
    ['evil.example.', {}, false],
    ['localhost.evil.example', {}, false],
    ['127.0.0.1.nip.io', {}, false],
    ['user@localhost', {}, false],
    ['mybox.local:4173', { listenHost: 'mybox.local' }, true],
    ['preview.test', { allowedHosts: ['preview.test'] }, true],
    ['phone.preview.test', { allowedHosts: ['preview.test'] }, false],
    ['phone.preview.test', { allowedHosts: ['.preview.test'] }, true],
    ['preview.test', { allowedHosts: ['.preview.test'] }, true],
    ['notpreview.test', { allowedHosts: ['.preview.test'] }, false],
  ] as const)('%s with %j: %s', (host, rules, allowed) => {
    expect(isAllowedHost(host, rules)).toBe(allowed);
  });
});

describe('readTarget', () => {
  const req = (url: string, host?: string) => ({ url, headers: { host } }) as unknown as IncomingMessage;

  it('reads an absolute-form target as its path and query, its authority as the host', () => {
    expect(readTarget(req('http://127.0.0.1:4173/de/feature1?utm_source=x', 'evil.example'))).toEqual({
      url: '/de/feature1?utm_source=x',
      host: '127.0.0.1:4173',
    });
    expect(readTarget(req('/feature1?x=1', 'localhost:4173'))).toEqual({ url: '/feature1?x=1', host: 'localhost:4173' });
  });
});

describe('store-landing serve', () => {
  let served: ServedFixture;
  let allowing: ServedFixture;

  beforeAll(async () => {
    [served, allowing] = await Promise.all([
      serveFixture(),
      serveFixture(['--allowed-host', '.preview.test', '--allowed-host', 'tablet.lan']),
    ]);
  });

  afterAll(() => {
    served?.stop();
    allowing?.stop();
  });

  it('refuses a request for another host name with 403, saying how to allow it, and answers the names people type', async () => {
    const blocked = await request(served.port, '/', `evil.example:${served.port}`);
    expect(blocked.status).toBe(403);
    expect(blocked.body.toString()).toContain('--allowed-host evil.example');
    expect(blocked.body.toString()).not.toContain('page en');
    for (const host of [
      `127.0.0.1:${served.port}`,
      `localhost:${served.port}`,
      `[::1]:${served.port}`,
      '192.168.1.20',
      'phone.localhost',
    ]) {
      const page = await request(served.port, '/', host);
      expect(page.status, String(host)).toBe(200);
      expect(page.body.toString()).toContain('page en');
    }
  });

  it('answers the --allowed-host names, a leading dot allowing the names under it, and no others', async () => {
    for (const host of ['preview.test', 'phone.preview.test', 'tablet.lan'])
      expect((await request(allowing.port, '/', host)).status, host).toBe(200);
    for (const host of ['laptop.lan', 'preview.test.evil.example'])
      expect((await request(allowing.port, '/', host)).status, host).toBe(403);
  });

  it('reads an absolute-form target by its path, and judges its authority instead of the Host header', async () => {
    const page = await request(served.port, `http://127.0.0.1:${served.port}/de/?utm_source=x`, 'evil.example');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('page de');
    const foreign = await request(served.port, 'http://evil.example/de/', `127.0.0.1:${served.port}`);
    expect(foreign.status).toBe(403);
  });

  it('answers the host files with the 404 page, as every host adapter does', async () => {
    for (const target of ['/_hosting/nginx/store-landing.conf', '/_hosting/', '/_hosting']) {
      const response = await request(served.port, target, '127.0.0.1');
      expect(response.status, target).toBe(404);
      expect(response.body.toString()).toContain('<h1>404 Not Found</h1>');
    }
  });
});
