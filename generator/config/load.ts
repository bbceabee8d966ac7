// Reads variants.yaml into a plain object, keeping the YAML document so every later error can point at a line and column.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { ConfigError, ConfigNotFound, type ConfigIssue } from '../errors.ts';

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
 * Reads and parses a YAML config file.
 * @throws ConfigError listing every syntax error with its position; UserError when the file is missing.
 */
export async function loadConfig(file: string): Promise<LoadedConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw ConfigNotFound.create(file);
    throw error;
  }
  return parseConfig(text, file);
}

/** Parses config text; `file` names it in messages and anchors relative paths. */
export function parseConfig(text: string, file: string): LoadedConfig {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const issues: ConfigIssue[] = document.errors.map((error) => {
    const [line, column] = positionOfOffset(lineCounter, error.pos[0]);
    return { file, line, column, path: '', message: firstLine(error.message) };
  });
  if (issues.length) throw new ConfigError(issues);

  let data: unknown;
  try {
    data = document.toJS();
  } catch (error) {
    // yaml refuses documents whose aliases expand past its limit (a "billion laughs" file).
    throw new ConfigError([{ file, line: 1, column: 1, path: '', message: firstLine((error as Error).message) }]);
  }
  if (data === null || data === undefined) {
    throw new ConfigError([{ file, line: 1, column: 1, path: '', message: 'The file is empty: expected the config object.' }]);
  }
  return { file, dir: path.dirname(path.resolve(file)), data, document, lineCounter };
}

/**
 * The line and column of the deepest node along `keyPath` that exists in the document:
 * the value itself when present, else the nearest parent (where a missing key belongs).
 */
export function positionOf(config: Pick<LoadedConfig, 'document' | 'lineCounter'>, keyPath: KeyPath): [number, number] {
  let node: unknown = config.document.contents;
  let offset = rangeStart(node) ?? 0;
  for (const key of keyPath) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((item) => scalarValue(item.key) === key);
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
  return positionOfOffset(config.lineCounter, offset);
}

/** `app.links.terms`, `variants[2].path`: how key paths appear in messages. */
export function formatKeyPath(keyPath: KeyPath): string {
  return keyPath
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`))
    .join('');
}

function positionOfOffset(lineCounter: LineCounter, offset: number): [number, number] {
  const { line, col } = lineCounter.linePos(offset);
  return [line, col];
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return range?.[0];
}

function scalarValue(node: unknown): unknown {
  return node !== null && typeof node === 'object' && 'value' in node ? (node as { value: unknown }).value : node;
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
