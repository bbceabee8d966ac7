// The page's own labels that ship with the tool (page/locales/<tag>.json), laid under each project's locale file.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Messages } from '../../page/contract/props.ts';

/** Where the shipped labels are: in the package, beside the page's code. */
export const SHIPPED_LABELS_DIR = fileURLToPath(new URL('../../page/locales/', import.meta.url));

/** CLDR's plural categories, which i18next takes as key suffixes (`header.ratings_one`). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The tags the tool ships labels for (`en`, `pt-BR`, `zh-Hant`, ...), sorted. */
export function shippedLabelTags(): string[] {
  return readdirSync(SHIPPED_LABELS_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

/**
 * The shipped tag whose labels a locale takes: its own, else the closest by Intl's likely
 * subtags (`zh-TW` -> `zh-Hant`, `pt` -> `pt-BR`, `de-AT` -> `de`), else another region of its
 * language; undefined for a language the tool has no labels of.
 */
export function shippedTagFor(locale: string, tags: string[] = shippedLabelTags()): string | undefined {
  let likely: Intl.Locale;
  try {
    likely = new Intl.Locale(locale).maximize();
  } catch {
    return undefined;
  }
  const { language, script, region } = likely;
  const candidates = [locale, `${language}-${script}`, `${language}-${region}`, language];
  return candidates.find((tag) => tags.includes(tag)) ?? tags.find((tag) => tag.split('-')[0] === language);
}

/** The labels the tool ships for `locale` (shippedTagFor), or none. */
export function shippedLabelsFor(locale: string): Messages {
  const tag = shippedTagFor(locale);
  if (tag === undefined) return {};
  return JSON.parse(readFileSync(`${SHIPPED_LABELS_DIR}${tag}.json`, 'utf8')) as Messages;
}

/**
 * The project's messages over the tool's labels: every text the project writes wins, and a key
 * it writes in any form (`header.ratings`, or `header.ratings_one`, ...) replaces all the tool's
 * forms of that key, so a single text for every count is never shadowed by a shipped plural form.
 */
export function withShippedLabels(own: Messages, labels: Messages): Messages {
  const written = new Set(Object.keys(own).map((key) => key.replace(PLURAL_SUFFIX, '')));
  // The project's keys first, in its order; then the labels it leaves to the tool.
  const merged: Messages = {};
  for (const [key, value] of Object.entries(own)) {
    const shipped = Object.hasOwn(labels, key) ? labels[key] : undefined;
    merged[key] = typeof value === 'object' && typeof shipped === 'object' ? withShippedLabels(value, shipped) : value;
  }
  for (const [key, value] of Object.entries(labels)) {
    if (!Object.hasOwn(merged, key) && !(typeof value === 'string' && written.has(key.replace(PLURAL_SUFFIX, '')))) merged[key] = value;
  }
  return merged;
}
