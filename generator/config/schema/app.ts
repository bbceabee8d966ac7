// The listing facts of variants.yaml (`app`): what the page shows about the app.
import { Type } from '@sinclair/typebox';
import { EXPECTED, date, LIMITS, httpsUrl, imagePath, languageTag, messageKey, name, oneOf, prose, recordOf, version } from './values.ts';

const currencyCode = (description?: string) =>
  Type.String({
    pattern: '^[A-Z]{3}$',
    [EXPECTED]: 'an ISO 4217 currency code such as USD or JPY',
    ...(description ? { description } : {}),
  });

/**
 * A price: an amount in `app.currency`, or amounts by currency (`{ USD: 39.99, JPY: 6000 }`). An
 * `anyOf` written out (Type.Unsafe), since TypeBox's Union cannot fill defaults around a map.
 */
const money = (description: string) =>
  Type.Unsafe<number | Record<string, number>>({
    anyOf: [
      Type.Number({ minimum: 0, maximum: LIMITS.price }),
      recordOf(currencyCode(), Type.Number({ minimum: 0, maximum: LIMITS.price }), { minProperties: 1, maxProperties: 50 }),
    ],
    [EXPECTED]: 'a price, or a map of currency code to price such as { USD: 39.99, JPY: 6000 }',
    description,
  });

/** The minimum system of one device the app runs on. */
const minimumOs = (device: string, system: string, example: string) =>
  Type.Optional(version({ description: `Minimum ${system} version of ${device}, e.g. ${example}; absent: no ${device} row.` }));

const inAppPurchase = Type.Object(
  {
    name: messageKey({ description: "Locale key of the purchase's name, e.g. iap.magicProYearly." }),
    price: money('Price in app.currency, or a map of currency code to price; each page shows the price of its storefront currency.'),
  },
  { additionalProperties: false },
);

const review = Type.Object(
  {
    id: name({ description: 'Review id: its text is reviews.<id>.title and reviews.<id>.body.' }),
    author: prose("The reviewer's user name."),
    rating: Type.Integer({ minimum: 1, maximum: 5, description: 'Stars, 1 to 5.' }),
    date: Type.Optional(date({ description: "The review's date, YYYY-MM-DD; absent: app.reviewDate." })),
  },
  { additionalProperties: false },
);

const privacyCard = Type.Object(
  {
    id: name({ description: 'Card id: privacy.cards.<id>.title and .description in the locales.' }),
    icon: imagePath({ description: "The card's icon, relative to the YAML file." }),
    categories: Type.Array(
      Type.Object(
        {
          id: name({ description: 'Category id: its name is privacy.categories.<id>.' }),
          icon: imagePath({ description: "The category's icon, relative to the YAML file." }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20, description: 'The data categories listed on the card.' },
    ),
  },
  { additionalProperties: false },
);

export const app = Type.Object(
  {
    icon: imagePath({ description: 'The app icon: a square PNG, JPEG, WebP or SVG, relative to the YAML file.' }),
    developer: prose("The seller's name, shown as written in every language."),
    copyright: prose('The copyright line of the Information section.'),
    rating: Type.Number({
      minimum: 0,
      maximum: 5,
      multipleOf: 0.1,
      description: 'Average rating, 0 to 5 in steps of 0.1 (4.5 shows four and a half stars).',
    }),
    ratingCount: Type.Integer({ minimum: 0, maximum: 1e12, description: 'Number of ratings; shown compact, e.g. 25.6K.' }),
    ratingHistogram: Type.Array(Type.Number({ minimum: 0, maximum: 100 }), {
      minItems: 5,
      maxItems: 5,
      description: 'Per cent of ratings with 5, 4, 3, 2 and 1 stars.',
    }),
    chartRank: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10000, description: 'Chart position in the category, shown as #N. Optional.' }),
    ),
    ageRating: oneOf(['4+', '9+', '13+', '16+', '18+', '12+', '17+'], {
      description: "The age badge next to the title: the App Store's 4+, 9+, 13+, 16+ or 18+ (the former 12+ and 17+ are still accepted).",
    }),
    sizeMB: Type.Number({ exclusiveMinimum: 0, maximum: 100000, description: 'Download size in MB.' }),
    category: name({ description: 'Key under categories.* in the locales.' }),
    version: version({ description: "Current version, shown in What's New." }),
    releaseDate: date({ description: 'Date of the current version, YYYY-MM-DD.' }),
    compatibility: Type.Object(
      {
        iOS: minimumOs('iPhone', 'iOS', '15.0'),
        iPadOS: minimumOs('iPad', 'iPadOS', '15.0'),
        macOS: minimumOs('Mac', 'macOS', '12.0'),
        macChip: Type.Optional(
          Type.String({
            pattern: '^M[0-9]+$',
            maxLength: LIMITS.version,
            [EXPECTED]: 'an Apple chip such as M1',
            description: 'Minimum Apple chip of a Mac, e.g. M1; needed with macOS.',
          }),
        ),
        watchOS: minimumOs('Apple Watch', 'watchOS', '8.0'),
        visionOS: minimumOs('Apple Vision', 'visionOS', '1.0'),
        tvOS: minimumOs('Apple TV', 'tvOS', '15.0'),
      },
      {
        additionalProperties: false,
        minProperties: 1,
        description:
          "The devices the app runs on, each with its minimum system: the Compatibility row lists just these, in the App Store's order (iPhone, iPad, Mac, Apple Watch, Apple Vision, Apple TV).",
      },
    ),
    languages: Type.Array(languageTag(), {
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
      description:
        'BCP 47 tags of the languages the app supports, in display order. Each locale shows a language by the name Intl gives it there (de in fr: allemand), or by the one its locale file gives under languageNames (languageNames.pt-BR), which wins; a language Intl cannot name needs one. The names are joined as each locale writes a list.',
    }),
    price: Type.Unsafe<'free' | number | Record<string, number>>({
      anyOf: [Type.Literal('free'), money("The app's price")],
      [EXPECTED]: 'free, a price, or a map of currency code to price such as { USD: 4.99, JPY: 800 }',
      description: "free, or the app's price: an amount in app.currency, or a map of currency code to amount.",
    }),
    currency: currencyCode("ISO 4217 code of the listing's prices where no localeCurrency applies, e.g. USD."),
    localeCurrency: Type.Optional(
      recordOf(languageTag(), currencyCode(), {
        maxProperties: 100,
        description:
          'Locale tag -> the ISO 4217 currency of its storefront ({ ja: JPY, de: EUR }); a tag also covers its regional forms (de: de-AT). Other locales use app.currency. Every price needs an amount in each currency a locale uses (validate names the one that lacks it).',
      }),
    ),
    appStoreId: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,12}$',
        [EXPECTED]: "the App Store's numeric app id, e.g. 284882215",
        description:
          "The app's App Store id (the digits of apps.apple.com/app/id<id>): every page then carries Safari's Smart App Banner, and store-facts reads the listing with it.",
      }),
    ),
    familySharing: Type.Optional(
      Type.Boolean({ description: 'true when the app supports Family Sharing: Information then shows its note. Absent: no note.' }),
    ),
    shareImage: Type.Optional(
      imagePath({
        description:
          "The share preview image (Open Graph and Twitter card), relative to the YAML file; absent: the build makes a 1200 x 630 card of the icon, the app's name and the page's first screenshot.",
      }),
    ),
    inAppPurchases: Type.Array(inAppPurchase, { maxItems: 50, description: 'The in-app purchases listed in Information, in order.' }),
    links: Type.Object(
      {
        developer: httpsUrl({ description: "The developer's website." }),
        terms: httpsUrl({ description: 'Terms of Use, opened in a new window.' }),
        privacy: httpsUrl({ description: 'Privacy Policy, opened in a new window.' }),
        versionHistory: Type.Optional(
          httpsUrl({ description: "Where What's New's Version History leads; absent: the words are plain text." }),
        ),
        reviews: Type.Optional(httpsUrl({ description: "Where Ratings and Reviews' See All leads; absent: the words are plain text." })),
      },
      { additionalProperties: false, description: 'Developer website, Terms of Use and Privacy Policy (https only).' },
    ),
    reviewDate: Type.Optional(date({ description: 'The date shown on each review that has no date of its own, YYYY-MM-DD.' })),
    reviews: Type.Array(review, {
      minItems: 1,
      maxItems: 20,
      description: 'The reviews of the Ratings and Reviews slider; their text is reviews.<id>.title and .body in each locale.',
    }),
    privacy: Type.Array(privacyCard, {
      maxItems: 20,
      description: 'The App Privacy cards; titles and texts are privacy.cards.<id>.* in each locale.',
    }),
  },
  { additionalProperties: false, description: 'The listing facts shown on the page.' },
);
