// The whole project type-checks (tsc --noEmit over tsconfig.json), and the page's code without Node's types
// (page/tsconfig.json): run among the other tests rather than before them, so it takes a share of the machine
// instead of a turn of its own.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { repoRoot } from '../../helpers.ts';

/** What tsc reports for the project `dir` names (a folder with a tsconfig.json); empty when it type-checks. */
async function typeErrors(dir: string): Promise<string> {
  const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
  return promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', dir], { maxBuffer: 16 * 1024 * 1024 }).then(
    () => '',
    (failure: { stdout?: string; message: string }) => failure.stdout || failure.message,
  );
}

it('type-checks: tsc --noEmit reports no error', async () => {
  expect(await typeErrors(repoRoot)).toBe('');
}, 120_000);

it("type-checks the page's code without Node's types", async () => {
  expect(await typeErrors(path.join(repoRoot, 'page'))).toBe('');
}, 120_000);
