// Translation for the page: one synchronous i18next instance per page, shared through React context on server and client.
import i18next from 'i18next';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale, Messages } from '../contract/props.ts';

/** Interpolation values of one message, e.g. `{ count: '25.6K' }`. */
export type TranslateOptions = Record<string, unknown>;

/** Looks up a message key (`header.get`) and fills in its `{{placeholders}}`. */
export type Translate = (key: string, options?: TranslateOptions) => string;

/**
 * Builds the translator of one page from that locale's i18next resources.
 * Initialised synchronously, so the first render already has every string and the
 * server HTML and the hydrated DOM come from the same lookups.
 */
export function createTranslator(locale: Locale, messages: Messages): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    resources: { [locale]: { translation: messages } },
    // Only this locale's messages are embedded in the page; `validate` guarantees they are complete.
    fallbackLng: false,
    initAsync: false,
    // React escapes text itself; escaping here too would show `&amp;` on the page.
    interpolation: { escapeValue: false },
  });
  // Most lookups have no values to fill in: each such message is looked up once.
  const plain = new Map<string, string>();
  return (key, options) => {
    if (options) return String(instance.t(key, options as never));
    let message = plain.get(key);
    if (message === undefined) plain.set(key, (message = String(instance.t(key))));
    return message;
  };
}

/**
 * Translators made once and reused: the build renders every page of a locale from one
 * messages object, and an i18next instance is costly to set up per page. The build holds
 * one per run (never in module scope); the browser, which renders one page, needs none.
 */
export class TranslatorCache {
  private readonly byMessages = new WeakMap<Messages, Map<Locale, Translate>>();

  /** The translator of `locale` over `messages`. */
  get(locale: Locale, messages: Messages): Translate {
    let byLocale = this.byMessages.get(messages);
    if (!byLocale) this.byMessages.set(messages, (byLocale = new Map()));
    let translate = byLocale.get(locale);
    if (!translate) byLocale.set(locale, (translate = createTranslator(locale, messages)));
    return translate;
  }
}

/**
 * The options of a message whose words depend on a number (i18next plural keys such as
 * `header.ratings_one` / `header.ratings_other`): `count` picks the form by the locale's
 * plural rules, while `{{count}}` shows `shown`, the number as the page writes it (`25.6K`).
 */
export function plural(count: number, shown: string, values: TranslateOptions = {}): TranslateOptions {
  return { count, replace: { ...values, count: shown } };
}

/** Writes a small whole number (a position, a share in per cent) in the page's digits. */
export type FormatNumber = (value: number) => string;

const TranslateContext = createContext<Translate | null>(null);
const NumberContext = createContext<FormatNumber>(String);
/** The build's TranslatorCache, given to the server render (entry-server.tsx); absent in the browser. */
export const TranslatorCacheContext = createContext<TranslatorCache | null>(null);

/**
 * Makes the translator of `locale` available to every `useT()` below it, and with
 * `numberingSystem` (the build's choice for the locale, Listing.numberingSystem) the number
 * format of `useNumber()`.
 */
export function I18nProvider(props: { locale: Locale; messages: Messages; numberingSystem?: string; children: ReactNode }) {
  const { locale, messages, numberingSystem, children } = props;
  const cache = useContext(TranslatorCacheContext);
  const translate = useMemo(() => (cache ? cache.get(locale, messages) : createTranslator(locale, messages)), [cache, locale, messages]);
  const formatNumber = useMemo(() => numberFormatter(locale, numberingSystem), [locale, numberingSystem]);
  return (
    <TranslateContext.Provider value={translate}>
      <NumberContext.Provider value={formatNumber}>{children}</NumberContext.Provider>
    </TranslateContext.Provider>
  );
}

/**
 * Small whole numbers in the given digits and no grouping: the same text from any ICU, so
 * the server's HTML and the hydrating browser agree. Anything richer (decimals, compact
 * counts, prices, dates) is formatted by the build and comes in the props.
 */
export function numberFormatter(locale: Locale, numberingSystem: string | undefined): FormatNumber {
  if (!numberingSystem) return String;
  const format = new Intl.NumberFormat(locale, { numberingSystem, useGrouping: false, maximumFractionDigits: 0 });
  return (value) => format.format(value);
}

/** The number format of the nearest `I18nProvider`: the page's digits for small whole numbers. */
export function useNumber(): FormatNumber {
  return useContext(NumberContext);
}

/** The translator of the nearest `I18nProvider`; throws outside one, where every string would be missing. */
export function useT(): Translate {
  const translate = useContext(TranslateContext);
  if (!translate) throw new Error('useT() was called outside <I18nProvider>; wrap the page in it.');
  return translate;
}
