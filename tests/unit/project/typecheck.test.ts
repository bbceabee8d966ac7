// The whole project type-checks (tsc --noEmit over tsconfig.json): run among the other tests rather than before them, so it takes a share of the machine instead of a turn of its own.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { repoRoot } from '../../helpers.ts';

it('type-checks: tsc --noEmit reports no error', async () => {
  const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
  const errors = await promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', repoRoot], { maxBuffer: 16 * 1024 * 1024 }).then(
    () => '',
    (failure: { stdout?: string; message: string }) => failure.stdout || failure.message,
  );
  expect(errors).toBe('');
}, 120_000);
