// Reading a config's or locale file's text: bytes that are not UTF-8 text refused with their position, and JSON syntax errors as JSON.parse finds them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxError } from '../../../generator/config/locale-files.ts';
import { decodeConfigText } from '../../../generator/config/read-text.ts';
import { ConfigError } from '../../../generator/shared/errors.ts';

describe('decodeConfigText', () => {
  it.each([
    ['a JPEG', [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], '1:1 not a text file: expected UTF-8 YAML or JSON text, found a JPEG image'],
    ['a gzip archive', [0x1f, 0x8b, 0x08, 0x00], '1:1 not a text file: expected UTF-8 YAML or JSON text, found a gzip archive'],
    [
      'a NUL after text',
      [...Buffer.from('a: 1\nb'), 0, 0x31],
      '1:1 not a text file: expected UTF-8 YAML or JSON text, found binary data (a NUL byte at offset 6)',
    ],
    [
      'a lone continuation byte',
      [...Buffer.from('a: 1\nbb: '), 0x80],
      '2:5 not UTF-8: expected UTF-8 text, found the byte 0x80 (save the file as UTF-8)',
    ],
    [
      'an overlong slash',
      [...Buffer.from('a: '), 0xc0, 0xaf],
      '1:4 not UTF-8: expected UTF-8 text, found the byte 0xC0 (save the file as UTF-8)',
    ],
    [
      'an encoded surrogate',
      [...Buffer.from('a: '), 0xed, 0xa0, 0x80],
      '1:4 not UTF-8: expected UTF-8 text, found the byte 0xED (save the file as UTF-8)',
    ],
    [
      'a cut-off sequence at the end',
      [...Buffer.from('a: é'), 0xe2, 0x82],
      '1:5 not UTF-8: expected UTF-8 text, found the byte 0xE2 (save the file as UTF-8)',
    ],
    [
      'a vertical tab',
      [...Buffer.from('a: x\u000by')],
      '1:5 control character U+000B: expected printable text, found a control character (remove it)',
    ],
    [
      'DEL',
      [...Buffer.from('\n\na\u007f')],
      '3:2 control character U+007F: expected printable text, found a control character (remove it)',
    ],
  ])('refuses %s with one message', (_name, bytes, expected) => {
    try {
      decodeConfigText(Uint8Array.from(bytes), 'x.yaml');
      expect.unreachable('decoding should have failed');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const [issue, ...rest] = (error as ConfigError).issues;
      expect(rest).toEqual([]);
      expect(`${issue!.line}:${issue!.column} ${issue!.message}`).toBe(expected);
    }
  });

  it('decodes any UTF-8 text without control characters exactly, and drops a leading BOM (2,000 runs)', () => {
    const printable = fc
      .string({ unit: 'grapheme', maxLength: 200 })
      .map((text) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufeff]/g, ''));
    fc.assert(
      fc.property(printable, fc.boolean(), (text, bom) => {
        const bytes = Buffer.from((bom ? '\uFEFF' : '') + text, 'utf8');
        expect(decodeConfigText(bytes, 'x.yaml')).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers any bytes with the text or one ConfigError, agreeing with a strict UTF-8 decoder (2,000 runs)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        let strictText: string | undefined;
        try {
          strictText = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          strictText = undefined;
        }
        try {
          const text = decodeConfigText(bytes, 'x.yaml');
          expect(text).toBe(strictText);
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          expect((error as ConfigError).issues).toHaveLength(1);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('jsonSyntaxError', () => {
  it.each([
    ['{"a": 1,}', 8, 'invalid JSON: expected another "key": value after the comma (JSON allows no trailing comma), found "}"'],
    ['[1, 2,]', 6, 'invalid JSON: expected another value after the comma (JSON allows no trailing comma), found "]"'],
    ['{"a": }', 6, 'invalid JSON: expected a value (text in double quotes, a number, true, false, null, an object or a list), found "}"'],
    ["{'a': 1}", 1, 'invalid JSON: expected a key in double quotes, found "\'"'],
    ['{"a": "b\nc"}', 8, 'invalid JSON: expected a closing " on the same line (write line breaks as \\n), found "\\n"'],
    ['{"a":\t"b\tc"}', 8, 'invalid JSON: expected printable text (control characters inside quotes must be escaped), found "\\t"'],
    ['{"a": "b"', 9, 'invalid JSON: expected "," or "}", found the end of the file'],
    [
      '{"a": tru}',
      6,
      'invalid JSON: expected a value (text in double quotes, a number, true, false, null, an object or a list), found "tru"',
    ],
    ['{"a": 1} {}', 9, 'invalid JSON: expected the end of the file after the top-level value, found "{"'],
    ['{"a": "\\x"}', 8, 'invalid JSON: expected an escape such as \\n, \\" or \\\\ after the backslash, found "x"'],
  ])('finds the mistake in %j', (text, offset, message) => {
    expect(jsonSyntaxError(text)).toEqual({ offset, message });
  });

  it('accepts exactly what JSON.parse accepts (2,000 JSON documents, 2,000 mangled ones)', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'small' }), (text) => {
        expect(jsonSyntaxError(text)).toBeNull();
      }),
      { numRuns: 2000 },
    );
    const mangled = fc
      .tuple(fc.json({ depthSize: 'small' }), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ':', '\\', '\n', ' ', '{', 'x'))
      .map(([text, at, insert]) => text.slice(0, at % (text.length + 1)) + insert + text.slice((at % (text.length + 1)) + 1));
    fc.assert(
      fc.property(mangled, (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        expect(jsonSyntaxError(text) === null).toBe(parses);
      }),
      { numRuns: 2000 },
    );
  });
});
