// The store-landing command line: one command per file here; this file wires them and maps results to output and exit codes.
import { Command, CommanderError } from 'commander';
import { ConfigError, UserError } from '../shared/errors.ts';
import { addBuildCommand } from './build.ts';
import { paint } from './output.ts';
import { addScreenshotsCommand } from './screenshots.ts';
import { addServeCommand } from './serve.ts';
import { addValidateCommand } from './validate.ts';

/** Exit codes: 0 ok, 1 the user's input is wrong, 2 store-landing itself failed. */
const EXIT_USER = 1;
const EXIT_INTERNAL = 2;

function createProgram(): Command {
  const program = new Command('store-landing')
    .description('Static, instant, App-Store-style landing pages for mobile apps bought with paid ads.')
    .option('--debug', 'show stack traces of errors')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  addBuildCommand(program);
  addValidateCommand(program);
  addServeCommand(program);
  addScreenshotsCommand(program);
  return program;
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
