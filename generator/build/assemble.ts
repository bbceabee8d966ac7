// Assembles one campaign's parts around its pages: assets, runtime config, Content-Security-Policy and manifest.
import type { RuntimeConfig, TrackingSettings } from '../../templates/runtime/types.ts';
import type { Config } from '../config/types.ts';
import type { ValidConfig } from '../config/validate.ts';
import type { CampaignManifest } from '../shared/manifest.ts';
import { jsonAsset, paymentScripts } from './assets.ts';
import type { AssetFile } from './bundle.ts';
import type { BuildContext } from './context.ts';
import { contentSecurityPolicy } from './csp.ts';
import { collectImages, type OptimizedImage } from './images.ts';
import type { CampaignPlan } from './plan.ts';
import type { RenderedCampaign } from './render/index.ts';
import { byteLength, type OutputFile } from './write.ts';

/** What a campaign's pages are filled with and shipped beside, before its pages are rendered. */
export interface CampaignAssembly {
  /** `<basePath>assets/`. */
  assetsUrl: string;
  images: Map<string, OptimizedImage>;
  /** Every asset of the folder but the locale bundles, which come from rendering. */
  assets: AssetFile[];
  /** The runtime config less what is per page, and less the locale bundles' URLs (added by render). */
  runtime: Omit<RuntimeConfig, 'route' | 'landingType' | 'locale' | 'translations'>;
  /** The policy of the pages' `<meta>` tag, and the stricter one of the HTTP header. */
  metaPolicy: string;
  headerPolicy: string;
}

/** Collects a campaign's images and payment scripts, and decides its runtime config and policies. */
export async function assembleCampaign(valid: ValidConfig, plan: CampaignPlan, context: BuildContext): Promise<CampaignAssembly> {
  const { config } = plan;
  const assetsUrl = `${plan.basePath}assets/`;
  const images = await collectImages(config, valid.loaded.dir, context.images);
  const payments = await paymentScripts(config, assetsUrl, context.minifiedComponents);
  const assets = [...context.bundle.files, ...payments.files, ...[...images.values()].flatMap((image) => image.files)];
  // Only the tracking runtime loads with the page; it loads the client entry lazily (runtime/hydration.ts).
  const client = assetsUrl + context.bundle.entries.client;
  return {
    assetsUrl,
    images,
    assets,
    runtime: { locales: config.locales, client, tracking: trackingSettings(config), payments: payments.settings },
    metaPolicy: contentSecurityPolicy(config, context.inline),
    headerPolicy: contentSecurityPolicy(config, context.inline, true),
  };
}

/**
 * Every file of one campaign's folder (pages, 404, split-test config, assets), and its manifest,
 * which the build writes beside them, or (`--all`, the top level) into the site's manifest.
 */
export function campaignFiles(
  plan: CampaignPlan,
  assembly: CampaignAssembly,
  rendered: RenderedCampaign,
  context: BuildContext,
): { files: OutputFile[]; manifest: CampaignManifest } {
  const assets = [...assembly.assets, ...rendered.localeAssets];
  const manifest: CampaignManifest = {
    campaign: plan.name,
    basePath: plan.basePath,
    headers: { 'Content-Security-Policy': assembly.headerPolicy },
    defaultLocale: plan.config.defaultLocale,
    locales: plan.config.locales,
    assets: { ...context.bundle.entries, files: assets.map((asset) => asset.name).sort() },
    pages: plan.pages.map((page, i) => ({
      route: page.route,
      locale: page.locale,
      variant: page.variant.name,
      file: page.file,
      bytes: byteLength(rendered.pages[i]!),
    })),
  };
  const inFolder = (file: string) => (plan.dir ? `${plan.dir}/${file}` : file);
  const unique = new Map(assets.map((asset) => [asset.name, asset]));
  const files = [
    ...plan.pages.map((page, i) => ({ path: inFolder(page.file), contents: rendered.pages[i]! })),
    { path: inFolder('404.html'), contents: rendered.notFound },
    { path: inFolder('config.json'), contents: JSON.stringify(plan.config.splitTest) },
    ...[...unique.values()].map((asset) => ({ path: inFolder(`assets/${asset.name}`), contents: asset.contents })),
  ];
  return { files, manifest };
}

/** The locale bundles as hashed JSON assets, on the campaign's base path, with the URL of each. */
export function localeAssets(localeJson: Map<string, string>, basePathToken: string, plan: CampaignPlan, assetsUrl: string) {
  const translations: Record<string, string> = {};
  const assets: AssetFile[] = [];
  for (const [locale, json] of localeJson) {
    const asset = jsonAsset(`locale-${locale}`, json.replaceAll(basePathToken, plan.basePath));
    translations[locale] = assetsUrl + asset.name;
    assets.push(asset);
  }
  return { translations, assets };
}

/** The tracking settings the runtime reads, in the order it has always been serialized. */
function trackingSettings(config: Config): TrackingSettings {
  const { appsflyer } = config.tracking;
  return {
    ...config.tracking,
    appsflyer: {
      webAppId: appsflyer.webAppId,
      smartScript: appsflyer.smartScript,
      oneLink: appsflyer.oneLink,
      qrCode: { enabled: appsflyer.qrCode.enabled, size: appsflyer.qrCode.size },
      impressionPixel: appsflyer.impressionPixel,
    },
  };
}

