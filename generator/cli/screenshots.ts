// `store-landing screenshots`: the screenshot regression check against committed baselines.
import type { Command } from 'commander';
import type { ScreenshotRun } from '../screenshots/run.ts';
import { ScreenshotsChanged } from '../shared/errors.ts';
import { requirePackages, SCREENSHOT_PACKAGES } from './optional-packages.ts';
import { parseFraction, parsePercent, parseScale } from './options.ts';
import { printJson, stdout } from './output.ts';
import { EXIT_USER, failureJson } from './report.ts';

interface ScreenshotFlags {
  config: string;
  build?: string;
  out: string;
  baseline: string;
  update?: boolean;
  threshold: number;
  pixelThreshold: number;
  scale: number;
  json?: boolean;
}

/** Adds `screenshots` to the program. */
export function addScreenshotsCommand(program: Command): void {
  program
    .command('screenshots')
    .description('capture every page in Chromium at 390 and 350 px wide and compare each with its baseline PNG')
    .option('-c, --config <file>', 'the YAML config to build', 'variants.yaml')
    .option('--build <dir>', 'capture this build folder instead of building the config')
    .option('-o, --out <dir>', 'where report.html, the captures and the diff images go', 'tests/output/screenshots')
    .option('--baseline <dir>', 'the baseline PNGs', 'tests/baselines')
    .option('--update', 'write the captures as the new baselines')
    .option('--threshold <percent>', 'a page fails when more than this per cent of its pixels differ', parsePercent, 0.1)
    .option('--pixel-threshold <0-1>', 'colour distance under which two pixels count as equal (pixelmatch)', parseFraction, 0.1)
    .option('--scale <n>', "device pixel ratio of the captures (baselines at 1; 3 is an iPhone's)", parseScale, 1)
    .option('--json', 'print the result (or the failure) as JSON, and nothing else')
    .action(runScreenshotsCommand);
}

async function runScreenshotsCommand(flags: ScreenshotFlags): Promise<void> {
  requirePackages('screenshots', SCREENSHOT_PACKAGES);
  // Loaded on use: the other commands never load Puppeteer or pixelmatch.
  const { runScreenshots } = await import('../screenshots/run.ts');
  const run = await runScreenshots({
    config: flags.config,
    build: flags.build,
    outDir: flags.out,
    baselineDir: flags.baseline,
    update: flags.update,
    threshold: flags.threshold,
    pixelThreshold: flags.pixelThreshold,
    scale: flags.scale,
  });
  const regression = !run.updated && run.changed.length > 0 ? ScreenshotsChanged.create(run.changed.map((shot) => shot.name), run.threshold, run.report) : undefined;
  if (!flags.json) {
    stdout.line(formatScreenshots(run));
    if (regression) throw regression;
    return;
  }
  // One JSON document either way: the run, and on a regression the error beside it.
  printJson(regression ? { ...run, ...failureJson(regression) } : { ok: true, ...run });
  if (regression) process.exitCode = EXIT_USER;
}

function formatScreenshots(run: ScreenshotRun): string {
  const lines = run.changed.map((shot) => `  ${stdout.paint('red', '✗')} ${shot.name}  ${((shot.share ?? 0) * 100).toFixed(3)} % of pixels differ`);
  const fresh = run.shots.filter((shot) => shot.status === 'new').length;
  const head = run.updated
    ? `${stdout.paint('green', '✓')} Wrote ${run.shots.length} baselines (${run.changed.length} changed, ${fresh} new)`
    : run.changed.length
      ? `${stdout.paint('red', '✗')} ${run.changed.length} of ${run.shots.length} screenshots differ from the baselines`
      : `${stdout.paint('green', '✓')} ${run.shots.length} screenshots match the baselines`;
  return [head, ...lines, `  report: ${run.report}`].join('\n');
}
