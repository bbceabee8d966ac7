// The report folder of a screenshot run: report.html, junit.xml and results.json beside the current/, baseline/ and diff/ images.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ScreenshotReportNotFound } from '../shared/errors.ts';
import { assertOwned, resolveTarget, writeMarker, type Guards } from '../shared/ownership.ts';
import { JUNIT_FILE, writeJunit } from './junit.ts';
import { writeReport } from './report.ts';
import type { ScreenshotReport } from './results.ts';

export const REPORT_FILE = 'report.html';
/** The findings as data, for `screenshots-merge`. */
export const RESULTS_FILE = 'results.json';
/** The image folders: the captures, and for each changed page its baseline and the difference. */
export const IMAGE_FOLDERS = ['current', 'baseline', 'diff'] as const;

/** Where a report folder's files are. */
export interface ReportFiles {
  report: string;
  junit: string;
}

/** What the report folder is called in messages. */
const WHAT = 'the screenshot report';

/**
 * Empties the report folder and marks it as a report's, refusing a folder no screenshot run
 * wrote (shared/ownership.ts: the marker decides, not the files' names), the current folder,
 * the config's folder and the folders the run reads (`guards.inputs`: the build, the
 * baselines, the merged reports), or one above or inside them.
 */
export async function prepareOutDir(outDir: string, guards: Guards = {}): Promise<void> {
  const { dir } = await resolveTarget(outDir, WHAT, guards);
  await assertOwned(dir, 'report', WHAT);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  // Written first, so a run that is interrupted still leaves a folder the next run may empty.
  writeMarker(dir, 'report');
  for (const folder of IMAGE_FOLDERS) await mkdir(path.join(dir, folder), { recursive: true });
  await writeFile(path.join(dir, REPORT_FILE), '<!doctype html><title>Screenshot report</title><p>This run did not finish.</p>\n');
}

/** Writes results.json, junit.xml and report.html (last: a folder with a finished report is complete). */
export async function writeReportFolder(outDir: string, report: ScreenshotReport): Promise<ReportFiles> {
  const files = { report: path.join(outDir, REPORT_FILE), junit: path.join(outDir, JUNIT_FILE) };
  await writeFile(path.join(outDir, RESULTS_FILE), JSON.stringify(report, null, 2) + '\n');
  await writeFile(files.junit, writeJunit(report, outDir));
  await writeFile(files.report, writeReport(report));
  return files;
}

/**
 * The findings of an earlier run from its report folder.
 * @throws UserError (ScreenshotReportNotFound) when the folder holds no results.json.
 */
export async function readReportFolder(dir: string): Promise<ScreenshotReport> {
  const file = path.join(dir, RESULTS_FILE);
  if (!existsSync(file)) throw ScreenshotReportNotFound.create(dir);
  return JSON.parse(await readFile(file, 'utf8')) as ScreenshotReport;
}
