// The screenshot regression check: every page of a build (or one shard's part), served and captured in Chromium at phone widths, compared with committed baselines.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite } from '../build/index.ts';
import { isSiteManifest, readManifest, type ManifestPage } from '../shared/manifest.ts';
import { ScreenshotsNeedOneCampaign } from '../shared/errors.ts';
import { removeOnExit } from '../shared/exit-cleanup.ts';
import { captureAll } from './capture.ts';
import { comparePng, compressPng } from './compare.ts';
import { planShots, shardShots, type PlannedShot, type ScreenshotShard } from './plan.ts';
import { prepareOutDir, writeReportFolder, type ReportFiles } from './report-dir.ts';
import { DEFAULT_UPDATE_COMMAND, reportFailure, type ScreenshotReport, type ShotResult } from './results.ts';

export interface ScreenshotOptions {
  /** The config to build; ignored when `build` is given. */
  config: string;
  /** An existing build folder (one campaign) to capture instead of building. */
  build?: string;
  /** Baseline PNGs, named `<locale>-<variant>-<width>.png`. */
  baselineDir: string;
  /** Where the report, the captures and the diff images go. */
  outDir: string;
  /** Write the captures that changed past the threshold (and the new ones) as the new baselines, instead of failing. */
  update?: boolean;
  /** A page fails when more than this per cent of its pixels differ. */
  threshold: number;
  /** pixelmatch's per-pixel colour distance, 0 to 1, below which two pixels count as equal. */
  pixelThreshold: number;
  /** Device pixel ratio of the captures; baselines at another ratio carry `@<n>x` in their names. */
  scale: number;
  /** Take only this part of the shots (planShots, shardShots). */
  shard?: ScreenshotShard;
  /** The command line that writes these baselines, quoted in the hints; the user's own flags (command-line.ts). */
  updateCommand?: string;
}

/** A finished run: its findings (as results.json holds them), the pages that changed, and where the report files are. */
export interface ScreenshotRun extends ScreenshotReport, ReportFiles {
  changed: ShotResult[];
}

export type { ShotResult } from './results.ts';

/**
 * Builds (or takes) a campaign, serves it, captures every page (of the shard) at every viewport
 * and compares each with its baseline; with `update`, captures that changed past the threshold
 * and new ones become the baselines, and every other baseline file is left untouched.
 * Differences are in the result (and the report), not thrown: the CLI turns them into exit 1.
 * @throws UserError when the build is missing, or baselines are (without `update`): the report
 * folder then lists them as failures, and nothing is captured.
 */
export async function runScreenshots(options: ScreenshotOptions): Promise<ScreenshotRun> {
  const temporary = options.build ? undefined : await mkdtemp(path.join(tmpdir(), 'store-landing-screenshots-'));
  const held = temporary === undefined ? undefined : removeOnExit(temporary);
  try {
    // Before the build: a folder the run may not empty is refused at once.
    await prepareOutDir(options.outDir, { configFile: options.config, inputs: [options.baselineDir, ...(options.build ? [options.build] : [])] });
    const buildDir = options.build ? path.resolve(options.build) : path.join(temporary!, 'out');
    if (!options.build) await buildSite({ config: options.config, outDir: buildDir });
    const planned = planShots(readPages(buildDir), options.scale);
    const shots = options.shard ? shardShots(planned, options.shard) : planned;
    const missing = new Set(shots.filter((shot) => !existsSync(path.join(options.baselineDir, shot.name))).map((shot) => shot.name));
    if (missing.size > 0 && !options.update) {
      const results = shots.map((shot) => ({ ...describeShot(shot), status: missing.has(shot.name) ? ('missing' as const) : ('skipped' as const) }));
      const report = reportOf(options, results, planned.length);
      throw reportFailure(report, (await writeReportFolder(options.outDir, report)).report)!;
    }
    const results = await captureAll(buildDir, shots, options.scale, (shot, png) => checkShot(shot, png, options));
    if (options.update) await pruneBaselines(options.baselineDir, planned, options.scale);
    const report = reportOf(options, results, planned.length);
    const files = await writeReportFolder(options.outDir, report);
    return { ...report, ...files, changed: results.filter((result) => result.status === 'changed') };
  } finally {
    held?.remove();
  }
}

function reportOf(options: ScreenshotOptions, shots: ShotResult[], planned: number): ScreenshotReport {
  const update = Boolean(options.update);
  return {
    shots,
    threshold: options.threshold,
    pixelThreshold: options.pixelThreshold,
    baselineDir: options.baselineDir,
    updated: update,
    written: update ? shots.filter((shot) => shot.status === 'changed' || shot.status === 'new').map((shot) => shot.name) : [],
    shard: options.shard ?? null,
    planned,
    updateCommand: options.updateCommand ?? DEFAULT_UPDATE_COMMAND,
  };
}

function describeShot(shot: PlannedShot): Omit<ShotResult, 'status'> {
  return { name: shot.name, locale: shot.locale, variant: shot.variant, url: shot.urlPath, width: shot.viewport.width };
}

/**
 * Compares one capture with its baseline and keeps the capture (and the baseline and diff when
 * changed). With --update, writes the baseline only when it is new or changed past the threshold:
 * re-encoding an unchanged page's capture would rewrite its file with a few pixels of noise.
 */
async function checkShot(shot: PlannedShot, png: Buffer, options: ScreenshotOptions): Promise<ShotResult> {
  const { outDir, baselineDir } = options;
  const baselineFile = path.join(baselineDir, shot.name);
  await writeFile(path.join(outDir, 'current', shot.name), png);
  if (!existsSync(baselineFile)) {
    if (options.update) await writeBaseline(baselineFile, png);
    return { ...describeShot(shot), status: 'new' };
  }
  const baseline = await readFile(baselineFile);
  const { comparison, diffPng } = await comparePng(baseline, png, options.pixelThreshold);
  const changed = comparison.share * 100 > options.threshold;
  if (changed) {
    await writeFile(path.join(outDir, 'baseline', shot.name), baseline);
    await writeFile(path.join(outDir, 'diff', shot.name), await diffPng());
    if (options.update) await writeBaseline(baselineFile, png);
  }
  return { ...describeShot(shot), ...comparison, status: changed ? 'changed' : 'same' };
}

async function writeBaseline(file: string, png: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await compressPng(png));
}

/** The pages of a one-campaign build, from its manifest.json. */
function readPages(buildDir: string): ManifestPage[] {
  const manifest = readManifest(buildDir);
  if (isSiteManifest(manifest)) throw ScreenshotsNeedOneCampaign.create(buildDir);
  return manifest.pages;
}

/** Removes baselines (at the same scale) of pages the build no longer has; the whole plan decides, so a shard may prune too. */
async function pruneBaselines(baselineDir: string, planned: PlannedShot[], scale: number) {
  if (!existsSync(baselineDir)) return;
  const names = new Set(planned.map((shot) => shot.name));
  const scaleOf = (name: string) => /@\d+x\.png$/.exec(name)?.[0] ?? '.png';
  const suffix = scale === 1 ? '.png' : `@${scale}x.png`;
  for (const name of await readdir(baselineDir)) {
    if (name.endsWith('.png') && scaleOf(name) === suffix && !names.has(name)) await rm(path.join(baselineDir, name), { force: true });
  }
}
