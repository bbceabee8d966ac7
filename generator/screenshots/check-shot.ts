// One capture against its baseline: its result, the report's images when it fails, and the baseline an --update would write for it;
// the baselines no page produces any more.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ShotBudget } from './budget.ts';
import type { Capture } from './capture.ts';
import { comparePng } from './compare.ts';
import type { PlannedShot } from './plan.ts';
import type { ShotResult } from './results.ts';

/** What checking a shot needs to know of the run. */
export interface ShotCheck {
  baselineDir: string;
  outDir: string;
  /** Whether this shot's capture may become its baseline (--update, and --only matching it). */
  approves: (name: string) => boolean;
}

/** A shot's result, and the baseline to write for it once the whole run is known to be in the baselines' environment. */
export interface CheckedShot {
  result: ShotResult;
  baseline?: Buffer;
}

/**
 * Compares one capture with its baseline. A failing shot keeps its capture in the report (and,
 * when it changed, its baseline and the difference); a passing one keeps nothing, so the report
 * stays small. A capture with empty boxes for text is never compared nor approved.
 */
export async function checkShot(shot: PlannedShot, capture: Capture, budget: ShotBudget, run: ShotCheck): Promise<CheckedShot> {
  const described: Omit<ShotResult, 'status'> = {
    name: shot.name,
    campaign: shot.campaign,
    locale: shot.locale,
    variant: shot.variant,
    url: shot.urlPath,
    width: shot.viewport.width,
    ...budget,
  };
  const keep = (folder: string, png: Buffer) => writeReportImage(run.outDir, folder, shot.name, png);
  if (capture.missingGlyphs) {
    await keep('current', capture.png);
    return { result: { ...described, status: 'glyphs', missingGlyphs: capture.missingGlyphs } };
  }
  const baselineFile = path.join(run.baselineDir, shot.name);
  if (!existsSync(baselineFile)) {
    if (run.approves(shot.name)) return { result: { ...described, status: 'missing' }, baseline: capture.png };
    await keep('current', capture.png);
    return { result: { ...described, status: 'missing' } };
  }
  const baseline = await readFile(baselineFile);
  const { comparison, diffPng } = await comparePng(baseline, capture.png, budget.pixelThreshold, capture.imageBoxes);
  const result: ShotResult = {
    ...described,
    ...comparison,
    status: comparison.differingPixels > budget.maxDiffPixels ? 'changed' : 'same',
  };
  if (result.status === 'same') return { result };
  if (run.approves(shot.name)) return { result, baseline: capture.png };
  await keep('current', capture.png);
  await keep('baseline', baseline);
  await keep('diff', await diffPng());
  return { result };
}

/**
 * The baselines (at the same scale) of pages the site no longer has, in each folder the plan has
 * pages in; the whole plan decides, so a shard finds them too. Other folders (a campaign that is
 * gone, another set's files) are not looked at.
 */
export async function staleBaselines(baselineDir: string, planned: PlannedShot[], scale: number): Promise<string[]> {
  const names = new Set(planned.map((shot) => shot.name));
  const scaleOf = (name: string) => /@\d+x\.png$/.exec(name)?.[0] ?? '.png';
  const suffix = scale === 1 ? '.png' : `@${scale}x.png`;
  const stale: string[] = [];
  for (const folder of new Set(planned.map((shot) => path.posix.dirname(shot.name)))) {
    const dir = path.join(baselineDir, folder);
    if (!existsSync(dir)) continue;
    for (const file of (await readdir(dir)).sort()) {
      const name = path.posix.join(folder, file);
      if (file.endsWith('.png') && scaleOf(file) === suffix && !names.has(name)) stale.push(name);
    }
  }
  return stale;
}

async function writeReportImage(outDir: string, folder: string, name: string, png: Buffer) {
  const file = path.join(outDir, folder, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, png);
}
