// How the command line writes: stdout and stderr each decide colours by their own terminal, FORCE_COLOR and
// NO_COLOR honoured; JSON goes to stdout alone.
import { styleText } from 'node:util';

type Format = Parameters<typeof styleText>[0];

/**
 * Whether text for `stream` gets colours, by Node's own rule (tty.getColorDepth): FORCE_COLOR,
 * when set, decides (`0` or `false` turn colours off, anything else on, even into a pipe or
 * file); otherwise NO_COLOR (non-empty) turns them off; otherwise only a terminal gets them.
 */
export function colorsFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR) return false;
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

/** Lines for one stream, painted when colours are on for that stream. */
export class Writer {
  readonly colors: boolean;

  constructor(
    readonly stream: NodeJS.WritableStream & { isTTY?: boolean },
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.colors = colorsFor(stream, env);
  }

  /** `text` in `format` when colours are on for this stream. */
  paint(format: Format, text: string): string {
    // validateStream: false, since Node 20.20 would otherwise ask stdout, whatever stream this is.
    return this.colors ? styleText(format, text, { validateStream: false }) : text;
  }

  /** Writes `text` and a line break. */
  line(text = ''): void {
    this.stream.write(text + '\n');
  }
}

/** What the commands print for people and for machines. */
export const stdout = new Writer(process.stdout);
export const stderr = new Writer(process.stderr);

/**
 * With --json, the one thing on stdout: the result (or the failure) as JSON, indented; on
 * one line for `dev`, which prints a JSON object per line for each event.
 */
export function printJson(value: unknown, oneLine = false): void {
  process.stdout.write((oneLine ? JSON.stringify(value) : JSON.stringify(value, null, 2)) + '\n');
}

/** How the command line asks for output: read from argv itself, so failures before or while parsing get it too. */
export function outputMode(argv: readonly string[]): { json: boolean; jsonLines: boolean; debug: boolean } {
  const args = argv.slice(2);
  const json = args.includes('--json');
  return { json, jsonLines: json && args.find((arg) => !arg.startsWith('-')) === 'dev', debug: args.includes('--debug') };
}
