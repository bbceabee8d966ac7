// The config's bounds on size: a huge mapping is read in linear time, a shard count past 2^53 is refused.
import { InvalidArgumentError } from 'commander';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseShard } from '../../../generator/cli/options.ts';
import { parseConfig } from '../../../generator/config/load.ts';
import { ConfigError, formatIssue } from '../../../generator/shared/errors.ts';
import { checkConfig, defaultConfig, fixtureConfig, fixturesDir } from '../../helpers.ts';

/** A mapping of `count` distinct keys, with `extra` lines after it. */
function bigMapping(count: number, extra = ''): string {
  const lines = ['campaigns:'];
  for (let i = 0; i < count; i++) lines.push(`  c${i}: {}`);
  return lines.join('\n') + '\n' + extra;
}

function issuesOf(text: string): string[] {
  try {
    parseConfig(text, 'big.yaml');
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map(formatIssue);
    throw error;
  }
  return [];
}

describe('duplicate keys in a large mapping', () => {
  // yaml's own check (uniqueKeys: true) compares each key with every earlier one, quadratic in the keys.
  it('reads 40,000 distinct keys without a problem', () => {
    const loaded = parseConfig(bigMapping(40_000), 'big.yaml');
    expect(Object.keys((loaded.data as { campaigns: object }).campaigns)).toHaveLength(40_000);
  });

  it('finds the one key written twice among 40,000, with both positions', () => {
    const text = bigMapping(40_000, '  c17: {}\n');
    expect(issuesOf(text)).toEqual([
      'big.yaml:40002:3 duplicate key "c17": expected each key once in a mapping, found it again (first at line 19, column 3)',
    ]);
  });

  it('compares keys as yaml does: 1 and "1" differ, two 1s do not, in flow mappings too', () => {
    expect(issuesOf('a: {1: x, "1": y}\n')).toEqual([]);
    expect(issuesOf('a: {1: x, 1: y}\n')).toEqual([
      'big.yaml:1:11 duplicate key "1": expected each key once in a mapping, found it again (first at line 1, column 5)',
    ]);
  });

  it('reports the duplicates of nested mappings each in its own mapping', () => {
    expect(issuesOf('a:\n  x: 1\nb:\n  x: 2\n  x: 3\na: 4\n')).toEqual([
      'big.yaml:5:3 duplicate key "x": expected each key once in a mapping, found it again (first at line 4, column 3)',
      'big.yaml:6:1 duplicate key "a": expected each key once in a mapping, found it again (first at line 1, column 1)',
    ]);
  });
});

describe('upper bounds', () => {
  // The fixtures other suites build from must stay within the bounds (values-too-large.yaml is the one past them).
  it.each([
    defaultConfig,
    ...['base', 'shards', 'runtime-consent', 'runtime-tracking', 'image-formats', 'valid-bom'].map(fixtureConfig),
    path.join(fixturesDir, 'markets/variants.yaml'),
  ])('leave %s valid', async (config) => {
    await expect(checkConfig(config)).resolves.toBeDefined();
  });
});

describe('--shard', () => {
  it.each(['1/99999999999999999999', '1/9007199254740993', '99999999999999999999/99999999999999999999'])(
    'refuses %s, past the safe integers',
    (value) => {
      expect(() => parseShard(value)).toThrow(InvalidArgumentError);
      expect(() => parseShard(value)).toThrow(`--shard must be I/N with 1 <= I <= N, found "${value}".`);
    },
  );

  it('accepts the largest safe count', () => {
    expect(parseShard('1/9007199254740991')).toEqual({ index: 1, count: 9007199254740991 });
  });
});
