// `store-landing screenshots`: the screenshot regression check against committed baselines, whole or one shard of it.
import { Option, type Command } from 'commander';
import type { GivenFlags } from '../screenshots/command-line.ts';
import type { ScreenshotShard } from '../screenshots/plan.ts';
import type { ScreenshotReport } from '../screenshots/results.ts';
import type { UserError } from '../shared/errors.ts';
import { endOnSignals } from '../shared/exit-cleanup.ts';
import { requirePackages, SCREENSHOT_PACKAGES } from './optional-packages.ts';
import { parseFraction, parsePercent, parseScale, parseShard } from './options.ts';
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
  shard?: ScreenshotShard;
  json?: boolean;
}

/** Adds `screenshots` to the program. */
export function addScreenshotsCommand(program: Command): void {
  // Each value as the user typed it, for the hints: `--threshold 0.10` is repeated as typed, not as the number.
  const typed = new Map<string, string>();
  const keep = <T>(flag: string, parse: (value: string) => T) => (value: string) => {
    typed.set(flag, value);
    return parse(value);
  };
  program
    .command('screenshots')
    .description('capture every page in Chromium at 390 and 350 px wide and compare each with its baseline PNG')
    .option('-c, --config <file>', 'the YAML config to build', 'variants.yaml')
    .option('--build <dir>', 'capture this build folder instead of building the config')
    .option('-o, --out <dir>', 'where report.html, junit.xml, the captures and the diff images go', 'tests/output/screenshots')
    .option('--baseline <dir>', 'the baseline PNGs', 'baselines')
    .option('--update', 'write the captures that changed past the threshold, and the new ones, as the baselines')
    .option('--threshold <percent>', 'a page fails when more than this per cent of its pixels differ', keep('--threshold', parsePercent), 0.1)
    .option('--pixel-threshold <0-1>', 'colour distance under which two pixels count as equal (pixelmatch)', keep('--pixel-threshold', parseFraction), 0.1)
    .option('--scale <n>', "device pixel ratio of the captures (baselines at 1; 3 is an iPhone's)", keep('--scale', parseScale), 1)
    .addOption(new Option('--shard <i/n>', 'take only part i of n of the screenshots (merge the reports with screenshots-merge)').argParser(parseShard))
    .option('--json', 'print the result (or the failure) as JSON, and nothing else')
    .action((flags: ScreenshotFlags, command: Command) => runScreenshotsCommand(flags, givenFlags(command, typed)));
}

/** The flags the user gave on the command line (not the defaults), in the order `--help` lists them. */
function givenFlags(command: Command, typed: Map<string, string>): GivenFlags {
  return command.options
    .filter((option) => command.getOptionValueSource(option.attributeName()) === 'cli')
    .map((option) => {
      const flag = option.long ?? option.short!;
      return option.isBoolean() ? [flag] : [flag, typed.get(flag) ?? String(command.getOptionValue(option.attributeName()))];
    });
}

async function runScreenshotsCommand(flags: ScreenshotFlags, given: GivenFlags): Promise<void> {
  requirePackages('screenshots', SCREENSHOT_PACKAGES);
  // Loaded on use: the other commands never load Puppeteer or pixelmatch.
  const { runScreenshots } = await import('../screenshots/run.ts');
  const { updateCommandLine } = await import('../screenshots/command-line.ts');
  const { reportFailure } = await import('../screenshots/results.ts');
  // Ctrl+C stops at once, the temporary build removed (Puppeteer closes its browser).
  endOnSignals();
  const run = await runScreenshots({
    config: flags.config,
    build: flags.build,
    outDir: flags.out,
    baselineDir: flags.baseline,
    update: flags.update,
    threshold: flags.threshold,
    pixelThreshold: flags.pixelThreshold,
    scale: flags.scale,
    shard: flags.shard,
    updateCommand: updateCommandLine(given),
  });
  finishScreenshots(run, reportFailure(run, run.report), flags.json);
}

/**
 * Prints a run's (or a merge's) outcome: the summary for people, then the failure (exit 1); or with
 * --json one document, the run and on a failure the error beside it.
 */
export function finishScreenshots(run: ScreenshotReport & { report: string; junit: string }, failure: UserError | undefined, json?: boolean): void {
  if (!json) {
    stdout.line(formatScreenshots(run));
    if (failure) throw failure;
    return;
  }
  printJson(failure ? { ...run, ...failureJson(failure) } : { ok: true, ...run });
  if (failure) process.exitCode = EXIT_USER;
}

/** The summary: what passed, failed or was written, one line per failing page or written baseline, and where the report files are. */
export function formatScreenshots(run: ScreenshotReport & { report: string; junit: string }): string {
  return [...summaryLines(run), `  report: ${run.report}`, `  junit: ${run.junit}`].join('\n');
}

function summaryLines({ shots, shard, planned, updated, baselineDir, written }: ScreenshotReport): string[] {
  const [ok, failed] = [stdout.paint('green', '✓'), stdout.paint('red', '✗')];
  const part = shard ? ` (shard ${shard.index}/${shard.count}: ${shots.length} of ${planned})` : '';
  const having = (status: string) => shots.filter((shot) => shot.status === status);
  const percent = (share = 0) => `${(share * 100).toFixed(3)} % of pixels differ`;
  const [changed, missing] = [having('changed'), having('missing')];
  if (shots.length === 0) return [`${ok} Nothing to check${part}`];
  if (updated) {
    const counts = `${changed.length} changed, ${having('new').length} new, ${having('same').length} unchanged (left as they were)`;
    const wrote = shots.filter((shot) => written.includes(shot.name)).map((shot) => `  wrote ${shot.name}  ${shot.status === 'new' ? 'new' : percent(shot.share)}`);
    return [`${ok} Updated the baselines in ${baselineDir}${part}: ${counts}`, ...wrote];
  }
  const found = [
    missing.length ? `${missing.length} of ${shots.length} screenshots have no baseline` : '',
    changed.length ? `${changed.length} of ${shots.length} screenshots differ from the baselines` : '',
  ].filter(Boolean);
  if (found.length === 0) return [`${ok} ${shots.length} screenshots match the baselines${part}`];
  return [
    `${failed} ${found.join('; ')}${part}`,
    ...missing.map((shot) => `  ${failed} ${shot.name}  no baseline`),
    ...changed.map((shot) => `  ${failed} ${shot.name}  ${percent(shot.share)}`),
  ];
}
