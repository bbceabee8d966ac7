// Joins the report folders of `screenshots --shard I/N` (every I of one N) into one report folder:
// report.html, junit.xml, results.json and the images.
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { ScreenshotMergeIntoInput, ScreenshotReportsMismatched, ScreenshotShardsIncomplete } from '../shared/errors.ts';
import { IMAGE_FOLDERS, prepareOutDir, readReportFolder, writeReportFolder, type ReportFiles } from './report-dir.ts';
import type { ScreenshotReport } from './results.ts';

/** The merged findings, where their files are, and how many shards went in. */
export interface MergedReport extends ScreenshotReport, ReportFiles {
  shards: number;
}

/**
 * Reads each folder's results.json, checks that they are the shards 1..N of one check, copies
 * their images into `outDir` and writes the report files there for every shot. A report of an
 * unsharded run counts as shard 1 of 1. Failures are in the result; the CLI turns them into exit 1.
 * @throws UserError when a folder holds no report, or the folders are not one check's shards.
 */
export async function mergeReports(dirs: string[], outDir: string): Promise<MergedReport> {
  const parts = await Promise.all(dirs.map(async (dir) => ({ dir, report: await readReportFolder(dir) })));
  // Shard 1's settings (and its command line, for the hints) speak for the check.
  parts.sort((a, b) => (a.report.shard?.index ?? 1) - (b.report.shard?.index ?? 1));
  checkShards(parts);
  const into = parts.find((part) => path.resolve(part.dir) === path.resolve(outDir));
  if (into) throw ScreenshotMergeIntoInput.create(into.dir);
  await prepareOutDir(outDir, { inputs: dirs });
  for (const { dir } of parts) {
    for (const folder of IMAGE_FOLDERS) {
      const from = path.join(dir, folder);
      if (existsSync(from)) await cp(from, path.join(outDir, folder), { recursive: true });
    }
  }
  const [first] = parts.map((part) => part.report);
  const merged: ScreenshotReport = {
    ...first!,
    shots: parts.flatMap((part) => part.report.shots).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    updated: parts.every((part) => part.report.updated),
    written: parts.flatMap((part) => part.report.written).sort(),
    shard: null,
    // One shard's difference is the check's: they ran in one environment, or should have.
    environment: {
      ...first!.environment,
      differences: [...new Set(parts.flatMap((part) => part.report.environment.differences))],
      withheld: parts.some((part) => part.report.environment.withheld),
      current: {
        ...first!.environment.current,
        byShot: Object.assign({}, ...parts.map((part) => part.report.environment.current.byShot ?? {})),
      },
    },
    // Each shard lists the stale baselines of the whole plan; one removed them with --prune, or none did.
    stale: [...new Set(parts.flatMap((part) => part.report.stale ?? []))].sort(),
    pruned: [...new Set(parts.flatMap((part) => part.report.pruned ?? []))].sort(),
  };
  return { ...merged, ...(await writeReportFolder(outDir, merged)), shards: parts.length };
}

/** Refuses reports of different checks, and shards missing or given twice. */
function checkShards(parts: Array<{ dir: string; report: ScreenshotReport }>) {
  const shardOf = (report: ScreenshotReport) => report.shard ?? { index: 1, count: 1 };
  const first = parts[0]!.report;
  const count = shardOf(first).count;
  for (const { dir, report } of parts) {
    const reason =
      shardOf(report).count !== count
        ? `it is a shard of ${shardOf(report).count}, the others of ${count}`
        : report.planned !== first.planned
          ? `its check has ${report.planned} screenshots, the others' ${first.planned}`
          : report.baselineDir !== first.baselineDir
            ? `it compared with ${report.baselineDir}, the others with ${first.baselineDir}`
            : report.maxDiffPixels !== first.maxDiffPixels || report.pixelThreshold !== first.pixelThreshold
              ? 'it ran with other budgets (--max-diff-pixels, --pixel-threshold)'
              : undefined;
    if (reason) throw ScreenshotReportsMismatched.create(dir, reason);
  }
  const indexes = parts.map((part) => shardOf(part.report).index);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !indexes.includes(index));
  const twice = indexes.filter((index, i) => indexes.indexOf(index) !== i);
  if (missing.length || twice.length) throw ScreenshotShardsIncomplete.create(count, missing, twice);
}
