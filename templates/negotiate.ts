// Picks the visitor's locale from Accept-Language: one function for the browser (the plain routes' inline script), `serve` and every host adapter, which embed it as-is in the generated worker, CloudFront function and njs module.

/**
 * The configured locale to serve for an `Accept-Language` header.
 *
 * - Each language range is weighed by its q-value (default 1); `q=0` and malformed
 *   q-values exclude the range. The highest q wins; equal q-values keep header order.
 * - A range matches the configured locale that is the range itself or its longest prefix
 *   by whole subtags (`de-CH` -> `de`, `zh-Hant-TW` -> `zh-Hant`); failing that, the first
 *   configured locale with the same primary subtag (`pt` and `pt-AO` -> `pt-BR`).
 * - `*` stands for the default locale; no header, or nothing matching, gives the default.
 * - Case-insensitive; the result is spelled as configured.
 *
 * Its compiled text is embedded in other runtimes (CloudFront Functions, njs), so it is
 * written in ES5 syntax, calls nothing but built-ins, and declares no inner functions
 * (tsx's keepNames would wrap those in a helper that does not exist where it is embedded).
 */
export function negotiateLocale(acceptLanguage: string | undefined, locales: readonly string[], defaultLocale: string): string {
  var best = defaultLocale;
  var bestQ = 0;
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
  return best;
}
