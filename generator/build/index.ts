// The build pipeline: load -> validate (which plans) -> bundle -> per campaign: assemble -> render -> write.
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../config/load.ts';
import { validateConfig } from '../config/validate.ts';
import type { SiteManifest } from '../shared/manifest.ts';
import { hostFiles, type HostCampaign } from '../hosts/index.ts';
import { assembleCampaign, campaignFiles, hostCampaign } from './assemble.ts';
import { bundleRuntime } from './bundle.ts';
import { createBuildContext } from './context.ts';
import type { ImageStats } from './images.ts';
import { selectCampaigns, type BuildSelection } from './plan.ts';
import { renderCampaign } from './render/index.ts';
import { writeOutput, type OutputFile } from './write.ts';

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
  const valid = validateConfig(await loadConfig(options.config));
  const plans = selectCampaigns(valid.site, options);
  const load = lap();
  const context = createBuildContext(await bundleRuntime(), { configDir: valid.loaded.dir, ...options });
  const bundled = lap();

  // Each campaign's files are written as soon as they are rendered: memory holds one campaign, not all.
  let rendering = 0;
  async function* campaignBatches(): AsyncGenerator<OutputFile[]> {
    const hosting: HostCampaign[] = [];
    for (const plan of plans) {
      const started = performance.now();
      const assembly = await assembleCampaign(valid, plan, context);
      hosting.push(hostCampaign(plan, assembly));
      const files = campaignFiles(plan, assembly, renderCampaign(valid, plan, assembly, context), context);
      rendering += performance.now() - started;
      yield files;
    }
    // Hosts read their configuration at the root of what is uploaded: one for every campaign.
    yield hostFiles({ campaigns: hosting });
    if (options.all) {
      const manifest: SiteManifest = { campaigns: plans.map((plan) => ({ name: plan.name!, dir: plan.dir, basePath: plan.basePath })) };
      yield [{ path: 'manifest.json', contents: JSON.stringify(manifest, null, 2) }];
    }
  }
  const { bytes } = await writeOutput(options.outDir, campaignBatches(), context.compressionCacheDir);
  const writing = lap() - rendering;

  return {
    outDir: options.outDir,
    campaigns: plans.map((plan) => ({ name: plan.name, dir: plan.dir, basePath: plan.basePath, pages: plan.pages.length })),
    pages: plans.reduce((total, plan) => total + plan.pages.length, 0),
    bytes,
    images: context.images.stats,
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
