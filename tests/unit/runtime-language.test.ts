import { describe, expect, it, vi } from 'vitest';
import {
  fallbackLocale,
  fetchLocaleBundle,
  hasLocaleSegment,
  plainRouteLocale,
} from '../../templates/runtime/language.ts';
import { preferredLocale } from '../../templates/negotiate.ts';

const LOCALES = ['en', 'de', 'es', 'fr'];
const CONFIG = {
  locale: 'en',
  locales: LOCALES,
  translations: { de: '/assets/de.json', es: '/assets/es.json', fr: '/assets/fr.json' },
};
/** The markets fixture's locales, every one with its bundle. */
const MARKETS = ['en', 'ja', 'pt-BR', 'ar'];
const bundles = (locales: readonly string[]) => Object.fromEntries(locales.map((locale) => [locale, `/assets/${locale}.json`]));
/** A campaign whose plain routes are Brazilian Portuguese (the markets fixture's sao-paulo). */
const SAO_PAULO = { locale: 'pt-BR', locales: MARKETS, translations: bundles(MARKETS) };
/** Regional locales side by side. */
const REGIONAL = ['en', 'pt-BR', 'pt-PT', 'zh-Hans', 'zh-Hant'];
const REGIONAL_CONFIG = { locale: 'en', locales: REGIONAL, translations: bundles(REGIONAL) };

describe('preferredLocale', () => {
  it.each<[string[], readonly string[], string, string]>([
    [['de-DE', 'en'], LOCALES, 'en', 'de'],
    [['es'], LOCALES, 'en', 'es'],
    [['FR-ca'], LOCALES, 'en', 'fr'],
    [['it-IT', 'fr-FR', 'de'], LOCALES, 'en', 'fr'],
    [['en-US', 'de'], LOCALES, 'en', 'en'],
    [['it', 'ko'], LOCALES, 'en', 'en'],
    [[], LOCALES, 'en', 'en'],
    // The whole tag counts, not its primary subtag alone.
    [['pt-PT'], REGIONAL, 'en', 'pt-PT'],
    [['pt-BR', 'pt'], REGIONAL, 'en', 'pt-BR'],
    [['zh-Hant-TW'], REGIONAL, 'en', 'zh-Hant'],
    [['zh-CN'], REGIONAL, 'en', 'zh-Hans'],
    // A default locale other than English: English is still the fallback.
    [['ko-KR', 'ko'], MARKETS, 'pt-BR', 'en'],
    [['pt-PT'], MARKETS, 'pt-BR', 'pt-BR'],
    [['ja-JP'], MARKETS, 'pt-BR', 'ja'],
    [[], MARKETS, 'pt-BR', 'pt-BR'],
  ])('%j among %j, default %s -> %s', (languages, locales, defaultLocale, locale) => {
    expect(preferredLocale(languages, locales, defaultLocale)).toBe(locale);
  });
});

describe('hasLocaleSegment', () => {
  it.each([
    ['/feature1', false],
    ['/', false],
    ['/summer/feature1/', false],
    ['/de/feature1', true],
    ['/summer/fr/', true],
    ['/en/feature1', true],
    ['/deutsch/feature1', false],
  ])('%s -> %s', (pathname, localized) => {
    expect(hasLocaleSegment(pathname, LOCALES)).toBe(localized);
  });
});

describe('fallbackLocale', () => {
  it.each([
    ['a German visitor on a plain route', CONFIG, '/feature1', ['de-AT', 'en'], 'de'],
    ['a Spanish visitor on the root', CONFIG, '/', ['es-MX'], 'es'],
    ['an English visitor', CONFIG, '/feature1', ['en-US', 'de'], null],
    ['an Italian visitor', CONFIG, '/feature1', ['it-IT'], null],
    ['a localized URL', CONFIG, '/de/feature1', ['fr'], null],
    ['an explicit /en/ URL', CONFIG, '/en/feature1', ['fr'], null],
    ['an English visitor, even with an English bundle', { ...CONFIG, translations: { ...CONFIG.translations, en: '/assets/en.json' } }, '/', ['en-US', 'de'], null],
    ['a locale without a translation bundle', { ...CONFIG, translations: { de: '/assets/de.json' } }, '/', ['fr'], null],
    ['a visitor whose first supported language is French', CONFIG, '/summer/feature2', ['pt', 'fr-BE', 'de'], 'fr'],
    ['a Portuguese visitor where pt-PT and pt-BR are both offered', REGIONAL_CONFIG, '/', ['pt-PT', 'pt'], 'pt-PT'],
    ['a Taiwanese visitor where zh-Hans and zh-Hant are both offered', REGIONAL_CONFIG, '/', ['zh-Hant-TW'], 'zh-Hant'],
    // Plain routes in the default locale pt-BR: no English special case, English only as the fallback.
    ['a Korean visitor on Brazilian plain routes', SAO_PAULO, '/feature1', ['ko-KR', 'ko'], 'en'],
    ['an English visitor on Brazilian plain routes', SAO_PAULO, '/', ['en-US', 'en'], 'en'],
    ['a Japanese visitor on Brazilian plain routes', SAO_PAULO, '/', ['ja'], 'ja'],
    ['a Portuguese visitor on Brazilian plain routes', SAO_PAULO, '/', ['pt-PT', 'en'], null],
    ['an explicit /pt-BR/ URL', SAO_PAULO, '/pt-BR/feature1', ['ko'], null],
  ])('%s', (_name, config, pathname, languages, locale) => {
    expect(fallbackLocale(config, pathname, languages, config.locale)).toBe(locale);
  });

  it.each([
    ['a page a host negotiated to German, whatever navigator.languages says', { ...CONFIG, locale: 'de' }, ['fr'], 'en', null],
    ['a page a host negotiated to pt-BR, for a browser whose navigator says English', { ...SAO_PAULO }, ['en-US'], 'en', null],
    ['the default locale page, plain routes in pt-BR', SAO_PAULO, ['ko'], 'pt-BR', 'en'],
    ['a page without alternates: its own locale stands for the default', { ...CONFIG, locale: 'de' }, ['fr'], null, 'fr'],
  ])('%s', (_name, config, languages, defaultLocale, locale) => {
    expect(fallbackLocale(config, '/feature1', languages, defaultLocale)).toBe(locale);
  });
});

describe('plainRouteLocale', () => {
  /** A document with these hreflang alternates, as the build writes them. */
  const withAlternates = (alternates: Record<string, string>) => ({
    querySelectorAll: () =>
      Object.entries(alternates).map(([hreflang, href]) => ({ getAttribute: (name: string) => (name === 'hreflang' ? hreflang : href) })),
  }) as unknown as Document;

  it.each([
    ['English plain routes', { en: '/feature1', ja: '/ja/feature1', 'x-default': '/feature1' }, 'en'],
    ['Brazilian plain routes, absolute URLs', { en: 'https://a.example/en', 'pt-BR': 'https://a.example/', 'x-default': 'https://a.example/' }, 'pt-BR'],
    ['no x-default', { en: '/', de: '/de' }, null],
    ['no alternates', {}, null],
  ])('%s -> %s', (_name, alternates, locale) => {
    expect(plainRouteLocale(withAlternates(alternates))).toBe(locale);
  });
});

describe('fetchLocaleBundle', () => {
  const ok = (body: unknown) => async () => ({ ok: true, json: async () => body });

  it('returns the bundle object', async () => {
    const fetchFn = vi.fn(ok({ header: { get: 'LADEN' } }));
    await expect(fetchLocaleBundle(fetchFn, '/assets/de.json')).resolves.toEqual({ header: { get: 'LADEN' } });
    expect(fetchFn).toHaveBeenCalledWith('/assets/de.json');
  });

  it.each([
    ['a 404', async () => ({ ok: false, json: async () => ({}) })],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['broken JSON', async () => ({ ok: true, json: () => Promise.reject(new SyntaxError('JSON')) })],
    ['an array', ok([1, 2])],
    ['null', ok(null)],
  ])('is null, silently, for %s', async (_name, fetchFn) => {
    await expect(fetchLocaleBundle(fetchFn, '/assets/de.json')).resolves.toBeNull();
  });
});
