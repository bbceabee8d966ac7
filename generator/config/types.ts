// The config's TypeScript types, inferred from its one definition (schema/index.ts), never written by hand.
import type { Config } from './schema/index.ts';

export type { Config };
export type AppConfig = Config['app'];
export type VariantConfig = Config['variants'][number];
export type PrivacyCardConfig = AppConfig['privacy'][number];
export type TrackingConfig = Config['tracking'];
export type PaymentsConfig = Config['payments'];
/** Landing type -> paywall type -> weight in per cent. */
export type SplitTestConfig = Config['splitTest'];

/** One set of pages to build: the top level (`name` null) or a campaign with its overrides merged in. */
export interface CampaignConfig {
  name: string | null;
  config: Config;
}
