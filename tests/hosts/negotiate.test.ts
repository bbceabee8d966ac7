// negotiateLocale and routeRequest by table, and the embedded copies as production builds them (through tsx, like bin/store-landing.js).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { parse } from 'acorn';
import { describe, expect, test } from 'vitest';
import { configSchema } from '../../generator/config/schema/index.ts';
import { chooseFallbackLocale, FALLBACK_LANGUAGE, negotiateLocale, negotiationOrder } from '../../page/edge/negotiate.ts';
import { routeRequest, type RouterCampaign } from '../../generator/hosts/route.ts';
import { SITE } from './site.ts';

const FOUR = ['en', 'de', 'es', 'fr'];
const REGIONAL = ['en', 'de', 'pt-BR', 'pt-PT', 'zh-Hans', 'zh-Hant', 'ar'];
const GERMAN = ['de', 'en', 'fr', 'pt-BR'];

describe('negotiateLocale', () => {
  test.each<[string | undefined, readonly string[], string, string, string]>([
    [undefined, FOUR, 'en', 'en', 'en'],
    ['', FOUR, 'en', 'en', 'en'],
    ['de', FOUR, 'en', 'en', 'de'],
    ['DE', FOUR, 'en', 'en', 'de'],
    ['de-CH', FOUR, 'en', 'en', 'de'],
    ['de-ch', FOUR, 'en', 'en', 'de'],
    ['fr;q=0.5, de;q=0.9', FOUR, 'en', 'en', 'de'],
    ['de;q=0', FOUR, 'en', 'en', 'en'],
    ['de;q=0.000, fr', FOUR, 'en', 'en', 'fr'],
    ['de;q=0, de-CH', FOUR, 'en', 'en', 'de'],
    ['de;q=1.0, fr;q=1', FOUR, 'en', 'en', 'de'],
    ['de;q=2, fr;q=0.1', FOUR, 'en', 'en', 'fr'],
    ['de;q=abc', FOUR, 'en', 'en', 'en'],
    ['fr;q=0.5, de;q=0.5', FOUR, 'en', 'en', 'fr'],
    ['de;level=1;q=0.7, fr;q=0.6', FOUR, 'en', 'en', 'de'],
    [' de-AT ; q=0.8 , fr ; Q=0.9', FOUR, 'en', 'en', 'fr'],
    ['*', FOUR, 'en', 'en', 'en'],
    ['*;q=0.5, de;q=0.4', FOUR, 'en', 'en', 'en'],
    ['de;q=0.4, *;q=0.5', FOUR, 'en', 'en', 'en'],
    ['ja, *;q=0.1', FOUR, 'en', 'en', 'en'],
    ['ja-JP,ja;q=0.9', FOUR, 'en', 'en', 'en'],
    ['it-IT,it;q=0.9,de;q=0.8,en;q=0.7', FOUR, 'en', 'en', 'de'],
    ['en-US,en;q=0.9,de;q=0.8', FOUR, 'en', 'en', 'en'],
    [',,de', FOUR, 'en', 'en', 'de'],
    ['dex, d, de', FOUR, 'en', 'en', 'de'],
    ['pt', REGIONAL, 'en', 'en', 'pt-BR'],
    ['pt-br', REGIONAL, 'en', 'en', 'pt-BR'],
    ['PT-pt', REGIONAL, 'en', 'en', 'pt-PT'],
    ['pt-AO', REGIONAL, 'en', 'en', 'pt-BR'],
    ['pt-PT-x-lisbon', REGIONAL, 'en', 'en', 'pt-PT'],
    ['zh-Hant-TW', REGIONAL, 'en', 'en', 'zh-Hant'],
    ['zh-hant', REGIONAL, 'en', 'en', 'zh-Hant'],
    ['zh', REGIONAL, 'en', 'en', 'zh-Hans'],
    ['zh-TW', REGIONAL, 'en', 'en', 'zh-Hans'],
    ['ar-EG,ar;q=0.9', REGIONAL, 'en', 'en', 'ar'],
    ['fr', ['de', 'en'], 'de', 'en', 'en'],
    ['*', ['de', 'en'], 'de', 'en', 'de'],
    ['en-GB', ['en', 'en-GB', 'de'], 'en', 'en', 'en-GB'],
    ['en-US', ['en', 'en-GB', 'de'], 'en', 'en', 'en'],
  ])('%j of %j (default %s, fallback %s) -> %s', (header, locales, defaultLocale, fallbackLocale, expected) => {
    expect(negotiateLocale(header, locales, defaultLocale, fallbackLocale)).toBe(expected);
  });

  // A German campaign that offers English: languages it lacks get English, a request that names none gets German.
  test.each<[string | undefined, string]>([
    ['ko', 'en'],
    ['ko-KR,ko;q=0.9', 'en'],
    ['de;q=0', 'en'],
    ['ko, *;q=0.1', 'de'],
    ['*', 'de'],
    [undefined, 'de'],
    ['', 'de'],
    [' , ', 'de'],
    ['de-AT', 'de'],
    ['it-IT, fr;q=0.5', 'fr'],
    ['pt', 'pt-BR'],
    ['en-US,en;q=0.9', 'en'],
  ])('%j in a campaign of de (default), en, fr, pt-BR -> %s', (header, expected) => {
    expect(negotiateLocale(header, GERMAN, 'de', chooseFallbackLocale(GERMAN, 'de'))).toBe(expected);
  });
});

describe('the fallback locale', () => {
  test.each<[readonly string[], string, string]>([
    [FOUR, 'en', 'en'],
    [GERMAN, 'de', 'en'],
    [['en', 'ja', 'pt-BR', 'ar'], 'pt-BR', 'en'],
    [['de', 'en-GB', 'en-US'], 'de', 'en-GB'],
    [['en-US', 'de', 'en-GB'], 'en-GB', 'en-GB'],
    [['de', 'en-US', 'en'], 'de', 'en'],
    // No English offered: the default locale, as before English was the rule.
    [['pt-BR', 'ja'], 'pt-BR', 'pt-BR'],
  ])('of %j with default %s is %s', (locales, defaultLocale, expected) => {
    expect(chooseFallbackLocale(locales, defaultLocale)).toBe(expected);
  });

  test("is the language the config's schema requires every campaign to list, and its default locale", () => {
    expect(configSchema.properties.locales.contains).toMatchObject({ const: FALLBACK_LANGUAGE });
    expect(configSchema.properties.defaultLocale.default).toBe(FALLBACK_LANGUAGE);
  });

  test('negotiation order puts the default first and keeps the others as configured', () => {
    expect(negotiationOrder(['en', 'pt-PT', 'ja', 'pt-BR'], 'pt-BR')).toEqual(['pt-BR', 'en', 'pt-PT', 'ja']);
  });
});

describe('routeRequest', () => {
  const campaigns: RouterCampaign[] = [
    { basePath: '/summer/', defaultLocale: 'en', fallbackLocale: 'en', locales: ['en', 'de'], routes: ['', 'feature1'] },
    { basePath: '/berlin/', defaultLocale: 'de', fallbackLocale: 'en', locales: ['de', 'en'], routes: ['', 'feature1'] },
    { basePath: '/', defaultLocale: 'en', fallbackLocale: 'en', locales: ['en', 'fr'], routes: ['', 'child-old'] },
  ];
  test.each<[string, string | undefined, ReturnType<typeof routeRequest>]>([
    ['/', 'fr', { campaign: 2, kind: 'page', file: '/fr/index.html', locale: 'fr', negotiated: true, notFound: '/fr/404.html' }],
    [
      '/child-old/',
      'de',
      { campaign: 2, kind: 'page', file: '/child-old/index.html', locale: 'en', negotiated: true, notFound: '/404.html' },
    ],
    [
      '/fr/child-old',
      'de',
      { campaign: 2, kind: 'page', file: '/fr/child-old/index.html', locale: 'fr', negotiated: false, notFound: '/fr/404.html' },
    ],
    ['/en', 'fr', { campaign: 2, kind: 'page', file: '/index.html', locale: 'en', negotiated: false, notFound: '/404.html' }],
    [
      '/summer',
      'de-AT',
      { campaign: 0, kind: 'page', file: '/summer/de/index.html', locale: 'de', negotiated: true, notFound: '/summer/de/404.html' },
    ],
    [
      '/summer/de/feature1/',
      undefined,
      {
        campaign: 0,
        kind: 'page',
        file: '/summer/de/feature1/index.html',
        locale: 'de',
        negotiated: false,
        notFound: '/summer/de/404.html',
      },
    ],
    [
      '/summer/fr/feature1',
      'fr',
      { campaign: 0, kind: 'file', file: '/summer/fr/feature1', locale: '', negotiated: false, notFound: '/summer/404.html' },
    ],
    [
      '/summer/assets/app.js',
      'de',
      { campaign: 0, kind: 'file', file: '/summer/assets/app.js', locale: '', negotiated: false, notFound: '/summer/404.html' },
    ],
    ['/summerx/', 'fr', { campaign: 2, kind: 'file', file: '/summerx/', locale: '', negotiated: false, notFound: '/404.html' }],
    [
      '/berlin/feature1',
      'ko',
      {
        campaign: 1,
        kind: 'page',
        file: '/berlin/en/feature1/index.html',
        locale: 'en',
        negotiated: true,
        notFound: '/berlin/en/404.html',
      },
    ],
    [
      '/berlin/',
      undefined,
      { campaign: 1, kind: 'page', file: '/berlin/index.html', locale: 'de', negotiated: true, notFound: '/berlin/404.html' },
    ],
    [
      '/berlin',
      'de-AT, en;q=0.5',
      { campaign: 1, kind: 'page', file: '/berlin/index.html', locale: 'de', negotiated: true, notFound: '/berlin/404.html' },
    ],
    [
      '/berlin/de/feature1',
      'en',
      { campaign: 1, kind: 'page', file: '/berlin/feature1/index.html', locale: 'de', negotiated: false, notFound: '/berlin/404.html' },
    ],
    [
      '/berlin/en/',
      'de',
      { campaign: 1, kind: 'page', file: '/berlin/en/index.html', locale: 'en', negotiated: false, notFound: '/berlin/en/404.html' },
    ],
    // A path no page answers: the 404 page of the locale folder it is in, the campaign's own for the default locale.
    ['/fr/nope', 'en', { campaign: 2, kind: 'file', file: '/fr/nope', locale: '', negotiated: false, notFound: '/fr/404.html' }],
    ['/en/nope/', 'fr', { campaign: 2, kind: 'file', file: '/en/nope/', locale: '', negotiated: false, notFound: '/404.html' }],
    ['/fr', 'en', { campaign: 2, kind: 'page', file: '/fr/index.html', locale: 'fr', negotiated: false, notFound: '/fr/404.html' }],
    ['/frx/nope', 'fr', { campaign: 2, kind: 'file', file: '/frx/nope', locale: '', negotiated: false, notFound: '/404.html' }],
    [
      '/summer/de/x/y.js',
      undefined,
      { campaign: 0, kind: 'file', file: '/summer/de/x/y.js', locale: '', negotiated: false, notFound: '/summer/de/404.html' },
    ],
    [
      '/berlin/en/nope',
      'de',
      { campaign: 1, kind: 'file', file: '/berlin/en/nope', locale: '', negotiated: false, notFound: '/berlin/en/404.html' },
    ],
    [
      '/berlin/de/nope',
      'en',
      { campaign: 1, kind: 'file', file: '/berlin/de/nope', locale: '', negotiated: false, notFound: '/berlin/404.html' },
    ],
  ])('%s with %j', (pathname, header, expected) => {
    expect(routeRequest(campaigns, pathname, header, negotiateLocale)).toEqual(expected);
  });

  test('outside every campaign there is no route', () => {
    expect(routeRequest(campaigns.slice(0, 1), '/feature1', 'de', negotiateLocale)).toBeNull();
  });
});

describe('the embedded router, as the CLI (tsx) compiles it', () => {
  // bin/store-landing.js runs the generator through tsx, whose esbuild settings differ from vitest's (keepNames, minified syntax).
  const script = `
    import { register } from 'tsx/esm/api';
    register({ tsconfig: ${JSON.stringify(fileURLToPath(new URL('../../tsconfig.json', import.meta.url)))} });
    const { hostFiles } = await import(${JSON.stringify(fileURLToPath(new URL('../../generator/hosts/index.ts', import.meta.url)))});
    process.stdout.write(JSON.stringify(hostFiles(${JSON.stringify(SITE)})));
  `;
  const files: Array<{ path: string; contents: string }> = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
    }),
  );
  const cloudfront = files.find((file) => file.path.endsWith('viewer-request.js'))!.contents;
  const njs = files.find((file) => file.path.endsWith('store-landing.js'))!.contents;

  test('is ES5 in the CloudFront function and the njs module', () => {
    expect(() => parse(cloudfront, { ecmaVersion: 5, sourceType: 'script' })).not.toThrow();
    // The njs module's only ES2015 is its `export default` line.
    expect(() => parse(njs.replace(/^export default .*$/m, ''), { ecmaVersion: 5, sourceType: 'script' })).not.toThrow();
  });

  test('runs with nothing but built-ins and negotiates like the TypeScript', () => {
    const context = vm.createContext({});
    vm.runInContext(cloudfront, context);
    const embedded = context.negotiateLocale as typeof negotiateLocale;
    for (const header of ['fr;q=0.5, de;q=0.9', 'de;q=0', 'pt-PT', 'zh-Hant-TW, de', 'ko', '*', undefined]) {
      expect(embedded(header, REGIONAL, 'en', 'en')).toBe(negotiateLocale(header, REGIONAL, 'en', 'en'));
      expect(embedded(header, GERMAN, 'de', 'en')).toBe(negotiateLocale(header, GERMAN, 'de', 'en'));
    }
    expect(embedded('ko', GERMAN, 'de', 'en')).toBe('en');
  });
});
