// The store-landing command line: one command per file here; this file wires them and maps failures to output and exit codes.
// Each command loads its machinery when it runs, so `--help`, `--version` and a typo cost no more than commander.
import { Command } from 'commander';
import { addBuildCommand } from './build.ts';
import { addDevCommand } from './dev.ts';
import { addInitCommand } from './init.ts';
import { addMergeCommand } from './merge.ts';
import { outputMode } from './output.ts';
import { reportError } from './report.ts';
import { addScreenshotsCommand } from './screenshots.ts';
import { addScreenshotsMergeCommand } from './screenshots-merge.ts';
import { addServeCommand } from './serve.ts';
import { addStoreFactsCommand } from './store-facts.ts';
import { addValidateCommand } from './validate.ts';
import { packageVersion } from '../shared/package-version.ts';

function createProgram(json: boolean): Command {
  const program = new Command('store-landing')
    .description('Static, instant, App-Store-style landing pages for mobile apps bought with paid ads.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .option('--debug', 'show stack traces of errors')
    .showHelpAfterError('(run with --help for usage)')
    // With --json, commander's own errors are reported as JSON on stdout (report.ts) instead.
    .configureOutput(json ? { outputError: () => {}, writeErr: () => {} } : {})
    .exitOverride();
  addBuildCommand(program);
  addValidateCommand(program);
  addServeCommand(program);
  addDevCommand(program);
  addMergeCommand(program);
  addScreenshotsCommand(program);
  addScreenshotsMergeCommand(program);
  addInitCommand(program);
  addStoreFactsCommand(program);
  return program;
}

/** Runs the CLI with `argv` (as in process.argv) and sets process.exitCode. */
export async function main(argv: string[]): Promise<void> {
  const mode = outputMode(argv);
  try {
    await createProgram(mode.json).parseAsync(argv);
  } catch (error) {
    process.exitCode = reportError(error, mode);
  }
}
