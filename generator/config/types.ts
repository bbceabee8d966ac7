// The config's TypeScript types, inferred from its one definition (schema/index.ts), never written by hand.
import type { Config } from './schema/index.ts';

export type { Config };
export type VariantConfig = Config['variants'][number];

/** One set of pages to build: the top level (`name` null) or a campaign with its overrides merged in. */
export interface CampaignConfig {
  name: string | null;
  config: Config;
}
