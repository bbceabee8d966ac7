// The suite leaves nothing behind in the system's temporary folder: each file's temporaryDir folders are
// removed after the file, in every project, and no other folder is touched.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import config from '../../../vitest.config.ts';
import { repoRoot } from '../../helpers.ts';
import { removeTemporaryDirs, temporaryDir } from '../../temporary-dirs.ts';

/** Set when this file runs as the child of the first test: where to write the folders it made. */
const RECORD = process.env.TEMPORARY_DIRS_RECORD;

it.skipIf(!RECORD)('(run by the test below) makes folders and writes in them', async () => {
  const dirs = [await temporaryDir(), await temporaryDir('store-landing-named-')];
  await mkdir(path.join(dirs[0]!, 'nested/deeper'), { recursive: true });
  await writeFile(path.join(dirs[0]!, 'nested/deeper/file.txt'), 'written by a test');
  await writeFile(RECORD!, JSON.stringify(dirs));
});

it.skipIf(RECORD)(
  'a file run on its own leaves none of its temporaryDir folders behind',
  async () => {
    const record = path.join(await temporaryDir(), 'made.json');
    await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit', 'tests/unit/project/temporary-dirs.test.ts'],
      {
        cwd: repoRoot,
        env: { ...process.env, TEMPORARY_DIRS_RECORD: record },
      },
    );
    const made: string[] = JSON.parse(await readFile(record, 'utf8'));
    expect(made).toHaveLength(2);
    expect(made.filter((dir) => existsSync(dir))).toEqual([]);
  },
  60_000,
);

it.skipIf(RECORD)('removeTemporaryDirs removes the folders temporaryDir made and no other', async () => {
  const made = await temporaryDir();
  await writeFile(path.join(made, 'file.txt'), 'x');
  const other = await mkdtemp(path.join(tmpdir(), 'store-landing-'));
  try {
    await removeTemporaryDirs();
    expect(existsSync(made)).toBe(false);
    expect(existsSync(other)).toBe(true);
  } finally {
    await rm(other, { recursive: true });
  }
});

it.skipIf(RECORD)('every project removes them after each file', () => {
  const projects = config.test!.projects as Array<{ test: { name: string; setupFiles?: string[] } }>;
  expect(projects.length).toBeGreaterThan(0);
  for (const { test } of projects) expect(test.setupFiles, test.name).toContain('tests/remove-temporary-dirs.ts');
});
