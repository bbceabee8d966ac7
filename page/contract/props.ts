// The data one pre-rendered page needs: built by the generator, embedded in the HTML as JSON, hydrated from on the client.

/** A BCP 47 language tag the page is rendered in; which ones a build has is the config's business. */
export type Locale = string;

/** i18next resources of one locale: nested objects whose leaves are strings. */
export interface Messages {
  [key: string]: string | Messages;
}

/** One `<source>` of a `<picture>`: a format and its renditions, e.g. `a-163.avif 1x, a-326.avif 2x`. */
export interface ImageSource {
  /** MIME type, e.g. `image/avif`. */
  type: string;
  srcset: string;
}

/** An image the build has put into `assets/`, with the size it is shown at (no layout shift). */
export interface ImageRef {
  /** The `<img>` src: a WebP, or an SVG served as it is. */
  src: string;
  /** CSS px at 1x; the renditions keep the source's aspect ratio. */
  width: number;
  height: number;
  /** Modern formats, best first, for a `<picture>`; absent when `src` is the only file. */
  sources?: ImageSource[];
}

export interface InAppPurchase {
  /** Locale key of the purchase's name, e.g. `iap.magicProYearly`. */
  name: string;
  /** Price already formatted for the page's locale, e.g. `39,99 $`. */
  price: string;
}

export interface Review {
  id: string;
  author: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  /** The review's date, formatted for the locale. */
  date: string;
}

/** A device the app runs on, in the App Store's order: iPhone, iPad, Mac, Apple Watch, Apple Vision, Apple TV. */
export type Device = 'iphone' | 'ipad' | 'mac' | 'watch' | 'vision' | 'tv';

/** One row of the Compatibility list: a device and the minimum system it needs (and, for a Mac, its chip). */
export interface DeviceRequirement {
  device: Device;
  version: string;
  /** A Mac's minimum Apple chip, e.g. `M1`. */
  chip?: string;
}

export interface PrivacyCategory {
  /** Key under `privacy.categories`. */
  id: string;
  icon: ImageRef;
}

export interface PrivacyCard {
  /** Key under `privacy.cards`. */
  id: string;
  icon: ImageRef;
  categories: PrivacyCategory[];
}

/** The listing facts of the app, with images resolved to asset URLs and values formatted for the locale. */
export interface Listing {
  icon: ImageRef;
  developer: string;
  copyright: string;
  /** 0 to 5, halves allowed: how much of the stars is filled. */
  rating: number;
  /** The rating as the locale writes it, with one decimal: `4.5`, `4,5`. */
  ratingText: string;
  /** Formatted for the locale, compact: `25.6K`, `25,6 k`, `2.6万`. */
  ratingCount: string;
  /** The number of ratings itself, which picks the plural form of the text around ratingCount. */
  ratingCountValue: number;
  /** Per cent of ratings with 5, 4, 3, 2 and 1 stars. */
  ratingHistogram: number[];
  /** The chart position, formatted for the locale. */
  chartRank?: string;
  ageRating: string;
  /** Formatted for the locale: `64.7`, `64,7`. */
  size: string;
  /** Locale key of the category name, e.g. `categories.entertainment`. */
  category: string;
  version: string;
  /** Formatted for the locale, e.g. `Oct 14, 2025`. */
  releaseDate: string;
  /** The devices the app runs on, only those it has. */
  compatibility: DeviceRequirement[];
  /** The names of the languages the app supports, joined as the locale writes a list: `English, French`, `英語、フランス語`. */
  languages: string;
  /** `free`, or a price formatted for the locale in its storefront's currency (`¥6,000`). */
  price: string;
  inAppPurchases: InAppPurchase[];
  /** The listing's links; Version History and See All are links only where the config gives a URL. */
  links: { developer: string; terms: string; privacy: string; versionHistory?: string; reviews?: string };
  reviews: Review[];
  /** Whether the app supports Family Sharing: Information shows its note only then. */
  familySharing: boolean;
  privacy: PrivacyCard[];
  /**
   * The locale's digits as Intl names them (`latn`, `arab`, ...), decided at build time: the
   * view's components format their small numbers with them, so server and any browser write the same.
   */
  numberingSystem: string;
}

/** Everything `<App>` renders from. */
export interface PageProps {
  locale: Locale;
  /** The route this page is for: `/`, `/child-old`, `/feature1`, ... */
  route: string;
  /** The variant's name, which is also the split-test landing type. */
  variant: string;
  messages: Messages;
  listing: Listing;
  /** The variant's screenshots followed by the shared ones. */
  screenshots: ImageRef[];
  /** The default OneLink install link; the runtime swaps in the attributed one. */
  installLink: string;
}

/** What the error page shows: `404.html`, or a render error. */
export interface ErrorProps {
  locale: Locale;
  messages: Messages;
  status?: number;
  message?: string;
}

/** One locale's share of the page props, served as a hashed JSON asset for switching language in place. */
export interface LocaleBundle {
  locale: Locale;
  messages: Messages;
  listing: Listing;
}
