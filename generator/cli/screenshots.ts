// `store-landing screenshots`: the screenshot regression check against committed baselines, whole or one shard of it.
import { Option, type Command } from 'commander';
import type { GivenFlags } from '../screenshots/command-line.ts';
import type { Shard } from '../shared/shard.ts';
import { describeChange, isFailure, type ScreenshotReport } from '../screenshots/results.ts';
import { ApproveWithUpdate, type UserError } from '../shared/errors.ts';
import { endOnSignals } from '../shared/exit-cleanup.ts';
import { requirePackages, SCREENSHOT_PACKAGES } from './optional-packages.ts';
import { parseFraction, parsePixelCount, parseScale, parseShard } from './options.ts';
import { printJson, stdout } from './output.ts';
import { EXIT_USER, failureJson } from './report.ts';

interface ScreenshotFlags {
  config: string;
  build?: string;
  site?: string;
  out: string;
  baseline: string;
  update?: boolean;
  only?: string;
  prune?: boolean;
  approve?: string;
  maxDiffPixels?: number;
  pixelThreshold?: number;
  scale: number;
  shard?: Shard;
  ignoreEnvironment?: boolean;
  json?: boolean;
}

/** Adds `screenshots` to the program. */
export function addScreenshotsCommand(program: Command): void {
  // Each value as the user typed it, for the hints: `--pixel-threshold 0.10` is repeated as typed, not as the number.
  const typed = new Map<string, string>();
  const keep =
    <T>(flag: string, parse: (value: string) => T) =>
    (value: string) => {
      typed.set(flag, value);
      return parse(value);
    };
  program
    .command('screenshots')
    .description('capture every page in Chromium at 390 and 350 px wide and compare each with its baseline PNG')
    .option(
      '-c, --config <file>',
      'the YAML config to build; with --build or --site, only its `screenshots` settings are read',
      'variants.yaml',
    )
    .option('--build <dir>', 'capture this one-campaign build folder instead of building the config')
    .option(
      '--site <dir>',
      'capture every page of this `build --all` or merged site, the top level and each campaign (baselines in a folder per campaign)',
    )
    .option('-o, --out <dir>', "where report.html, junit.xml and the failing shots' images go", 'tests/output/screenshots')
    .option('--baseline <dir>', 'the baseline PNGs and their environment.json', 'baselines')
    .option('--update', 'write the missing baselines and those that changed past their budget (and environment.json)')
    .option(
      '--only <glob>',
      'with --update or --approve: write only the screenshots whose names match, e.g. "ja-*" or "kids/*"',
      keep('--only', String),
    )
    .option('--prune', 'with --update or --approve: also remove the stale baselines (only in a folder holding .store-landing-baselines)')
    .option('--approve <report>', "turn a report's failing captures (CI's, downloaded) into baselines, with its environment record")
    .option(
      '--max-diff-pixels <n>',
      "a screenshot fails when more pixels than this differ (default 0, or the config's screenshots.maxDiffPixels)",
      keep('--max-diff-pixels', parsePixelCount),
    )
    .option(
      '--pixel-threshold <0-1>',
      "colour distance under which two pixels count as equal, pixelmatch (default 0.03, or the config's)",
      keep('--pixel-threshold', parseFraction),
    )
    .option('--scale <n>', "device pixel ratio of the captures (baselines at 1; 3 is an iPhone's)", keep('--scale', parseScale), 1)
    .addOption(
      new Option('--shard <i/n>', 'take only part i of n of the screenshots (merge the reports with screenshots-merge)').argParser(
        parseShard,
      ),
    )
    .option('--ignore-environment', 'no longer needed: every screenshot is compared, and another environment is a note')
    .option('--json', 'print the result (or the failure) as JSON, and nothing else')
    .action((flags: ScreenshotFlags, command: Command) =>
      runScreenshotsCommand(flags, givenFlags(command, typed), command.getOptionValueSource('config') === 'cli'),
    );
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

async function runScreenshotsCommand(flags: ScreenshotFlags, given: GivenFlags, configGiven: boolean): Promise<void> {
  requirePackages('screenshots', SCREENSHOT_PACKAGES);
  // Loaded on use: the other commands never load Puppeteer or pixelmatch.
  const { runScreenshots } = await import('../screenshots/run.ts');
  const { updateCommandLine } = await import('../screenshots/command-line.ts');
  const { reportFailure } = await import('../screenshots/results.ts');
  // Ctrl+C stops at once, the temporary build removed (Puppeteer closes its browser).
  endOnSignals();
  if (flags.approve !== undefined) return approveCommand(flags);
  const run = await runScreenshots({
    // With --build or --site, the default variants.yaml is not read: the pages are built already, and a
    // config is named to give its settings.
    config: configGiven || !(flags.build || flags.site) ? flags.config : undefined,
    build: flags.build,
    site: flags.site,
    outDir: flags.out,
    baselineDir: flags.baseline,
    update: flags.update,
    only: flags.only,
    prune: flags.prune,
    maxDiffPixels: flags.maxDiffPixels,
    pixelThreshold: flags.pixelThreshold,
    scale: flags.scale,
    shard: flags.shard,
    updateCommand: updateCommandLine(given),
  });
  finishScreenshots(run, reportFailure(run, run.report), flags.json);
}

async function approveCommand(flags: ScreenshotFlags): Promise<void> {
  if (flags.update) throw ApproveWithUpdate.create();
  const { approveReport } = await import('../screenshots/approve.ts');
  const approval = await approveReport({
    reportDir: flags.approve!,
    config: flags.config,
    baselineDir: flags.baseline,
    only: flags.only,
    prune: flags.prune,
  });
  if (flags.json) return printJson({ ok: true, ...approval });
  const ok = stdout.paint('green', '✓');
  stdout.line(
    [
      `${ok} Approved ${approval.approved.length} screenshot${approval.approved.length === 1 ? '' : 's'} of ${flags.approve} into ${approval.baselineDir}${approval.environment ? ", with the report's environment" : ''}`,
      ...approval.approved.map((name) => `  wrote ${name}`),
      ...approval.pruned.map((name) => `  removed ${name}  stale`),
    ].join('\n'),
  );
}

/**
 * Prints a run's (or a merge's) outcome: the summary for people, then the failure (exit 1); or with
 * --json one document, the run and on a failure the error beside it.
 */
export function finishScreenshots(
  run: ScreenshotReport & { report: string; junit: string },
  failure: UserError | undefined,
  json?: boolean,
): void {
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

function summaryLines(report: ScreenshotReport): string[] {
  const { shots, shard, planned, updated, baselineDir, written, environment } = report;
  const [ok, failed] = [stdout.paint('green', '✓'), stdout.paint('red', '✗')];
  const part = shard ? ` (shard ${shard.index}/${shard.count}: ${shots.length} of ${planned})` : '';
  const failing = shots.filter((shot) => isFailure(shot, report));
  const lines: string[] = [];
  const note = stdout.paint('yellow', 'ℹ');
  if (environment.differences.length) {
    lines.push(
      environment.withheld
        ? `${failed} The baselines were made in another environment, so this partial approval wrote nothing:`
        : `${note} Note: the baselines were made in another environment (every screenshot compared):`,
      ...environment.differences.map((line) => `    ${line}`),
    );
  }
  if (report.stale?.length) {
    const removed = report.pruned?.length === report.stale.length;
    lines.push(
      `${note} ${removed ? 'Removed' : 'Note:'} ${report.stale.length} stale baseline${report.stale.length === 1 ? '' : 's'} (no page produces ${report.stale.length === 1 ? 'it' : 'them'} any more${removed ? '' : '; --update --prune removes them'}):`,
      ...report.stale.slice(0, 10).map((name) => `    ${name}`),
      ...(report.stale.length > 10 ? [`    and ${report.stale.length - 10} more`] : []),
    );
  }
  if (shots.length === 0) return [...lines, `${ok} Nothing to check${part}`];
  if (updated) {
    const wrote = shots.filter((shot) => written.includes(shot.name));
    const counts = `${wrote.filter((shot) => shot.status === 'changed').length} changed, ${wrote.filter((shot) => shot.status === 'missing').length} new, ${shots.filter((shot) => shot.status === 'same').length} unchanged (left as they were)`;
    lines.push(
      `${ok} Updated the baselines in ${baselineDir}${part}: ${counts}`,
      ...wrote.map((shot) => `  wrote ${shot.name}  ${shot.status === 'missing' ? 'new' : describeChange(shot)}`),
    );
  }
  if (failing.length === 0) return updated ? lines : [...lines, `${ok} ${shots.length} screenshots match the baselines${part}`];
  return [
    ...lines,
    `${failed} ${failing.length} of ${shots.length} screenshots fail${part}`,
    ...failing.map(
      (shot) =>
        `  ${failed} ${shot.name}  ${shot.status === 'missing' ? 'no baseline' : shot.status === 'glyphs' ? `text without a font: ${shot.missingGlyphs}` : describeChange(shot)}`,
    ),
  ];
}
