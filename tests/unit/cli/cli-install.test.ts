// A production install, as `npm ci --omit=dev` leaves it: the compiled CLI with no TypeScript runner,
// Puppeteer or pixelmatch. Build, validate and dev work; screenshots says what to install.
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DevProject } from '../../../scripts/dev-fixture.ts';
import { devProject, repoRoot, temporaryDir } from '../../helpers.ts';

/** What only the repository's own tests and scripts use: a production install has none of them. */
const DEV_ONLY = new Set(['puppeteer', 'pixelmatch', 'tsx', 'typescript', 'vitest', '.bin', '.cache']);

let install: string;
let project: DevProject;

/**
 * The package in a folder of its own: the compiled dist/ and bin/ copied (Node resolves
 * packages from a module's real location, so they must really be there), the sources
 * linked, and node_modules holding links to every installed package but DEV_ONLY.
 */
async function productionInstall(): Promise<string> {
  const dir = await temporaryDir('store-landing-install-');
  for (const folder of ['dist', 'bin']) cpSync(path.join(repoRoot, folder), path.join(dir, folder), { recursive: true });
  cpSync(path.join(repoRoot, 'package.json'), path.join(dir, 'package.json'));
  for (const folder of ['generator', 'page']) symlinkSync(path.join(repoRoot, folder), path.join(dir, folder));
  mkdirSync(path.join(dir, 'node_modules'));
  for (const name of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (!DEV_ONLY.has(name)) symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  return dir;
}

function run(args: string[], from = install): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(from, 'bin/store-landing.js'), ...args],
      { cwd: project.dir, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  [install, project] = await Promise.all([productionInstall(), devProject()]);
});

describe('a production install (no TypeScript runner, no Puppeteer, no pixelmatch)', () => {
  it('validates and builds', async () => {
    expect(await run(['validate', '-c', project.config])).toMatchObject({ code: 0, stderr: '' });
    const build = await run(['build', '-c', project.config, '-o', path.join(await temporaryDir(), 'out'), '--json']);
    expect(build.stderr).toBe('');
    expect(JSON.parse(build.stdout)).toMatchObject({ ok: true, pages: 4 });
  });

  it('serves with dev', async () => {
    const child = spawn(process.execPath, [path.join(install, 'bin/store-landing.js'), 'dev', '-c', project.config, '-p', '0', '--json'], {
      cwd: project.dir,
    });
    const firstLine = await new Promise<string>((resolve) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
        if (output.includes('\n')) resolve(output.split('\n')[0]!);
      });
    });
    child.kill('SIGINT');
    expect(JSON.parse(firstLine)).toMatchObject({ event: 'ready', ok: true, pages: 4 });
  });

  it('compiles the CLI again by itself when a source is newer than the compile', async () => {
    // A copy of its own: the sources it compiles are the repository's, through the links.
    const copy = await productionInstall();
    const stamp = path.join(copy, 'dist/inputs.json');
    writeFileSync(stamp, JSON.stringify({ ...JSON.parse(readFileSync(stamp, 'utf8')), compiledAt: 0 }));
    const started = Date.now();
    expect(await run(['--version'], copy)).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
    expect(JSON.parse(readFileSync(stamp, 'utf8')).compiledAt).toBeGreaterThanOrEqual(started);
  });

  it("ships the config's validators precompiled: no schema compiler in the CLI, the same messages, and the schema's files among its sources (an edit recompiles)", async () => {
    const { inputs } = JSON.parse(readFileSync(path.join(install, 'dist/inputs.json'), 'utf8')) as { inputs: string[] };
    expect(inputs.filter((input) => input.includes('node_modules/ajv/dist/compile/'))).toEqual([]);
    expect(inputs).toEqual(
      expect.arrayContaining([
        'node_modules/ajv/dist/runtime/equal.js',
        'generator/config/schema/index.ts',
        'generator/config/schema/app.ts',
      ]),
    );
    const broken = path.join(repoRoot, 'tests/fixtures/site/campaign-wrong-type.yaml');
    const run1 = await run(['validate', '-c', broken]);
    expect(run1.code).toBe(1);
    const expected = readFileSync(broken.replace(/\.yaml$/, '.expected.txt'), 'utf8')
      .trim()
      .split('\n');
    expect(run1.stderr.split('\n').slice(1, 1 + expected.length)).toEqual(
      expected.map((line) => `  ${broken}:${line.slice(line.indexOf(':') + 1)}`),
    );
  });

  it('says exactly what screenshots needs installed, as an error and as JSON', async () => {
    const human = await run(['screenshots', '-c', project.config]);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain(
      '`store-landing screenshots` needs puppeteer and pixelmatch, which are not installed. Install with: npm install --save-dev puppeteer@24.43.1 pixelmatch@7.2.0',
    );
    const json = await run(['screenshots', '-c', project.config, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).error).toMatchObject({
      name: 'PackagesMissing',
      hint: expect.stringContaining('optional peer dependencies'),
    });
  });
});
