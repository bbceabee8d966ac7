// Reads the locale files (locales/<lang>.json): strict JSON, with every key's line and column kept for later messages,
// laid over the labels the tool ships for the language.
import { findNodeAtLocation, getLocation, parseTree, printParseErrorCode, visit, type Node, type ParseError } from 'jsonc-parser';
import type { Messages } from '../../page/contract/props.ts';
import type { ConfigIssue } from '../shared/errors.ts';
import type { KeyPath } from './load.ts';
import { lineAndColumnAt, lineStartsOf, readConfigText } from './read-text.ts';
import { describeValue } from './schema-errors.ts';
import { shippedLabelsFor, withShippedLabels } from './shipped-labels.ts';

/** A locale file as read: its messages and its syntax tree, to point at a key. */
export interface LocaleFile {
  locale: string;
  /** The path as shown in messages. */
  shown: string;
  /** The project's texts over the labels the tool ships for the locale (shipped-labels.ts): what the page is given. */
  messages: Messages;
  /** The project's texts alone, as its file writes them. */
  own: Messages;
  tree: Node;
  lineStarts: number[];
}

/**
 * What reading one locale file gave: the file; the issues in it that stop it being used; or,
 * when it cannot be read at all, why (reported at the config's `locales`).
 */
export type LocaleRead = { file: LocaleFile } | { issues: ConfigIssue[] } | { unreadable: string };

/**
 * Reads and parses a locale file. Every problem is an issue with its position, never a throw:
 * a missing file, one that is not text, not JSON, not an object, or has a key twice.
 */
export function readLocaleFile(file: string, shown: string, locale: string): LocaleRead {
  let text: string;
  try {
    text = readConfigText(file, shown).replace(/^\uFEFF/, '');
  } catch (error) {
    const issues = (error as { issues?: ConfigIssue[] }).issues;
    if (issues) return { issues };
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      code === 'ENOENT' || code === 'ENOTDIR'
        ? `translations for "${locale}" not found: expected a file at ${shown}, found nothing`
        : `translations for "${locale}" cannot be read: expected a readable file at ${shown}, found ${code === 'EISDIR' ? 'a folder' : (code ?? 'an error')}`;
    return { unreadable: message };
  }
  const lineStarts = lineStartsOf(text);
  const at = (offset: number, message: string): ConfigIssue => {
    const [line, column] = lineAndColumnAt(lineStarts, offset);
    return { file: shown, line, column, path: '', message };
  };
  const syntax = text.trim()
    ? jsonSyntaxError(text)
    : { offset: 0, message: 'empty file: expected an object of translations, found nothing' };
  if (syntax) return { issues: [at(syntax.offset, syntax.message)] };
  const messages: unknown = JSON.parse(text);
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) {
    return { issues: [at(0, `expected an object of translations, found ${describeValue(messages)}`)] };
  }
  const duplicates = duplicateKeys(text).map(({ offset, first, key }) => {
    const [line, column] = lineAndColumnAt(lineStarts, first);
    return at(
      offset,
      `duplicate key ${JSON.stringify(key)}: expected each key once in an object, found it again (first at line ${line}, column ${column})`,
    );
  });
  if (duplicates.length) return { issues: duplicates };
  const own = messages as Messages;
  return { file: { locale, shown, messages: withShippedLabels(own, shippedLabelsFor(locale)), own, tree: parseTree(text)!, lineStarts } };
}

/** The line and column of the value at `keyPath`, or of the deepest object along it that exists (where a missing key belongs). */
export function positionInLocale(file: LocaleFile, keyPath: KeyPath): [number, number] {
  let node = file.tree;
  for (let length = 1; length <= keyPath.length; length++) {
    const found = findNodeAtLocation(file.tree, keyPath.slice(0, length));
    if (!found) break;
    node = found;
  }
  return lineAndColumnAt(file.lineStarts, node.offset);
}

/**
 * The first syntax error of `text` as strict JSON, or null. JSON.parse decides what is valid;
 * jsonc-parser (comments and trailing commas refused) says where and what.
 */
export function jsonSyntaxError(text: string): { offset: number; message: string } | null {
  try {
    JSON.parse(text);
    return null;
  } catch {
    const errors: ParseError[] = [];
    parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    // JSON.parse refuses a few things jsonc-parser lets through.
    if (!first) return { offset: 0, message: 'invalid JSON: expected strict JSON, found text JSON.parse refuses' };
    // A bad key is first an invalid symbol, then a missing key: the second says more.
    const reported =
      errors.find((error) => error.offset === first.offset && printParseErrorCode(error.error) === 'PropertyNameExpected') ?? first;
    const offset = insideString(text, reported);
    return { offset, message: `invalid JSON: expected ${expectation(text, reported)}, found ${foundAt(text, offset)}` };
  }
}

/** Errors inside a string point at its start; the reader looks for the character that is wrong. */
function insideString(text: string, error: ParseError): number {
  const inside = text.slice(error.offset + 1, error.offset + error.length + 1);
  const code = printParseErrorCode(error.error);
  const at =
    code === 'UnexpectedEndOfString'
      ? inside.search(/[\n\r]/)
      : code === 'InvalidEscapeCharacter'
        ? inside.search(/\\[^"\\/bfnrtu]/) + 1
        : code === 'InvalidCharacter'
          ? inside.search(/[\u0000-\u001f]/)
          : -1;
  return at > 0 ? error.offset + 1 + at : error.offset;
}

function expectation(text: string, error: ParseError): string {
  const before = text.slice(0, error.offset).trimEnd().at(-1);
  switch (printParseErrorCode(error.error)) {
    case 'PropertyNameExpected':
      return before === ',' && text[error.offset] === '}'
        ? 'another "key": value after the comma (JSON allows no trailing comma)'
        : 'a key in double quotes';
    case 'ValueExpected':
      return before === ',' && text[error.offset] === ']' ? 'another value after the comma (JSON allows no trailing comma)' : VALUE;
    case 'InvalidSymbol':
      if (isValue(text.slice(0, error.offset))) return 'the end of the file after the top-level value';
      return getLocation(text, error.offset).isAtPropertyKey ? 'a key in double quotes' : VALUE;
    case 'EndOfFileExpected':
      return 'the end of the file after the top-level value';
    case 'ColonExpected':
      return '":" after the key';
    case 'CommaExpected':
      return '"," between two items, or the closing bracket';
    case 'CloseBraceExpected':
      return '"," or "}"';
    case 'CloseBracketExpected':
      return '"," or "]"';
    case 'UnexpectedEndOfString':
      return 'a closing " on the same line (write line breaks as \\n)';
    case 'InvalidEscapeCharacter':
      return 'an escape such as \\n, \\" or \\\\ after the backslash';
    case 'InvalidUnicode':
      return 'four hex digits after \\u';
    case 'InvalidCharacter':
      return 'printable text (control characters inside quotes must be escaped)';
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return 'a number such as 12 or 0.5';
    default:
      return 'no comments (JSON has none)';
  }
}

const VALUE = 'a value (text in double quotes, a number, true, false, null, an object or a list)';

function isValue(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function foundAt(text: string, offset: number): string {
  if (offset >= text.length) return 'the end of the file';
  const word = /^[\w.+-]+/.exec(text.slice(offset, offset + 40))?.[0];
  return JSON.stringify(word ? (word.length > 20 ? word.slice(0, 17) + '...' : word) : text[offset]);
}

/** Keys given twice in one object (JSON.parse keeps the last silently), in one pass. */
function duplicateKeys(text: string): Array<{ key: string; offset: number; first: number }> {
  const found: Array<{ key: string; offset: number; first: number }> = [];
  const objects: Array<Map<string, number>> = [];
  visit(text, {
    onObjectBegin: () => void objects.push(new Map()),
    onObjectEnd: () => void objects.pop(),
    onObjectProperty: (key, offset) => {
      const keys = objects.at(-1)!;
      const first = keys.get(key);
      if (first === undefined) keys.set(key, offset);
      else found.push({ key, offset, first });
    },
  });
  return found;
}
