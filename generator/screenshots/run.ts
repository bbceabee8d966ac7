// The screenshot regression check: every page of a build or site (or one shard's part), served and captured
// in Chromium at phone widths, compared with committed baselines made in the same environment.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import picomatch from 'picomatch';
import { buildSite } from '../pipeline/index.ts';
import { loadConfig } from '../config/load.ts';
import { validateSite } from '../pipeline/check.ts';
import { isSiteManifest, readCampaignManifests, readManifest } from '../shared/manifest.ts';
import { OnlyWithoutUpdate, ScreenshotSourceConflict, ScreenshotsNeedOneCampaign, ScreenshotsNeedSite } from '../shared/errors.ts';
import { removeOnExit } from '../shared/exit-cleanup.ts';
import type { Shard } from '../shared/shard.ts';
import { budgetFor, DEFAULT_SETTINGS, type ScreenshotSettings, type ShotBudget } from './budget.ts';
import { captureAll } from './capture.ts';
import { checkShot, pruneBaselines, writeBaseline, type CheckedShot } from './check-shot.ts';
import {
  describePlatform,
  environmentFile,
  fingerprintFonts,
  fontDifferences,
  makeEnvironment,
  readEnvironment,
  setupDifferences,
  writeEnvironment,
} from './environment.ts';
import { planShots, planSiteShots, shardShots, type PlannedShot } from './plan.ts';
import { prepareOutDir, writeReportFolder, type ReportFiles } from './report-dir.ts';
import { DEFAULT_UPDATE_COMMAND, type EnvironmentReport, type ScreenshotReport, type ShotResult } from './results.ts';

export interface ScreenshotOptions {
  /** The config: built when neither `build` nor `site` is given; its `screenshots` settings apply either way. */
  config?: string;
  /** An existing build folder (one campaign) to capture instead of building. */
  build?: string;
  /** A `build --all` or merged site: every page of the top level and of each campaign, baselines per campaign folder. */
  site?: string;
  /** Baseline PNGs, named `<locale>-<variant>-<width>.png` (in `<campaign>/` with `site`), and environment.json. */
  baselineDir: string;
  /** Where the report and the images of the failing shots go. */
  outDir: string;
  /** Write the missing baselines and those that changed past their budget, instead of failing. */
  update?: boolean;
  /** With `update`: write only the shots whose names match this glob. */
  only?: string;
  /** Over the config's own budget (budget.ts). */
  maxDiffPixels?: number;
  pixelThreshold?: number;
  /** Device pixel ratio of the captures; baselines at another ratio carry `@<n>x` in their names. */
  scale: number;
  /** Take only this part of the shots (planShots, shardShots). */
  shard?: Shard;
  /** Compare pixels even when the baselines were made in another environment. */
  ignoreEnvironment?: boolean;
  /** The command line that writes these baselines, quoted in the hints; the user's own flags (command-line.ts). */
  updateCommand?: string;
}

/** A finished run: its findings (as results.json holds them), the pages that changed, and where the report files are. */
export interface ScreenshotRun extends ScreenshotReport, ReportFiles {
  changed: ShotResult[];
}

export type { ShotResult } from './results.ts';

/** What a run captures: the folder served, the shots, and each campaign's screenshot settings. */
interface Source {
  siteDir: string;
  planned: PlannedShot[];
  settingsOf: (campaign: string | null) => ScreenshotSettings;
}

/**
 * Builds (or takes) the pages, serves them, captures every shot (of the shard) and compares each
 * with its baseline, after checking that the baselines were made in this environment. With
 * `update`, the missing baselines and those that changed past their budget are written (those
 * matching `only`), and environment.json with them; every other file is left untouched.
 * Findings are in the result (and the report), not thrown: the CLI turns them into exit 1.
 * @throws UserError when the build is missing or of the wrong kind, or the flags contradict.
 */
export async function runScreenshots(options: ScreenshotOptions): Promise<ScreenshotRun> {
  if (options.only !== undefined && !options.update) throw OnlyWithoutUpdate.create(options.only);
  if (options.build && options.site) throw ScreenshotSourceConflict.create();
  const temporary = options.build || options.site ? undefined : await mkdtemp(path.join(tmpdir(), 'store-landing-screenshots-'));
  const held = temporary === undefined ? undefined : removeOnExit(temporary);
  try {
    // Before any build: a folder the run may not empty is refused at once.
    const inputs = [options.baselineDir, ...(options.build ? [options.build] : []), ...(options.site ? [options.site] : [])];
    await prepareOutDir(options.outDir, { configFile: options.config, inputs });
    const source = await openSource(options, temporary);
    const shots = options.shard ? shardShots(source.planned, options.shard) : source.planned;
    return await checkShots(options, source, shots);
  } finally {
    held?.remove();
  }
}

async function openSource(options: ScreenshotOptions, temporary: string | undefined): Promise<Source> {
  // A build's or a site's own screenshot settings come from the config only when one is named.
  const config = temporary ? (options.config ?? 'variants.yaml') : options.config;
  // Checked whole, as `validate` does, and built from as it is: not loaded and checked twice.
  const valid = config === undefined ? undefined : await validateSite(await loadConfig(config));
  const settingsOf: Source['settingsOf'] = valid
    ? (campaign) => (valid.campaigns.find((entry) => entry.name === campaign) ?? valid.base).config.screenshots
    : () => DEFAULT_SETTINGS;
  if (options.site) {
    const siteDir = path.resolve(options.site);
    if (!isSiteManifest(readManifest(siteDir))) throw ScreenshotsNeedSite.create(options.site);
    return { siteDir, planned: planSiteShots(readCampaignManifests(siteDir), siteDir, options.scale), settingsOf };
  }
  const buildDir = options.build ? path.resolve(options.build) : path.join(temporary!, 'out');
  if (temporary) await buildSite({ config: config!, outDir: buildDir, valid });
  const manifest = readManifest(buildDir);
  if (isSiteManifest(manifest)) throw ScreenshotsNeedOneCampaign.create(options.build!);
  return { siteDir: buildDir, planned: planShots(manifest.pages, options.scale, manifest.basePath), settingsOf };
}

async function checkShots(options: ScreenshotOptions, source: Source, shots: PlannedShot[]): Promise<ScreenshotRun> {
  const flags: Partial<ShotBudget> = { maxDiffPixels: options.maxDiffPixels, pixelThreshold: options.pixelThreshold };
  const defaults = budgetFor('', DEFAULT_SETTINGS, flags);
  const envFile = environmentFile(options.baselineDir, options.scale);
  const recorded = await readEnvironment(envFile);
  const matchesOnly = options.only === undefined ? () => true : picomatch(options.only);
  // A whole --update adopts this environment; a partial one (--only) would mix two in one folder.
  const adopting = Boolean(options.update) && options.only === undefined;
  const environment: EnvironmentReport = {
    current: { browser: '', platform: describePlatform(), deviceScale: options.scale },
    baseline: recorded
      ? {
          browser: recorded.browser,
          platform: recorded.platform,
          deviceScale: recorded.deviceScale,
          fingerprint: recorded.fonts.fingerprint,
        }
      : null,
    differences: [],
    ignored: Boolean(options.ignoreEnvironment) || adopting,
  };
  const fontsByShot: Record<string, string[]> = {};
  const finish = async (checked: CheckedShot[]) => {
    const report: ScreenshotReport = {
      shots: checked.map((shot) => shot.result),
      ...defaults,
      baselineDir: options.baselineDir,
      updated: Boolean(options.update),
      only: options.only ?? null,
      written: [],
      shard: options.shard ?? null,
      planned: source.planned.length,
      environment,
      updateCommand: options.updateCommand ?? DEFAULT_UPDATE_COMMAND,
    };
    const mismatched = environment.differences.length > 0 && !environment.ignored;
    if (options.update && !mismatched) {
      for (const { result, baseline } of checked) {
        if (!baseline) continue;
        await writeBaseline(options.baselineDir, result.name, baseline);
        report.written.push(result.name);
      }
      if (options.only === undefined) await pruneBaselines(options.baselineDir, source.planned, options.scale);
      const planned = new Set(source.planned.map((shot) => shot.name));
      const kept = Object.entries(recorded?.fonts.byShot ?? {}).filter(([name]) => planned.has(name));
      if (environment.current.browser) {
        await writeEnvironment(
          envFile,
          makeEnvironment(environment.current.browser, environment.current.platform, options.scale, {
            ...Object.fromEntries(kept),
            ...fontsByShot,
          }),
        );
      }
    }
    const files = await writeReportFolder(options.outDir, report);
    return { ...report, ...files, changed: report.shots.filter((shot) => shot.status === 'changed') };
  };

  let stopped = false;
  const checked = await captureAll(source.siteDir, shots, options.scale, {
    started: (browser) => {
      environment.current.browser = browser;
      if (recorded) environment.differences.push(...setupDifferences(recorded, environment.current));
      // Captures in another browser or at another scale would differ wholesale: none is taken.
      stopped = environment.differences.length > 0 && !environment.ignored;
      if (stopped) throw new StopCapturing();
    },
    check: async (shot, capture) => {
      fontsByShot[shot.name] = capture.fonts;
      const approves = (name: string) => Boolean(options.update) && matchesOnly(name);
      const budget = budgetFor(shot.name, source.settingsOf(shot.campaign), flags);
      return checkShot(shot, capture, budget, { baselineDir: options.baselineDir, outDir: options.outDir, approves });
    },
  }).catch((error: unknown) => {
    if (error instanceof StopCapturing) return [];
    throw error;
  });
  if (!stopped && recorded) environment.differences.push(...fontDifferences(recorded.fonts.byShot, fontsByShot));
  if (checked.length) environment.current.fingerprint = fingerprintFonts(fontsByShot);
  return finish(checked);
}

/** Thrown from captureAll's start to stop before any capture. */
class StopCapturing extends Error {}
