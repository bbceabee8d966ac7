// What a screenshot run found, as the report folder keeps it (results.json) for report.html, junit.xml and
// merging shards, and which user error it amounts to.
import { BaselinesMissing, GlyphsMissing, ScreenshotEnvironmentMismatch, ScreenshotsChanged, type UserError } from '../shared/errors.ts';
import type { Comparison } from './compare.ts';
import type { Environment } from './environment.ts';
import { fontPackagesFor } from './glyphs.ts';
import type { Shard } from '../shared/shard.ts';

/**
 * What became of one shot: `same` within its budget, `changed` past it, `missing` without a
 * baseline, `glyphs` drawn with empty boxes (text no installed font has: never compared, never
 * written). Whether a changed or missing one was written as the baseline is `written`'s.
 */
export type ShotStatus = 'same' | 'changed' | 'missing' | 'glyphs';

/** One capture and how it compares with its baseline. */
export interface ShotResult extends Partial<Comparison> {
  /** Path of the baseline and the capture below their folders: `de-feature1-390.png`, or `<campaign>/de-feature1-390.png` with --site. */
  name: string;
  /** The campaign of the page (--site); null for the top level and for a one-campaign build. */
  campaign: string | null;
  locale: string;
  variant: string;
  /** The page's path on the served site, e.g. `de/feature1` or `kids/de/feature1`. */
  url: string;
  width: number;
  status: ShotStatus;
  /** The budget this shot was held to: more differing pixels than this fail it. */
  maxDiffPixels: number;
  pixelThreshold: number;
  /** With status `glyphs`: the characters drawn as empty boxes. */
  missingGlyphs?: string;
}

/** The environment of a run: where it captured, and how that differs from the baselines'. */
export interface EnvironmentReport {
  /**
   * This machine's; without fonts when nothing was captured. `byShot`: the fonts each capture used,
   * which `--approve` records with the captures it turns into baselines.
   */
  current: Omit<Environment, 'fonts'> & { fingerprint?: string; byShot?: Record<string, string[]> };
  /** The baselines' environment.json; null when they have none. */
  baseline: (Omit<Environment, 'fonts'> & { fingerprint: string }) | null;
  /** Each difference in a sentence; empty when they match. */
  differences: string[];
  /**
   * Whether an approval of some shots only (`--only`) wrote nothing because the environments differ:
   * it would leave baselines of two environments in one folder. Differences alone are notes: every shot is compared.
   */
  withheld: boolean;
}

/** A run's findings, written to the report folder as results.json and read back by the merge. */
export interface ScreenshotReport {
  shots: ShotResult[];
  /** The budget of a shot no config override names: more differing pixels than this fail it. */
  maxDiffPixels: number;
  pixelThreshold: number;
  baselineDir: string;
  /** Whether this was an --update run. */
  updated: boolean;
  /** With --update --only: the glob of the shots it could approve. */
  only: string | null;
  /** The baselines this run wrote: with --update, the missing and the changed (those matching --only). */
  written: string[];
  /** The part this run took (`--shard I/N`); null for every shot (and for a merged report). */
  shard: Shard | null;
  /** How many shots the whole check has, over all shards. */
  planned: number;
  environment: EnvironmentReport;
  /** The command line that writes these baselines, with the user's own flags: the hints quote it. */
  updateCommand: string;
  /** Baselines no page of the check produces any more (a note; `--update --prune` removes them). */
  stale: string[];
  /** The stale baselines this run removed (--prune). */
  pruned: string[];
  /** What the pages were built from: the config's fingerprint (pipeline/fingerprint.ts), null when no config was read. `--approve` checks it. */
  source: { fingerprint: string | null };
}

/** What the hints say without the user's own command line (library callers). */
export const DEFAULT_UPDATE_COMMAND = 'npx store-landing screenshots --update';

/** Whether a shot fails the check: text without a font, or no baseline or changed past its budget and not written by this run. */
export function isFailure(shot: ShotResult, report: Pick<ScreenshotReport, 'written'>): boolean {
  return shot.status === 'glyphs' || ((shot.status === 'missing' || shot.status === 'changed') && !report.written.includes(shot.name));
}

/** Whether every pixel of a changed shot that differs is inside an image (results.json of older runs do not say: false). */
export function differsInImagesOnly(shot: ShotResult): boolean {
  return Boolean(shot.differingPixels) && shot.differingOutsideImages === 0;
}

/** Where a shot changed, for people: `1234 pixels differ in 120x40 at 20,35`, and `, all inside images` when that is so. */
export function describeChange(shot: ShotResult): string {
  const box = shot.box ? ` in ${shot.box.width}x${shot.box.height} at ${shot.box.x},${shot.box.y}` : '';
  const size = shot.baselineSize !== shot.currentSize ? ` (the page went from ${shot.baselineSize} to ${shot.currentSize})` : '';
  return `${shot.differingPixels} pixels differ${box}${size}${differsInImagesOnly(shot) ? ', all inside images' : ''}`;
}

/**
 * The user error a report amounts to, if any, most basic first: a partial approval withheld for
 * another environment, then text without a font, then the baselines missing and changed (naming
 * the environment as the likely cause when it differs: the differences alone fail nothing).
 * @param reportFile The report.html to point at.
 */
export function reportFailure(report: ScreenshotReport, reportFile: string): UserError | undefined {
  const { environment } = report;
  if (environment.withheld) {
    return ScreenshotEnvironmentMismatch.create(report.baselineDir, environment.differences, reportFile, report.updateCommand);
  }
  const glyphs = report.shots.filter((shot) => shot.status === 'glyphs');
  if (glyphs.length) {
    const byLocale = new Map<string, string>();
    for (const shot of glyphs)
      byLocale.set(shot.locale, [...new Set([...(byLocale.get(shot.locale) ?? ''), ...shot.missingGlyphs!])].join(''));
    const characters = [...byLocale.values()].join('');
    return GlyphsMissing.create(
      [...byLocale],
      glyphs.map((shot) => shot.name),
      fontPackagesFor(characters),
    );
  }
  const failing = report.shots.filter((shot) => isFailure(shot, report));
  const missing = failing.filter((shot) => shot.status === 'missing').map((shot) => shot.name);
  const changedShots = failing.filter((shot) => shot.status === 'changed');
  const changed = changedShots.map((shot) => `${shot.name} (${describeChange(shot)})`);
  if (changed.length)
    return ScreenshotsChanged.create(changed, missing, reportFile, report.updateCommand, {
      imagesOnly: changedShots.every(differsInImagesOnly),
      environment: environment.differences,
    });
  if (missing.length) return BaselinesMissing.create(report.baselineDir, missing, report.updateCommand);
  return undefined;
}
