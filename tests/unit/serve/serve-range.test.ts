// `serve` answers Range per RFC 9110 in front of sirv, survives a build folder that vanishes, and sandboxes SVGs.
import { renameSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRange, resolveRange } from '../../../generator/serve/range.ts';
import { SVG_POLICY } from '../../../generator/hosts/headers.ts';
import { APP_JS, APP_JS_BR, CONFIG_JSON, get, serveFixture, type ServedFixture } from './serve-fixture.ts';

describe('parseRange and resolveRange', () => {
  it.each([
    ['bytes=0-4', { first: 0, last: 4 }],
    ['bytes=5-', { first: 5 }],
    ['bytes=-5', { suffix: 5 }],
    ['BYTES=1-2', { first: 1, last: 2 }],
    ['bytes= 1-2 ', { first: 1, last: 2 }],
    ['bytes=0-18446744073709551615', { first: 0, last: 2 ** 64 }],
  ])('reads %s', (header, spec) => {
    expect(parseRange(header)).toEqual(spec);
  });

  it.each([
    undefined,
    'bytes=5-1',
    'bytes=2-1',
    'bytes=abc',
    'bytes=-',
    'bytes=0-1,3-4',
    'items=0-1',
    'bytes=1-2-3',
    'bytes=0x1-2',
    'bytes=+1-2',
    'bytes=1.5-2',
  ])('ignores %s', (header) => {
    expect(parseRange(header)).toBeUndefined();
  });

  it('clips, suffixes and refuses as RFC 9110 §14.1.1 says', () => {
    expect(resolveRange({ first: 0, last: 2 ** 64 }, 10)).toEqual({ status: 206, start: 0, end: 9 });
    expect(resolveRange({ suffix: 5 }, 10)).toEqual({ status: 206, start: 5, end: 9 });
    expect(resolveRange({ suffix: 50 }, 10)).toEqual({ status: 206, start: 0, end: 9 });
    expect(resolveRange({ suffix: 0 }, 10)).toEqual({ status: 416 });
    expect(resolveRange({ first: 10 }, 10)).toEqual({ status: 416 });
    expect(resolveRange({ first: 9 }, 10)).toEqual({ status: 206, start: 9, end: 9 });
    expect(resolveRange({ first: 0 }, 0)).toEqual({ status: 200 });
  });
});

describe('serve over HTTP', () => {
  let served: ServedFixture;
  beforeAll(async () => {
    served = await serveFixture();
  });
  afterAll(() => served?.stop());

  const alive = () => expect(served.child.exitCode, 'serve exited').toBeNull();

  it.each(['bytes=5-1', 'bytes=2-1', 'bytes=abc', 'bytes=0-1,3-4'])(
    'sends config.json whole for the invalid or multiple range %s, and lives',
    async (range) => {
      const response = await get(served.port, '/config.json', { Range: range });
      expect(response.status).toBe(200);
      expect(response.body.toString()).toBe(CONFIG_JSON);
      alive();
    },
  );

  it('clips bytes=0-18446744073709551615 to the file', async () => {
    const response = await get(served.port, '/config.json', { Range: 'bytes=0-18446744073709551615' });
    expect(response.status).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-${CONFIG_JSON.length - 1}/${CONFIG_JSON.length}`);
    expect(response.body.toString()).toBe(CONFIG_JSON);
    alive();
  });

  it('sends the last 5 bytes for bytes=-5, and 416 with the size past the end', async () => {
    const suffix = await get(served.port, '/config.json', { Range: 'bytes=-5' });
    expect(suffix.status).toBe(206);
    expect(suffix.body.toString()).toBe(CONFIG_JSON.slice(-5));
    expect(suffix.headers['content-length']).toBe('5');
    const past = await get(served.port, '/config.json', { Range: `bytes=${CONFIG_JSON.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${CONFIG_JSON.length}`);
    expect(past.body.byteLength).toBe(0);
  });

  it('cuts a streamed file exactly, in the encoding chosen', async () => {
    const middle = await get(served.port, '/assets/app.js', { Range: 'bytes=70000-70099' });
    expect(middle.status).toBe(206);
    expect(middle.body).toEqual(APP_JS.subarray(70000, 70100));
    const first = await get(served.port, '/assets/app.js', { Range: 'bytes=0-0' });
    expect(first.body.toString()).toBe('/');
    const encoded = await get(served.port, '/assets/app.js', { Range: 'bytes=10-19', 'Accept-Encoding': 'br' });
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(encoded.headers['content-range']).toBe(`bytes 10-19/${APP_JS_BR.byteLength}`);
    expect(encoded.body).toEqual(APP_JS_BR.subarray(10, 20));
  });

  it('ignores Range on HEAD and with If-Range, and ranges pages too', async () => {
    expect((await get(served.port, '/config.json', { Range: 'bytes=0-1' }, 'HEAD')).status).toBe(200);
    expect((await get(served.port, '/config.json', { Range: 'bytes=0-1', 'If-Range': 'W/"x"' })).status).toBe(200);
    const page = await get(served.port, '/de/', { Range: 'bytes=0-8' });
    expect(page.status).toBe(206);
    expect(page.body.toString()).toBe('<!doctype');
  });

  it('sends SVGs with the sandboxing policy, other files with the campaign policy', async () => {
    expect((await get(served.port, '/assets/glyph.svg')).headers['content-security-policy']).toBe(SVG_POLICY);
    expect((await get(served.port, '/assets/app.js')).headers['content-security-policy']).toBe("default-src 'self'");
  });

  it('answers 503 with a hint while the build or its manifest is missing, and serves it again once back', async () => {
    const manifest = path.join(served.dir, 'manifest.json');
    const saved = readFileSync(manifest);
    rmSync(manifest);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const missing = await get(served.port, '/');
    expect(missing.status).toBe(503);
    expect(missing.body.toString()).toContain('Run `store-landing build`');
    writeFileSync(manifest, saved);
    renameSync(served.dir, `${served.dir}-away`);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await get(served.port, '/de/')).status).toBe(503);
    renameSync(`${served.dir}-away`, served.dir);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await get(served.port, '/de/')).status).toBe(200);
    alive();
  });

  it('cuts the answer for a file that vanished after sirv listed it, and lives', async () => {
    rmSync(path.join(served.dir, 'assets/app.js'));
    const cut = await get(served.port, '/assets/app.js');
    expect(cut.body.byteLength).toBeLessThan(APP_JS.byteLength);
    expect((await get(served.port, '/config.json')).status).toBe(200);
    alive();
  });
});
