// The code keeps its own hygiene: Biome's formatter and linter (biome.json) and knip's unused files, exports and dependencies (knip.json) report nothing, and no file of code grows past 300 lines.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { repoRoot } from '../../helpers.ts';

/** What a tool of node_modules/.bin prints when it fails; empty when it passes. */
async function complaints(tool: string, args: string[]): Promise<string> {
  const bin = path.join(repoRoot, 'node_modules/.bin', tool);
  return promisify(execFile)(bin, args, { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } }).then(
    () => '',
    (failure: { stdout?: string; stderr?: string; message: string }) => `${failure.stdout ?? ''}${failure.stderr ?? ''}` || failure.message,
  );
}

/** The most lines a file of code may have: past it, a module has become two. */
const MAX_LINES = 300;

it('is formatted and lint-free: biome ci reports nothing', async () => {
  expect(await complaints('biome', ['ci', '.', '--error-on-warnings', '--colors=off'])).toBe('');
}, 60_000);

it('exports nothing nobody imports, and every file and dependency is used: knip reports nothing', async () => {
  expect(await complaints('knip', ['--no-progress'])).toBe('');
}, 60_000);

it(`keeps every file of code under ${MAX_LINES} lines`, async () => {
  const { stdout } = await promisify(execFile)('git', ['ls-files', '-z', 'bin', 'generator', 'page', 'scripts', 'tests', '.ci'], {
    cwd: repoRoot,
  });
  const files = stdout.split('\0').filter((file) => /\.(?:[cm]?js|tsx?|css)$/.test(file) && !file.startsWith('tests/fixtures/'));
  expect(files.length).toBeGreaterThan(200);
  const long = files
    .map((file) => ({ file, lines: readFileSync(path.join(repoRoot, file), 'utf8').split('\n').length }))
    .filter(({ lines }) => lines > MAX_LINES + 1)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  expect(long).toEqual([]);
});
