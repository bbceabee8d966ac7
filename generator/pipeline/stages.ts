// The build after validation: bundle -> per campaign: assemble -> render -> write, on this thread or on workers.
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { messagesFor } from '../config/validate.ts';
import type { Config } from '../config/types.ts';
import { bundleRuntime } from './bundle/bundle.ts';
import type { ValidSite } from './check.ts';
import { cachedBundle } from './bundle/bundle-cache.ts';
import { cacheRoot } from '../shared/cache-dir.ts';
import { createBuildContext } from './context.ts';
import { configFingerprint } from './fingerprint.ts';
import type { ImageStats } from './images/images.ts';
import type { BuildOptions, BuildProgress, BuildResult, WrittenCampaign } from './options.ts';
import { selectCampaigns, type BuildSelection } from './plan.ts';
import { siteRootBatches, type SiteEntry } from './site-root.ts';
import { campaignsInProcess, campaignsInWorkers, workerCount, type IndexedCampaign } from './workers/workers.ts';
import type { Removal } from './output/remove.ts';
import { byteLength } from './output/staging-writer.ts';
import { checkOutput, writeOutput, type OutputFile } from './output/write.ts';

/** buildSite's work on a valid config: `started` loading it and `validated` it at these performance.now() times. */
export async function buildValidSite(
  valid: ValidSite,
  options: BuildOptions,
  { started, validated }: { started: number; validated: number },
): Promise<Omit<BuildResult, 'inputs'>> {
  const lap = stopwatch(performance.now());
  const plans = selectCampaigns(valid.site, options);
  const pages = plans.reduce((total, plan) => total + plan.pages.length, 0);
  let done = { campaigns: 0, pages: 0 };
  const report = (stage: BuildProgress['stage'], images: ImageStats = { encoded: 0, cached: 0 }, removing?: Removal) =>
    options.onProgress?.({ stage, campaignsDone: done.campaigns, campaigns: plans.length, pagesDone: done.pages, pages, images, removing });
  const load = Math.round((validated - started) * 10) / 10;
  // Refuse an output folder that may not be replaced (the config's own, a git worktree, ...) before the expensive work.
  const protect = { configFile: valid.loaded.file };
  if (!options.write) await checkOutput(options.outDir, protect, { pages }, (removal) => report('clean', undefined, removal));
  report('bundle');
  const context =
    options.context ??
    createBuildContext(await cachedBundle(path.join(cacheRoot(valid.loaded.dir), 'bundle'), bundleRuntime), {
      configDir: valid.loaded.dir,
      ...options,
    });
  const bundled = lap();
  report('render', context.images.stats);

  // dev's own context and writer stay in this thread.
  const jobs = options.context || options.write ? 1 : workerCount(plans, options.jobs);
  const messages = (config: Config, locale: string) => messagesFor(valid, config, locale);
  // Told by writeOutput where it stages the build, before it asks for the first campaign: workers write their pages there.
  const staging: { folder?: string } = {};
  const input = { messages, dir: valid.loaded.dir, context, all: Boolean(options.all), staging };
  const campaigns = jobs > 1 ? campaignsInWorkers(plans, jobs, input) : campaignsInProcess(plans, input);
  const waited = { ms: 0 };
  const written: WrittenCampaign[] = [];
  const fingerprint = options.shard ? await configFingerprint(valid) : undefined;
  const batches = siteBatches(campaigns, options, fingerprint, { waited, written }, (index) => {
    done = { campaigns: done.campaigns + 1, pages: done.pages + plans[index]!.pages.length };
    report(done.campaigns === plans.length ? 'write' : 'render', context.images.stats);
  });
  const { bytes } = await (options.write ?? writeOutput)(options.outDir, batches, context.compressionCacheDir, protect, (folder) => {
    staging.folder = folder;
  });
  const writing = lap() - waited.ms;

  return {
    outDir: options.outDir,
    campaigns: plans.map((plan) => ({ name: plan.name, dir: plan.dir, basePath: plan.basePath, pages: plan.pages.length })),
    pages,
    bytes,
    images: context.images.stats,
    milliseconds: Math.round(performance.now() - started),
    timings: { load, bundle: bundled, render: Math.round(waited.ms * 10) / 10, write: Math.round(writing * 10) / 10 },
    written,
  };
}

/**
 * What the writer writes: each campaign's files as soon as they are built (memory holds a few
 * campaigns, not all), then the site's root files. `waited` sums the time the writer waited
 * for campaigns: rendering them in this thread, or the workers' lead over it; `written` gets
 * each campaign's entry and asset sizes, in the config's order (the site's root files are made from it).
 */
async function* siteBatches(
  campaigns: AsyncGenerator<IndexedCampaign>,
  selection: BuildSelection,
  fingerprint: string | undefined,
  { waited, written }: { waited: { ms: number }; written: WrittenCampaign[] },
  onWritten: (index: number) => void,
): AsyncGenerator<OutputFile[]> {
  try {
    for (;;) {
      const started = performance.now();
      const next = await campaigns.next();
      waited.ms += performance.now() - started;
      if (next.done) break;
      const { entry, files } = next.value.built;
      written[next.value.index] = { ...entry, ...assetSizes(entry, files) };
      yield files;
      onWritten(next.value.index);
    }
  } finally {
    // The writer failed or finished: no worker goes on.
    await campaigns.return(undefined);
  }
  // Hosts read their configuration at the root of what is uploaded: one for every campaign, a host at a time.
  yield* siteRootBatches(written, selection, fingerprint);
}

/** The bytes of a campaign's `assets` folder among its `files`, and of its runtime script. */
function assetSizes({ dir, manifest }: SiteEntry, files: OutputFile[]): Pick<WrittenCampaign, 'assetBytes' | 'runtimeBytes'> {
  const folder = path.posix.join(dir, 'assets') + '/';
  const sizes = { assetBytes: 0, runtimeBytes: 0 };
  for (const { path: file, contents } of files) {
    if (!file.startsWith(folder)) continue;
    const bytes = byteLength(contents);
    sizes.assetBytes += bytes;
    if (file.slice(folder.length) === manifest.assets.runtime) sizes.runtimeBytes = bytes;
  }
  return sizes;
}

/** Each call returns the milliseconds since the previous one (or since `since`). */
function stopwatch(since: number): () => number {
  let last = since;
  return () => {
    const now = performance.now();
    const elapsed = now - last;
    last = now;
    return Math.round(elapsed * 10) / 10;
  };
}
