// Shared helpers of the unit tests: run the config pipeline and the CLI on fixtures.
import { execFile, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../generator/config/load.ts';
import { validateSite } from '../generator/pipeline/check.ts';
import { ConfigError, formatIssue, UserError } from '../generator/shared/errors.ts';
import { selectCampaigns } from '../generator/pipeline/plan.ts';
import { createDevProject, type DevProject } from '../scripts/dev-fixture.ts';
import { temporaryDir } from './temporary-dirs.ts';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const fixturesDir = path.join(repoRoot, 'tests/fixtures');
/**
 * The tests' own copy of the default config, with its locales and images (tests/fixtures/site/):
 * users edit the project's variants.yaml, and their `npm test` must not depend on it. The
 * tests' other configs sit beside it (fixtureConfig), since a config may only name files in
 * its own folder.
 */
export const siteDir = path.join(fixturesDir, 'site');

/** The page's CSS as written, every file of page/view/styles/ in one text (the bundle joins them in index.css's order). */
export function pageCss(): string {
  const dir = path.join(repoRoot, 'page/view/styles');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.css'))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .join('\n');
}
export const defaultConfig = path.join(siteDir, 'variants.yaml');
/**
 * The URL paths of the default config's 20 pages: its five routes in each of its four locales, English at the
 * root (`/`, `/child-old`, ..., `/fr/feature3`).
 */
export const defaultPages: string[] = ['', '/de', '/es', '/fr'].flatMap((prefix) =>
  ['/', '/child-old', '/feature1', '/feature2', '/feature3'].map((route) => (prefix + route).replace(/(.)\/$/, '$1')),
);

/** A config of the tests by name: `tests/fixtures/site/<name>.yaml` (base, shards, wrong-type, ...). */
export function fixtureConfig(name: string): string {
  return path.join(siteDir, `${name}.yaml`);
}

/** The broken-config scenarios: each `<name>.yaml` in tests/fixtures/site/ with a `<name>.expected.txt` of its messages. */
export const scenarios: string[] = readdirSync(siteDir)
  .filter((file) => file.endsWith('.expected.txt'))
  .map((file) => file.slice(0, -'.expected.txt'.length))
  .sort();

/** A scenario's expected messages, one per problem. */
export function expectedMessages(scenario: string): string[] {
  return readFileSync(path.join(siteDir, `${scenario}.expected.txt`), 'utf8')
    .trim()
    .split('\n');
}

/** The install-link mapping of the tests' default config (parameter -> source), in its order. */
export const DEFAULT_ATTRIBUTION: Record<string, string> = parse(readFileSync(defaultConfig, 'utf8')).tracking.attribution;

/**
 * Copies the site fixture's images/ and locales/ (or only `folders`) into `dir`, a few hundred
 * KB: a config written there with the fixture's relative paths is then complete, as a config
 * may name only files in its own folder.
 */
export function copySiteFiles(dir: string, folders: Array<'images' | 'locales'> = ['images', 'locales']): void {
  for (const folder of folders) cpSync(path.join(siteDir, folder), path.join(dir, folder), { recursive: true });
}

/**
 * The tests' default config as data, its paths relative as written: a test or the benchmark
 * can change it and write it into `projectDir`, which gets the fixture's images and locales
 * (copySiteFiles). Without `projectDir` the data is only for use in memory.
 */
export function defaultConfigData(projectDir?: string) {
  if (projectDir) copySiteFiles(projectDir);
  return parse(readFileSync(defaultConfig, 'utf8'));
}

/** Loads, validates and plans a config; resolves to the plan, or rejects with the ConfigError. */
export async function checkConfig(file: string) {
  const valid = await validateSite(await loadConfig(file));
  return { valid, plans: selectCampaigns(valid.site) };
}

/** The formatted issues of a config that must fail (`file:line:column path: message`), as `validate` prints them. */
export async function configIssues(file: string): Promise<string[]> {
  try {
    await checkConfig(file);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues.map(formatIssue);
    throw error;
  }
  throw new Error(`${file} was expected to be invalid, but it passed validation.`);
}

export { temporaryDir } from './temporary-dirs.ts';

/** scripts/dev-fixture.ts's small project for `dev`, in a temporaryDir. */
export async function devProject(from?: Parameters<typeof createDevProject>[0]): Promise<DevProject> {
  return createDevProject(from, await temporaryDir('store-landing-dev-project-'));
}

/**
 * Waits until `dir` holds an entry whose name starts with `prefix` (a staging or temporary folder
 * `child` makes), polling every 5 ms so the child is caught at work; throws if `child` ends first.
 */
export async function waitForEntry(dir: string, prefix: string, child: ChildProcess): Promise<void> {
  while (!(await readdir(dir)).some((name) => name.startsWith(prefix))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The process ended before ${prefix}* appeared in ${dir}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Runs the store-landing command in `cwd` (the repository: pass `-c defaultConfig` for the tests' default config);
 * never rejects, so tests can assert on failures.
 */
export function runCli(args: string[], cwd = repoRoot): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'bin/store-landing.js'), ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every file below `dir` with a hash of its bytes: equal snapshots mean byte-identical trees. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = createHash('sha1')
      .update(await readFile(file))
      .digest('hex');
  }
  return files;
}

/** Writes `files` (path -> text) under `dir`, making the folders they need. */
export async function writeTree(dir: string, files: Record<string, string>): Promise<void> {
  for (const [file, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), contents);
  }
}

/** The name and message of the user error `promise` rejects with; fails the test when it resolves or rejects otherwise. */
export async function userRefusal(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, 'expected a user error').toBeInstanceOf(UserError);
  return { name: (error as UserError).name, message: (error as UserError).message };
}

/** Resolves once `check()` holds, polling in Node every 20 ms; rejects with `what` after `timeoutMs`. */
export async function waitUntil(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
