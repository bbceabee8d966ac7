// The shape of a valid variants.yaml (mirrors variants.schema.json; the schema is the authority).
import type { Locale } from '../../templates/props.ts';

export interface VariantConfig {
  name: string;
  path: string;
  screenshots: string[];
}

export interface PrivacyCardConfig {
  id: string;
  icon: string;
  categories: Array<{ id: string; icon: string }>;
}

export interface AppConfig {
  icon: string;
  developer: string;
  copyright: string;
  rating: number;
  ratingCount: number;
  ratingHistogram: number[];
  chartRank?: number;
  ageRating: string;
  sizeMB: number;
  category: string;
  version: string;
  releaseDate: string;
  compatibility: { iOS: string; macOS: string; macChip: string };
  languages: string[];
  price: 'free' | number;
  currency: string;
  inAppPurchases: Array<{ name: string; price: number }>;
  links: { developer: string; terms: string; privacy: string };
  reviewDate: string;
  reviews: Array<{ id: string; author: string; rating: number }>;
  privacy: PrivacyCardConfig[];
}

export interface TrackingConfig {
  metaPixelId: string;
  appsflyer: {
    webAppId: string;
    smartScript?: boolean;
    oneLink: { base: string; default: string };
    qrCode?: { enabled?: boolean; size?: number };
    impressionPixel?: boolean;
  };
  deepLink: string;
  attribution: Record<string, string>;
}

export interface PaymentsConfig {
  braintree: { enabled: boolean; source: 'cdn' | 'self-hosted'; components: string[] };
}

/** Landing type -> paywall type -> weight in per cent. */
export type SplitTestConfig = Record<string, Record<string, number>>;

/** One campaign's settings: the top level with the campaign's overrides merged in. */
export interface Config {
  locales: Locale[];
  defaultLocale: Locale;
  localesDir?: string;
  basePath?: string;
  siteUrl?: string;
  app: AppConfig;
  variants: VariantConfig[];
  sharedScreenshots: string[];
  tracking: TrackingConfig;
  splitTest: SplitTestConfig;
  payments: PaymentsConfig;
  campaigns?: Record<string, unknown>;
}
