// What every error of the catalogue is made of: a user error with a hint, and `define`, which makes a catalogue entry of a name, a message and a hint.

import { escapeControls } from '../text.ts';

/** An error meant for the user: printed without a stack, exit code 1. Built only by the catalogue's entries (README.md). */
export class UserError extends Error {
  readonly hint: string | undefined;
  constructor(name: string, message: string, hint?: string) {
    super(message);
    this.name = name;
    this.hint = hint;
  }
}

/** An argument of a message with its control characters escaped (a path or name the user wrote); other values as they are. */
function escaped(argument: unknown): unknown {
  if (typeof argument === 'string') return escapeControls(argument);
  return Array.isArray(argument) ? argument.map(escaped) : argument;
}

function escapedAll<Args extends unknown[]>(args: Args): Args {
  return args.map(escaped) as Args;
}

interface ErrorData<Args extends unknown[]> {
  name: string;
  message: (...args: Args) => string;
  hint?: string;
}

/** A catalogue entry: its name, its message built from the arguments, its hint, and `create` to build the error to throw. */
export function define<Args extends unknown[]>(data: ErrorData<Args>) {
  return {
    ...data,
    /** Builds the error to throw. */
    create: (...args: Args) => new UserError(data.name, data.message(...escapedAll(args)), data.hint),
  };
}

/** Like `define`, for an error whose hint needs the arguments too (e.g. the user's own command line to paste). */
export function defineWithHint<Args extends unknown[]>(data: {
  name: string;
  message: (...args: Args) => string;
  hint: (...args: Args) => string;
}) {
  return {
    ...data,
    /** Builds the error to throw. */
    create: (...args: Args) => new UserError(data.name, data.message(...escapedAll(args)), data.hint(...escapedAll(args))),
  };
}
