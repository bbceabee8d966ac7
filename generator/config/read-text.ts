// Reads a config or locale file as UTF-8 text, refusing before any parsing what is too large or not text at all.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { ConfigError, type ConfigIssue } from '../shared/errors.ts';

/**
 * Config and locale files larger than this are refused unread: real ones are a few KB,
 * and the limit bounds the parser's time and memory. Documented in docs/config.md.
 */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** Magic numbers of binary formats someone may pass by mistake, for a message that names them. */
const SIGNATURES: Array<[string, number[]]> = [
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46, 0x2d]],
  ['a ZIP archive', [0x50, 0x4b, 0x03, 0x04]],
  ['a gzip archive', [0x1f, 0x8b]],
  ['an executable', [0x7f, 0x45, 0x4c, 0x46]],
];

/**
 * The file's text, with a leading UTF-8 byte order mark dropped (YAML 1.2 and JSON both
 * allow one, and Windows editors write it). `shown` names the file in messages. The file is
 * opened without blocking and judged by its open descriptor, so a named pipe or a device
 * (`-c /dev/zero`) is refused at once, never read, and at most MAX_CONFIG_BYTES + 1 bytes are
 * read of anything, whatever size it reports.
 * @throws ConfigError with one issue when the file is no regular file, is over MAX_CONFIG_BYTES,
 * binary, not UTF-8 or holds control characters; the file system's error (EISDIR for a folder)
 * when it cannot be read.
 */
export function readConfigText(file: string, shown: string): string {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw Object.assign(new Error(`EISDIR: ${file} is a folder`), { code: 'EISDIR' });
    if (!stats.isFile()) fail(shown, 1, 1, `not a regular file: expected a YAML or JSON file, found ${specialFileKind(stats)}`);
    const bytes = readAtMost(fd, MAX_CONFIG_BYTES + 1);
    if (bytes.length > MAX_CONFIG_BYTES) {
      const found = stats.size > MAX_CONFIG_BYTES ? bytesOf(stats.size) : `more than ${bytesOf(MAX_CONFIG_BYTES)}`;
      fail(
        shown,
        1,
        1,
        `file too large: expected at most ${bytesOf(MAX_CONFIG_BYTES)} (1 MB), found ${found} (a config or locale file is a few KB; is it the right file?)`,
      );
    }
    return decodeConfigText(bytes, shown);
  } finally {
    closeSync(fd);
  }
}

/** What a file that is neither a regular file nor a folder is, for messages. */
function specialFileKind(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'a special file';
}

/** Up to `limit` bytes from the start of an open file. */
function readAtMost(fd: number, limit: number): Buffer {
  const buffer = Buffer.alloc(limit);
  let filled = 0;
  while (filled < limit) {
    const read = readSync(fd, buffer, filled, limit - filled, null);
    if (read === 0) break;
    filled += read;
  }
  return buffer.subarray(0, filled);
}

/** Checks and decodes the bytes of a config or locale file; see readConfigText. */
export function decodeConfigText(bytes: Uint8Array, shown: string): string {
  const format = SIGNATURES.find(([, magic]) => magic.every((byte, i) => bytes[i] === byte))?.[0];
  if (format) fail(shown, 1, 1, `not a text file: expected UTF-8 YAML or JSON text, found ${format}`);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    fail(shown, 1, 1, 'not UTF-8: expected UTF-8 text, found UTF-16 (save the file as UTF-8)');
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) fail(shown, 1, 1, `not a text file: expected UTF-8 YAML or JSON text, found binary data (a NUL byte at offset ${nul})`);
  const invalid = firstInvalidUtf8(bytes);
  if (invalid !== -1) {
    const before = new TextDecoder().decode(bytes.subarray(0, invalid));
    const [line, column] = lineAndColumnAt(lineStartsOf(before), before.length);
    const byte = bytes[invalid]!.toString(16).toUpperCase().padStart(2, '0');
    fail(shown, line, column, `not UTF-8: expected UTF-8 text, found the byte 0x${byte} (save the file as UTF-8)`);
  }
  const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
  // YAML 1.2 allows tab, line feed and carriage return of the C0 controls, and not DEL.
  const control = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/.exec(text);
  if (control) {
    const [line, column] = lineAndColumnAt(lineStartsOf(text), control.index);
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    fail(shown, line, column, `control character U+${code}: expected printable text, found a control character (remove it)`);
  }
  return text;
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    // Sequence length and the allowed range of the second byte (no overlongs, surrogates or values past U+10FFFF).
    const [length, low, high] =
      lead >= 0xc2 && lead <= 0xdf
        ? [2, 0x80, 0xbf]
        : lead === 0xe0
          ? [3, 0xa0, 0xbf]
          : lead === 0xed
            ? [3, 0x80, 0x9f]
            : lead >= 0xe1 && lead <= 0xef
              ? [3, 0x80, 0xbf]
              : lead === 0xf0
                ? [4, 0x90, 0xbf]
                : lead === 0xf4
                  ? [4, 0x80, 0x8f]
                  : lead >= 0xf1 && lead <= 0xf3
                    ? [4, 0x80, 0xbf]
                    : [0, 0, 0];
    if (length === 0) return i;
    const second = bytes[i + 1];
    if (second === undefined || second < low || second > high) return i;
    for (let k = 2; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined || next < 0x80 || next > 0xbf) return i;
    }
    i += length;
  }
  return -1;
}

/** Where the lines of `text` start: 0, and the offset after each line feed (the offsets yaml's LineCounter records). */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * The 1-based line and column of `offset` in a text whose lines start at `lineStarts`
 * (lineStartsOf, or a yaml LineCounter's): how every config and locale message points into a file.
 */
export function lineAndColumnAt(lineStarts: readonly number[], offset: number): [number, number] {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return [low + 1, offset - lineStarts[low]! + 1];
}

function bytesOf(count: number): string {
  return `${count.toLocaleString('en-US')} bytes`;
}

function fail(file: string, line: number, column: number, message: string): never {
  const issue: ConfigIssue = { file, line, column, path: '', message };
  throw new ConfigError([issue]);
}
