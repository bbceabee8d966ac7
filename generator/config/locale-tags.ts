// The config's language tags as Intl reads them: well-formed BCP 47, in canonical spelling, and the default locale one of the locales.
import type { KeyPath } from './load.ts';
import type { Config } from './types.ts';

/** A problem with a tag, at the key path it is written at. */
export interface TagProblem {
  keyPath: KeyPath;
  message: string;
}

/**
 * The canonical form of a BCP 47 tag as Intl writes it (`pt-br` -> `pt-BR`, `zh-hant` ->
 * `zh-Hant`, `iw` -> `he`), or undefined when the tag is not well-formed.
 */
export function canonicalTag(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The names Intl gives languages in `locale` (`de` in fr: "allemand"), the page's name for each
 * of the app's languages unless the locale file writes its own (`languageNames.<tag>`). `of`
 * gives undefined for a tag Intl has no name for (`qaa`), which the locale file must then name.
 */
export function intlLanguageNames(locale: string): Intl.DisplayNames {
  return new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
}

/**
 * Every tag of `locales` and `app.languages` that Intl refuses or writes differently, and a
 * default locale that is not listed. A tag names a folder, a file and a URL segment, which
 * are case-sensitive on most hosts: only the one canonical spelling is accepted, so `pt-br`
 * and `pt-BR` can never be two locales, nor a page be built that Accept-Language never reaches.
 */
export function localeTagProblems(config: Config): TagProblem[] {
  const problems: TagProblem[] = [];
  config.locales.forEach((tag, index) => {
    const message = tagProblem(tag);
    if (message) problems.push({ keyPath: ['locales', index], message });
  });
  config.app.languages.forEach((tag, index) => {
    const message = tagProblem(tag);
    if (message) problems.push({ keyPath: ['app', 'languages', index], message });
  });
  if (!config.locales.includes(config.defaultLocale)) {
    const wanted = canonicalTag(config.defaultLocale.replace(/_/g, '-'))?.toLowerCase();
    const suggestion = config.locales.find((locale) => locale.toLowerCase() === wanted);
    problems.push({
      keyPath: ['defaultLocale'],
      message: `expected one of the locales (${config.locales.join(', ')}), found "${config.defaultLocale}"${didYouMean(suggestion)}`,
    });
  }
  return problems;
}

/** Whether `tag` is usable as written, else what is wrong with it. */
function tagProblem(tag: string): string | undefined {
  const canonical = canonicalTag(tag);
  if (canonical === tag) return undefined;
  if (canonical === undefined) {
    const suggestion = canonicalTag(tag.replace(/_/g, '-'));
    return `expected a well-formed BCP 47 language tag (subtags joined by "-"), found "${tag}"${didYouMean(suggestion)}`;
  }
  return `expected a language tag in canonical form, found "${tag}"${didYouMean(canonical)}`;
}

function didYouMean(suggestion: string | undefined): string {
  return suggestion ? ` (did you mean "${suggestion}"?)` : '';
}
