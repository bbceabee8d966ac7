// What every error of the catalogue (errors.ts) is made of: a user error with a hint, and a config's problems with their positions.

/** A problem found in a config or locale file, with its position. */
export interface ConfigIssue {
  file: string;
  /** 1-based; 0 when the problem has no place in the file (e.g. a missing file). */
  line: number;
  column: number;
  /** The key path, e.g. `app.rating` or `variants[2].path`; empty for the whole file. */
  path: string;
  /** What is wrong, in one sentence without the position. */
  message: string;
}

interface ErrorData<Args extends unknown[]> {
  name: string;
  message: (...args: Args) => string;
  hint?: string;
}

/** An error meant for the user: printed without a stack, exit code 1. */
export class UserError extends Error {
  readonly hint: string | undefined;
  constructor(name: string, message: string, hint?: string) {
    super(message);
    this.name = name;
    this.hint = hint;
  }
}

/** How many of a config's problems are printed; a file of thousands of bad items would bury the first ones. */
export const MAX_PRINTED_ISSUES = 50;

/** Every problem of a config at once (all in `issues`; the message prints the first MAX_PRINTED_ISSUES). */
export class ConfigError extends UserError {
  readonly issues: ConfigIssue[];
  constructor(issues: ConfigIssue[]) {
    const printed = issues.slice(0, MAX_PRINTED_ISSUES).map(formatIssue);
    if (issues.length > MAX_PRINTED_ISSUES) printed.push(`... and ${issues.length - MAX_PRINTED_ISSUES} more`);
    super(ConfigInvalid.name, ConfigInvalid.message(issues.length) + '\n' + printed.join('\n'), ConfigInvalid.hint);
    this.issues = issues;
  }
}

/** `file:line:column path: message`, the form editors and CI logs link. */
export function formatIssue(issue: ConfigIssue): string {
  const position = issue.line > 0 ? `${issue.file}:${issue.line}:${issue.column}` : issue.file;
  return `${position} ${issue.path ? issue.path + ': ' : ''}${issue.message}`;
}

export function define<Args extends unknown[]>(data: ErrorData<Args>) {
  return {
    ...data,
    /** Builds the error to throw. */
    create: (...args: Args) => new UserError(data.name, data.message(...args), data.hint),
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
    create: (...args: Args) => new UserError(data.name, data.message(...args), data.hint(...args)),
  };
}

export const ConfigInvalid = {
  name: 'ConfigInvalid',
  message: (count: number) => `The config has ${count} problem${count === 1 ? '' : 's'}:`,
  hint: 'Fix them and run `store-landing validate` again; the schema is generator/config/variants.schema.json.',
};
