// `store-landing screenshots`: the screenshot regression check against committed baselines.
import type { Command } from 'commander';
import { ScreenshotsChanged } from '../shared/errors.ts';
import type { ScreenshotRun } from '../screenshots/run.ts';
import { parseFraction, parsePercent, parseScale } from './options.ts';
import { paint } from './output.ts';

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
    .option('--scale <n>', 'device pixel ratio of the captures (baselines at 1; 3 is an iPhone\'s)', parseScale, 1)
    .option('--json', 'print the result as JSON')
    .action(async (options: { config: string; build?: string; out: string; baseline: string; update?: boolean; threshold: number; pixelThreshold: number; scale: number; json?: boolean }) => {
      // Loaded on use: the other commands never load Puppeteer.
      const { runScreenshots } = await import('../screenshots/run.ts');
      const run = await runScreenshots({
        config: options.config,
        build: options.build,
        outDir: options.out,
        baselineDir: options.baseline,
        update: options.update,
        threshold: options.threshold,
        pixelThreshold: options.pixelThreshold,
        scale: options.scale,
      });
      console.log(options.json ? JSON.stringify({ ...run, ok: run.updated || run.changed.length === 0 }, null, 2) : formatScreenshots(run));
      if (!run.updated && run.changed.length > 0) {
        throw ScreenshotsChanged.create(run.changed.map((shot) => shot.name), run.threshold, run.report);
      }
    });
}

function formatScreenshots(run: ScreenshotRun): string {
  const lines = run.changed.map((shot) => `  ${paint('red', '✗')} ${shot.name}  ${((shot.share ?? 0) * 100).toFixed(3)} % of pixels differ`);
  const fresh = run.shots.filter((shot) => shot.status === 'new').length;
  const head = run.updated
    ? `${paint('green', '✓')} Wrote ${run.shots.length} baselines (${run.changed.length} changed, ${fresh} new)`
    : run.changed.length
      ? `${paint('red', '✗')} ${run.changed.length} of ${run.shots.length} screenshots differ from the baselines`
      : `${paint('green', '✓')} ${run.shots.length} screenshots match the baselines`;
  return [head, ...lines, `  report: ${run.report}`].join('\n');
}
