// The store-landing command line: parses flags with commander and maps results to output and exit codes.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import path from 'node:path';
import { styleText } from 'node:util';
import { buildSite, type BuildResult } from './build/index.ts';
import { loadConfig } from './config/load.ts';
import { validateConfig } from './config/validate.ts';
import { ConfigError, InvalidShard, ScreenshotsChanged, UserError } from './shared/errors.ts';
import type { ScreenshotRun } from './screenshots/run.ts';
import { startServer } from './serve/server.ts';

/** Exit codes: 0 ok, 1 the user's input is wrong, 2 store-landing itself failed. */
const EXIT_USER = 1;
const EXIT_INTERNAL = 2;

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (format: Parameters<typeof styleText>[0], text: string) => (useColor ? styleText(format, text) : text);

function createProgram(): Command {
  const program = new Command('store-landing')
    .description('Static, instant, App-Store-style landing pages for mobile apps bought with paid ads.')
    .option('--debug', 'show stack traces of errors')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  program
    .command('build')
    .description('validate the config, bundle the runtime and pre-render every route and locale')
    .option('-c, --config <file>', 'the YAML config', 'variants.yaml')
    .option('-o, --out <dir>', 'the output folder (replaced whole)', 'out')
    .addOption(new Option('--campaign <name>', 'build one campaign of the config').conflicts('all'))
    .option('--all', 'build every campaign, one folder each')
    .addOption(new Option('--shard <i/n>', 'with --all: build only shard i of n').argParser(parseShard))
    .option('--json', 'print the result as JSON')
    .action(async (options: { config: string; out: string; campaign?: string; all?: boolean; shard?: { index: number; count: number }; json?: boolean }) => {
      if (options.shard && !options.all) throw new UserError('ShardWithoutAll', '--shard goes with --all.');
      const result = await buildSite({ config: options.config, outDir: options.out, campaign: options.campaign, all: options.all, shard: options.shard });
      console.log(options.json ? JSON.stringify(result, null, 2) : formatBuild(result));
    });

  program
    .command('validate')
    .description('check the config and its translations and images, and build nothing')
    .option('-c, --config <file>', 'the YAML config', 'variants.yaml')
    .option('--json', 'print the result as JSON')
    .action(async (options: { config: string; json?: boolean }) => {
      const valid = validateConfig(await loadConfig(options.config));
      const plans = [valid.site.base, ...valid.site.campaigns];
      const pages = plans.reduce((total, plan) => total + plan.pages.length, 0);
      const summary = { valid: true, config: options.config, campaigns: valid.campaigns.map((campaign) => campaign.name), pages };
      console.log(
        options.json
          ? JSON.stringify(summary, null, 2)
          : `${paint('green', '✓')} ${options.config} is valid: ${plans.length} page set${plans.length === 1 ? '' : 's'}, ${pages} pages.`,
      );
    });

  program
    .command('serve')
    .description('serve a build the way production hosting does')
    .argument('[dir]', 'the build folder', 'out')
    .option('-p, --port <port>', 'the port (0 picks a free one)', parsePort, 4173)
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .action(async (dir: string, options: { port: number; host: string }) => {
      const server = await startServer({ dir, port: options.port, host: options.host });
      console.log(`Serving ${path.resolve(dir)} at ${paint('cyan', server.url)}  (Ctrl+C to stop)`);
      process.once('SIGINT', () => void server.close());
      process.once('SIGTERM', () => void server.close());
    });

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
      const { runScreenshots } = await import('./screenshots/run.ts');
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

  return program;
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

function parsePercent(value: string) {
  const percent = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || percent > 100) throw new InvalidArgumentError(`expected a per cent from 0 to 100, found "${value}".`);
  return percent;
}

function parseFraction(value: string) {
  const fraction = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || fraction > 1) throw new InvalidArgumentError(`expected a number from 0 to 1, found "${value}".`);
  return fraction;
}

function parseScale(value: string) {
  const scale = Number(value);
  if (!/^[1-4]$/.test(value)) throw new InvalidArgumentError(`expected a device pixel ratio of 1, 2, 3 or 4, found "${value}".`);
  return scale;
}

function formatBuild(result: BuildResult): string {
  const kb = (result.bytes / 1024).toFixed(1);
  const folders = result.campaigns.map((campaign) => `  ${path.join(result.outDir, campaign.dir)}/  ${campaign.pages} pages${campaign.name ? `  (${campaign.name}, ${campaign.basePath})` : ''}`);
  const images = `images: ${result.images.encoded} encoded, ${result.images.cached} from the cache`;
  return [`${paint('green', '✓')} Built ${result.pages} pages, ${kb} KB, in ${result.milliseconds} ms (${images})`, ...folders].join('\n');
}

function parseShard(value: string) {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new InvalidArgumentError(InvalidShard.message(value));
  return { index, count };
}

function parsePort(value: string) {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError(`expected a port from 0 to 65535, found "${value}".`);
  return port;
}

/** Runs the CLI with `argv` (as in process.argv) and sets process.exitCode. */
export async function main(argv: string[]): Promise<void> {
  const program = createProgram();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    process.exitCode = reportError(error, argv.includes('--debug'));
  }
}

function reportError(error: unknown, debug: boolean): number {
  if (error instanceof CommanderError) {
    // commander printed its own message (or the help/version) already.
    return error.exitCode === 0 ? 0 : EXIT_USER;
  }
  if (error instanceof UserError) {
    const lines = error instanceof ConfigError ? error.message.split('\n') : [error.message];
    console.error(paint('red', lines[0]!));
    for (const line of lines.slice(1)) console.error('  ' + line);
    if (error.hint) console.error(paint('dim', error.hint));
    if (debug) console.error(error.stack);
    return EXIT_USER;
  }
  console.error(paint('red', `store-landing failed unexpectedly: ${(error as Error)?.message ?? String(error)}`));
  console.error(debug ? (error as Error)?.stack : 'Run again with --debug for the stack trace.');
  return EXIT_INTERNAL;
}
