// The build pipeline: loadConfig -> validateConfig -> planPages -> bundleRuntime -> renderPages -> writeOutput.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { jsonAsset, paymentScripts } from './assets.ts';
import { bundleRuntime, type AssetFile, type Bundle } from './bundle.ts';
import { loadConfig } from './config/load.ts';
import type { Config } from './config/types.ts';
import { messagesFor, validateConfig, type ValidConfig } from './config/validate.ts';
import { contentSecurityPolicy, headersFile } from './csp.ts';
import { collectImages, createImagePipeline, type ImagePipeline, type ImageStats } from './images.ts';
import { buildLocaleBundle, imageResolver } from './page-props.ts';
import { planPages, type BuildSelection, type CampaignPlan } from './plan.ts';
import { BASE_PATH_TOKEN, renderNotFound, renderPages, type RenderContext } from './render.ts';
import { writeOutput, type OutputFile } from './write.ts';
import { styleText } from '../templates/document.ts';
import type { LocaleBundle } from '../templates/props.ts';
import type { TrackingSettings } from '../templates/runtime/types.ts';

export interface BuildOptions extends BuildSelection {
  /** The YAML config file. */
  config: string;
  /** The output folder; replaced whole. */
  outDir: string;
  /** Where encoded images are cached; default `.cache/images/` beside the config. */
  imageCacheDir?: string;
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
  const { bytes } = await writeOutput(options.outDir, campaignBatches());
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

/** Work the campaigns of one build share: each image optimized once, each distinct page body rendered once. */
interface SharedWork {
  images: ImagePipeline;
  bodies: Map<string, string>;
}

/** Every file of one campaign's folder: pages, 404, split-test config, assets and manifest. */
async function campaignFiles(valid: ValidConfig, plan: CampaignPlan, bundle: Bundle, shared: SharedWork): Promise<OutputFile[]> {
  const { config } = plan;
  const assetsUrl = `${plan.basePath}assets/`;
  const images = await collectImages(config, valid.loaded.dir, shared.images);
  const image = imageResolver(images, assetsUrl);
  // Pages render with a stand-in for the base path, so campaigns share rendered bodies (render.ts).
  const imageForRender = imageResolver(images, `${BASE_PATH_TOKEN}assets/`);
  const payments = await paymentScripts(config, assetsUrl);

  const bundles = new Map<string, LocaleBundle>();
  const translations: Record<string, string> = {};
  const assets: AssetFile[] = [...bundle.files, ...payments.files, ...[...images.values()].flatMap((image) => image.files)];
  for (const locale of config.locales) {
    const messages = messagesFor(valid, config, locale);
    const asset = jsonAsset(`locale-${locale}`, buildLocaleBundle(config, locale, messages, image));
    bundles.set(locale, buildLocaleBundle(config, locale, messages, imageForRender));
    translations[locale] = assetsUrl + asset.name;
    assets.push(asset);
  }

  const inline = { scripts: [], styles: [styleText(bundle.css)] };
  const context: RenderContext = {
    css: bundle.css,
    csp: contentSecurityPolicy(config, inline),
    // Only the tracking runtime loads with the page; it loads the client entry lazily (runtime/hydration.ts).
    scripts: [assetsUrl + bundle.entries.runtime],
    bundles,
    image: imageForRender,
    bodies: shared.bodies,
    basePath: plan.basePath,
    runtime: { locales: config.locales, client: assetsUrl + bundle.entries.client, translations, tracking: trackingSettings(config), payments: payments.settings },
  };
  const pages = renderPages(plan, context);
  const manifestPages: ManifestPage[] = plan.pages.map((page, i) => ({
    route: page.route,
    locale: page.locale,
    variant: page.variant.name,
    file: page.file,
    bytes: Buffer.byteLength(pages[i]!.html),
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
    { path: inFolder('404.html'), contents: renderNotFound(plan, context) },
    { path: inFolder('config.json'), contents: JSON.stringify(config.splitTest) },
    { path: inFolder('_headers'), contents: headersFile(plan.basePath, headerPolicy) },
    ...[...unique.values()].map((asset) => ({ path: inFolder(`assets/${asset.name}`), contents: asset.contents })),
    { path: inFolder('manifest.json'), contents: JSON.stringify(manifest, null, 2) },
  ];
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
