// A screenshot report folder made without a browser (results.json and its captures), for the tests of --approve
// and of the baseline set written as one, and baseline folders to approve into.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../../generator/config/load.ts';
import { validateSite } from '../../../generator/pipeline/check.ts';
import { configFingerprint } from '../../../generator/pipeline/fingerprint.ts';
import { makeEnvironment, serializeEnvironment } from '../../../generator/screenshots/environment.ts';
import type { ScreenshotReport, ShotResult } from '../../../generator/screenshots/results.ts';
import { markerOf } from '../../../generator/shared/ownership.ts';
import { siteDir } from '../../helpers.ts';

/** The config the reports are of. */
export const REPORT_CONFIG = path.join(siteDir, 'base.yaml');

/** The browser a report's captures were taken in, and the one the baselines were made in. */
export const REPORT_BROWSER = 'HeadlessChrome/153.0.8010.0';
export const BASELINE_BROWSER = 'Chrome/156.0.8078.108';
const PLATFORM = 'linux x64, Debian GNU/Linux 12 (bookworm)';

/** A small opaque PNG of one colour, told apart by `shade`. */
export function solidPng(shade: number, height = 40): Promise<Buffer> {
  return sharp({ create: { width: 30, height, channels: 3, background: { r: shade % 256, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

/** The fingerprint of REPORT_CONFIG, as a run of it records. */
export async function reportFingerprint(): Promise<string> {
  return configFingerprint(await validateSite(await loadConfig(REPORT_CONFIG)));
}

/**
 * Writes a report folder whose shots `changed` differ (and whose `missing` have no baseline), each
 * with its capture in current/, taken in REPORT_BROWSER; `stale` as the run listed them.
 */
export async function writeReportDir(
  dir: string,
  shots: { changed: string[]; missing?: string[]; same?: string[]; stale?: string[] },
  overrides: Partial<ScreenshotReport> = {},
): Promise<void> {
  const shot = (name: string, status: ShotResult['status']): ShotResult => ({
    name,
    campaign: null,
    locale: name.split('-')[0]!,
    variant: 'default',
    url: '',
    width: 390,
    status,
    maxDiffPixels: 0,
    pixelThreshold: 0.03,
  });
  const all = [
    ...shots.changed.map((name) => shot(name, 'changed')),
    ...(shots.missing ?? []).map((name) => shot(name, 'missing')),
    ...(shots.same ?? []).map((name) => shot(name, 'same')),
  ];
  await mkdir(path.join(dir, 'current'), { recursive: true });
  for (const [index, { name, status }] of all.entries())
    if (status !== 'same') await writeFile(path.join(dir, 'current', name), await solidPng(200 + index, 40 + (index % 7)));
  const byShot = Object.fromEntries(all.map(({ name }) => [name, ['Liberation Sans (LiberationSans)']]));
  const report: ScreenshotReport = {
    shots: all,
    maxDiffPixels: 0,
    pixelThreshold: 0.03,
    baselineDir: 'baselines',
    updated: false,
    only: null,
    written: [],
    shard: null,
    planned: all.length,
    environment: {
      current: { browser: REPORT_BROWSER, platform: PLATFORM, deviceScale: 1, fingerprint: 'sha256:x', byShot },
      baseline: { browser: BASELINE_BROWSER, platform: PLATFORM, deviceScale: 1, fingerprint: 'sha256:y' },
      differences: [`browser: ${BASELINE_BROWSER} made the baselines, this is ${REPORT_BROWSER}`],
      withheld: false,
    },
    updateCommand: 'npx store-landing screenshots --update',
    stale: shots.stale ?? [],
    pruned: [],
    source: { fingerprint: await reportFingerprint() },
    ...overrides,
  };
  await writeFile(path.join(dir, 'results.json'), JSON.stringify(report, null, 2));
}

/** A baseline folder holding `names` (one colour each), environment.json of BASELINE_BROWSER, and the tool's marker when `owned`. */
export async function writeBaselineDir(dir: string, names: string[], owned = true): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [index, name] of names.entries()) await writeFile(path.join(dir, name), await solidPng(index, 30));
  const byShot = Object.fromEntries(names.map((name) => [name, ['Liberation Sans (LiberationSans)']]));
  await writeFile(path.join(dir, 'environment.json'), serializeEnvironment(makeEnvironment(BASELINE_BROWSER, PLATFORM, 1, byShot)));
  if (owned) await writeFile(path.join(dir, markerOf('baselines').file), markerOf('baselines').text);
}
