// The listing facts of variants.yaml (`app`): what the page shows about the app.
import { Type } from '@sinclair/typebox';
import { date, LIMITS, httpsUrl, imagePath, languageTag, messageKey, name, oneOf, prose, version } from './values.ts';

const inAppPurchase = Type.Object(
  {
    name: messageKey({ description: "Locale key of the purchase's name, e.g. iap.magicProYearly." }),
    price: Type.Number({ minimum: 0, maximum: LIMITS.price, description: 'Price in the listing currency; formatted per locale.' }),
  },
  { additionalProperties: false },
);

const review = Type.Object(
  {
    id: name({ description: 'Review id: its text is reviews.<id>.title and reviews.<id>.body.' }),
    author: prose("The reviewer's user name."),
    rating: Type.Integer({ minimum: 1, maximum: 5, description: 'Stars, 1 to 5.' }),
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
    ageRating: oneOf(['4+', '9+', '12+', '17+'], { description: 'The age badge next to the title.' }),
    sizeMB: Type.Number({ exclusiveMinimum: 0, maximum: 100000, description: 'Download size in MB.' }),
    category: name({ description: 'Key under categories.* in the locales.' }),
    version: version({ description: "Current version, shown in What's New." }),
    releaseDate: date({ description: 'Date of the current version, YYYY-MM-DD.' }),
    compatibility: Type.Object(
      {
        iOS: version({ description: 'Minimum iOS version, e.g. 15.0.' }),
        macOS: version({ description: 'Minimum macOS version, e.g. 12.0.' }),
        macChip: Type.String({ pattern: '^M[0-9]+$', maxLength: LIMITS.version, description: 'Minimum Apple chip of a Mac, e.g. M1.' }),
      },
      { additionalProperties: false, description: 'Minimum systems of the Information section.' },
    ),
    languages: Type.Array(languageTag(), {
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
      description:
        'BCP 47 tags of the languages the app supports, in display order. Each locale shows a language by the name Intl gives it there (de in fr: allemand), or by the one its locale file gives under languageNames (languageNames.pt-BR), which wins; a language Intl cannot name needs one. The names are joined as each locale writes a list.',
    }),
    price: Type.Union([Type.Literal('free'), Type.Number({ exclusiveMinimum: 0, maximum: LIMITS.price })], {
      description: "free, or the app's price in the listing currency.",
    }),
    currency: Type.String({ pattern: '^[A-Z]{3}$', description: "ISO 4217 code of the listing's prices, e.g. USD." }),
    inAppPurchases: Type.Array(inAppPurchase, { maxItems: 50, description: 'The in-app purchases listed in Information, in order.' }),
    links: Type.Object(
      {
        developer: httpsUrl({ description: "The developer's website." }),
        terms: httpsUrl({ description: 'Terms of Use, opened in a new window.' }),
        privacy: httpsUrl({ description: 'Privacy Policy, opened in a new window.' }),
      },
      { additionalProperties: false, description: 'Developer website, Terms of Use and Privacy Policy (https only).' },
    ),
    reviewDate: date({ description: 'The fixed date shown on every review, YYYY-MM-DD.' }),
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
