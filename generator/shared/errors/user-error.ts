// What every error of the catalogue is made of: a user error with a hint, and `define`, which makes a catalogue entry of a name, a message and a hint.

import { escapeControls } from '../text.ts';

/** Where an error lists the kinds of store-landing error it is (`UserError`, `ConfigError`): a registered symbol, the same in every copy of this module. */
const KINDS = Symbol.for('store-landing.error-kinds');

/**
 * Whether `value` is an error of `kind`, whichever copy of the catalogue made it: dev imports a
 * freshly compiled pipeline after a change to the page's code, whose classes are not the CLI's,
 * so `instanceof` asks for the kind an error carries instead of its prototype chain.
 */
function isErrorOfKind(value: unknown, kind: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const kinds = (value as { [KINDS]?: unknown })[KINDS];
  return Array.isArray(kinds) && kinds.includes(kind);
}

/** An error meant for the user: printed without a stack, exit code 1. Built only by the catalogue's entries (README.md). */
export class UserError extends Error {
  /** The kind `instanceof` looks for; a subclass names its own (isErrorOfKind). */
  static readonly kind: string = 'UserError';
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof asks about, a subclass too (ConfigError).
    return isErrorOfKind(value, this.kind);
  }
  readonly hint: string | undefined;
  declare readonly [KINDS]: string[];
  constructor(name: string, message: string, hint?: string) {
    super(message);
    this.name = name;
    this.hint = hint;
    // Every class from this one down to the error's own: instanceof of each of them holds.
    const kinds: string[] = [];
    for (let type: unknown = new.target; typeof type === 'function' && 'kind' in type; type = Object.getPrototypeOf(type))
      kinds.push(String(type.kind));
    Object.defineProperty(this, KINDS, { value: kinds, enumerable: false });
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
