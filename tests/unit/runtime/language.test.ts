import { describe, expect, it, vi } from 'vitest';
import {
  fallbackLocale,
  fetchLocalePage,
  hasLocaleSegment,
  pageAlternates,
  plainRouteLocale,
  sameOriginUrl,
} from '../../../page/runtime/language.ts';
import { preferredLocale } from '../../../page/edge/negotiate.ts';

const LOCALES = ['en', 'de', 'es', 'fr'];
/** A page's config, with `pages`: the locales its hreflang alternates name a page of its route in. */
const CONFIG = { locale: 'en', locales: LOCALES, pages: LOCALES };
/** The markets fixture's locales. */
const MARKETS = ['en', 'ja', 'pt-BR', 'ar'];
/** A campaign whose plain routes are Brazilian Portuguese (the markets fixture's sao-paulo). */
const SAO_PAULO = { locale: 'pt-BR', locales: MARKETS, pages: MARKETS };
/** Regional locales side by side. */
const REGIONAL = ['en', 'pt-BR', 'pt-PT', 'zh-Hans', 'zh-Hant'];
const REGIONAL_CONFIG = { locale: 'en', locales: REGIONAL, pages: REGIONAL };

/**
 * Alternates as the build writes them: a page of the route in each of `pages`, and `x-default` on the plain
 * route of `defaultLocale` (none when null).
 */
function alternatesOf(pages: readonly string[], defaultLocale: string | null): Map<string, string> {
  const alternates = new Map(pages.map((locale) => [locale, locale === defaultLocale ? '/feature1' : `/${locale}/feature1`]));
  if (defaultLocale !== null) alternates.set('x-default', '/feature1');
  return alternates;
}

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
    ['a locale the alternates name no page in', { ...CONFIG, pages: ['en', 'de'] }, '/', ['fr'], null],
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
    expect(fallbackLocale(config, pathname, languages, alternatesOf(config.pages, config.locale))).toBe(locale);
  });

  it.each([
    ['a page a host negotiated to German, whatever navigator.languages says', { ...CONFIG, locale: 'de' }, ['fr'], 'en', null],
    ['a page a host negotiated to pt-BR, for a browser whose navigator says English', { ...SAO_PAULO }, ['en-US'], 'en', null],
    ['the default locale page, plain routes in pt-BR', SAO_PAULO, ['ko'], 'pt-BR', 'en'],
    ['a page without alternates: its own locale stands for the default', { ...CONFIG, locale: 'de' }, ['fr'], null, 'fr'],
  ])('%s', (_name, config, languages, defaultLocale, locale) => {
    expect(fallbackLocale(config, '/feature1', languages, alternatesOf(config.pages, defaultLocale))).toBe(locale);
  });
});

describe('plainRouteLocale', () => {
  /** A document with these hreflang alternates, as the build writes them. */
  const withAlternates = (alternates: Record<string, string>) =>
    ({
      querySelectorAll: () =>
        Object.entries(alternates).map(([hreflang, href]) => ({ getAttribute: (name: string) => (name === 'hreflang' ? hreflang : href) })),
    }) as unknown as Document;

  it.each([
    ['English plain routes', { en: '/feature1', ja: '/ja/feature1', 'x-default': '/feature1' }, 'en'],
    [
      'Brazilian plain routes, absolute URLs',
      { en: 'https://a.example/en', 'pt-BR': 'https://a.example/', 'x-default': 'https://a.example/' },
      'pt-BR',
    ],
    ['no x-default', { en: '/', de: '/de' }, null],
    ['no alternates', {}, null],
  ])('%s -> %s', (_name, alternates, locale) => {
    expect(plainRouteLocale(pageAlternates(withAlternates(alternates)))).toBe(locale);
  });
});

describe('sameOriginUrl', () => {
  const location = { href: 'http://preview.test:8080/feature1?x=1', origin: 'http://preview.test:8080' };

  it.each([
    ['a path', '/de/feature1', 'http://preview.test:8080/de/feature1'],
    ['a URL on this origin', 'http://preview.test:8080/summer/de/', 'http://preview.test:8080/summer/de/'],
    // The build's siteUrl names production; the preview serves the same files.
    ['a URL on another origin: its path here', 'https://pictura.example/summer/de/feature1', '/summer/de/feature1'],
  ])('%s', (_name, href, url) => {
    expect(sameOriginUrl(href, location)).toBe(url);
  });
});

describe('fetchLocalePage', () => {
  const answer =
    (contentType: string | null, body = '<!doctype html><html lang="de">') =>
    async () => ({
      ok: true,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) },
      text: async () => body,
    });

  it('returns the HTML of an HTML answer', async () => {
    const fetchFn = vi.fn(answer('text/html; charset=utf-8'));
    await expect(fetchLocalePage(fetchFn, '/de/feature1')).resolves.toBe('<!doctype html><html lang="de">');
    expect(fetchFn).toHaveBeenCalledWith('/de/feature1');
  });

  it.each([
    ['a 404', async () => ({ ok: false, headers: { get: () => 'text/html' }, text: async () => 'Not found' })],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    [
      'a body that fails',
      async () => ({ ok: true, headers: { get: () => 'text/html' }, text: () => Promise.reject(new TypeError('aborted')) }),
    ],
    ['JSON', answer('application/json')],
    ['no content type', answer(null)],
  ])('is null, silently, for %s', async (_name, fetchFn) => {
    await expect(fetchLocalePage(fetchFn, '/de/feature1')).resolves.toBeNull();
  });
});
