// Picks the visitor's locale from Accept-Language: one function for the browser (the plain routes' inline
// script and the runtime), `serve` and every host adapter, which embed it as-is in the generated worker,
// CloudFront function and njs module.

/**
 * The language a visitor gets when none of theirs is offered: English, the product's
 * fallback whatever the default locale. Defined here, in browser code, for the build too:
 * the config's schema (generator/config/schema) requires every campaign to list it and makes
 * it the default locale.
 */
export const FALLBACK_LANGUAGE = 'en';

/**
 * The configured locale to serve for an `Accept-Language` header.
 *
 * - Each language range is weighed by its q-value (default 1); `q=0` and malformed
 *   q-values exclude the range. The highest q wins; equal q-values keep header order.
 * - A range matches the configured locale that is the range itself or its longest prefix
 *   by whole subtags (`de-CH` -> `de`, `zh-Hant-TW` -> `zh-Hant`); failing that, the first
 *   configured locale with the same primary subtag (`pt` and `pt-AO` -> `pt-BR`).
 * - `*` stands for the default locale, and so does a header that names no language at all
 *   (missing or empty): RFC 9110 reads both as "any language is fine", so the visitor gets
 *   the page the plain URL holds.
 * - A header that names languages none of which is offered (or all excluded by `q=0`) gives
 *   `fallbackLocale` (see chooseFallbackLocale): the visitor said what they read, and it is
 *   not the default locale.
 * - Case-insensitive; the result is spelled as configured.
 *
 * Its compiled text is embedded in other runtimes (CloudFront Functions, njs), so it is
 * written in ES5 syntax, calls nothing but built-ins, and declares no inner functions
 * (tsx's keepNames would wrap those in a helper that does not exist where it is embedded).
 */
export function negotiateLocale(
  acceptLanguage: string | undefined,
  locales: readonly string[],
  defaultLocale: string,
  fallbackLocale: string,
): string {
  var best = '';
  var bestQ = 0;
  var namesLanguage = false;
  var ranges = acceptLanguage ? acceptLanguage.split(',') : [];
  for (var i = 0; i < ranges.length; i++) {
    var parts = ranges[i]!.split(';');
    var range = parts[0]!.trim().toLowerCase();
    var q = 1;
    for (var p = 1; p < parts.length; p++) {
      var param = /^\s*q\s*=\s*(.*?)\s*$/i.exec(parts[p]!);
      // RFC 9110 qvalue; anything else excludes the range rather than guessing.
      if (param) q = /^(?:0(?:\.\d*)?|1(?:\.0*)?)$/.test(param[1]!) ? Number(param[1]) : 0;
    }
    if (range) namesLanguage = true;
    // Strictly greater: among equal q-values the earlier range stays.
    if (!range || !(q > bestQ)) continue;
    var match = range === '*' ? defaultLocale : '';
    var matchLength = 0;
    for (var l = 0; l < locales.length && range !== '*'; l++) {
      var locale = locales[l]!.toLowerCase();
      if ((range === locale || range.indexOf(locale + '-') === 0) && locale.length > matchLength) {
        match = locales[l]!;
        matchLength = locale.length;
      }
    }
    var primary = range.split('-')[0];
    for (l = 0; l < locales.length && !match; l++) {
      if (locales[l]!.toLowerCase().split('-')[0] === primary) match = locales[l]!;
    }
    if (match) {
      best = match;
      bestQ = q;
    }
  }
  return best || (namesLanguage ? fallbackLocale : defaultLocale);
}

/**
 * The locales in the order negotiateLocale is given them everywhere: the default first, then
 * as configured. The order decides which locale a bare primary subtag gets (`pt` among
 * pt-PT and pt-BR), so every place that negotiates must use the same one.
 */
export function negotiationOrder(locales: readonly string[], defaultLocale: string): string[] {
  return [defaultLocale, ...locales.filter((locale) => locale !== defaultLocale)];
}

/**
 * The `fallbackLocale` of negotiateLocale for a campaign: the locale English
 * (FALLBACK_LANGUAGE) negotiates to, that is `en` itself or else the first `en-*` locale
 * (the default locale first), and the default locale when no English is offered.
 */
export function chooseFallbackLocale(locales: readonly string[], defaultLocale: string): string {
  return negotiateLocale(FALLBACK_LANGUAGE, negotiationOrder(locales, defaultLocale), defaultLocale, defaultLocale);
}

/**
 * The locale a browser gets among `locales`, `navigator.languages` standing for Accept-Language:
 * the negotiation of `serve` and the hosts, for the plain routes' inline script and the runtime.
 * `pt-PT` gets pt-PT rather than pt-BR; a language the campaign lacks gets English (the fallback).
 */
export function preferredLocale(languages: readonly string[], locales: readonly string[], defaultLocale: string): string {
  return negotiateLocale(
    languages.join(','),
    negotiationOrder(locales, defaultLocale),
    defaultLocale,
    chooseFallbackLocale(locales, defaultLocale),
  );
}
