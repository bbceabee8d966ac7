// The command line the screenshot hints quote: the user's own flags, each value quoted for a POSIX shell, so the line works when pasted.

/** The flags a user gave, in order, each with its value as typed (none for a switch): `[['--build', 'out'], ['--update']]`. */
export type GivenFlags = Array<[flag: string, value?: string]>;

/**
 * Left out of the update line: `--update` is added at its end; `--json` is output for machines;
 * `--shard` would update one shard's part, while --update rewrites only the baselines that
 * changed, so one unsharded run fixes what every shard found.
 */
const NOT_REPEATED = new Set(['--update', '--json', '--shard']);

/** `npx store-landing screenshots <the user's flags> --update`, ready to paste into a POSIX shell. */
export function updateCommandLine(given: GivenFlags): string {
  const words = given
    .filter(([flag]) => !NOT_REPEATED.has(flag))
    .flatMap(([flag, value]) => (value === undefined ? [flag] : [flag, shellQuote(value)]));
  return ['npx store-landing screenshots', ...words, '--update'].join(' ');
}

/** A word a POSIX shell reads back unchanged: bare when it holds nothing the shell interprets, else in single quotes. */
export function shellQuote(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
