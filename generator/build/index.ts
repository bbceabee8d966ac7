// The build pipeline: load -> validate (which plans) -> bundle -> per campaign: assemble -> render -> write.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import { messagesFor, validateConfig } from '../config/validate.ts';
import type { Config } from '../config/types.ts';
import { bundleRuntime } from './bundle.ts';
import { cachedBundle } from './bundle-cache.ts';
import { cacheRoot, createBuildContext, type BuildContext } from './context.ts';
import type { ImageStats } from './images.ts';
import { selectCampaigns, type BuildSelection } from './plan.ts';
import { siteRootFiles, type SiteEntry } from './site-root.ts';
import { campaignsInProcess, campaignsInWorkers, workerCount, type IndexedCampaign } from './workers.ts';
import { checkOutput, writeOutput, type OutputFile } from './write.ts';

export interface BuildOptions extends BuildSelection {
  /** The YAML config file. */
  config: string;
  /** The output folder; replaced whole. */
  outDir: string;
  /** Where encoded images are cached; default `.cache/images/` beside the config. */
  imageCacheDir?: string;
  /** Where compressed twins of the bundle and artwork are cached; default `.cache/compressed/` beside the config. */
  compressionCacheDir?: string;
  /** Told at each stage after loading and after each campaign, for a progress line; `images` counts on between calls. */
  onProgress?: (progress: BuildProgress) => void;
  /** A context kept from an earlier build of this config (`dev`): its bundle and image work are reused. */
  context?: BuildContext;
  /** Writes the output instead of writeOutput (`dev` writes only the files that changed). */
  write?: typeof writeOutput;
  /**
   * How many threads render (and lay out) the campaigns, the parent writing what they build;
   * default: one per core when there are many distinct pages, else the build's own thread.
   * Output is byte for byte the same for every count.
   */
  jobs?: number;
}

/** How far a build has got. */
export interface BuildProgress {
  stage: 'bundle' | 'render' | 'write';
  campaignsDone: number;
  campaigns: number;
  pagesDone: number;
  pages: number;
  /** The build's live image counts, updated as renditions are encoded or found in the cache. */
  images: ImageStats;
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
   * `write` includes compression. Render and write take turns campaign by campaign; with
   * workers, `render` is the time the writer waited for them.
   */
  timings: { load: number; bundle: number; render: number; write: number };
}

/** Builds the selected campaigns of a config into `outDir`, atomically. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const lap = stopwatch();
  const valid = await validateConfig(await loadConfig(options.config));
  const plans = selectCampaigns(valid.site, options);
  const pages = plans.reduce((total, plan) => total + plan.pages.length, 0);
  let done = { campaigns: 0, pages: 0 };
  const report = (stage: BuildProgress['stage'], images: ImageStats = { encoded: 0, cached: 0 }) =>
    options.onProgress?.({ stage, campaignsDone: done.campaigns, campaigns: plans.length, pagesDone: done.pages, pages, images });
  const load = lap();
  report('bundle');
  // Refuse an output folder that may not be replaced (the config's own, a git worktree, ...) before the expensive work.
  const protect = { configFile: valid.loaded.file };
  if (!options.write) await checkOutput(options.outDir, protect);
  const context = options.context ?? createBuildContext(await cachedBundle(path.join(cacheRoot(valid.loaded.dir), 'bundle'), bundleRuntime), { configDir: valid.loaded.dir, ...options });
  const bundled = lap();
  report('render', context.images.stats);

  // dev's own context and writer stay in this thread.
  const jobs = options.context || options.write ? 1 : workerCount(plans, options.jobs);
  const messages = (config: Config, locale: string) => messagesFor(valid, config, locale);
  const input = { messages, dir: valid.loaded.dir, context, all: Boolean(options.all) };
  const campaigns = jobs > 1 ? campaignsInWorkers(plans, jobs, input) : campaignsInProcess(plans, input);
  const waited = { ms: 0 };
  const batches = siteBatches(campaigns, options, waited, (index) => {
    done = { campaigns: done.campaigns + 1, pages: done.pages + plans[index]!.pages.length };
    report(done.campaigns === plans.length ? 'write' : 'render', context.images.stats);
  });
  const { bytes } = await (options.write ?? writeOutput)(options.outDir, batches, context.compressionCacheDir, protect);
  const writing = lap() - waited.ms;

  return {
    outDir: options.outDir,
    campaigns: plans.map((plan) => ({ name: plan.name, dir: plan.dir, basePath: plan.basePath, pages: plan.pages.length })),
    pages,
    bytes,
    images: context.images.stats,
    milliseconds: Math.round(performance.now() - started),
    timings: { load, bundle: bundled, render: Math.round(waited.ms * 10) / 10, write: Math.round(writing * 10) / 10 },
  };
}

/**
 * What the writer writes: each campaign's files as soon as they are built (memory holds a few
 * campaigns, not all), then the site's root files. `waited` sums the time the writer waited
 * for campaigns: rendering them in this thread, or the workers' lead over it.
 */
async function* siteBatches(
  campaigns: AsyncGenerator<IndexedCampaign>,
  selection: BuildSelection,
  waited: { ms: number },
  written: (index: number) => void,
): AsyncGenerator<OutputFile[]> {
  const entries: SiteEntry[] = [];
  try {
    for (;;) {
      const started = performance.now();
      const next = await campaigns.next();
      waited.ms += performance.now() - started;
      if (next.done) break;
      entries[next.value.index] = next.value.built.entry;
      yield next.value.built.files;
      written(next.value.index);
    }
  } finally {
    // The writer failed or finished: no worker goes on.
    await campaigns.return(undefined);
  }
  // Hosts read their configuration at the root of what is uploaded: one for every campaign.
  yield siteRootFiles(entries, selection);
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
