// The config's listing facts side by side with the App Store's, each with whether they agree within its tolerance.
import type { StoreFacts } from './lookup.ts';

/** One fact: where the config writes it, its value there and the store's, and whether they agree. */
export interface FactRow {
  fact: string;
  /** Key path under the config's top level, e.g. `['app', 'rating']`. */
  keyPath: string[];
  /** Undefined when the config does not write the fact. */
  config: string | number | undefined;
  store: string | number;
  agrees: boolean;
  /** How close counts as agreeing, in words. */
  tolerance: string;
}

/** The listing facts of a config's `app` that the store also holds (read loosely: the config may not be valid). */
export type ConfigApp = Record<string, unknown> & { compatibility?: Record<string, unknown> };

/**
 * Every fact compared: rating within 0.1; count and size within 5 per cent; version, age
 * rating, minimum iOS and release date equal (the minimum iOS by number: 15 is 15.0).
 */
export function compareFacts(app: ConfigApp, store: StoreFacts): FactRow[] {
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
  const row = (
    fact: string,
    keyPath: string[],
    config: string | number | undefined,
    storeValue: string | number,
    tolerance: string,
    agree: (a: never, b: never) => boolean,
  ): FactRow => ({
    fact,
    keyPath,
    config,
    store: storeValue,
    tolerance,
    agrees: config !== undefined && agree(config as never, storeValue as never),
  });
  const within = (share: number) => (a: number, b: number) => Math.abs(a - b) <= share * Math.max(Math.abs(b), 1);
  const equal = (a: string, b: string) => a === b;
  return [
    row('rating', ['app', 'rating'], number(app.rating), store.rating, '± 0.1', (a: number, b: number) => Math.abs(a - b) <= 0.1 + 1e-9),
    row('ratings', ['app', 'ratingCount'], number(app.ratingCount), store.ratingCount, '± 5 %', within(0.05)),
    row('version', ['app', 'version'], text(app.version), store.version, 'equal', equal),
    row('size (MB)', ['app', 'sizeMB'], number(app.sizeMB), store.sizeMB, '± 5 %', within(0.05)),
    row('age rating', ['app', 'ageRating'], text(app.ageRating), store.ageRating, 'equal', equal),
    row('minimum iOS', ['app', 'compatibility', 'iOS'], text(app.compatibility?.iOS), store.minimumOs, 'equal', sameVersion),
    row('release date', ['app', 'releaseDate'], text(app.releaseDate), store.releaseDate, 'equal', equal),
  ];
}

/** `15` and `15.0` are one version: trailing zero parts aside. */
function sameVersion(a: string, b: string): boolean {
  const parts = (version: string) =>
    version
      .split('.')
      .map(Number)
      .join('.')
      .replace(/(\.0)+$/, '');
  return parts(a) === parts(b);
}
