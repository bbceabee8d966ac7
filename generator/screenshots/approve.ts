// `screenshots --approve REPORT_DIR`: the captures of a report (CI's, downloaded) become the baselines, with that
// report's environment record, as one set; only a report of this very config and tool version is taken.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { loadConfig } from '../config/load.ts';
import { validateSite } from '../pipeline/check.ts';
import { configFingerprint } from '../pipeline/fingerprint.ts';
import { ApproveReportMismatch, ScreenshotEnvironmentMismatch } from '../shared/errors.ts';
import { commitBaselines, recoverBaselines, type BaselineChanges } from './baseline-set.ts';
import { compressPng } from './compare.ts';
import { environmentFile, makeEnvironment, readEnvironment, serializeEnvironment } from './environment.ts';
import { readReportFolder } from './report-dir.ts';
import { isFailure } from './results.ts';

/** What to approve, and into which baselines. */
export interface ApproveOptions {
  /** A report folder of `screenshots` (or `screenshots-merge`). */
  reportDir: string;
  /** The config the baselines are of: the report must have been made from it. */
  config: string;
  baselineDir: string;
  /** Approve only the shots whose names match this glob. */
  only?: string;
  /** Remove the baselines the report found stale too. */
  prune?: boolean;
}

/** What an approval wrote. */
export interface Approval {
  baselineDir: string;
  approved: string[];
  pruned: string[];
  /** Whether environment.json now records the report's environment. */
  environment: boolean;
}

/**
 * Turns the failing captures of a report (changed or missing, those matching `only`) into
 * baselines, with the report's environment: all of its record when the whole report is approved,
 * only the fonts of the approved pages when some are (and then only when the report's
 * environment is the baselines'). Written as one set (baseline-set.ts).
 * @throws UserError when the report is of another config or tool version, records no config,
 *   lacks a capture, or a partial approval would mix two environments.
 */
export async function approveReport(options: ApproveOptions): Promise<Approval> {
  const report = await readReportFolder(options.reportDir);
  const refuse = (reason: string) => ApproveReportMismatch.create(options.reportDir, reason);
  if (!report.source?.fingerprint)
    throw refuse('it records no config (a run of an earlier version, or of --build/--site without -c CONFIG)');
  const fingerprint = await configFingerprint(await validateSite(await loadConfig(options.config)));
  if (fingerprint !== report.source.fingerprint)
    throw refuse(
      `its pages were built from another config or store-landing version than ${options.config} (fingerprint ${report.source.fingerprint.slice(0, 12)}, not ${fingerprint.slice(0, 12)})`,
    );
  const { current } = report.environment;
  if (!current.browser || !current.byShot) throw refuse('it records no capture environment');
  await recoverBaselines(options.baselineDir);
  const matches = options.only === undefined ? () => true : picomatch(options.only);
  const chosen = report.shots.filter((shot) => shot.status !== 'glyphs' && isFailure(shot, report) && matches(shot.name));
  const changes: BaselineChanges = { write: new Map(), remove: options.prune ? report.stale : [], records: new Map() };
  for (const shot of chosen) {
    const capture = path.join(options.reportDir, 'current', shot.name);
    if (!existsSync(capture)) throw refuse(`it lacks the capture of ${shot.name} (current/${shot.name})`);
    changes.write.set(shot.name, await compressPng(await readFile(capture)));
  }
  const envFile = environmentFile(options.baselineDir, current.deviceScale);
  const recorded = await readEnvironment(envFile);
  // The whole report's environment is the new set's only when every shot of the check was taken in it.
  const whole = options.only === undefined && report.shard === null;
  if (!whole && report.environment.differences.length && chosen.length)
    throw ScreenshotEnvironmentMismatch.create(
      options.baselineDir,
      report.environment.differences,
      path.join(options.reportDir, 'report.html'),
      `npx store-landing screenshots --approve ${options.reportDir}`,
    );
  const approvedFonts = Object.fromEntries(chosen.map((shot) => [shot.name, current.byShot![shot.name] ?? []]));
  const byShot = whole ? current.byShot : { ...(recorded?.fonts.byShot ?? {}), ...approvedFonts };
  const [browser, platform, pinned] =
    whole || !recorded ? [current.browser, current.platform, current.pinned] : [recorded.browser, recorded.platform, recorded.pinned];
  const text = serializeEnvironment(makeEnvironment(browser, platform, current.deviceScale, byShot, pinned ?? null));
  const environmentChanged = (chosen.length > 0 || whole) && (!recorded || serializeEnvironment(recorded) !== text);
  if (environmentChanged) changes.records.set(path.basename(envFile), text);
  if (changes.write.size || changes.remove.length || changes.records.size)
    await commitBaselines(options.baselineDir, changes, { configFile: options.config });
  return { baselineDir: options.baselineDir, approved: [...changes.write.keys()], pruned: changes.remove, environment: environmentChanged };
}
