// `store-landing build`: validates, bundles, renders and writes the pages, showing progress on a terminal, then prints what was written.
import { Option, type Command } from 'commander';
import { ShardWithoutAll } from '../shared/errors.ts';
import { endOnSignals } from '../shared/exit-cleanup.ts';
import { parseJobs, parseShard } from './options.ts';
import { printJson, stdout } from './output.ts';
import { progressLine } from './progress.ts';
import { formatBuild } from './summary.ts';

interface BuildFlags {
  config: string;
  out: string;
  campaign?: string;
  all?: boolean;
  shard?: { index: number; count: number };
  jobs?: number;
  json?: boolean;
}

/** Adds `build` to the program. */
export function addBuildCommand(program: Command): void {
  program
    .command('build')
    .description('validate the config, bundle the runtime and pre-render every route and locale')
    .option('-c, --config <file>', 'the YAML config', 'variants.yaml')
    .option('-o, --out <dir>', 'the output folder (replaced whole)', 'out')
    .addOption(new Option('--campaign <name>', 'build one campaign of the config').conflicts('all'))
    .option('--all', 'build every campaign, one folder each')
    .addOption(new Option('--shard <i/n>', 'with --all: build only shard i of n').argParser(parseShard))
    .addOption(
      new Option('--jobs <n>', 'render on n threads (default: one per core when there are many distinct pages, else one)').argParser(
        parseJobs,
      ),
    )
    .option('--json', 'print the result (or the failure) as JSON, and nothing else')
    .action(runBuild);
}

async function runBuild(flags: BuildFlags): Promise<void> {
  if (flags.shard && !flags.all) throw ShardWithoutAll.create();
  const { buildSite } = await import('../pipeline/index.ts');
  // The status line goes to stderr, so stdout stays the summary alone even on a terminal.
  const progress = progressLine(process.stderr, !flags.json);
  // Ctrl+C stops the build at once; the output stays the previous build (write.ts).
  const stopEnding = endOnSignals(() => progress.clear());
  let result: Awaited<ReturnType<typeof buildSite>>;
  try {
    result = await buildSite({
      config: flags.config,
      outDir: flags.out,
      campaign: flags.campaign,
      all: flags.all,
      shard: flags.shard,
      jobs: flags.jobs,
      onProgress: (update) => progress.update(update),
    });
  } finally {
    stopEnding();
    progress.clear();
  }
  // Every manifest again would make a large build's JSON huge: they are in the output.
  const { written: _written, ...summary } = result;
  if (flags.json) printJson({ ok: true, ...summary });
  else stdout.line(formatBuild(result, stdout));
}
