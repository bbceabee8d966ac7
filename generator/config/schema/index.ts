// The config (variants.yaml) defined once: the JSON Schema ajv validates with, editors read and
// docs/config.md documents; types and defaults follow from it.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { FALLBACK_LANGUAGE } from '../../../page/edge/negotiate.ts';
import { MAX_ASPECT, MAX_IMAGE_PIXELS } from '../../shared/image-limits.ts';
import { app } from './app.ts';
import { screenshots } from './screenshots.ts';
import { tracking } from './tracking.ts';
import { basePath, defaulted, EXPECTED, headerUrl, imagePath, LIMITS, languageTag, name, oneOf, recordOf, route } from './values.ts';

/**
 * Screenshots: one list for every language, or a map of locale tag to list with `default` for the
 * languages it does not name (`{ default: [...], ja: [...] }`).
 */
function screenshotSet(list: { minItems: number; description: string }) {
  const images = (options: { minItems: number }) => Type.Array(imagePath(), { ...options, maxItems: 20 });
  // An `anyOf` written out (Type.Unsafe): TypeBox's Union cannot fill defaults around a map.
  return Type.Unsafe<string[] | Record<string, string[]>>({
    anyOf: [
      images({ minItems: list.minItems }),
      recordOf(
        Type.String({
          pattern: '^(default|[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*)$',
          maxLength: LIMITS.name,
          [EXPECTED]: 'default or a locale tag such as ja or pt-BR',
        }),
        images({ minItems: list.minItems }),
        { properties: { default: images({ minItems: list.minItems }) }, required: ['default'], maxProperties: 101 },
      ),
    ],
    [EXPECTED]: 'a list of images, or a map of locale tag to list with a default list',
    description: `${list.description} A list for every language, or a map of locale tag to list with default for the others ({ default: [...], ja: [...] }).`,
  });
}

const variant = Type.Object(
  {
    name: name({ description: "The variant's name; also its split-test landing type." }),
    path: route({ description: 'The route: / or /<name>.' }),
    screenshots: screenshotSet({
      minItems: 1,
      description: `The variant's own screenshots, shown before the shared ones: PNG, JPEG, WebP or SVG, at most ${MAX_IMAGE_PIXELS / 1e6} megapixels, the long side at most ${MAX_ASPECT.screenshot} times the short one.`,
    }),
  },
  { additionalProperties: false },
);

const braintreeComponents = [
  'client',
  'data-collector',
  'hosted-fields',
  'paypal-checkout',
  'venmo',
  'apple-pay',
  'google-payment',
  'three-d-secure',
  'local-payment',
  'sepa',
  'vault-manager',
] as const;

const payments = Type.Object(
  {
    braintree: Type.Object(
      {
        enabled: Type.Boolean({ description: 'Load the SDK at all.' }),
        source: oneOf(['cdn', 'self-hosted'], {
          description: "cdn: the provider's CDN; self-hosted: bundled from the npm package into hashed assets with SRI.",
        }),
        components: Type.Array(oneOf(braintreeComponents), {
          minItems: 1,
          uniqueItems: true,
          description: 'SDK components to load, in order.',
        }),
      },
      { additionalProperties: false, description: 'braintree-web, pinned at exactly 3.100.0 in package.json.' },
    ),
  },
  {
    additionalProperties: false,
    description: 'The payment SDK the page loads (it never starts a payment flow). Absent: no payment SDK at all, in no page.',
  },
);

const security = Type.Object(
  {
    cspReportUri: Type.Optional(
      headerUrl({
        description:
          "Where browsers report what the pages' Content-Security-Policy blocked (report-uri and report-to, with a Reporting-Endpoints header), and what a Trusted Types policy would block (a report-only header): an endpoint accepting application/csp-report and application/reports+json. Absent: no reporting headers at all.",
      }),
    ),
  },
  { additionalProperties: false, description: 'Security headers beyond the strict defaults every page has.' },
);

/** Landing type -> paywall type -> weight in per cent. */
const splitTest = recordOf(name(), recordOf(name(), Type.Number({ minimum: 0, maximum: 100 }), { maxProperties: 50 }), {
  maxProperties: 50,
  description: 'Landing type -> paywall type -> weight in per cent (summing to at most 100).',
});

/** The settings of one campaign after its overrides are merged and the defaults applied. */
export const configSchema = Type.Object(
  {
    locales: Type.Array(languageTag(), {
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
      // Every campaign is built in the fallback language, whatever else it lists.
      contains: Type.Literal(FALLBACK_LANGUAGE),
      description:
        'Languages to render every page in: BCP 47 tags as Intl spells them (en, ja, pt-BR, zh-Hant, ar), each with a translation file of its name in localesDir (pt-BR.json). English is the fallback and must be listed.',
    }),
    defaultLocale: defaulted(
      languageTag({
        description:
          "The language of the plain routes (/, /feature1, ...) and of the 404 page; one of locales. The other locales' pages are in a folder of their tag (/pt-BR/feature1).",
      }),
      FALLBACK_LANGUAGE,
    ),
    localesDir: defaulted(
      Type.String({
        minLength: 1,
        maxLength: LIMITS.path,
        description: 'Folder of the i18next resources <lang>.json, relative to this file and inside its folder (links are followed).',
      }),
      'locales',
    ),
    basePath: defaulted(basePath({ description: 'The URL path the pages are hosted under; asset URLs start with it.' }), '/'),
    siteUrl: Type.Optional(
      Type.String({
        pattern: '^https://[^/?#\\s]+$',
        maxLength: LIMITS.url,
        description:
          'Origin the pages are published at, for absolute hreflang and canonical links and the share previews (og:url, og:image and twitter:image must be absolute URLs: without siteUrl the pages have no share image and no og:url). Optional.',
      }),
    ),
    app,
    variants: Type.Array(variant, {
      minItems: 1,
      maxItems: 50,
      description: "One page per variant and locale. The variant's name is its split-test landing type.",
    }),
    sharedScreenshots: screenshotSet({ minItems: 0, description: "Images appended to every variant's screenshots." }),
    tracking,
    splitTest,
    payments: Type.Optional(payments),
    security: defaulted(security, {}),
    screenshots: defaulted(screenshots, {}),
  },
  { additionalProperties: false },
);

/** The whole file: the top-level settings and the campaigns that override them. */
export const fileSchema = Type.Object(
  {
    ...configSchema.properties,
    campaigns: Type.Optional(
      recordOf(name(), Type.Object({}), {
        maxProperties: 10000,
        description: 'Named campaigns; each overrides any top-level setting (objects merge, lists replace).',
      }),
    ),
  },
  {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://store-landing.dev/variants.schema.json',
    title: 'store-landing config (variants.yaml)',
    description:
      "Listing facts, variants, locales, tracking, split tests and payment SDK settings of one app's landing pages. Prose lives in locales/<lang>.json; this file names keys. Paths are relative to the YAML file and stay inside its folder, links followed.",
    additionalProperties: false,
  },
);

/** One campaign's settings, every default filled in. */
export type Config = Static<typeof configSchema>;

/** The schema of what is written in the YAML: keys with a default are not required there. */
export function inputSchema<T extends TSchema>(schema: T): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, VALUE_KEYWORDS.has(key) ? value : walk(value)]));
    const properties = copy.properties as Record<string, { default?: unknown }> | undefined;
    if (properties && Array.isArray(copy.required))
      setRequired(
        copy,
        copy.required.filter((key: string) => properties[key]?.default === undefined),
      );
    return copy;
  };
  return walk(schema) as T;
}

/**
 * The schema of a campaign's overrides: nothing required along the object keys (a campaign
 * names only what it changes), lists still whole, no nested campaigns.
 */
export function overrideSchema(file: typeof fileSchema): TSchema {
  const relax = (node: Record<string, unknown>): Record<string, unknown> => {
    if (!node.properties) return node;
    const properties = Object.entries(node.properties as Record<string, Record<string, unknown>>).map(([key, value]) => [
      key,
      relax(value),
    ]);
    const copy = { ...node, properties: Object.fromEntries(properties) };
    setRequired(copy, []);
    return copy;
  };
  const { campaigns: _, ...properties } = file.properties;
  const { $id: _id, $schema: _schema, ...rest } = file;
  return relax({ ...rest, properties }) as unknown as TSchema;
}

/** Keywords whose value is data, not a schema: never walked into. */
const VALUE_KEYWORDS = new Set(['default', 'const', 'enum', 'examples']);

function setRequired(node: Record<string, unknown>, required: string[]) {
  if (required.length) node.required = required;
  else delete node.required;
}
