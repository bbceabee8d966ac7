// How a failed command reports: for people on stderr, or with --json one JSON object on stdout; and which exit code it gets.
import { CommanderError } from 'commander';
import { ConfigError, ConfigInvalid, InvalidArguments, UserError } from '../shared/errors.ts';
import { printJson, stderr } from './output.ts';

/** Exit codes: 0 ok, 1 the user's input is wrong, 2 store-landing itself failed. */
export const EXIT_USER = 1;
export const EXIT_INTERNAL = 2;

/** One config problem as --json prints it. */
export interface JsonProblem {
  file: string;
  line: number;
  column: number;
  path: string;
  message: string;
  hint: string;
}

/** A failure as --json prints it: every config problem, or the one error. */
export type JsonFailure =
  | { ok: false; problems: JsonProblem[] }
  | { ok: false; error: { name: string; message: string; hint: string | null } };

/** The JSON of a failure: config problems with their positions, or the error's name, message and hint. */
export function failureJson(error: unknown): JsonFailure {
  if (error instanceof ConfigError) {
    return { ok: false, problems: error.issues.map((issue) => ({ ...issue, hint: ConfigInvalid.hint })) };
  }
  if (error instanceof UserError) return { ok: false, error: { name: error.name, message: error.message, hint: error.hint ?? null } };
  return {
    ok: false,
    error: {
      name: 'InternalError',
      message: `store-landing failed unexpectedly: ${messageOf(error)}`,
      hint: 'Run again with --debug for the stack trace.',
    },
  };
}

/**
 * Reports `error` and returns the exit code. Commander's own errors (unknown flags, bad
 * values) are user errors; with --json, commander printed nothing (see index.ts), so they
 * are reported here like any other.
 */
export function reportError(error: unknown, options: { json: boolean; jsonLines: boolean; debug: boolean }): number {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0) return 0;
    if (options.json) printJson(failureJson(InvalidArguments.create(error.message.replace(/^error: /, ''))), options.jsonLines);
    return EXIT_USER;
  }
  const user = error instanceof UserError;
  if (options.json) printJson(failureJson(error), options.jsonLines);
  else if (user) printUserError(error);
  else {
    stderr.line(stderr.paint('red', `store-landing failed unexpectedly: ${messageOf(error)}`));
    if (!options.debug) stderr.line('Run again with --debug for the stack trace.');
  }
  if (options.debug) stderr.line((error as Error)?.stack ?? String(error));
  return user ? EXIT_USER : EXIT_INTERNAL;
}

/** A user error for people: the message in red, a config's problems one per line, the hint dimmed. */
export function printUserError(error: UserError): void {
  // A config error's message is its summary, then one problem per line (the first MAX_PRINTED_ISSUES).
  const [summary, ...problems] = error instanceof ConfigError ? error.message.split('\n') : [error.message];
  stderr.line(stderr.paint('red', summary!));
  for (const problem of problems) stderr.line('  ' + problem);
  if (error.hint) stderr.line(stderr.paint('dim', error.hint));
}

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}
