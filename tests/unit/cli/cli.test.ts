// The command line as users run it (bin/store-landing.js, compiled): --version, --json on every outcome,
// colours per stream, busy ports, the build summary.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderSite } from '../../../generator/dev/placeholder.ts';
import type { DevProject } from '../../../scripts/dev-fixture.ts';
import { devProject, fixtureConfig, repoRoot, snapshot, temporaryDir, waitForEntry } from '../../helpers.ts';
import { Writer } from '../../../generator/cli/output.ts';
import { formatBuild, formatBytes } from '../../../generator/cli/summary.ts';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { ShardWithoutAll } from '../../../generator/shared/errors.ts';
import type { CampaignManifest } from '../../../generator/shared/manifest.ts';

const ESCAPE = '\x1b[';

/** Runs the CLI with exactly `env` added to a colourless environment (no NO_COLOR, FORCE_COLOR or TERM from outside). */
function cli(args: string[], env: Record<string, string> = {}, cwd = repoRoot): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['NO_COLOR', 'FORCE_COLOR', 'TERM'].includes(name)));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'bin/store-landing.js'), ...args],
      { cwd, env: { ...base, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const wrongType = fixtureConfig('wrong-type');
let project: DevProject;

beforeAll(async () => {
  project = await devProject();
});

describe('store-landing --version and --help', () => {
  it('prints the version of package.json', async () => {
    const run = await cli(['--version']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version);
  });

  it('lists every command, dev included', async () => {
    const run = await cli(['--help']);
    expect(run.code).toBe(0);
    for (const command of ['build', 'validate', 'serve', 'dev', 'screenshots'])
      expect(run.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  });
});

describe('--json on every outcome', () => {
  it('prints every config problem with file, line, column, key path, message and hint, and nothing else', async () => {
    const run = await cli(['validate', '-c', wrongType, '--json'], { FORCE_COLOR: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      ok: false,
      problems: [
        {
          file: wrongType,
          line: 9,
          column: 11,
          path: 'app.rating',
          message: 'expected a number, found "high"',
          hint: expect.stringContaining('store-landing validate'),
        },
      ],
    });
  });

  it('prints other user errors as name, message and hint', async () => {
    const run = await cli(['build', '-c', 'nope.yaml', '--json']);
    expect(run).toMatchObject({ code: 1, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({
      ok: false,
      error: { name: 'ConfigNotFound', message: 'Cannot read the config file nope.yaml: it does not exist.', hint: expect.any(String) },
    });
  });

  it('refuses --shard without --all from the catalogue, with its hint', async () => {
    const run = await cli(['build', '-c', 'nope.yaml', '--shard', '1/2', '--json']);
    expect(run).toMatchObject({ code: 1, stderr: '' });
    expect(JSON.parse(run.stdout).error).toEqual({
      name: 'ShardWithoutAll',
      message: '--shard goes with --all.',
      hint: ShardWithoutAll.hint,
    });
  });

  it('prints a refused flag as JSON too, with exit code 1', async () => {
    const run = await cli(['validate', '--colour', '--json']);
    expect(run).toMatchObject({ code: 1, stderr: '' });
    expect(JSON.parse(run.stdout).error).toMatchObject({
      name: 'InvalidArguments',
      message: expect.stringContaining("unknown option '--colour'"),
    });
  });

  it('prints a successful validate and build as JSON with ok: true, even with colours forced', async () => {
    const validate = await cli(['validate', '-c', project.config, '--json'], { FORCE_COLOR: '3' });
    expect(JSON.parse(validate.stdout)).toMatchObject({ ok: true, valid: true, pages: 4 });
    const out = path.join(await temporaryDir(), 'out');
    const build = await cli(['build', '-c', project.config, '-o', out, '--json'], { FORCE_COLOR: '1' });
    expect(build).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(build.stdout)).toMatchObject({ ok: true, pages: 4, timings: { load: expect.any(Number) } });
  });
});

describe('colours, decided per stream', () => {
  it('paints nothing into pipes by default', async () => {
    const run = await cli(['validate', '-c', wrongType]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The config has 1 problem:');
    expect(run.stderr).not.toContain(ESCAPE);
  });

  it('paints with FORCE_COLOR, even over NO_COLOR, and not with FORCE_COLOR=0 or NO_COLOR', async () => {
    expect((await cli(['validate', '-c', wrongType], { FORCE_COLOR: '1' })).stderr).toContain(`${ESCAPE}31mThe config has 1 problem:`);
    expect((await cli(['validate', '-c', wrongType], { FORCE_COLOR: '1', NO_COLOR: '1' })).stderr).toContain(ESCAPE);
    expect((await cli(['validate', '-c', wrongType], { FORCE_COLOR: '0' })).stderr).not.toContain(ESCAPE);
    expect((await cli(['validate', '-c', project.config], { NO_COLOR: '1' })).stdout).not.toContain(ESCAPE);
  });
});

describe('a busy port', () => {
  let blocker: Server;
  let port: number;
  let site: string;

  beforeAll(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as { port: number }).port;
    site = await temporaryDir();
    for (const file of placeholderSite()) {
      mkdirSync(path.dirname(path.join(site, file.path)), { recursive: true });
      writeFileSync(path.join(site, file.path), file.contents as string);
    }
  });
  afterAll(() => blocker.close());

  it('is a user error with a hint, for serve and for dev', async () => {
    const serve = await cli(['serve', site, '-p', String(port)]);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain(`Cannot listen on 127.0.0.1:${port}: another program is using the port.`);
    expect(serve.stderr).toContain('-p 0 for any free port');
    const dev = await cli(['dev', '-c', project.config, '-p', String(port), '--json']);
    expect(dev.code).toBe(1);
    expect(JSON.parse(dev.stdout.trim().split('\n').at(-1)!).error.name).toBe('PortInUse');
  });
});

describe('store-landing build, for people', () => {
  it('prints each stage and a table of what was written, without a progress line off a terminal', async () => {
    const out = path.join(await temporaryDir(), 'out');
    const run = await cli(['build', '-c', project.config, '-o', out]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      /^✓ Built 4 pages, [\d.]+ KB, in \d+ ms into .*out\/\n {2}load \d+ ms · bundle \d+ ms · render \d+ ms · write \d+ ms\n/,
    );
    expect(run.stdout).toMatch(/^ {2}Route +Languages +Page \(HTML, inline CSS\)$/m);
    expect(run.stdout).toMatch(/^ {2}\/feature1 +en de +[\d.]+ KB – [\d.]+ KB$/m);
    expect(run.stdout).toMatch(/^ {2}JS at load: [\d.]+ KB/m);
    expect(run.stdout).not.toMatch(/\r|\x1b/);
  });

  it('describes what this build wrote, even when another build into the folder has replaced it since', async () => {
    const out = path.join(await temporaryDir(), 'out');
    const result = await buildSite({ config: project.config, outDir: out });
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as CampaignManifest;
    const assetBytes = manifest.assets.files.reduce((total, name) => total + statSync(path.join(out, 'assets', name)).size, 0);
    const plain = new Writer(new PassThrough());
    const summary = formatBuild(result, plain);
    expect(summary).toContain(`assets/: ${manifest.assets.files.length} files, ${formatBytes(assetBytes)} (hashed, cache for good)`);
    expect(summary).toContain(`JS at load: ${formatBytes(statSync(path.join(out, 'assets', manifest.assets.runtime)).size)} (runtime;`);
    // Builds into one folder swap in turn; the one that swapped first prints its summary after the other's swap.
    await rm(out, { recursive: true });
    expect(formatBuild(result, plain)).toBe(summary);
  });
});

describe('the compiled CLI', () => {
  it('writes what the TypeScript pipeline writes (pages, assets, manifest)', async () => {
    const parent = await temporaryDir();
    expect((await cli(['build', '-c', project.config, '-o', path.join(parent, 'cli')])).code).toBe(0);
    await buildSite({ config: project.config, outDir: path.join(parent, 'direct') });
    const [compiled, direct] = await Promise.all([snapshot(path.join(parent, 'cli')), snapshot(path.join(parent, 'direct'))]);
    // Only the host adapters differ: they embed functions by their compiled text, which each compiler spaces its own way.
    const own = (files: Record<string, string>) =>
      Object.fromEntries(Object.entries(files).filter(([file]) => !file.startsWith('_hosting/')));
    expect(own(compiled)).toEqual(own(direct));
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(direct).sort());
  });

  it('starts dev and stops it on SIGINT, leaving no temporary folder', async () => {
    const tmp = await temporaryDir();
    const child = startDevCli(tmp);
    let output = '';
    const ready = new Promise<Record<string, unknown>>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
        if (output.includes('\n')) resolve(JSON.parse(output.split('\n')[0]!));
      }),
    );
    const event = await ready;
    expect(event).toMatchObject({ event: 'ready', ok: true, pages: 4, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/$/) });
    expect(await (await fetch(event.url as string)).text()).toContain('/__store-landing/client.js');
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('stops dev gracefully on a SIGINT sent the moment it says ready, every time (5 at once)', async () => {
    const tmp = await temporaryDir();
    const runs = Array.from({ length: 5 }, async () => {
      const child = startDevCli(tmp);
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal })),
      );
      await new Promise((resolve) => child.stdout.once('data', resolve));
      child.kill('SIGINT');
      return exited;
    });
    expect(await Promise.all(runs)).toEqual(Array(5).fill({ code: 0, signal: null }));
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('stops dev at once on a SIGINT during its first build, and removes the folder it was building into', async () => {
    const tmp = await temporaryDir();
    const child = startDevCli(tmp);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    const ended = new Promise<string | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // The folder comes first, then the build that fills it.
    await waitForEntry(tmp, 'store-landing-dev-', child);
    child.kill('SIGINT');
    // As if nothing had caught it: a shell sees 130, and a script running dev stops.
    expect(await ended).toBe('SIGINT');
    // Interrupted before it was up: no ready event.
    expect(stdout).toBe('');
    expect(readdirSync(tmp)).toEqual([]);
  });
});

/** `store-landing dev --json` on the dev project at a free port, with `tmp` as its temporary folder. */
function startDevCli(tmp: string) {
  return spawn(process.execPath, [path.join(repoRoot, 'bin/store-landing.js'), 'dev', '-c', project.config, '-p', '0', '--json'], {
    cwd: project.dir,
    env: { ...process.env, TMPDIR: tmp },
  });
}
