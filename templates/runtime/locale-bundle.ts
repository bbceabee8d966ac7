// Checks a fetched locale bundle against the page's own props before the page re-renders from it: a wrong shape is refused.
import type { PagePropsLike } from './page-props.ts';

/** i18next's plural suffixes: a locale may have other plural forms of a key than English has. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(record: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/**
 * True when `value` has the shape of `reference`, as JSON: the same type at every place the
 * reference has a value; every key of a reference object present (more keys allowed); arrays
 * as long as the reference's, element by element; a string non-empty where the reference's is.
 * The check only follows the reference, so a huge or deep `value` costs no more than the page's own props.
 */
export function matchesShape(value: unknown, reference: unknown): boolean {
  if (reference === null) return value === null;
  if (Array.isArray(reference)) {
    return Array.isArray(value) && value.length === reference.length && reference.every((item, index) => matchesShape(value[index], item));
  }
  if (isRecord(reference)) {
    return isRecord(value) && Object.keys(reference).every((key) => has(value, key) && matchesShape(value[key], reference[key]));
  }
  if (typeof reference === 'string') return typeof value === 'string' && (reference === '' || value !== '');
  if (typeof reference === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === typeof reference;
}

/**
 * True when `messages` has every message the page's `reference` messages have: the same nested
 * keys with strings at the leaves (non-empty where the reference's is). A plural key
 * (`items_one`) counts as present when any plural form of it is (`items_few`): languages differ there.
 */
export function hasEveryMessage(messages: unknown, reference: unknown): boolean {
  if (!isRecord(messages) || !isRecord(reference)) return false;
  return Object.entries(reference).every(([key, expected]) => {
    if (isRecord(expected)) return hasEveryMessage(messages[key], expected);
    if (has(messages, key)) return matchesShape(messages[key], expected);
    const plural = PLURAL_SUFFIX.exec(key);
    if (!plural) return false;
    const base = key.slice(0, plural.index);
    return Object.keys(messages).some((other) => other.startsWith(base + '_') && PLURAL_SUFFIX.test(other) && matchesShape(messages[other], expected));
  });
}

/**
 * True when a fetched bundle can replace the page's text: `{ locale, messages, listing }` with
 * `locale` the one asked for, every message of the page, and a listing of the page listing's
 * shape. Without the page's own props to compare with, nothing is accepted: the server-rendered
 * page stays, which is always better than an empty page or raw keys.
 */
export function isUsableBundle(bundle: unknown, locale: string, page: PagePropsLike | null): boolean {
  if (!isRecord(bundle) || !page || bundle.locale !== locale) return false;
  if (!isRecord(page.messages) || !isRecord(page.listing)) return false;
  return hasEveryMessage(bundle.messages, page.messages) && matchesShape(bundle.listing, page.listing);
}
