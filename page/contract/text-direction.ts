// Which way a locale's text runs: from the script Intl expects for it, so ar, he, fa or ur pages are
// right-to-left without a list of languages.

/** Scripts written right to left (ISO 15924 codes). */
const RIGHT_TO_LEFT_SCRIPTS = new Set(['Adlm', 'Arab', 'Hebr', 'Mand', 'Mend', 'Nkoo', 'Rohg', 'Samr', 'Syrc', 'Thaa', 'Yezi']);

/**
 * `rtl` for a locale written right to left, else `ltr`: the locale's script (as written, or
 * the likely one: `ar` -> Arab, `az-Arab` -> Arab, `az` -> Latn) decides, by Intl's data.
 */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  let script: string | undefined;
  try {
    script = new Intl.Locale(locale).maximize().script;
  } catch {
    return 'ltr';
  }
  return script && RIGHT_TO_LEFT_SCRIPTS.has(script) ? 'rtl' : 'ltr';
}
