// The error catalogue keeps itself: each entry is named as it is exported, once, with a hint, and no file of generator/ makes a user error of its own.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as catalogue from '../../../generator/shared/errors.ts';
import { repoRoot } from '../../helpers.ts';

/** The catalogue's folder: its entries, one file per area, and the machinery they are made with (README.md). */
const CATALOGUE = 'generator/shared/errors';

/** The one file outside the catalogue that builds a UserError: the parent rebuilding a worker's error from the wire, as the worker's entry made it. */
const REBUILDS_FROM_WIRE = 'generator/pipeline/workers/worker-protocol.ts';

/** The entries without a hint: InvalidShard's message is commander's, reported as InvalidArguments with its hint. */
const WITHOUT_HINT = ['InvalidShard'];

/** The lines of `text` that make a user error without the catalogue, as `file:line`. */
function ownUserErrors(file: string, text: string): string[] {
  if (file.startsWith(`${CATALOGUE}/`) || file === REBUILDS_FROM_WIRE) return [];
  return text
    .split('\n')
    .flatMap((line, index) => (/\bnew UserError\s*\(|\bextends UserError\b/.test(line) ? [`${file}:${index + 1}`] : []));
}

interface Entry {
  name: string;
  message: (...args: never[]) => string;
  hint?: unknown;
}

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Entry).name === 'string' &&
  typeof (value as Entry).message === 'function';

/** Every export of every area file of the catalogue that is an entry, with its export name and file. */
async function entries(): Promise<Array<{ file: string; exported: string; entry: Entry }>> {
  const files = readdirSync(path.join(repoRoot, CATALOGUE)).filter((name) => name.endsWith('.ts') && name !== 'user-error.ts');
  const found = [];
  for (const file of files) {
    const module: Record<string, unknown> = await import(path.join(repoRoot, CATALOGUE, file));
    for (const [exported, entry] of Object.entries(module)) if (isEntry(entry)) found.push({ file, exported, entry });
  }
  return found;
}

describe('the error catalogue', () => {
  it('names each entry as it is exported, once across its files, and exports each from errors.ts', async () => {
    const all = await entries();
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter(({ exported, entry }) => entry.name !== exported).map(({ file, exported }) => `${file}: ${exported}`)).toEqual([]);
    const names = all.map(({ exported }) => exported);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect(
      all.filter(({ exported, entry }) => (catalogue as Record<string, unknown>)[exported] !== entry).map(({ exported }) => exported),
    ).toEqual([]);
  });

  it('gives every entry a hint: what to do', async () => {
    const all = await entries();
    expect(all.filter(({ entry }) => entry.hint === undefined).map(({ exported }) => exported)).toEqual(WITHOUT_HINT);
  });

  it('is the only maker of user errors in generator/', () => {
    const files = readdirSync(path.join(repoRoot, 'generator'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => path.posix.join('generator', name.split(path.sep).join('/')));
    expect(files).toContain(REBUILDS_FROM_WIRE);
    const own = files.flatMap((file) => ownUserErrors(file, readFileSync(path.join(repoRoot, file), 'utf8')));
    expect(own).toEqual([]);
  });

  it('would report a user error made outside the catalogue, and lets the wire protocol rebuild one', () => {
    expect(ownUserErrors('generator/cli/build.ts', "if (x) throw new UserError('ShardWithoutAll', '--shard goes with --all.');")).toEqual([
      'generator/cli/build.ts:1',
    ]);
    expect(ownUserErrors('generator/serve/server.ts', 'class Busy extends UserError {}')).toEqual(['generator/serve/server.ts:1']);
    expect(ownUserErrors(REBUILDS_FROM_WIRE, 'new UserError(wire.name, wire.message, wire.hint)')).toEqual([]);
    expect(ownUserErrors(`${CATALOGUE}/user-error.ts`, 'new UserError(data.name, data.message(...args), data.hint)')).toEqual([]);
  });
});
