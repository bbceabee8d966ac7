// The split test's config: the campaign root it lives at, reading config.json safely, fetching it.
import { describe, expect, it } from 'vitest';
import { campaignRoot, fetchSplitConfig, parseSplitConfig, type ResponseLike } from '../../../page/runtime/split-test.ts';

const LOCALES = ['en', 'de', 'es', 'fr'];

describe('campaignRoot', () => {
  it.each([
    ['/feature1', '/feature1', '/'],
    ['/feature1/', '/feature1', '/'],
    ['/feature1/index.html', '/feature1', '/'],
    ['/de/feature1', '/feature1', '/'],
    ['/de/feature1/', '/feature1', '/'],
    ['/en/child-old', '/child-old', '/'],
    ['/summer/feature1/', '/feature1', '/summer/'],
    ['/summer/feature1', '/feature1', '/summer/'],
    ['/summer/fr/feature1', '/feature1', '/summer/'],
    ['/a/b/feature2/', '/feature2', '/a/b/'],
    ['/', '/', '/'],
    ['', '/', '/'],
    ['/index.html', '/', '/'],
    ['/summer/', '/', '/summer/'],
    ['/summer', '/', '/summer/'],
    ['/de/', '/', '/'],
    ['/summer/es/', '/', '/summer/'],
    // A rewrite that serves the page under another name: nothing to strip but the locale.
    ['/promo', '/feature1', '/promo/'],
  ])('%s (route %s) -> %s', (pathname, route, root) => {
    expect(campaignRoot(pathname, route, LOCALES)).toBe(root);
  });
});

function response(body: string, init: { ok?: boolean; type?: string | null } = {}): ResponseLike {
  const type = init.type === undefined ? 'application/json' : init.type;
  return {
    ok: init.ok ?? true,
    headers: { get: (name) => (name.toLowerCase() === 'content-type' ? type : null) },
    text: async () => body,
  };
}

const VALID = '{"feature1":{"fullPrice":60,"discount":40},"feature3":{"fullPrice":100}}';

describe('parseSplitConfig', () => {
  it('reads a valid config in its order', async () => {
    const config = await parseSplitConfig(response(VALID));
    expect([...config]).toEqual([
      [
        'feature1',
        [
          ['fullPrice', 60],
          ['discount', 40],
        ],
      ],
      ['feature3', [['fullPrice', 100]]],
    ]);
  });

  it.each([['application/json; charset=utf-8'], ['Application/JSON'], ['application/vnd.split+json']])(
    'accepts the content type %s',
    async (type) => {
      expect((await parseSplitConfig(response(VALID, { type }))).size).toBe(2);
    },
  );

  it.each([
    ['a 500', response(VALID, { ok: false })],
    ['a 404 with JSON', response(VALID, { ok: false })],
    ['text/html', response('<!doctype html><h1>Not found</h1>', { type: 'text/html' })],
    ['text/html with a JSON body', response(VALID, { type: 'text/html; charset=utf-8' })],
    ['no content type', response(VALID, { type: null })],
    ['broken JSON', response('{"feature1": {"fullPrice": 60,')],
    ['an empty body', response('')],
    ['an array', response('[{"feature1":{}}]')],
    ['null', response('null')],
    ['a number', response('42')],
    ['a string', response('"feature1"')],
  ])('gives the empty config for %s', async (_name, res) => {
    expect((await parseSplitConfig(res)).size).toBe(0);
  });

  it('gives the empty config when reading the body fails', async () => {
    const res: ResponseLike = { ...response(VALID), text: () => Promise.reject(new Error('network')) };
    expect((await parseSplitConfig(res)).size).toBe(0);
  });

  it('skips malformed entries and weights', async () => {
    const body = JSON.stringify({
      feature1: { fullPrice: 60, discount: '40', trial: -5, bad: null, nan: 'NaN', ok: 0 },
      feature2: [70, 30],
      feature3: 'fullPrice',
    });
    const config = await parseSplitConfig(response(body));
    expect([...config]).toEqual([
      [
        'feature1',
        [
          ['fullPrice', 60],
          ['ok', 0],
        ],
      ],
    ]);
  });

  it('keeps a JSON "__proto__" landing type as plain data', async () => {
    const config = await parseSplitConfig(response('{"__proto__":{"trial":100}}'));
    expect(config.get('__proto__')).toEqual([['trial', 100]]);
    expect(({} as Record<string, unknown>)['trial']).toBeUndefined();
  });
});

describe('fetchSplitConfig', () => {
  it('fetches the given URL', async () => {
    const urls: string[] = [];
    const config = await fetchSplitConfig(async (url) => {
      urls.push(url);
      return response(VALID);
    }, '/summer/config.json');
    expect(urls).toEqual(['/summer/config.json']);
    expect(config.size).toBe(2);
  });

  it('gives the empty config when the request fails', async () => {
    expect((await fetchSplitConfig(() => Promise.reject(new TypeError('blocked')), '/config.json')).size).toBe(0);
  });
});
