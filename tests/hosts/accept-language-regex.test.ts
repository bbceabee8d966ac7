// The Accept-Language patterns Vercel matches against: equal to negotiateLocale on every header a browser
// writes, and where they differ, as documented.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { acceptLanguagePattern, complement } from '../../generator/hosts/accept-language-regex.ts';
import { chooseFallbackLocale, negotiateLocale, negotiationOrder } from '../../page/edge/negotiate.ts';

/**
 * The locale the patterns pick for a request that has the header: the first locale but the
 * fallback whose pattern matches, else the fallback, as vercel.json's routes try them.
 */
function byPatterns(header: string, locales: readonly string[], defaultLocale: string): string {
  const ordered = negotiationOrder(locales, defaultLocale);
  const fallback = chooseFallbackLocale(locales, defaultLocale);
  const match = ordered
    .filter((locale) => locale !== fallback)
    .find((locale) => new RegExp(acceptLanguagePattern(ordered, locale, defaultLocale)).test(header));
  return match ?? fallback;
}

/** negotiateLocale as serve and the hosts call it for a campaign. */
function negotiated(header: string, locales: readonly string[], defaultLocale: string): string {
  return negotiateLocale(header, negotiationOrder(locales, defaultLocale), defaultLocale, chooseFallbackLocale(locales, defaultLocale));
}

const CONFIGS: Array<{ locales: string[]; defaultLocale: string }> = [
  { locales: ['en', 'de', 'es', 'fr'], defaultLocale: 'en' },
  { locales: ['en', 'de', 'pt-BR', 'pt-PT', 'zh-Hans', 'zh-Hant', 'ar'], defaultLocale: 'en' },
  { locales: ['pt-BR', 'pt', 'en-GB', 'en'], defaultLocale: 'pt-BR' },
  // Default locales other than English, English offered: the default gets a pattern of its own.
  { locales: ['de', 'en', 'fr', 'pt-BR', 'pt-PT'], defaultLocale: 'de' },
  { locales: ['en', 'ja', 'pt-BR', 'ar'], defaultLocale: 'ar' },
];

/** Tags a browser may send: configured ones in any case, their regions, other languages, near misses, and `*`. */
const TAGS = [
  'en',
  'en-US',
  'EN-gb',
  'de',
  'de-CH',
  'DE-at',
  'es',
  'es-419',
  'fr',
  'fr-CA',
  'pt',
  'pt-BR',
  'pt-pt',
  'pt-AO',
  'zh',
  'zh-TW',
  'zh-Hant-TW',
  'zh-hans-CN',
  'ar',
  'ar-EG',
  'it',
  'ja',
  'ja-JP',
  'ko',
  'ru-RU',
  'd',
  'dex',
  'e',
  'ptx',
  'x-klingon',
  '*',
];

/** A header as browsers write it: q-values that never rise, 1 unwritten, with optional spaces; q=0 ranges anywhere. */
const browserHeader = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...TAGS), fc.constantFrom(1, 0.9, 0.8, 0.55, 0.5, 0.1, 0.001)), { minLength: 1, maxLength: 6 }),
    fc.array(fc.tuple(fc.constantFrom(...TAGS), fc.nat()), { maxLength: 2 }),
    fc.constantFrom(',', ', ', ' , '),
  )
  .map(([ranges, excluded, separator]) => {
    const written = [...ranges].sort((a, b) => b[1] - a[1]).map(([tag, q]) => (q === 1 ? tag : `${tag};q=${q}`));
    for (const [tag, position] of excluded) written.splice(position % (written.length + 1), 0, `${tag};q=0`);
    return written.join(separator);
  });

describe('acceptLanguagePattern', () => {
  test.each(CONFIGS)('agrees with negotiateLocale on browser headers: %j', ({ locales, defaultLocale }) => {
    fc.assert(
      fc.property(browserHeader, (header) => {
        expect(byPatterns(header, locales, defaultLocale), header).toBe(negotiated(header, locales, defaultLocale));
      }),
      { numRuns: 400 },
    );
  });

  test.each<[string, string, string]>([
    // Documented differences: only the order counts among usable ranges; other parameters and bad q-values make the pattern fail.
    ['fr;q=0.5, de;q=0.9', 'fr', 'de'],
    ['de;level=1, fr', 'en', 'de'],
    ['de;q=abc, fr', 'en', 'fr'],
  ])('%j: patterns %s, negotiateLocale %s', (header, patterns, byNegotiation) => {
    expect(byPatterns(header, CONFIGS[0]!.locales, 'en')).toBe(patterns);
    expect(negotiateLocale(header, CONFIGS[0]!.locales, 'en', 'en')).toBe(byNegotiation);
  });

  test.each<[string, string]>([
    ['ko-KR,ko;q=0.9', 'en'],
    ['ko, *;q=0.5', 'de'],
    ['*', 'de'],
    ['', 'de'],
    [' , ', 'de'],
    ['de-CH', 'de'],
    ['de;q=0', 'en'],
    ['pt', 'pt-BR'],
  ])('with German plain routes, %j gets %s, as from negotiateLocale', (header, locale) => {
    const { locales, defaultLocale } = CONFIGS[3]!;
    expect(byPatterns(header, locales, defaultLocale)).toBe(locale);
    expect(negotiated(header, locales, defaultLocale)).toBe(locale);
  });

  test('uses only syntax JavaScript, PCRE and RE2 share: no lookaround, no flags, no backreferences', () => {
    for (const { locales, defaultLocale } of CONFIGS) {
      for (const locale of locales.filter((candidate) => candidate !== chooseFallbackLocale(locales, defaultLocale))) {
        const pattern = acceptLanguagePattern(locales, locale, defaultLocale);
        expect(pattern).not.toMatch(/\(\?[=!<]|\(\?[a-z]|\\[1-9]/);
        expect(pattern.length).toBeLessThan(4096);
      }
    }
  });
});

describe('complement', () => {
  test('matches every word over the alphabet except the given ones', () => {
    const pattern = new RegExp(`^${complement(['de', 'en', 'es', 'fr'], 'abcdefghijklmnopqrstuvwxyz')}$`);
    for (const word of ['de', 'EN', 'Es', 'fr']) expect(pattern.test(word), word).toBe(false);
    for (const word of ['d', 'e', 'f', 'dex', 'ens', 'fra', 'it', 'ja', 'DEU', 'zh']) expect(pattern.test(word), word).toBe(true);
    expect(pattern.test('')).toBe(false);
  });
});
