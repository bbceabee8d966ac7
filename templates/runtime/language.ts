// Language fallback: a plain English route switches in place to the visitor's de/es/fr when the host could not.
import type { RuntimeConfig } from './types.ts';

/** The event the React side listens for to re-render in another language. */
export const LOCALE_EVENT = 'store-landing:locale';

/** The locale every plain route is rendered in. */
const PLAIN_ROUTE_LOCALE = 'en';

export interface LocaleEventDetail {
  locale: string;
  /** The locale's `LocaleBundle` JSON, as fetched. */
  bundle: unknown;
}

/** True when a path segment is a locale (`/de/feature1`, `/summer/fr/`): the visitor chose a language. */
export function hasLocaleSegment(pathname: string, locales: readonly string[]): boolean {
  return pathname.split('/').some((segment) => segment !== '' && locales.includes(segment));
}

/**
 * The visitor's language among `supported`: the first entry of `navigator.languages` whose
 * primary subtag (`de` of `de-AT`, case-insensitive) is supported; null when none is.
 */
export function preferredLocale(languages: readonly string[], supported: readonly string[]): string | null {
  for (const language of languages) {
    const primary = language.split('-')[0]!.toLowerCase();
    if (supported.includes(primary)) return primary;
  }
  return null;
}

/**
 * The locale to switch to, or null: only on a plain route (no locale segment) rendered in
 * English, when the visitor's first supported language is another one with a translation bundle.
 */
export function fallbackLocale(
  config: Pick<RuntimeConfig, 'locale' | 'locales' | 'translations'>,
  pathname: string,
  languages: readonly string[],
): string | null {
  if (config.locale !== PLAIN_ROUTE_LOCALE || hasLocaleSegment(pathname, config.locales)) return null;
  const locale = preferredLocale(languages, config.locales);
  if (!locale || locale === config.locale) return null;
  return Object.prototype.hasOwnProperty.call(config.translations, locale) ? locale : null;
}

/** The part of `fetch` the bundle download needs. */
export type FetchLike = (url: string) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

/** Fetches one locale bundle: its JSON object, or null on any failure (silent by design). */
export async function fetchLocaleBundle(fetchFn: FetchLike, url: string): Promise<unknown> {
  try {
    const response = await fetchFn(url);
    if (!response.ok) return null;
    const bundle = await response.json();
    return typeof bundle === 'object' && bundle !== null && !Array.isArray(bundle) ? bundle : null;
  } catch {
    return null;
  }
}

/** Announces the switch; the React side re-renders from `detail.bundle`. */
export function dispatchLocale(doc: Document, detail: LocaleEventDetail): void {
  doc.dispatchEvent(new CustomEvent<LocaleEventDetail>(LOCALE_EVENT, { detail }));
}
