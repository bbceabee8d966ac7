// negotiateLocale and routeRequest by table, and the embedded copies as production builds them (through tsx, like bin/store-landing.js).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { parse } from 'acorn';
import { describe, expect, test } from 'vitest';
import { negotiateLocale } from '../../templates/negotiate.ts';
import { routeRequest, type RouterCampaign } from '../../generator/hosts/route.ts';
import { SITE } from './site.ts';

const FOUR = ['en', 'de', 'es', 'fr'];
const REGIONAL = ['en', 'de', 'pt-BR', 'pt-PT', 'zh-Hans', 'zh-Hant', 'ar'];

describe('negotiateLocale', () => {
  test.each<[string | undefined, readonly string[], string, string]>([
    [undefined, FOUR, 'en', 'en'],
    ['', FOUR, 'en', 'en'],
    ['de', FOUR, 'en', 'de'],
    ['DE', FOUR, 'en', 'de'],
    ['de-CH', FOUR, 'en', 'de'],
    ['de-ch', FOUR, 'en', 'de'],
    ['fr;q=0.5, de;q=0.9', FOUR, 'en', 'de'],
    ['de;q=0', FOUR, 'en', 'en'],
    ['de;q=0.000, fr', FOUR, 'en', 'fr'],
    ['de;q=0, de-CH', FOUR, 'en', 'de'],
    ['de;q=1.0, fr;q=1', FOUR, 'en', 'de'],
    ['de;q=2, fr;q=0.1', FOUR, 'en', 'fr'],
    ['de;q=abc', FOUR, 'en', 'en'],
    ['fr;q=0.5, de;q=0.5', FOUR, 'en', 'fr'],
    ['de;level=1;q=0.7, fr;q=0.6', FOUR, 'en', 'de'],
    [' de-AT ; q=0.8 , fr ; Q=0.9', FOUR, 'en', 'fr'],
    ['*', FOUR, 'en', 'en'],
    ['*;q=0.5, de;q=0.4', FOUR, 'en', 'en'],
    ['de;q=0.4, *;q=0.5', FOUR, 'en', 'en'],
    ['ja, *;q=0.1', FOUR, 'en', 'en'],
    ['ja-JP,ja;q=0.9', FOUR, 'en', 'en'],
    ['it-IT,it;q=0.9,de;q=0.8,en;q=0.7', FOUR, 'en', 'de'],
    ['en-US,en;q=0.9,de;q=0.8', FOUR, 'en', 'en'],
    [',,de', FOUR, 'en', 'de'],
    ['dex, d, de', FOUR, 'en', 'de'],
    ['pt', REGIONAL, 'en', 'pt-BR'],
    ['pt-br', REGIONAL, 'en', 'pt-BR'],
    ['PT-pt', REGIONAL, 'en', 'pt-PT'],
    ['pt-AO', REGIONAL, 'en', 'pt-BR'],
    ['pt-PT-x-lisbon', REGIONAL, 'en', 'pt-PT'],
    ['zh-Hant-TW', REGIONAL, 'en', 'zh-Hant'],
    ['zh-hant', REGIONAL, 'en', 'zh-Hant'],
    ['zh', REGIONAL, 'en', 'zh-Hans'],
    ['zh-TW', REGIONAL, 'en', 'zh-Hans'],
    ['ar-EG,ar;q=0.9', REGIONAL, 'en', 'ar'],
    ['fr', ['de', 'en'], 'de', 'de'],
    ['*', ['de', 'en'], 'de', 'de'],
    ['en-GB', ['en', 'en-GB', 'de'], 'en', 'en-GB'],
    ['en-US', ['en', 'en-GB', 'de'], 'en', 'en'],
  ])('%j of %j (default %s) -> %s', (header, locales, defaultLocale, expected) => {
    expect(negotiateLocale(header, locales, defaultLocale)).toBe(expected);
  });
});

describe('routeRequest', () => {
  const campaigns: RouterCampaign[] = [
    { basePath: '/summer/', defaultLocale: 'en', locales: ['en', 'de'], routes: ['', 'feature1'] },
    { basePath: '/', defaultLocale: 'en', locales: ['en', 'fr'], routes: ['', 'child-old'] },
  ];
  test.each<[string, string | undefined, ReturnType<typeof routeRequest>]>([
    ['/', 'fr', { campaign: 1, kind: 'page', file: '/fr/index.html', locale: 'fr', negotiated: true }],
    ['/child-old/', 'de', { campaign: 1, kind: 'page', file: '/child-old/index.html', locale: 'en', negotiated: true }],
    ['/fr/child-old', 'de', { campaign: 1, kind: 'page', file: '/fr/child-old/index.html', locale: 'fr', negotiated: false }],
    ['/en', 'fr', { campaign: 1, kind: 'page', file: '/index.html', locale: 'en', negotiated: false }],
    ['/summer', 'de-AT', { campaign: 0, kind: 'page', file: '/summer/de/index.html', locale: 'de', negotiated: true }],
    ['/summer/de/feature1/', undefined, { campaign: 0, kind: 'page', file: '/summer/de/feature1/index.html', locale: 'de', negotiated: false }],
    ['/summer/fr/feature1', 'fr', { campaign: 0, kind: 'file', file: '/summer/fr/feature1', locale: '', negotiated: false }],
    ['/summer/assets/app.js', 'de', { campaign: 0, kind: 'file', file: '/summer/assets/app.js', locale: '', negotiated: false }],
    ['/summerx/', 'fr', { campaign: 1, kind: 'file', file: '/summerx/', locale: '', negotiated: false }],
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
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8' }),
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
    for (const header of ['fr;q=0.5, de;q=0.9', 'de;q=0', 'pt-PT', 'zh-Hant-TW, de', undefined]) {
      expect(embedded(header, REGIONAL, 'en')).toBe(negotiateLocale(header, REGIONAL, 'en'));
    }
  });
});
