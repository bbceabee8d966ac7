// Reads variants.yaml into a plain object, keeping the YAML document so every later error can point at a line and column.
import path from 'node:path';
import { isAlias, isMap, isSeq, LineCounter, parseDocument, visit, type Document } from 'yaml';
import { ConfigError, ConfigNotFound, ConfigUnreadable, type ConfigIssue } from '../shared/errors.ts';
import { lineAndColumnAt, readConfigText } from './read-text.ts';
import { countAliases } from './yaml-aliases.ts';
import { describeYamlErrors, duplicateKeyIssues, firstStructuralError } from './yaml-errors.ts';

/** A config file as read from disk: its data, and the document and line table to locate keys in it. */
export interface LoadedConfig {
  /** The path as the user gave it, for messages. */
  file: string;
  /** The folder relative paths in the config are resolved against. */
  dir: string;
  data: unknown;
  document: Document;
  lineCounter: LineCounter;
}

/** One step of a key path: an object key or a list index. */
export type KeyPath = Array<string | number>;

/**
 * How many copies aliases (`*name`) may make in all: enough for any real config, and a
 * "billion laughs" file (aliases of aliases, doubling at every level) fails at once.
 */
export const MAX_ALIAS_COUNT = 100;

/**
 * Reads and parses a YAML config file.
 * @throws ConfigError listing every syntax error with its position, or the one reason the
 * file is not a config at all (too large, binary, empty); UserError when it cannot be read.
 */
export async function loadConfig(file: string): Promise<LoadedConfig> {
  let text: string;
  try {
    text = readConfigText(file, file);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw ConfigNotFound.create(file);
    if (code === 'EISDIR') throw ConfigUnreadable.create(file, 'it is a folder, not a file');
    if (code === 'EACCES' || code === 'EPERM') throw ConfigUnreadable.create(file, 'permission denied');
    throw error;
  }
  return parseConfig(text, file);
}

/** Parses config text; `file` names it in messages and anchors relative paths. */
export function parseConfig(text: string, file: string): LoadedConfig {
  const lineCounter = new LineCounter();
  // A BOM is allowed (see read-text.ts); drop it here too, so columns on line 1 are an editor's.
  const source = text.replace(/^\uFEFF/, '');
  // Duplicate keys are found by duplicateKeyIssues in linear time; yaml's own check is quadratic.
  const document = parseDocument(source, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const issues: ConfigIssue[] = describeYamlErrors(document.errors, document, lineCounter, source, file);
  issues.push(...duplicateKeyIssues(document, lineCounter, file, firstStructuralError(document.errors)));
  issues.sort((a, b) => a.line - b.line || a.column - b.column);
  // Counted before anything expands them: yaml's own count looks each alias's anchor up anew, in quadratic time.
  const aliases = countAliases(document, MAX_ALIAS_COUNT);
  for (const { source, offset } of aliases.unknown) {
    const [line, column] = lineAndColumnAt(lineCounter.lineStarts, offset);
    const message = `unknown alias "*${source}": expected an anchor "&${source}" earlier in the file, found none`;
    issues.push({ file, line, column, path: '', message });
  }
  if (issues.length) throw new ConfigError(issues);
  if (aliases.overAt !== undefined) throw aliasesTooFar(document, lineCounter, file);

  let data: unknown;
  try {
    // Counted above, in every copy's nesting: yaml's own count (another rule, quadratic) would only differ.
    data = document.toJS({ maxAliasCount: -1 });
  } catch (error) {
    const [line, column] = firstAliasPosition(document, lineCounter);
    const message = `cannot read the YAML: ${(error as Error).message.split('\n')[0]}`;
    throw new ConfigError([{ file, line, column, path: '', message }]);
  }
  if (data === null || data === undefined) {
    const message = source.trim()
      ? 'no settings: expected the config (locales, app, variants, ...), found only comments'
      : 'empty file: expected the config (locales, app, variants, ...), found nothing';
    throw new ConfigError([{ file, line: 1, column: 1, path: '', message }]);
  }
  return { file, dir: path.dirname(path.resolve(file)), data, document, lineCounter };
}

/** The refusal of a document whose aliases make more than MAX_ALIAS_COUNT copies (a "billion laughs" file), at its first alias. */
function aliasesTooFar(document: Document, lineCounter: LineCounter, file: string): ConfigError {
  const [line, column] = firstAliasPosition(document, lineCounter);
  const message = `aliases expand too far: expected at most ${MAX_ALIAS_COUNT} copies made by aliases (*name), found more (a "billion laughs" file?); write the values out instead`;
  return new ConfigError([{ file, line, column, path: '', message }]);
}

function firstAliasPosition(document: Document, lineCounter: LineCounter): [number, number] {
  let offset = 0;
  visit(document, (_, node) => {
    if (!isAlias(node)) return;
    offset = node.range?.[0] ?? 0;
    return visit.BREAK;
  });
  return lineAndColumnAt(lineCounter.lineStarts, offset);
}

/**
 * The line and column of the deepest node along `keyPath` that exists in the document:
 * the value itself when present, else the nearest parent (where a missing key belongs).
 * With `at: 'key'`, the last key itself (for a key that is wrong, not its value).
 */
export function positionOf(
  config: Pick<LoadedConfig, 'document' | 'lineCounter'>,
  keyPath: KeyPath,
  at: 'value' | 'key' = 'value',
): [number, number] {
  let node: unknown = config.document.contents;
  let offset = rangeStart(node) ?? 0;
  for (const [index, key] of keyPath.entries()) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((item) => scalarValue(item.key) === key);
      if (pair && at === 'key' && index === keyPath.length - 1) {
        offset = rangeStart(pair.key) ?? offset;
        break;
      }
      if (pair) {
        // Point at the value, or at the key when the value is empty.
        next = pair.value ?? pair.key;
        if (pair.value === null || pair.value === undefined) {
          offset = rangeStart(pair.key) ?? offset;
          break;
        }
      }
    } else if (isSeq(node) && typeof key === 'number') {
      next = node.items[key];
    }
    const start = rangeStart(next);
    if (start === undefined) break;
    offset = start;
    node = next;
  }
  return lineAndColumnAt(config.lineCounter.lineStarts, offset);
}

/** `app.links.terms`, `variants[2].path`: how key paths appear in messages. */
export function formatKeyPath(keyPath: KeyPath): string {
  return keyPath.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('');
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return range?.[0];
}

function scalarValue(node: unknown): unknown {
  return node !== null && typeof node === 'object' && 'value' in node ? (node as { value: unknown }).value : node;
}
