// Which texts every locale file must have: the page's keys, the keys the config names and the default
// locale's, each plural key in every form the locale's plural rules use, and a name for each language Intl
// cannot name.
import { PAGE_KEYS } from '../../page/contract/page-keys.ts';
import type { Messages } from '../../page/contract/props.ts';
import type { ConfigIssue } from '../shared/errors.ts';
import { positionInLocale, type LocaleFile } from './locale-files.ts';
import { canonicalTag, intlLanguageNames } from './locale-tags.ts';
import { deviceKeys } from './storefront.ts';
import { describeValue } from './schema-errors.ts';
import type { Config } from './types.ts';

/** Where a locale file names a language itself (`languageNames.pt-BR`) instead of taking Intl's name. */
const LANGUAGE_NAMES = 'languageNames';

/** CLDR's plural categories in their usual order, which i18next takes as key suffixes: `header.ratings_one`, ... */
const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
const PLURAL_SUFFIX = new RegExp(`_(${PLURAL_FORMS.join('|')})$`);

/**
 * What a validation run found of its campaigns' translations, by the first locale file of a
 * check (one object per file and run, shared by the campaigns that read it) and the rest the
 * check depends on: campaigns usually share their locale files and the keys they name, so each
 * distinct check runs once however many campaigns ask for it.
 */
export type CheckedTranslations = WeakMap<LocaleFile, Map<string, ConfigIssue[]>>;

/**
 * Every key the page or the config uses, and every key of the default locale, must be a
 * text in each locale. A key is plural when the default locale writes it in plural forms
 * (`header.ratings_one`, `header.ratings_other`) or the locale itself writes any: then a
 * locale needs either one text for every count (`header.ratings`) or every form its own
 * plural rules use (ja: other; ar: zero, one, two, few, many, other), which is what
 * i18next looks up for a count. The app's languages are named by Intl unless a locale names
 * one itself (`languageNames.<tag>`): such a name must be a text, and a language Intl cannot
 * name needs one. A check already in `checked` is not run again.
 */
export function missingTranslations(config: Config, files: LocaleFile[], checked: CheckedTranslations): ConfigIssue[] {
  if (files.length === 0) return [];
  const referenced = referencedKeys(config);
  // A malformed tag is reported as such (locale-tags.ts), not as a language without a name too.
  const languages = config.app.languages.filter((language) => canonicalTag(language) === language);
  const key = JSON.stringify([files.map((file) => file.shown), config.defaultLocale, referenced, languages]);
  let results = checked.get(files[0]!);
  if (!results) checked.set(files[0]!, (results = new Map()));
  let issues = results.get(key);
  if (!issues)
    results.set(key, (issues = [...findMissing(config.defaultLocale, referenced, files), ...languageNameIssues(languages, files)]));
  return issues;
}

/** missingTranslations' check, of the keys the config names (`referenced`) and the rest. */
function findMissing(defaultLocale: string, referenced: string[], files: LocaleFile[]): ConfigIssue[] {
  const reference = files.find((file) => file.locale === defaultLocale);
  // Each locale names languages itself or leaves them to Intl, whatever the default locale does.
  const keysOf = (messages: Messages) => leafKeys(messages).filter((key) => !isLanguageName(key));
  // A key is plural when the default locale has it in plural forms, its own or the tool's labels.
  const plural = new Set((reference ? keysOf(reference.messages) : []).filter((key) => PLURAL_SUFFIX.test(key)).map(baseKey));
  // What the default locale's own file adds is needed in every locale; the tool's labels it does not use are not.
  const required = new Set<string>([...PAGE_KEYS, ...referenced, ...(reference ? keysOf(reference.own) : []).map(baseKey)]);
  const issues: ConfigIssue[] = [];
  for (const file of files) {
    const used: string[] = new Intl.PluralRules(file.locale).resolvedOptions().pluralCategories;
    const forms = PLURAL_FORMS.filter((form) => used.includes(form));
    const issue = (key: string, message: string) => {
      const [line, column] = positionInLocale(file, key.split('.'));
      issues.push({ file: file.shown, line, column, path: key, message });
    };
    for (const key of required) {
      const value = lookup(file.messages, key);
      if (typeof value === 'string') continue;
      const keys = forms.map((form) => `${key}_${form}`);
      if (!plural.has(key) && !keys.some((form) => lookup(file.messages, form) !== undefined)) {
        issue(key, `missing translation: expected a text for "${key}" in ${file.locale}, found ${describeValue(value)}`);
        continue;
      }
      const missing = keys.filter((form) => typeof lookup(file.messages, form) !== 'string');
      if (missing.length === 0) continue;
      issue(
        missing[0]!,
        `missing plural form: expected a text for ${missing.map((form) => `"${form}"`).join(', ')} in ${file.locale} ` +
          `(its plural forms are ${forms.join(', ')}; or one text for every count as "${key}"), found nothing`,
      );
    }
  }
  return issues;
}

/**
 * The issues of the app's `languages` (well-formed tags) in each locale file: a name it gives
 * that is not a text, and a language Intl has no name for that it does not name.
 */
function languageNameIssues(languages: string[], files: LocaleFile[]): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const file of files) {
    const intlNames = intlLanguageNames(file.locale);
    for (const language of languages) {
      const key = `${LANGUAGE_NAMES}.${language}`;
      const value = lookup(file.messages, key);
      if (typeof value === 'string') continue;
      let message: string;
      if (value !== undefined)
        message = `missing translation: expected a text for "${key}" in ${file.locale}, found ${describeValue(value)}`;
      else if (intlNames.of(language) === undefined)
        message = `missing translation: expected a text for "${key}" in ${file.locale} (Intl has no name for "${language}" to show instead), found nothing`;
      else continue;
      const [line, column] = positionInLocale(file, [LANGUAGE_NAMES, language]);
      issues.push({ file: file.shown, line, column, path: key, message });
    }
  }
  return issues;
}

/** Whether a locale key is a language's name (`languageNames.de`), which no locale needs from another. */
function isLanguageName(key: string): boolean {
  return key === LANGUAGE_NAMES || key.startsWith(`${LANGUAGE_NAMES}.`);
}

/** The locale keys the config itself names. */
function referencedKeys(config: Config): string[] {
  return [
    `categories.${config.app.category}`,
    ...deviceKeys(config),
    ...config.app.inAppPurchases.map((purchase) => purchase.name),
    ...config.app.reviews.flatMap((review) => [`reviews.${review.id}.title`, `reviews.${review.id}.body`]),
    ...config.app.privacy.flatMap((card) => [
      `privacy.cards.${card.id}.title`,
      `privacy.cards.${card.id}.description`,
      ...card.categories.map((category) => `privacy.categories.${category.id}`),
    ]),
  ];
}

/** `header.ratings` of `header.ratings_one`; other keys as they are. */
function baseKey(key: string): string {
  return key.replace(PLURAL_SUFFIX, '');
}

function leafKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : leafKeys(value, `${prefix}${key}.`),
  );
}

/** The value at a dotted key, without ever reading inherited properties. */
function lookup(messages: Messages, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
