// What each locale's storefront shows of the listing: its screenshots, its currency and its prices; the devices.
import { DEVICE_KEYS } from '../../page/contract/page-keys.ts';
import type { DeviceRequirement } from '../../page/contract/props.ts';
import type { Config } from './types.ts';

/** Screenshots as the config writes them: one list for every language, or lists by locale tag with `default`. */
export type ScreenshotSet = string[] | Record<string, string[]>;

/** A price as the config writes it: an amount in `app.currency`, or amounts by currency code. */
export type Money = number | Record<string, number>;

/** The entry of `map` for `locale`: its own tag, else its language alone (`de` for `de-AT`), else undefined. */
export function forLocale<T>(map: Record<string, T>, locale: string): T | undefined {
  if (Object.hasOwn(map, locale)) return map[locale];
  const language = locale.split('-')[0]!;
  return Object.hasOwn(map, language) ? map[language] : undefined;
}

/** The screenshots `set` shows in `locale`. */
export function screenshotsFor(set: ScreenshotSet, locale: string): string[] {
  if (Array.isArray(set)) return set;
  return forLocale(set, locale) ?? set.default ?? [];
}

/** Every list of a set with where it is written: `[]` for a plain list, `[tag]` for a map's entry. */
export function screenshotLists(set: ScreenshotSet): Array<{ keyPath: string[]; images: string[] }> {
  if (Array.isArray(set)) return [{ keyPath: [], images: set }];
  return Object.entries(set).map(([tag, images]) => ({ keyPath: [tag], images }));
}

/** The ISO 4217 currency of `locale`'s storefront. */
export function currencyFor(app: Config['app'], locale: string): string {
  return (app.localeCurrency && forLocale(app.localeCurrency, locale)) ?? app.currency;
}

/** The amount of `price` in `currency`, or undefined when the config gives none. */
export function amountIn(price: Money, currency: string, defaultCurrency: string): number | undefined {
  if (typeof price === 'number') return currency === defaultCurrency ? price : undefined;
  return Object.hasOwn(price, currency) ? price[currency] : undefined;
}

/** A price the config lacks in a currency one of its locales shows: where it is and which currency. */
export interface MissingPrice {
  keyPath: Array<string | number>;
  currency: string;
  locales: string[];
}

/** Every price (the app's, each in-app purchase's) lacking an amount in a currency one of `config.locales` shows. */
export function missingPrices(config: Config): MissingPrice[] {
  const { app } = config;
  const needed = new Map<string, string[]>();
  for (const locale of config.locales) {
    const currency = currencyFor(app, locale);
    needed.set(currency, [...(needed.get(currency) ?? []), locale]);
  }
  const prices: Array<{ keyPath: Array<string | number>; price: Money }> = [
    ...(app.price === 'free' ? [] : [{ keyPath: ['app', 'price'], price: app.price }]),
    ...app.inAppPurchases.map((purchase, i) => ({ keyPath: ['app', 'inAppPurchases', i, 'price'], price: purchase.price })),
  ];
  const missing: MissingPrice[] = [];
  for (const { keyPath, price } of prices)
    for (const [currency, locales] of needed)
      if (amountIn(price, currency, app.currency) === undefined) missing.push({ keyPath, currency, locales });
  return missing;
}

/** The App Store's order of devices, and the key under app.compatibility of each one's minimum system. */
const DEVICES = [
  ['iphone', 'iOS'],
  ['ipad', 'iPadOS'],
  ['mac', 'macOS'],
  ['watch', 'watchOS'],
  ['vision', 'visionOS'],
  ['tv', 'tvOS'],
] as const;

/** The Compatibility rows: the devices the config names, in the App Store's order. */
export function deviceRequirements(compatibility: Config['app']['compatibility']): DeviceRequirement[] {
  return DEVICES.flatMap(([device, key]) => {
    const version = compatibility[key];
    if (version === undefined) return [];
    return [device === 'mac' && compatibility.macChip ? { device, version, chip: compatibility.macChip } : { device, version }];
  });
}

/** The locale keys the Compatibility row of `config` shows: those of its devices. */
export function deviceKeys(config: Config): string[] {
  return deviceRequirements(config.app.compatibility).flatMap(({ device }) => DEVICE_KEYS[device]);
}
