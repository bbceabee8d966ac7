// Language fallback: a plain route in the default locale switches in place to the visitor's language when the host could not negotiate it.
import { preferredLocale } from '../negotiate.ts';
import type { RuntimeConfig } from './types.ts';

/** The event the React side listens for to re-render in another language. */
export const LOCALE_EVENT = 'store-landing:locale';

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
 * The campaign's default locale, the plain routes' language, as the page's hreflang alternates
 * say it: the locale whose URL is the x-default one. Null for a page without them.
 */
export function plainRouteLocale(doc: Pick<Document, 'querySelectorAll'>): string | null {
  const hrefs = new Map<string, string>();
  for (const link of doc.querySelectorAll('link[rel="alternate"][hreflang]')) {
    hrefs.set(link.getAttribute('hreflang')!, link.getAttribute('href')!);
  }
  const plain = hrefs.get('x-default');
  for (const [lang, href] of hrefs) if (lang !== 'x-default' && href === plain) return lang;
  return null;
}

/**
 * The locale to switch to, or null: only on a plain route (no locale segment) served in the
 * default locale, as a host that negotiates nothing serves it, when the negotiation gives
 * another locale that has a translation bundle. A plain route in another locale was chosen
 * by a host from the request's Accept-Language, which stays the authority: an in-app browser's
 * `navigator.languages` may differ from the header it sends. `defaultLocale` is
 * plainRouteLocale's answer; unknown (null), the page's locale stands for it.
 */
export function fallbackLocale(
  config: Pick<RuntimeConfig, 'locale' | 'locales' | 'translations'>,
  pathname: string,
  languages: readonly string[],
  defaultLocale: string | null,
): string | null {
  if (hasLocaleSegment(pathname, config.locales) || (defaultLocale !== null && config.locale !== defaultLocale)) return null;
  const locale = preferredLocale(languages, config.locales, config.locale);
  if (locale === config.locale) return null;
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
