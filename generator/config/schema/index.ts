// The config (variants.yaml) defined once: the JSON Schema ajv validates with, editors read and
// docs/config.md documents; types and defaults follow from it.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { FALLBACK_LANGUAGE } from '../../../page/edge/negotiate.ts';
import { MAX_ASPECT, MAX_IMAGE_PIXELS } from '../../shared/image-limits.ts';
import { app } from './app.ts';
import {
  basePath,
  defaulted,
  LIMITS,
  deepLink,
  EXPECTED,
  headerUrl,
  httpsUrl,
  imagePath,
  languageTag,
  name,
  networkId,
  oneOf,
  recordOf,
  route,
} from './values.ts';

const variant = Type.Object(
  {
    name: name({ description: "The variant's name; also its split-test landing type." }),
    path: route({ description: 'The route: / or /<name>.' }),
    screenshots: Type.Array(imagePath(), {
      minItems: 1,
      maxItems: 20,
      description: `The variant's own screenshots, shown before the shared ones: PNG, JPEG, WebP or SVG, at most ${MAX_IMAGE_PIXELS / 1e6} megapixels, the long side at most ${MAX_ASPECT.screenshot} times the short one.`,
    }),
  },
  { additionalProperties: false },
);

const appsflyer = Type.Object(
  {
    webAppId: Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$', description: 'The AppsFlyer web app id the Web SDK is loaded with.' }),
    smartScript: defaulted(
      Type.Boolean({ description: 'Load the OneLink Smart Script to build the install link (our own builder is the fallback).' }),
      true,
    ),
    oneLink: Type.Object(
      {
        base: httpsUrl({ description: 'The OneLink template URL the attributed link is built on.' }),
        default: httpsUrl({ description: "The install link used until the visitor's tracking cookies exist, and with JavaScript off." }),
      },
      { additionalProperties: false, description: 'The OneLink install links.' },
    ),
    qrCode: defaulted(
      Type.Object(
        {
          enabled: defaulted(Type.Boolean({ description: 'Show the QR code on desktop.' }), false),
          size: defaulted(Type.Integer({ minimum: 64, maximum: 1024, description: 'Its size in px.' }), 256),
        },
        { additionalProperties: false, description: 'A QR code of the install link for desktop visitors.' },
      ),
      {},
    ),
    impressionPixel: defaulted(Type.Boolean({ description: 'Fire the OneLink impression pixel.' }), false),
  },
  { additionalProperties: false, description: 'AppsFlyer Web SDK, Smart Script and OneLink settings.' },
);

const tracking = Type.Object(
  {
    metaPixelId: networkId(
      '^[0-9]{1,20}$',
      'a Meta pixel id of digits, such as 1234567890123456',
      'The Meta pixel id: PageView on load, AddToCart on a tap. Absent or null: no Meta pixel.',
    ),
    tiktokPixelId: networkId(
      '^[A-Z0-9]{20}$',
      'a TikTok pixel id of 20 capital letters and digits, such as C4A1B2C3D4E5F6G7H8I9',
      'The TikTok pixel id: a page view on load, ClickButton on a tap. Absent or null: no TikTok pixel.',
    ),
    snapPixelId: networkId(
      '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      'a Snap Pixel id (a UUID), such as 1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      'The Snap Pixel id: PAGE_VIEW on load, SIGN_UP on a tap. Absent or null: no Snap Pixel.',
    ),
    googleTagId: networkId(
      '^(G-[A-Z0-9]{4,20}|AW-[0-9]{6,15})$',
      'a Google tag id: G- and capital letters and digits (Google Analytics 4) or AW- and digits (Google Ads), such as G-ABC123DEF4 or AW-123456789',
      'The Google tag (gtag.js): a page view on load; on a tap, an Ads conversion with googleAdsConversion, else a GA4 select_content event. Absent or null: no Google tag.',
    ),
    googleAdsConversion: networkId(
      '^[A-Za-z0-9_-]{1,64}$',
      'a Google Ads conversion label of letters, digits, "-" and "_", such as AbC-D_efG-h12_34-567',
      'The conversion label a tap is counted as (send_to: <googleTagId>/<label>); needs an AW- googleTagId. Absent or null: no conversion.',
    ),
    appsflyer,
    deepLink: deepLink({ description: "The app's own deep link, e.g. pictura://create." }),
    attribution: recordOf(
      Type.String({
        pattern: '^(?!(__proto__|constructor|prototype)$)[A-Za-z0-9_]+$',
        maxLength: LIMITS.name,
        [EXPECTED]: 'a parameter name of letters, digits and "_" (not __proto__, constructor or prototype)',
      }),
      Type.String({
        pattern: '^(query\\.[A-Za-z0-9_]+|cookie\\.[A-Za-z0-9_]+|page\\.url|page\\.userAgent|paywall|app\\.deepLink)$',
        maxLength: LIMITS.name + 7,
      }),
      {
        maxProperties: 100,
        description:
          'Install-link parameter -> its source: query.<name>, cookie.<name>, page.url, page.userAgent, paywall or app.deepLink.',
      },
    ),
    consent: defaulted(
      oneOf(['none', 'required'], {
        description:
          'none: tracking starts with the page. required: no ad network, AppsFlyer script, tracking cookie or payment SDK until the visitor consents (the built-in prompt, or window.storeLanding.consent(true)); the default install link meanwhile.',
      }),
      'none',
    ),
  },
  {
    additionalProperties: false,
    description:
      'Ad networks (Meta, TikTok, Snap, Google), AppsFlyer and install-link settings. A campaign turns off a network the top level turns on with null.',
  },
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
  { additionalProperties: false, description: 'The payment SDK the page loads (it never starts a payment flow).' },
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

const diffPixels = (options: { description: string }) => Type.Integer({ minimum: 0, maximum: 10_000_000, ...options });
const pixelThreshold = (options: { description: string }) => Type.Number({ minimum: 0, maximum: 1, ...options });

const screenshots = Type.Object(
  {
    maxDiffPixels: defaulted(
      diffPixels({
        description:
          'A screenshot fails when more pixels than this differ from its baseline (anti-aliasing aside); 0: any visible change fails. `--max-diff-pixels` overrides it.',
      }),
      0,
    ),
    pixelThreshold: defaulted(
      pixelThreshold({
        description:
          "Colour distance (pixelmatch, 0 to 1) under which two pixels count as equal; 0.03 tells Apple's web blue #0071e3 from iOS blue #007aff. `--pixel-threshold` overrides it.",
      }),
      0.03,
    ),
    pages: defaulted(
      recordOf(
        Type.String({
          pattern: '^[A-Za-z0-9*?._@{},\\[\\]/-]+$',
          maxLength: LIMITS.name,
          [EXPECTED]: 'a glob of screenshot names, e.g. de-feature3-* or *-350.png',
        }),
        Type.Object(
          {
            maxDiffPixels: Type.Optional(diffPixels({ description: "This page's own budget of differing pixels." })),
            pixelThreshold: Type.Optional(pixelThreshold({ description: "This page's own colour distance." })),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        {
          maxProperties: 100,
          description:
            'Slack for the pages that need it: screenshot-name glob (de-feature3-*, *-350.png) -> maxDiffPixels and/or pixelThreshold; the last matching glob wins, over the command line.',
        },
      ),
      {},
    ),
  },
  { additionalProperties: false, description: 'How strict `store-landing screenshots` is with these pages.' },
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
        description: 'Origin the pages are published at, for absolute hreflang and canonical links. Optional.',
      }),
    ),
    app,
    variants: Type.Array(variant, {
      minItems: 1,
      maxItems: 50,
      description: "One page per variant and locale. The variant's name is its split-test landing type.",
    }),
    sharedScreenshots: Type.Array(imagePath(), { maxItems: 20, description: "Images appended to every variant's screenshots." }),
    tracking,
    splitTest,
    payments,
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
