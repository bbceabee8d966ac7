// Builds killed at any moment, and builds racing into one folder, always leave one whole build behind.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, repoRoot, runCli, snapshot, temporaryDir, waitForEntry } from '../../helpers.ts';

/** Starts a build; `exited` is listened for at once, since a fast build may end before anyone waits. */
function startBuild(args: string[]) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/store-landing.js'), 'build', '-c', defaultConfig, ...args], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited };
}

let plainBuild: Record<string, string>;
let springBuild: Record<string, string>;

beforeAll(async () => {
  const dir = await temporaryDir();
  // Two different whole builds to tell apart: the top level and the spring-sale campaign.
  expect((await runCli(['build', '-c', defaultConfig, '-o', path.join(dir, 'plain')])).code).toBe(0);
  expect((await runCli(['build', '-c', defaultConfig, '--campaign', 'spring-sale', '-o', path.join(dir, 'spring')])).code).toBe(0);
  plainBuild = await snapshot(path.join(dir, 'plain'));
  springBuild = await snapshot(path.join(dir, 'spring'));
  expect(plainBuild).not.toEqual(springBuild);
});

describe('atomic builds', () => {
  it('builds are reproducible byte for byte, so "whole" can be checked exactly', async () => {
    const out = path.join(await temporaryDir(), 'out');
    expect((await runCli(['build', '-c', defaultConfig, '-o', out])).code).toBe(0);
    expect(await snapshot(out)).toEqual(plainBuild);
  });

  it('a build killed with SIGKILL at any moment leaves the previous output or the new one, whole', async () => {
    const parent = await temporaryDir();
    const out = path.join(parent, 'out');
    expect((await runCli(['build', '-c', defaultConfig, '-o', out])).code).toBe(0);
    const outcomes = new Set<string>();
    // From process start-up to past the swap, so that some kills land before it and some after.
    for (const delay of [250, 500, 750, 1000, 1250, 1600]) {
      const build = startBuild(['--campaign', 'spring-sale', '-o', out]);
      await new Promise((resolve) => setTimeout(resolve, delay));
      build.child.kill('SIGKILL');
      await build.exited;
      const after = await snapshot(out);
      const whole =
        JSON.stringify(after) === JSON.stringify(plainBuild)
          ? 'previous'
          : JSON.stringify(after) === JSON.stringify(springBuild)
            ? 'new'
            : 'mixed';
      outcomes.add(whole);
      expect(whole, `killed after ${delay} ms`).not.toBe('mixed');
      // Whatever the kill left is hidden beside the output, never inside it: the only dotfile there is the build's marker.
      expect((await readdir(out)).filter((name) => name.startsWith('.'))).toEqual(['.store-landing-build']);
      // Back to the previous build for the next round.
      if (whole === 'new') expect((await runCli(['build', '-c', defaultConfig, '-o', out])).code).toBe(0);
    }
    // The next build cleans up what the killed ones left.
    expect((await runCli(['build', '-c', defaultConfig, '-o', out])).code).toBe(0);
    expect((await readdir(parent)).sort()).toEqual(['out']);
    expect(outcomes.has('previous')).toBe(true);
  }, 240_000);

  it.for(['SIGINT', 'SIGTERM'] as const)(
    'a build stopped by %s while it writes ends by that signal, leaving the previous output and no staging folder',
    async (signal) => {
      const parent = await temporaryDir();
      const out = path.join(parent, 'out');
      expect((await runCli(['build', '-c', defaultConfig, '-o', out])).code).toBe(0);
      const build = startBuild(['--campaign', 'spring-sale', '-o', out]);
      const ended = new Promise<string | null>((resolve) => build.child.once('exit', (_code, by) => resolve(by)));
      // The staging folder appears once the pages are rendered and their writing starts.
      await waitForEntry(parent, '.out.tmp-', build.child);
      build.child.kill(signal);
      // As if nothing had caught it: a shell sees 130 or 143, and a script running the build stops.
      expect(await ended).toBe(signal);
      expect((await readdir(parent)).sort()).toEqual(['out']);
      expect(await snapshot(out)).toEqual(plainBuild);
    },
  );

  it('two builds into one folder at once end with one whole build', async () => {
    const parent = await temporaryDir();
    const out = path.join(parent, 'out');
    for (let round = 0; round < 3; round++) {
      const [first, second] = [startBuild(['-o', out]), startBuild(['--campaign', 'spring-sale', '-o', out])];
      expect(await Promise.all([first.exited, second.exited])).toEqual([0, 0]);
      const after = await snapshot(out);
      expect([plainBuild, springBuild]).toContainEqual(after);
      expect((await readdir(parent)).sort()).toEqual(['out']);
    }
    expect(existsSync(path.join(parent, '.out.lock'))).toBe(false);
  }, 120_000);
});
