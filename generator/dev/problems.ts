// A failed rebuild as the overlay shows it: each problem with file:line:column, message, hint and the lines around it.
import { readFileSync } from 'node:fs';
import { ConfigError, ConfigInvalid, UserError } from '../shared/errors.ts';

/** One problem in the overlay. */
export interface OverlayProblem {
  /** `file:line:column`, or the file alone when the problem has no place in it; empty for errors about no file. */
  location: string;
  /** The key path, e.g. `app.rating`; empty when there is none. */
  path: string;
  message: string;
  hint: string | null;
  /** The lines around the problem, numbered, with a caret under its column; empty when it has no line. */
  frame: string;
}

/** How many lines the frame shows above and below the problem's. */
const FRAME_CONTEXT = 2;

/** The overlay's title and problems for an error a rebuild threw. */
export function overlayProblems(error: unknown): { title: string; problems: OverlayProblem[] } {
  if (error instanceof ConfigError) {
    const problems = error.issues.map((issue) => ({
      location: issue.line > 0 ? `${issue.file}:${issue.line}:${issue.column}` : issue.file,
      path: issue.path,
      message: issue.message,
      hint: ConfigInvalid.hint,
      frame: codeFrame(issue.file, issue.line, issue.column),
    }));
    return { title: ConfigInvalid.message(problems.length).replace(/:$/, ''), problems };
  }
  const user = error instanceof UserError;
  const message = (error as Error)?.message ?? String(error);
  return {
    title: user ? (error as UserError).name : 'store-landing failed unexpectedly',
    problems: [
      {
        location: '',
        path: '',
        message,
        hint: user ? ((error as UserError).hint ?? null) : 'See the terminal for the stack trace.',
        frame: '',
      },
    ],
  };
}

/**
 * The source lines around `line` with their numbers and a caret under `column`, the way
 * editors and Vite show them; empty when the file cannot be read or the line is 0.
 */
export function codeFrame(file: string, line: number, column: number): string {
  if (line < 1) return '';
  let lines: string[];
  try {
    lines = readFileSync(file, 'utf8').split(/\r?\n/);
  } catch {
    return '';
  }
  const first = Math.max(1, line - FRAME_CONTEXT);
  const last = Math.min(lines.length, line + FRAME_CONTEXT);
  const width = String(last).length;
  const out: string[] = [];
  for (let number = first; number <= last; number++) {
    out.push(`${number === line ? '>' : ' '} ${String(number).padStart(width)} | ${lines[number - 1] ?? ''}`);
    if (number === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}
