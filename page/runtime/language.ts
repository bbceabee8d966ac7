// Language fallback: a plain route in the default locale switches in place to the visitor's language when the host could not negotiate it.
import { preferredLocale } from '../edge/negotiate.ts';
import type { Islands } from './hydration.ts';
import { afterLoad, safely } from './schedule.ts';
import type { RuntimeConfig } from '../contract/runtime-config.ts';

/** The event the runtime dispatches on a switch of language, for the parts that follow it (the consent prompt). */
export const LOCALE_EVENT = 'store-landing:locale';

export interface LocaleEventDetail {
  locale: string;
  /** The new page's embedded PageTexts JSON (page-props.ts), for the consent prompt. */
  pageTexts: unknown;
  /** The new page's embedded `IslandProps` JSON, which the hydrated islands re-render from. */
  islandProps: unknown;
}

/** True when a path segment is a locale (`/de/feature1`, `/summer/fr/`): the visitor chose a language. */
export function hasLocaleSegment(pathname: string, locales: readonly string[]): boolean {
  return pathname.split('/').some((segment) => segment !== '' && locales.includes(segment));
}

/** The page's hreflang alternates: language tag (and `x-default`) -> the URL of this route in it. */
export function pageAlternates(doc: Pick<Document, 'querySelectorAll'>): Map<string, string> {
  const hrefs = new Map<string, string>();
  for (const link of doc.querySelectorAll('link[rel="alternate"][hreflang]')) {
    hrefs.set(link.getAttribute('hreflang')!, link.getAttribute('href')!);
  }
  return hrefs;
}

/**
 * The campaign's default locale, the plain routes' language, as the page's hreflang alternates
 * say it: the locale whose URL is the x-default one. Null for a page without them.
 */
export function plainRouteLocale(alternates: ReadonlyMap<string, string>): string | null {
  const plain = alternates.get('x-default');
  for (const [lang, href] of alternates) if (lang !== 'x-default' && href === plain) return lang;
  return null;
}

/**
 * The locale to switch to, or null: only on a plain route (no locale segment) served in the
 * default locale, as a host that negotiates nothing serves it, when the negotiation gives
 * another locale whose page of this route the alternates name. A plain route in another locale
 * was chosen by a host from the request's Accept-Language, which stays the authority: an in-app
 * browser's `navigator.languages` may differ from the header it sends. Without alternates
 * saying which locale is the default, the page's locale stands for it.
 */
export function fallbackLocale(
  config: Pick<RuntimeConfig, 'locale' | 'locales'>,
  pathname: string,
  languages: readonly string[],
  alternates: ReadonlyMap<string, string>,
): string | null {
  const defaultLocale = plainRouteLocale(alternates);
  if (hasLocaleSegment(pathname, config.locales) || (defaultLocale !== null && config.locale !== defaultLocale)) return null;
  const locale = preferredLocale(languages, config.locales, config.locale);
  if (locale === config.locale) return null;
  return alternates.has(locale) ? locale : null;
}

/**
 * Where to fetch the page an alternate names: on this origin, whatever origin the alternate has
 * (a build's `siteUrl` may name the production host while a preview serves the same files).
 */
export function sameOriginUrl(href: string, location: Pick<Location, 'href' | 'origin'>): string {
  const url = new URL(href, location.href);
  return url.origin === location.origin ? url.href : url.pathname;
}

/** The part of `fetch` the page download needs. */
export type FetchLike = (url: string) => Promise<{ ok: boolean; headers: { get(name: string): string | null }; text(): Promise<string> }>;

/** Fetches one page of another locale: its HTML, or null on any failure or an answer that is not HTML (silent by design). */
export async function fetchLocalePage(fetchFn: FetchLike, url: string): Promise<string | null> {
  try {
    const response = await fetchFn(url);
    if (!response.ok || !/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) return null;
    return await response.text();
  } catch {
    return null;
  }
}

/** Announces the switch (the consent prompt follows it in the new language). */
export function dispatchLocale(doc: Document, detail: LocaleEventDetail): void {
  doc.dispatchEvent(new CustomEvent<LocaleEventDetail>(LOCALE_EVENT, { detail }));
}

/**
 * Switches a plain route's page to the visitor's language after load, silently or not at all:
 * the same route's page in that language (the page's hreflang alternate) is fetched and morphed
 * into this one (locale-switch.ts, loaded only then); a page that fails to load or is not one of
 * this build's is refused, and the server-rendered page stays. React is not needed: islands not
 * yet hydrated are morphed like the rest; if hydration has begun, the switch waits for it and
 * the islands re-render from the new page's props.
 */
export function switchLanguageIfPreferred(win: Window, config: RuntimeConfig, islands: Islands): void {
  const alternates = pageAlternates(win.document);
  const locale = fallbackLocale(config, win.location.pathname, win.navigator.languages ?? [], alternates);
  if (!locale) return;
  const html = fetchLocalePage((url) => win.fetch(url), sameOriginUrl(alternates.get(locale)!, win.location));
  afterLoad(win, () => {
    Promise.all([html, import('./locale-switch.ts')])
      .then(async ([text, { readLocalePage, switchToPage }]) => {
        const page = text === null ? null : readLocalePage(text, locale, win.document, new DOMParser());
        if (!page) return;
        const hydrated = islands.started();
        if (hydrated) await islands.start();
        safely(() => {
          switchToPage(win.document, page, hydrated);
          if (hydrated) islands.switchTo(page.islandProps);
          dispatchLocale(win.document, { locale, pageTexts: page.pageTexts, islandProps: page.islandProps });
        });
      })
      .catch(() => {
        // The switch's code or React did not load: the page stays in English, which still works.
      });
  });
}
