// Where an offset of a config or locale file is, as line and column: the one function every message of validation points with.
import { LineCounter, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { lineAndColumnAt, lineStartsOf } from '../../../generator/config/read-text.ts';

describe('lineAndColumnAt', () => {
  it.each([
    ['', 0, [1, 1]],
    ['a: 1\nb: 2\n', 0, [1, 1]],
    ['a: 1\nb: 2\n', 4, [1, 5]],
    ['a: 1\nb: 2\n', 5, [2, 1]],
    ['a: 1\nb: 2\n', 10, [3, 1]],
    ['a: 1\r\nb: 2', 7, [2, 2]],
    ['\n\n  c: 3', 4, [3, 3]],
    // Columns count UTF-16 code units, as JavaScript strings and JSON parsers do.
    ['é: "😀x"', 6, [1, 7]],
  ] as const)('of %j at %i is line and column %j', (text, offset, expected) => {
    expect(lineAndColumnAt(lineStartsOf(text), offset)).toEqual(expected);
  });

  it("gives yaml's LineCounter lines the same positions as its own line starts", () => {
    const text = 'a: 1\r\nlist:\n  - x\n  - "two\n    lines"\n\nz: end\n';
    const counter = new LineCounter();
    parseDocument(text, { lineCounter: counter });
    expect(counter.lineStarts).toEqual(lineStartsOf(text));
    for (let offset = 0; offset <= text.length; offset++) {
      const { line, col } = counter.linePos(offset);
      expect(lineAndColumnAt(counter.lineStarts, offset), `offset ${offset}`).toEqual([line, col]);
    }
  });
});
