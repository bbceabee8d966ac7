// What a screenshot run found, as the report folder keeps it (results.json) for report.html, junit.xml and merging shards, and which user error it amounts to.
import { BaselinesMissing, ScreenshotsChanged, type UserError } from '../shared/errors.ts';
import type { Comparison } from './compare.ts';
import type { ScreenshotShard } from './plan.ts';

/**
 * What became of one shot: `same` within the threshold, `changed` past it, `new` without a
 * baseline (with --update, which writes it), `missing` without a baseline (without --update:
 * the run stops before capturing), `skipped` not captured because baselines are missing.
 */
export type ShotStatus = 'same' | 'changed' | 'new' | 'missing' | 'skipped';

/** One capture and how it compares with its baseline. */
export interface ShotResult extends Partial<Comparison> {
  /** File name of the baseline and the capture, e.g. `de-feature1-390.png`. */
  name: string;
  locale: string;
  variant: string;
  /** The page's path below the build's base path, e.g. `de/feature1`. */
  url: string;
  width: number;
  status: ShotStatus;
}

/** A run's findings, written to the report folder as results.json and read back by the merge. */
export interface ScreenshotReport {
  shots: ShotResult[];
  /** A page fails when more than this per cent of its pixels differ. */
  threshold: number;
  pixelThreshold: number;
  baselineDir: string;
  /** Whether this was an --update run. */
  updated: boolean;
  /** The baselines this run wrote: with --update, those changed past the threshold and the new ones. */
  written: string[];
  /** The part this run took (`--shard I/N`); null for every shot (and for a merged report). */
  shard: ScreenshotShard | null;
  /** How many shots the whole check has, over all shards. */
  planned: number;
  /** The command line that writes these baselines, with the user's own flags: the hints quote it. */
  updateCommand: string;
}

/** What the hints say without the user's own command line (library callers). */
export const DEFAULT_UPDATE_COMMAND = 'npx store-landing screenshots --update';

/** Whether a shot fails the check: no baseline, or changed past the threshold in a run that is not an update. */
export function isFailure(shot: ShotResult, updated: boolean): boolean {
  return shot.status === 'missing' || (shot.status === 'changed' && !updated);
}

/**
 * The user error a report amounts to, if any: missing baselines first (those shots were
 * not compared at all), else the shots that changed.
 * @param reportFile The report.html to point at.
 */
export function reportFailure(report: ScreenshotReport, reportFile: string): UserError | undefined {
  const missing = report.shots.filter((shot) => shot.status === 'missing').map((shot) => shot.name);
  if (missing.length) return BaselinesMissing.create(report.baselineDir, missing, report.updateCommand);
  const changed = report.shots.filter((shot) => isFailure(shot, report.updated)).map((shot) => shot.name);
  if (changed.length) return ScreenshotsChanged.create(changed, report.threshold, reportFile, report.updateCommand);
  return undefined;
}
