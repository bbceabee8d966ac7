import { describe, expect, it, vi } from 'vitest';
import {
  fallbackLocale,
  fetchLocaleBundle,
  hasLocaleSegment,
  preferredLocale,
} from '../../templates/runtime/language.ts';

const LOCALES = ['en', 'de', 'es', 'fr'];
const CONFIG = {
  locale: 'en',
  locales: LOCALES,
  translations: { de: '/assets/de.json', es: '/assets/es.json', fr: '/assets/fr.json' },
};

describe('preferredLocale', () => {
  it.each([
    [['de-DE', 'en'], 'de'],
    [['es'], 'es'],
    [['FR-ca'], 'fr'],
    [['it-IT', 'fr-FR', 'de'], 'fr'],
    [['en-US', 'de'], 'en'],
    [['it', 'pt-BR'], null],
    [[], null],
  ])('%j -> %s', (languages, locale) => {
    expect(preferredLocale(languages, LOCALES)).toBe(locale);
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
    ['a page rendered in German already', { ...CONFIG, locale: 'de' }, '/feature1', ['fr'], null],
    ['an English visitor, even with an English bundle', { ...CONFIG, translations: { ...CONFIG.translations, en: '/assets/en.json' } }, '/', ['en-US', 'de'], null],
    ['a locale without a translation bundle', { ...CONFIG, translations: { de: '/assets/de.json' } }, '/', ['fr'], null],
    ['a visitor whose first supported language is French', CONFIG, '/summer/feature2', ['pt', 'fr-BE', 'de'], 'fr'],
  ])('%s', (_name, config, pathname, languages, locale) => {
    expect(fallbackLocale(config, pathname, languages)).toBe(locale);
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
