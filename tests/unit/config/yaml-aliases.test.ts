// Aliases counted before they expand: refused in linear time however many there are, and counted as yaml resolves them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Alias, parseDocument } from 'yaml';
import { MAX_ALIAS_COUNT, parseConfig } from '../../../generator/config/load.ts';
import { MAX_CONFIG_BYTES } from '../../../generator/config/read-text.ts';
import { countAliases } from '../../../generator/config/yaml-aliases.ts';
import type { ConfigError, ConfigIssue } from '../../../generator/shared/errors.ts';

const TOO_FAR = `aliases expand too far: expected at most ${MAX_ALIAS_COUNT} copies made by aliases (*name), found more (a "billion laughs" file?); write the values out instead`;

function issuesOf(text: string): ConfigIssue[] {
  try {
    parseConfig(text, 'aliases.yaml');
  } catch (error) {
    return (error as ConfigError).issues;
  }
  return [];
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a flat list of aliases of one anchor', () => {
  // yaml looks each alias's anchor up by walking the document (Alias.resolve): once per alias is
  // quadratic, which made 20,000 aliases take a minute and 300,000 hours. The refusal resolves none.
  it.each([
    // The refusal points at the first alias.
    ['20,000 aliases, one a line', `a: &a x\nlist:\n${'  - *a\n'.repeat(20_000)}`, 3, 5],
    ['300,000 aliases in flow style, near the 1 MB limit', `a: &a x\nlist: [${Array(300_000).fill('*a').join(',')}]\n`, 2, 8],
  ])(
    'is refused without resolving alias after alias: %s',
    (_, text, line, column) => {
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_CONFIG_BYTES);
      const resolve = vi.spyOn(Alias.prototype, 'resolve');
      const started = performance.now();
      expect(issuesOf(text)).toEqual([{ file: 'aliases.yaml', line, column, path: '', message: TOO_FAR }]);
      expect(resolve.mock.calls.length).toBeLessThanOrEqual(MAX_ALIAS_COUNT);
      // Hours before; a bound that a machine shared with other builds still meets (about 1 s alone).
      expect(performance.now() - started).toBeLessThan(60_000);
    },
    120_000,
  );
});

describe('countAliases', () => {
  const count = (text: string) => countAliases(parseDocument(text), MAX_ALIAS_COUNT);

  it('counts each alias and the copies inside what it names', () => {
    // b's two copies of a: 2; *b copies b and the two inside it: 3; the last *a: 1.
    expect(count('a: &a [x]\nb: &b [*a, *a]\nc: [*b, *a]\n')).toEqual({ copies: 6, unknown: [] });
  });

  it('names the last anchor of that name before the alias, as yaml does', () => {
    // a holds 2 copies, b 1; *a at the end names b: 2 more (3 had it named a).
    expect(count('z: &z x\na: &a [*z, *z]\nb: &a [*z]\nc: *a\n').copies).toBe(5);
  });

  it('finds aliases that name no anchor, or one defined after them', () => {
    expect(count('a: *late\nb: &late x\n').unknown).toEqual([{ source: 'late', offset: 3 }]);
  });

  it(`stops at the alias that passes ${MAX_ALIAS_COUNT} copies`, () => {
    const text = `a: &a x\nlist: [${Array(1000).fill('*a').join(', ')}]\n`;
    const { copies, overAt } = count(text);
    expect(copies).toBe(MAX_ALIAS_COUNT + 1);
    expect(overAt).toBe(text.indexOf('*a') + MAX_ALIAS_COUNT * 4);
  });

  it('refuses an alias inside the node it names, which would expand without end', () => {
    expect(count('a: &a [x, *a]\n').overAt).toBe(10);
  });
});

describe('aliases a real config uses', () => {
  it(`are accepted up to ${MAX_ALIAS_COUNT} copies and refused past them`, () => {
    const list = (n: number) => `a: &a x\nlist: [${Array(n).fill('*a').join(', ')}]\n`;
    expect(parseConfig(list(MAX_ALIAS_COUNT), 'ok.yaml').data).toMatchObject({ list: Array(MAX_ALIAS_COUNT).fill('x') });
    expect(issuesOf(list(MAX_ALIAS_COUNT + 1))).toEqual([{ file: 'aliases.yaml', line: 2, column: 8, path: '', message: TOO_FAR }]);
  });
});
