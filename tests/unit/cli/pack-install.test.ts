// The tool as a team gets it: `npm pack`, the tarball installed into an empty folder, then init, validate, build
// and serve there. Needs npm and the registry (or npm's cache) for the tool's dependencies; about a minute.
import { execFile, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, temporaryDir } from '../../helpers.ts';

const exec = promisify(execFile);
/** npm's cache kept between runs, so a second run installs from it without the network. */
const NPM_CACHE = path.join(repoRoot, 'node_modules/.cache/store-landing-npm');

let project: string;
let tarball: string;
/** The installed command; the project, a folder beside node_modules, finds the tool there as Node resolves packages upward. */
const bin = () => path.join(path.dirname(project), 'node_modules/.bin/store-landing');
const run = (args: string[]) => exec(bin(), args, { cwd: project, env: { ...process.env, NO_COLOR: '1' } });

beforeAll(async () => {
  const packDir = await temporaryDir('store-landing-pack-');
  // Without prepack's compile: npm test compiled dist/ already (pretest), and a compile with --pack would
  // delete the chunks other tests' commands are running from.
  const { stdout } = await exec('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], { cwd: repoRoot });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{
    filename: string;
    size: number;
    files: Array<{ path: string }>;
  }>;
  tarball = path.join(packDir, packed!.filename);
  const dir = await temporaryDir('store-landing-installed-');
  await exec('npm', ['init', '-y'], { cwd: dir });
  await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--cache', NPM_CACHE, tarball], { cwd: dir });
  project = path.join(dir, 'stillness');
}, 240_000);

describe('the packed tool installed into an empty folder', () => {
  it('holds what it runs with and nothing of the repository’s own (tests, baselines, the demo)', async () => {
    const { stdout } = await exec('tar', ['tzf', tarball]);
    const files = stdout.trim().split('\n');
    expect(files).toContain('package/dist/cli.js');
    expect(files).toContain('package/page/locales/ja.json');
    expect(files).toContain('package/generator/config/variants.schema.json');
    expect(files.filter((file) => /^package\/(tests|baselines|images|locales|scripts)\/|^package\/variants\.yaml$/.test(file))).toEqual([]);
  });

  it('runs init, then validate and build in the new project, and serves it', async () => {
    const init = await exec(bin(), ['init', 'stillness', '--name', 'Stillness', '--locales', 'en,ja'], { cwd: path.dirname(project) });
    expect(init.stdout).toContain('wrote');
    expect(readdirSync(project)).toEqual(expect.arrayContaining(['variants.yaml', 'locales', 'images', 'package.json']));
    expect((await run(['validate'])).stdout).toContain('is valid');
    await run(['build', '--json']);
    const server = spawn(bin(), ['serve', 'out', '-p', '0', '--json'], { cwd: project });
    try {
      const { url } = JSON.parse(
        await new Promise<string>((resolve, reject) => {
          server.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()));
          server.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
        }),
      ) as { url: string };
      const response = await fetch(new URL('/', url), { headers: { 'Accept-Language': 'ja' } });
      expect(response.status).toBe(200);
      // The Japanese page in the tool's own labels: the project wrote only its app's words.
      expect(await response.text()).toContain('評価とレビュー');
    } finally {
      server.kill('SIGTERM');
    }
  });
});
