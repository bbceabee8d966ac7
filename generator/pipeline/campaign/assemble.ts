// Assembles what one campaign's pages are filled with and shipped beside: assets, runtime config and Content-Security-Policy.
import { pageNetworkSettings } from '../../../page/ad-networks/index.ts';
import type { RuntimeConfig, TrackingSettings } from '../../../page/contract/runtime-config.ts';
import type { Config } from '../../config/types.ts';
import { paymentScripts } from '../bundle/assets.ts';
import type { AssetFile } from '../bundle/bundle.ts';
import type { CampaignContext } from './context.ts';
import { contentSecurityPolicy } from '../policy/csp.ts';
import type { OptimizedImage } from '../images/images.ts';
import type { CampaignPlan } from '../plan.ts';

/** What a campaign's pages are filled with and shipped beside, before its pages are rendered. */
export interface CampaignAssembly {
  /** `<basePath>assets/`. */
  assetsUrl: string;
  images: Map<string, OptimizedImage>;
  /** Every asset of the folder. */
  assets: AssetFile[];
  /** The runtime config less what is per page (route, landing type, locale: added by render). */
  runtime: Omit<RuntimeConfig, 'route' | 'landingType' | 'locale'>;
  /** The policy of the pages' `<meta>` tag, and the stricter one of the HTTP header. */
  metaPolicy: string;
  headerPolicy: string;
}

/**
 * Collects a campaign's payment scripts, and decides its runtime config and policies, with its
 * `images` optimized (images.ts collectImages: in the build's thread, even when workers render).
 */
export async function assembleCampaign(
  plan: CampaignPlan,
  context: CampaignContext,
  images: Map<string, OptimizedImage>,
): Promise<CampaignAssembly> {
  const { config } = plan;
  const assetsUrl = `${plan.basePath}assets/`;
  const payments = await paymentScripts(config, assetsUrl, context.minifiedComponents);
  const assets = [...context.bundle.files, ...payments.files, ...[...images.values()].flatMap((image) => image.files)];
  // Only the tracking runtime loads with the page; it loads the client entry lazily (runtime/hydration.ts).
  const client = assetsUrl + context.bundle.entries.client;
  return {
    assetsUrl,
    images,
    assets,
    runtime: {
      locales: config.locales,
      client,
      tracking: trackingSettings(config),
      ...(payments.settings ? { payments: payments.settings } : {}),
    },
    metaPolicy: contentSecurityPolicy(config, context.inline),
    headerPolicy: contentSecurityPolicy(config, context.inline, true),
  };
}

/**
 * The tracking settings the runtime reads: those of the ad networks the campaign turns on (a
 * null from a campaign, or no key, leaves a network out, and with it its other settings), then
 * the rest.
 */
function trackingSettings(config: Config): TrackingSettings {
  const { appsflyer, deepLink, attribution, consent } = config.tracking;
  return {
    ...pageNetworkSettings(config.tracking),
    appsflyer: {
      webAppId: appsflyer.webAppId,
      smartScript: appsflyer.smartScript,
      oneLink: appsflyer.oneLink,
      qrCode: { enabled: appsflyer.qrCode.enabled, size: appsflyer.qrCode.size },
      impressionPixel: appsflyer.impressionPixel,
    },
    deepLink,
    attribution,
    consent,
  };
}
