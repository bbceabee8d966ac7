// The screenshot regression check: every page of a build or site (or one shard's part), served and captured
// in Chromium at phone widths, compared with committed baselines made in the same environment.
import path from 'node:path';
import picomatch from 'picomatch';
import { buildSite } from '../pipeline/index.ts';
import { loadConfig } from '../config/load.ts';
import { validateSite } from '../pipeline/check.ts';
import { isSiteManifest, readCampaignManifests, readManifest } from '../shared/manifest.ts';
import { configFingerprint } from '../pipeline/fingerprint.ts';
import {
  OnlyWithoutUpdate,
  PruneWithoutUpdate,
  ScreenshotSourceConflict,
  ScreenshotsNeedOneCampaign,
  ScreenshotsNeedSite,
} from '../shared/errors.ts';
import type { Shard } from '../shared/shard.ts';
import { budgetFor, DEFAULT_SETTINGS, type ScreenshotSettings, type ShotBudget } from './budget.ts';
import { commitBaselines, recoverBaselines, type BaselineChanges } from './baseline-set.ts';
import { captureAll } from './capture.ts';
import { checkShot, staleBaselines, type CheckedShot } from './check-shot.ts';
import { compressPng } from './compare.ts';
import {
  describePlatform,
  environmentFile,
  fingerprintFonts,
  fontDifferences,
  makeEnvironment,
  readEnvironment,
  serializeEnvironment,
  setupDifferences,
} from './environment.ts';
import { planShots, planSiteShots, shardShots, type PlannedShot } from './plan.ts';
import { prepareOutDir, writeReportFolder, type ReportFiles } from './report-dir.ts';
import { DEFAULT_UPDATE_COMMAND, type EnvironmentReport, type ScreenshotReport, type ShotResult } from './results.ts';
import { captureBrowser } from './pinned-browser.ts';
import { openRunFolder } from './run-folder.ts';

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
  /** With `update`: remove the stale baselines too (only in a folder the tool owns: baseline-set.ts). */
  prune?: boolean;
  /** Over the config's own budget (budget.ts). */
  maxDiffPixels?: number;
  pixelThreshold?: number;
  /** Device pixel ratio of the captures; baselines at another ratio carry `@<n>x` in their names. */
  scale: number;
  /** Take only this part of the shots (planShots, shardShots). */
  shard?: Shard;
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
  /** The config's fingerprint, when a config was read. */
  fingerprint: string | null;
}

/**
 * Builds (or takes) the pages, serves them, captures every shot (of the shard) and compares each
 * with its baseline; how the environment differs from the baselines' is a note, never a stop.
 * With `update`, the missing baselines and those that changed past their budget are written
 * (those matching `only`), and environment.json with them, as one set (baseline-set.ts); with
 * `prune` too, the stale ones are removed. Every other file is left untouched.
 * Findings are in the result (and the report), not thrown: the CLI turns them into exit 1.
 * @throws UserError when the build is missing or of the wrong kind, or the flags contradict.
 */
export async function runScreenshots(options: ScreenshotOptions): Promise<ScreenshotRun> {
  if (options.only !== undefined && !options.update) throw OnlyWithoutUpdate.create(options.only);
  if (options.prune && !options.update) throw PruneWithoutUpdate.create();
  if (options.build && options.site) throw ScreenshotSourceConflict.create();
  // The run's own folder (its build, Chromium's profile); those of killed runs go first.
  const folder = await openRunFolder();
  try {
    // Before any build: a folder the run may not empty is refused at once.
    const inputs = [options.baselineDir, ...(options.build ? [options.build] : []), ...(options.site ? [options.site] : [])];
    await prepareOutDir(options.outDir, { configFile: options.config, inputs });
    await recoverBaselines(options.baselineDir);
    const source = await openSource(options, options.build || options.site ? undefined : folder.dir);
    const shots = options.shard ? shardShots(source.planned, options.shard) : source.planned;
    return await checkShots(options, source, shots, folder.dir);
  } finally {
    folder.remove();
  }
}

async function openSource(options: ScreenshotOptions, temporary: string | undefined): Promise<Source> {
  // A build's or a site's own screenshot settings come from the config only when one is named.
  const config = temporary ? (options.config ?? 'variants.yaml') : options.config;
  // Checked whole, as `validate` does, and built from as it is: not loaded and checked twice.
  const valid = config === undefined ? undefined : await validateSite(await loadConfig(config));
  const fingerprint = valid ? await configFingerprint(valid) : null;
  const settingsOf: Source['settingsOf'] = valid
    ? (campaign) => (valid.campaigns.find((entry) => entry.name === campaign) ?? valid.base).config.screenshots
    : () => DEFAULT_SETTINGS;
  if (options.site) {
    const siteDir = path.resolve(options.site);
    if (!isSiteManifest(readManifest(siteDir))) throw ScreenshotsNeedSite.create(options.site);
    return { siteDir, planned: planSiteShots(readCampaignManifests(siteDir), siteDir, options.scale), settingsOf, fingerprint };
  }
  const buildDir = options.build ? path.resolve(options.build) : path.join(temporary!, 'out');
  if (temporary) await buildSite({ config: config!, outDir: buildDir, valid });
  const manifest = readManifest(buildDir);
  if (isSiteManifest(manifest)) throw ScreenshotsNeedOneCampaign.create(options.build!);
  return { siteDir: buildDir, planned: planShots(manifest.pages, options.scale, manifest.basePath), settingsOf, fingerprint };
}

async function checkShots(options: ScreenshotOptions, source: Source, shots: PlannedShot[], runDir: string): Promise<ScreenshotRun> {
  const flags: Partial<ShotBudget> = { maxDiffPixels: options.maxDiffPixels, pixelThreshold: options.pixelThreshold };
  const defaults = budgetFor('', DEFAULT_SETTINGS, flags);
  const envFile = environmentFile(options.baselineDir, options.scale);
  const recorded = await readEnvironment(envFile);
  const matchesOnly = options.only === undefined ? () => true : picomatch(options.only);
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
    withheld: false,
  };
  const fontsByShot: Record<string, string[]> = {};
  // The lockfile's browser and the shipped fonts where they run; no browser at all for no shots.
  const browser = shots.length ? await captureBrowser(runDir) : { pinned: null };
  environment.current.pinned = browser.pinned;
  const checked = await captureAll(source.siteDir, shots, options.scale, {
    profileDir: path.join(runDir, 'chromium-profile'),
    browser,
    started: (browser) => {
      environment.current.browser = browser;
    },
    check: async (shot, capture) => {
      fontsByShot[shot.name] = capture.fonts;
      const approves = (name: string) => Boolean(options.update) && matchesOnly(name);
      const budget = budgetFor(shot.name, source.settingsOf(shot.campaign), flags);
      return checkShot(shot, capture, budget, { baselineDir: options.baselineDir, outDir: options.outDir, approves });
    },
  });
  // Another browser, platform, scale or fonts is a note: every shot was compared, and only pixels fail.
  if (recorded && environment.current.browser) {
    environment.differences.push(...setupDifferences(recorded, environment.current));
    environment.differences.push(...fontDifferences(recorded.fonts.byShot, fontsByShot));
  }
  if (checked.length) {
    environment.current.fingerprint = fingerprintFonts(fontsByShot);
    environment.current.byShot = fontsByShot;
  }
  // A partial approval in another environment would leave two environments' baselines in one folder.
  environment.withheld = Boolean(options.update) && options.only !== undefined && environment.differences.length > 0;
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
    stale: await staleBaselines(options.baselineDir, source.planned, options.scale),
    pruned: [],
    source: { fingerprint: source.fingerprint },
  };
  if (options.update && !environment.withheld) await writeBaselines(options, source, checked, report, recorded, fontsByShot);
  const files = await writeReportFolder(options.outDir, report);
  return { ...report, ...files, changed: report.shots.filter((shot) => shot.status === 'changed') };
}

/** The --update of a checked run: its new baselines, the pruned ones and environment.json, committed as one set. */
async function writeBaselines(
  options: ScreenshotOptions,
  source: Source,
  checked: CheckedShot[],
  report: ScreenshotReport,
  recorded: Awaited<ReturnType<typeof readEnvironment>>,
  fontsByShot: Record<string, string[]>,
): Promise<void> {
  const changes: BaselineChanges = { write: new Map(), remove: options.prune ? report.stale : [], records: new Map() };
  for (const { result, baseline } of checked) {
    if (!baseline) continue;
    // Recompressed: the baselines live in git.
    changes.write.set(result.name, await compressPng(baseline));
    report.written.push(result.name);
  }
  const { current } = report.environment;
  if (current.browser) {
    const planned = new Set(source.planned.map((shot) => shot.name));
    const kept = Object.entries(recorded?.fonts.byShot ?? {}).filter(([name]) => planned.has(name));
    const text = serializeEnvironment(
      makeEnvironment(current.browser, current.platform, options.scale, { ...Object.fromEntries(kept), ...fontsByShot }, current.pinned),
    );
    const envFile = environmentFile(options.baselineDir, options.scale);
    if (!recorded || serializeEnvironment(recorded) !== text) changes.records.set(path.basename(envFile), text);
  }
  if (changes.write.size || changes.remove.length || changes.records.size) {
    await commitBaselines(options.baselineDir, changes, { configFile: options.config });
    report.pruned = changes.remove;
  }
}
