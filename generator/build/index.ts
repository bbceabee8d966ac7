// The build pipeline: loadConfig -> validateConfig -> planPages -> bundleRuntime -> renderCampaignTemplate -> writeOutput.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { jsonAsset, paymentScripts } from './assets.ts';
import { bundleRuntime, type AssetFile, type Bundle } from './bundle.ts';
import { loadConfig } from '../config/load.ts';
import type { Config } from '../config/types.ts';
import { messagesFor, validateConfig, type ValidConfig } from '../config/validate.ts';
import { contentSecurityPolicy, headersFile } from './csp.ts';
import { collectImages, createImagePipeline, type ImagePipeline, type ImageStats, type OptimizedImage } from './images.ts';
import { buildLocaleBundle, imageResolver } from './page-props.ts';
import { planPages, type BuildSelection, type CampaignPlan } from './plan.ts';
import { BASE_PATH_TOKEN, documentFiller, renderCampaignTemplate, templateKey, type CampaignTemplate, type CampaignValues } from './render/index.ts';
import { byteLength, writeOutput, type OutputFile } from './write.ts';
import { styleText } from '../../templates/document.ts';
import type { TrackingSettings } from '../../templates/runtime/types.ts';

export interface BuildOptions extends BuildSelection {
  /** The YAML config file. */
  config: string;
  /** The output folder; replaced whole. */
  outDir: string;
  /** Where encoded images are cached; default `.cache/images/` beside the config. */
  imageCacheDir?: string;
  /** Where compressed twins of the bundle and artwork are cached; default `.cache/compressed/` beside the config. */
  compressionCacheDir?: string;
}

/** One page as listed in `manifest.json`. */
export interface ManifestPage {
  route: string;
  locale: string;
  variant: string;
  file: string;
  bytes: number;
}

export interface BuildResult {
  outDir: string;
  campaigns: Array<{ name: string | null; dir: string; basePath: string; pages: number }>;
  pages: number;
  /** Bytes of every file written, compressed twins excluded. */
  bytes: number;
  /** Image renditions encoded by this build, and those found in the cache. */
  images: ImageStats;
  milliseconds: number;
  /**
   * Milliseconds of each stage: `bundle` is esbuild; `render` covers images, props and HTML;
   * `write` includes compression. Render and write take turns campaign by campaign.
   */
  timings: { load: number; bundle: number; render: number; write: number };
}

/** Builds the selected campaigns of a config into `outDir`, atomically. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const lap = stopwatch();
  const loaded = await loadConfig(options.config);
  const valid = validateConfig(loaded);
  const plans = planPages(valid, options);
  const load = lap();
  const bundle = await bundleRuntime();
  const bundled = lap();

  const shared: SharedWork = {
    images: createImagePipeline(options.imageCacheDir ?? path.join(valid.loaded.dir, '.cache', 'images')),
    bodies: new Map(),
    templates: new Map(),
  };
  // Each campaign's files are written as soon as they are rendered: memory holds one campaign, not all.
  let rendering = 0;
  async function* campaignBatches(): AsyncGenerator<OutputFile[]> {
    const headers: string[] = [];
    for (const plan of plans) {
      const started = performance.now();
      const files = await campaignFiles(valid, plan, bundle, shared);
      headers.push(...files.filter((file) => file.path.endsWith('_headers')).map((file) => String(file.contents)));
      rendering += performance.now() - started;
      yield files;
    }
    if (options.all) {
      const campaigns = plans.map((plan) => ({ name: plan.name, dir: plan.dir, basePath: plan.basePath }));
      // Static hosts read one _headers file at the root of what is uploaded.
      yield [
        { path: 'manifest.json', contents: JSON.stringify({ campaigns }, null, 2) },
        { path: '_headers', contents: headers.join('') },
      ];
    }
  }
  const compressionCache = options.compressionCacheDir ?? path.join(valid.loaded.dir, '.cache', 'compressed');
  const { bytes } = await writeOutput(options.outDir, campaignBatches(), compressionCache);
  const writing = lap() - rendering;

  return {
    outDir: options.outDir,
    campaigns: plans.map((plan) => ({ name: plan.name, dir: plan.dir, basePath: plan.basePath, pages: plan.pages.length })),
    pages: plans.reduce((total, plan) => total + plan.pages.length, 0),
    bytes,
    images: shared.images.stats,
    milliseconds: Math.round(performance.now() - started),
    timings: { load, bundle: bundled, render: Math.round(rendering * 10) / 10, write: Math.round(writing * 10) / 10 },
  };
}

/** Each call returns the milliseconds since the previous one (or since creation). */
function stopwatch(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const elapsed = now - last;
    last = now;
    return Math.round(elapsed * 10) / 10;
  };
}

/** Work the campaigns of one build share: each image optimized once, each distinct campaign template rendered once. */
interface SharedWork {
  images: ImagePipeline;
  bodies: Map<string, string>;
  /** By templateKey: campaigns that differ only in base path, tracking or split test share one. */
  templates: Map<string, CampaignTemplate>;
}

/** Every file of one campaign's folder: pages, 404, split-test config, assets and manifest. */
async function campaignFiles(valid: ValidConfig, plan: CampaignPlan, bundle: Bundle, shared: SharedWork): Promise<OutputFile[]> {
  const { config } = plan;
  const assetsUrl = `${plan.basePath}assets/`;
  const images = await collectImages(config, valid.loaded.dir, shared.images);
  const payments = await paymentScripts(config, assetsUrl);
  const template = campaignTemplate(valid, plan, bundle, images, shared);

  const translations: Record<string, string> = {};
  const assets: AssetFile[] = [...bundle.files, ...payments.files, ...[...images.values()].flatMap((image) => image.files)];
  for (const [locale, json] of template.localeJson) {
    const asset = jsonAsset(`locale-${locale}`, json.replaceAll(BASE_PATH_TOKEN, plan.basePath));
    translations[locale] = assetsUrl + asset.name;
    assets.push(asset);
  }

  const inline = { scripts: [], styles: [styleText(bundle.css)] };
  const values: CampaignValues = {
    basePath: plan.basePath,
    installLink: config.tracking.appsflyer.oneLink.default,
    csp: contentSecurityPolicy(config, inline),
    // Only the tracking runtime loads with the page; it loads the client entry lazily (runtime/hydration.ts).
    runtime: { locales: config.locales, client: assetsUrl + bundle.entries.client, translations, tracking: trackingSettings(config), payments: payments.settings },
  };
  const fill = documentFiller(values);
  const pages = plan.pages.map((page) => ({ file: page.file, html: fill(template.pages.get(page.file)!, page) }));
  const manifestPages: ManifestPage[] = plan.pages.map((page, i) => ({
    route: page.route,
    locale: page.locale,
    variant: page.variant.name,
    file: page.file,
    bytes: byteLength(pages[i]!.html),
  }));
  const headerPolicy = contentSecurityPolicy(config, inline, true);
  const manifest = {
    campaign: plan.name,
    basePath: plan.basePath,
    headers: { 'Content-Security-Policy': headerPolicy },
    defaultLocale: config.defaultLocale,
    locales: config.locales,
    assets: { runtime: bundle.entries.runtime, client: bundle.entries.client, files: assets.map((asset) => asset.name).sort() },
    pages: manifestPages,
  };

  const inFolder = (file: string) => (plan.dir ? `${plan.dir}/${file}` : file);
  const unique = new Map(assets.map((asset) => [asset.name, asset]));
  return [
    ...pages.map((page) => ({ path: inFolder(page.file), contents: page.html })),
    { path: inFolder('404.html'), contents: fill(template.notFound) },
    { path: inFolder('config.json'), contents: JSON.stringify(config.splitTest) },
    { path: inFolder('_headers'), contents: headersFile(plan.basePath, headerPolicy) },
    ...[...unique.values()].map((asset) => ({ path: inFolder(`assets/${asset.name}`), contents: asset.contents })),
    { path: inFolder('manifest.json'), contents: JSON.stringify(manifest, null, 2) },
  ];
}

/** The campaign's documents with stand-ins, rendered on the first campaign of their key and reused by the rest. */
function campaignTemplate(
  valid: ValidConfig,
  plan: CampaignPlan,
  bundle: Bundle,
  images: Map<string, OptimizedImage>,
  shared: SharedWork,
): CampaignTemplate {
  const key = templateKey(plan.config);
  let template = shared.templates.get(key);
  if (!template) {
    const { config } = plan;
    // Asset URLs on a stand-in for the base path, filled per campaign (render.ts).
    const image = imageResolver(images, `${BASE_PATH_TOKEN}assets/`);
    const bundles = new Map(config.locales.map((locale) => [locale, buildLocaleBundle(config, locale, messagesFor(valid, config, locale), image)]));
    template = renderCampaignTemplate(plan, {
      css: bundle.css,
      scripts: [`${BASE_PATH_TOKEN}assets/${bundle.entries.runtime}`],
      bundles,
      image,
      bodies: shared.bodies,
    });
    shared.templates.set(key, template);
  }
  return template;
}

/** The tracking settings the runtime reads, with the schema's defaults filled in. */
function trackingSettings(config: Config): TrackingSettings {
  const { appsflyer } = config.tracking;
  return {
    ...config.tracking,
    appsflyer: {
      webAppId: appsflyer.webAppId,
      smartScript: appsflyer.smartScript ?? true,
      oneLink: appsflyer.oneLink,
      qrCode: { enabled: appsflyer.qrCode?.enabled ?? false, size: appsflyer.qrCode?.size ?? 256 },
      impressionPixel: appsflyer.impressionPixel ?? false,
    },
  };
}
