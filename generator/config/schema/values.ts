// The value types the config's keys share: each with its pattern and the "expected ..." text its errors quote.
import { Type, type SchemaOptions, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';

/**
 * The annotation keyword holding what a value should look like, in the words of an error
 * message ("expected an https:// URL, found ..."). ajv is told it is an annotation
 * (validate.ts); editors ignore it.
 */
export const EXPECTED = 'x-expected';

/**
 * Upper bounds of the config's values: far above any real listing, low enough that a typo
 * (`1e21`) or a pasted file (a 900 KB developer name) is refused instead of rendered.
 */
export const LIMITS = {
  /** Ids, names and keys. */
  name: 64,
  /** Texts shown as written: developer, copyright, review author. */
  prose: 200,
  /** URLs and deep links. */
  url: 2048,
  /** File and folder paths. */
  path: 1024,
  version: 32,
  /** Prices in the listing currency. */
  price: 1e7,
} as const;

/** A string value of one shape: `expected` says, for error messages, what fits. */
function text(pattern: string, expected: string, maxLength: number, options: SchemaOptions = {}) {
  return Type.String({ pattern, maxLength, [EXPECTED]: expected, ...options });
}

/** One of a fixed list of values, written as JSON Schema's `enum` (its errors list the values). */
export function oneOf<const Values extends readonly (string | number)[]>(
  values: Values,
  options: SchemaOptions = {},
): TUnsafe<Values[number]> {
  return Type.Unsafe<Values[number]>({ enum: [...values], ...options });
}

/**
 * A map from keys of one shape to values of another, as `propertyNames` plus
 * `additionalProperties`: a key of the wrong shape is an error that names it (TypeBox's
 * Record would let it through as an unmatched pattern property).
 */
export function recordOf<V extends TSchema>(key: TSchema, value: V, options: SchemaOptions = {}): TUnsafe<Record<string, Static<V>>> {
  return Type.Unsafe<Record<string, Static<V>>>({ type: 'object', propertyNames: key, additionalProperties: value, ...options });
}

/**
 * Marks a key as optional in the YAML with `value` as its default: the input schema (the one
 * ajv and editors see) leaves it out of `required`, and the config after defaults has it, so
 * its TypeScript type has it too (see inputSchema in index.ts).
 */
export function defaulted<T extends TSchema>(schema: T, value: unknown): T {
  return { ...schema, default: value };
}

/** Each of these returns a fresh schema, so a key's own description never overwrites a shared one. */
export const name = (options?: SchemaOptions) =>
  text('^[A-Za-z0-9][A-Za-z0-9_-]*$', 'a name of letters, digits, "-" and "_"', LIMITS.name, options);

/**
 * A route. Which first segments the build reserves (`assets` and the locale codes) depends
 * on the config, so that is a cross-check (validate.ts), not a pattern.
 */
export const route = (options?: SchemaOptions) =>
  text('^/([a-z0-9][a-z0-9-]*)?$', 'a route: "/" or "/" and lowercase letters, digits and "-"', LIMITS.name, options);

export const messageKey = (options?: SchemaOptions) =>
  text('^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*$', 'a locale key such as iap.magicProYearly', LIMITS.path, options);

export const httpsUrl = (options?: SchemaOptions) =>
  text('^https://[^/?#\\s\\u0000-\\u001f\\u007f]+(/[^\\s\\u0000-\\u001f\\u007f]*)?$', 'an https:// URL', LIMITS.url, options);

/**
 * An https URL written into response headers as it is (a CSP's `report-uri`, the
 * `Reporting-Endpoints` dictionary, every host's configuration): ASCII URL characters only,
 * none of the quotes, commas, semicolons and spaces that would end a header field or a
 * directive early, nor the `$` nginx reads as a variable.
 */
export const headerUrl = (options?: SchemaOptions) =>
  text(
    '^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~:@%/?&=+-]*)?$',
    "an https:// URL of ASCII letters, digits and -._~:@%/?&=+ (it goes into the pages' headers as it is)",
    LIMITS.url,
    options,
  );

export const deepLink = (options?: SchemaOptions) =>
  text(
    '^(?!(javascript|data|vbscript|file|http|blob|about):)[a-z][a-z0-9+.-]*://[^\\s\\u0000-\\u001f\\u007f]*$',
    'an app deep link such as pictura://create, or an https:// URL (never javascript:, data:, vbscript:, file: or http:)',
    LIMITS.url,
    options,
  );

export const imagePath = (options?: SchemaOptions) =>
  text('^[^:]+\\.(png|jpe?g|svg|webp)$', 'a relative path to a .png, .jpg, .jpeg, .svg or .webp file', LIMITS.path, options);

/**
 * A language tag's shape: a two- or three-letter language, then subtags of letters and
 * digits. It keeps a tag safe as a folder, file and URL segment; whether it is well-formed
 * BCP 47 and canonical is Intl's call, in the cross-check (locale-tags.ts), which can then
 * say "did you mean pt-BR?" for `pt_BR` (so "_" passes here).
 */
export const languageTag = (options?: SchemaOptions) =>
  text('^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$', 'a BCP 47 language tag such as en, pt-BR or zh-Hant', LIMITS.name, options);

export const version = (options?: SchemaOptions) => text('^[0-9]+(\\.[0-9]+)*$', 'a version number such as 1.14', LIMITS.version, options);

/** A calendar date. The days of each month (February's in leap years) are a cross-check (isCalendarDate in cross-checks.ts), not a pattern. */
export const date = (options?: SchemaOptions) =>
  text('^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$', 'a date as YYYY-MM-DD', 10, options);

/** A URL path of folders: "/" or "/summer/", each segment a plain name (never "." or "..", which browsers and hosts resolve away). */
export const basePath = (options?: SchemaOptions) =>
  text(
    '^/((?!\\.\\.?/)[A-Za-z0-9._~-]+/)*$',
    'a URL path of folders such as / or /summer/: letters, digits and -._~, each folder ending in "/", none of them "." or ".."',
    LIMITS.path,
    options,
  );

/**
 * An ad network's id, optional: text of the network's shape, or null, with which a campaign turns
 * off a network the top level turns on (the merge puts the null in place of the id).
 */
export function networkId(pattern: string, expected: string, description: string) {
  return Type.Optional(
    Type.Union([Type.String({ pattern, maxLength: LIMITS.name }), Type.Null()], {
      [EXPECTED]: `${expected}, or null for none`,
      description,
    }),
  );
}

/** Non-empty text shown as written. */
export const prose = (description: string) => Type.String({ minLength: 1, maxLength: LIMITS.prose, description });
