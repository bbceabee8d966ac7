// Turns the yaml parser's syntax errors into one plain sentence each: what is wrong, expected and found.
import { isCollection, isMap, isPair, isScalar, isSeq, Scalar, visit, type Document, type LineCounter, type YAMLError } from 'yaml';
import type { ConfigIssue } from '../shared/errors.ts';
import { lineAndColumnAt } from './read-text.ts';

/** Parser errors that leave the structure around them intact, so what follows is still read right. */
const LOCAL_ERRORS: ReadonlySet<string> = new Set(['BAD_DQ_ESCAPE', 'TAG_RESOLVE_FAILED', 'BAD_COLLECTION_TYPE', 'KEY_OVER_1024_CHARS']);

/**
 * One issue per syntax error, up to the first one that breaks the structure: after a bad
 * indent, a tab or an unclosed bracket or quote, the parser reads the rest of the file
 * out of step, and its further complaints are consequences, not news (one missing space
 * of indentation alone yields a dozen).
 */
export function describeYamlErrors(
  errors: readonly YAMLError[],
  document: Document,
  lineCounter: LineCounter,
  text: string,
  file: string,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const error of errors) {
    const { offset, message } = explain(error, document, lineCounter, text);
    const [line, column] = lineAndColumnAt(lineCounter.lineStarts, offset);
    issues.push({ file, line, column, path: '', message });
    if (!LOCAL_ERRORS.has(error.code)) break;
  }
  return issues;
}

/** Where to point and what to say about one parser error. */
function explain(error: YAMLError, document: Document, lineCounter: LineCounter, text: string): { offset: number; message: string } {
  const offset = error.pos[0];
  const [line, column] = lineAndColumnAt(lineCounter.lineStarts, offset);
  const at =
    offset >= text.trimEnd().length
      ? 'the end of the file'
      : offset === lineEnd(text, offset)
        ? `the end of line ${line}`
        : `line ${line}, column ${column}`;
  switch (error.code) {
    case 'TAB_AS_INDENT':
      return { offset, message: 'tab used for indentation: expected spaces, found a tab' };
    case 'MULTIPLE_DOCS':
      return { offset, message: 'a second YAML document starts here: expected one document, found "---" followed by more' };
    case 'BAD_DQ_ESCAPE':
      return {
        offset,
        message: `invalid escape in double quotes: expected one such as \\n, \\" or \\\\, found ${JSON.stringify(text.slice(offset, offset + 2))} (use single quotes for backslashes)`,
      };
    case 'RESOURCE_EXHAUSTION':
      return { offset, message: 'nested too deeply to read: expected a few levels of lists and mappings, found thousands' };
    case 'TAG_RESOLVE_FAILED':
    case 'BAD_COLLECTION_TYPE':
      return {
        offset,
        message: `unsupported YAML tag: expected plain values, lists and mappings, found ${JSON.stringify(text.slice(offset, error.pos[1]))}`,
      };
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY': {
      const rest = text.slice(offset, lineEnd(text, offset));
      if (error.code === 'BLOCK_AS_IMPLICIT_KEY' && /:( |$)/.test(rest)) {
        return {
          offset,
          message: `": " inside a value: expected a plain value, found ${JSON.stringify(shorten(rest.trim()))} (put the value in quotes)`,
        };
      }
      return {
        offset,
        message:
          'expected "key: value" on one line, found text that runs on into the next line (is a ":" missing, or the next line indented too deep?)',
      };
    }
    case 'BAD_INDENT':
    case 'MISSING_CHAR': {
      const quote = /closing (["'])quote/.exec(error.message)?.[1];
      if (quote) {
        const opened = unclosedScalar(document, offset) ?? offset;
        return {
          offset: opened,
          message: `unclosed ${quote === '"' ? 'double' : 'single'} quote: expected a closing ${quote} for the text opened here, found none by ${at}`,
        };
      }
      const flow = /^Flow (sequence|map)/.exec(error.message)?.[1];
      if (flow) {
        const [open, close] = flow === 'sequence' ? ['[', ']'] : ['{', '}'];
        const opened = unclosedFlow(document, offset) ?? offset;
        return {
          offset: opened,
          message: `unclosed "${open}": expected "${close}" to end the ${flow === 'sequence' ? 'list' : 'mapping'} opened here, found none by ${at}`,
        };
      }
      if (/same column/.test(error.message)) {
        // The parser points at the start of the line; the reader looks for the key.
        const key = offset + (/^[ ]*/.exec(text.slice(offset))?.[0].length ?? 0);
        return {
          offset: key,
          message: `bad indentation: expected this line to start at the same column as the items of the list or mapping above it, found column ${lineAndColumnAt(lineCounter.lineStarts, key)[1]}`,
        };
      }
      if (/followed by map values/.test(error.message)) {
        return { offset, message: 'expected "key: value", found a line without ": "' };
      }
      break;
    }
  }
  const source = error.message
    .split('\n')[0]!
    .trim()
    .replace(/;? ?please use .*$/i, '');
  return { offset, message: `invalid YAML: ${source.charAt(0).toLowerCase()}${source.slice(1)}` };
}

/**
 * Keys written twice in one mapping, each as an issue at its second occurrence. The parser
 * is told not to look (uniqueKeys: false in load.ts): it compares every key with every
 * earlier one, quadratic in a mapping's keys; here each mapping
 * keeps a Set of its keys, one pass over the document. Keys compare as yaml compares them:
 * scalars by value (so 1 and "1" differ), anything else never equal.
 * Only keys before `until` count: past a structural syntax error the keys are read out of step.
 */
export function duplicateKeyIssues(document: Document, lineCounter: LineCounter, file: string, until = Infinity): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  visit(document, {
    Map(_, map) {
      const first = new Map<unknown, number>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const offset = rangeOf(pair.key)?.[0];
        if (offset === undefined || offset >= until) continue;
        const earlier = first.get(pair.key.value);
        if (earlier === undefined) {
          first.set(pair.key.value, offset);
          continue;
        }
        const [line, column] = lineAndColumnAt(lineCounter.lineStarts, offset);
        const [firstLine, firstColumn] = lineAndColumnAt(lineCounter.lineStarts, earlier);
        const message = `duplicate key "${shorten(String(pair.key.value))}": expected each key once in a mapping, found it again (first at line ${firstLine}, column ${firstColumn})`;
        issues.push({ file, line, column, path: '', message });
      }
    },
  });
  return issues;
}

/** Where the parser's errors stop being trustworthy: the first one that breaks the structure. */
export function firstStructuralError(errors: readonly YAMLError[]): number {
  return errors.find((error) => !LOCAL_ERRORS.has(error.code))?.pos[0] ?? Infinity;
}

/** The start of the quoted scalar that runs up to `offset` (where the parser gave up looking for its end). */
function unclosedScalar(document: Document, offset: number): number | undefined {
  let start: number | undefined;
  visit(document, {
    Scalar(_, node) {
      const range = rangeOf(node);
      const quoted = node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE;
      if (quoted && range && range[0] < offset && range[1] >= offset && (start === undefined || range[0] > start)) start = range[0];
    },
  });
  return start;
}

/** The start of the innermost flow collection (`[...]`, `{...}`) still open at `offset`. */
function unclosedFlow(document: Document, offset: number): number | undefined {
  let start: number | undefined;
  visit(document, (_, node) => {
    if (!isCollection(node) || !(isSeq(node) || isMap(node)) || !node.flow) return;
    const range = rangeOf(node);
    if (range && range[0] < offset && range[1] >= offset && (start === undefined || range[0] > start)) start = range[0];
  });
  return start;
}

function rangeOf(node: unknown): readonly [number, number, number] | undefined {
  if (node === null || typeof node !== 'object' || isPair(node)) return undefined;
  return (node as { range?: [number, number, number] }).range ?? undefined;
}

function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end;
}

/** Long keys and values are cut in messages. */
export function shorten(text: string, max = 60): string {
  return text.length > max ? text.slice(0, max - 3) + '...' : text;
}
