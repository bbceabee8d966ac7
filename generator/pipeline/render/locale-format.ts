// How a locale writes the listing's numbers, prices, dates, lists and language names: Intl, once per locale
// of a build, on the build machine only.
import type { Locale } from '../../../page/contract/props.ts';
import { intlLanguageNames } from '../../config/locale-tags.ts';

/** The formatters of one locale. */
export interface LocaleFormat {
  /** A rating, always with one decimal: `4.5`, `4,5`. */
  rating(value: number): string;
  /** A count in the short form the App Store uses: `25.6K`, `25,6 k`, `2.6万`, `25.6 ألف`. */
  compact(value: number): string;
  /** A number with up to one decimal: `64.7`, `64,7`. */
  decimal(value: number): string;
  /** A price in `currency`: `$39.99`, `39,99 $US`, `US$ 39,99`. */
  money(value: number, currency: string): string;
  /** A calendar day written YYYY-MM-DD, in the locale's medium style: `Oct 14, 2025`, `2025/10/14`. */
  day(isoDate: string): string;
  /** Names joined as the locale writes a list: `English, French`, `英語、フランス語`, `الإنجليزية والفرنسية`. */
  list(names: string[]): string;
  /** The name Intl gives a language in the locale (`de` in fr: `allemand`); undefined when it has none (config/locale-tags.ts). */
  languageName(tag: string): string | undefined;
  /** The locale's digits (`latn`, `arab`, ...): the page formats its small numbers with them, the same in every browser. */
  numberingSystem: string;
}

/**
 * The formatters of each locale a build renders, made on first use: making one takes longer than
 * a thousand uses. Everything the page shows that Intl formats is formatted here, at build time:
 * a phone's own ICU may write a compact number, a price or a list differently (other data
 * versions), and text that differs from the server's would fail hydration.
 */
export class LocaleFormats {
  private readonly formats = new Map<Locale, LocaleFormat>();

  /** The formatters of `locale`. */
  get(locale: Locale): LocaleFormat {
    let format = this.formats.get(locale);
    if (!format) this.formats.set(locale, (format = createLocaleFormat(locale)));
    return format;
  }
}

function createLocaleFormat(locale: Locale): LocaleFormat {
  const number = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options);
  const rating = number({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const compact = number({ notation: 'compact', maximumFractionDigits: 1 });
  const decimal = number({ maximumFractionDigits: 1 });
  // Dates are calendar days: formatted in UTC, so every build machine prints the same day.
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  // "narrow": English and French join with commas alone, as the App Store lists languages; others with their own "and".
  const list = new Intl.ListFormat(locale, { type: 'conjunction', style: 'narrow' });
  const languageNames = intlLanguageNames(locale);
  const currencies = new Map<string, Intl.NumberFormat>();
  return {
    rating: (value) => rating.format(value),
    compact: (value) => compact.format(value),
    decimal: (value) => decimal.format(value),
    money: (value, currency) => {
      let money = currencies.get(currency);
      if (!money) currencies.set(currency, (money = number({ style: 'currency', currency })));
      return money.format(value);
    },
    day: (isoDate) => day.format(new Date(`${isoDate}T00:00:00Z`)),
    list: (names) => list.format(names),
    languageName: (tag) => languageNames.of(tag),
    numberingSystem: rating.resolvedOptions().numberingSystem,
  };
}
