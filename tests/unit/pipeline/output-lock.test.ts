// Leftovers of killed builds are judged by heartbeat and namespace, not by PID alone; a swap cut between its
// renames is undone by the next build.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeMarker } from '../../../generator/shared/ownership.ts';
import { currentOwner, ownerAlive, ownerTag, STALE_MS, withLock } from '../../../generator/pipeline/output/lock.ts';
import { checkOutput, removeLeftovers, writeOutput } from '../../../generator/pipeline/output/write.ts';
import { repoRoot, snapshot, temporaryDir } from '../../helpers.ts';

/** A PID that belonged to a process which has ended. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

/** An owner like this process, but in another container: same host and boot, another PID namespace. */
function otherNamespace(pid: number) {
  return { ...currentOwner(), pid, pidNamespace: 'pid:[1]' };
}

async function age(file: string, milliseconds: number) {
  const then = new Date(Date.now() - milliseconds);
  await utimes(file, then, then);
}

describe('ownerAlive', () => {
  const now = Date.now();
  it('trusts a PID only on the same host, boot and PID namespace', () => {
    expect(ownerAlive({ ...currentOwner(), pid: deadPid() }, now, now)).toBe(false);
    expect(ownerAlive(currentOwner(), now, now)).toBe(true);
    // PID 1 is alive here, and means nothing about another container's PID 1: the fresh heartbeat decides.
    expect(ownerAlive(otherNamespace(1), now, now)).toBe(true);
    expect(ownerAlive({ ...otherNamespace(1), hostname: 'elsewhere' }, now, now)).toBe(true);
  });

  it('calls any owner dead whose heartbeat stopped, its PID running or not', () => {
    expect(ownerAlive(otherNamespace(1), now - STALE_MS - 1, now)).toBe(false);
    expect(ownerAlive(currentOwner(), now - STALE_MS - 1, now)).toBe(false);
    expect(ownerAlive(undefined, now - STALE_MS - 1, now)).toBe(false);
    expect(ownerAlive(undefined, now, now)).toBe(true);
  });
});

describe('the output lock', () => {
  it('takes over at once a lock naming a live PID of another namespace whose heartbeat stopped', async () => {
    const lock = path.join(await temporaryDir(), '.out.lock');
    await writeFile(lock, JSON.stringify(otherNamespace(process.pid)));
    await age(lock, STALE_MS + 5_000);
    const started = Date.now();
    expect(await withLock(lock, async () => 'ran')).toBe('ran');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over at once a fresh lock of a dead process of this namespace', async () => {
    const lock = path.join(await temporaryDir(), '.out.lock');
    await writeFile(lock, JSON.stringify({ ...currentOwner(), pid: deadPid() }));
    const started = Date.now();
    await withLock(lock, async () => {});
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('waits for a live owner, and keeps its own lock fresh while it works', async () => {
    const lock = path.join(await temporaryDir(), '.out.lock');
    const order: string[] = [];
    let release!: () => void;
    const first = withLock(lock, async () => {
      order.push('first');
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const touched = statSync(lock).mtimeMs;
    const second = withLock(lock, async () => void order.push('second'));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // The holder's heartbeat touched the lock meanwhile, so waiters see it alive.
    expect(statSync(lock).mtimeMs).toBeGreaterThan(touched);
    expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
    expect(order).toEqual(['first']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });

  it('checks an output folder only while no other build is swapping it', async () => {
    const parent = await temporaryDir();
    const out = path.join(parent, 'out');
    await writeOutput(out, [{ path: 'index.html', contents: 'built' }]);
    let release!: () => void;
    let moved!: () => void;
    const midSwap = new Promise<void>((resolve) => (moved = resolve));
    // Another build mid-swap: its old output moved aside, nothing in its place yet.
    const swapping = withLock(path.join(parent, '.out.lock'), async () => {
      await rename(out, path.join(parent, 'aside'));
      moved();
      await new Promise<void>((resolve) => (release = resolve));
      await rename(path.join(parent, 'aside'), out);
    });
    // The check starts once the other build holds the lock, not in a race with it for the lock.
    await midSwap;
    let checked = false;
    const check = checkOutput(out).then(() => (checked = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(checked).toBe(false);
    release();
    await Promise.all([swapping, check]);
    expect(checked).toBe(true);
  });
});

describe('leftovers of killed builds', () => {
  it("deletes a staging folder of another container's PID 1 once its heartbeat stopped, and keeps a live one", async () => {
    const parent = await temporaryDir();
    const dead = path.join(parent, '.out.tmp-1-0a1b2c3d');
    const live = path.join(parent, `.out.tmp-${process.pid}-0a1b2c3e`);
    for (const [dir, owner] of [
      [dead, otherNamespace(1)],
      [live, currentOwner()],
    ] as const) {
      await mkdir(dir);
      await writeFile(path.join(dir, '.store-landing-staging'), JSON.stringify(owner));
    }
    await age(path.join(dead, '.store-landing-staging'), STALE_MS + 5_000);
    await removeLeftovers(parent, 'out');
    expect((await readdir(parent)).sort()).toEqual([path.basename(live)]);
  });

  it('judges a fresh staging folder without an owner file (its build killed before writing it) by the PID and host tag in its name', async () => {
    const parent = await temporaryDir();
    // Killed between making the folder and writing its owner file, a moment ago, on this host.
    const dead = path.join(parent, `.out.tmp-${deadPid()}-${ownerTag()}0a1b2c3d`);
    // Being made right now: by this process, or by a build on another host, whose PID means nothing here.
    const live = path.join(parent, `.out.tmp-${process.pid}-${ownerTag()}0a1b2c3e`);
    const elsewhere = path.join(parent, `.out.tmp-${deadPid()}-00000000a1b2c3f0`);
    for (const dir of [dead, live, elsewhere]) await mkdir(dir);
    // An owner file cut short by the kill says nothing either.
    await writeFile(path.join(dead, '.store-landing-staging'), '{"pid":');
    await removeLeftovers(parent, 'out');
    expect((await readdir(parent)).sort()).toEqual([path.basename(elsewhere), path.basename(live)].sort());
  });

  it('puts the old output back when a build was killed between the two renames of its swap', async () => {
    const parent = await temporaryDir();
    const out = path.join(parent, 'out');
    await writeOutput(out, [{ path: 'index.html', contents: 'previous' }]);
    const previous = await snapshot(out);
    // The state SIGKILL leaves between `rename(out, retired)` and `rename(staging, out)`: no out, the
    // old one aside, and the killed build's finished staging folder (marked, its owner file gone).
    await rename(out, path.join(parent, `.out.old-${Date.now()}-0a1b2c3d`));
    const staging = path.join(parent, `.out.tmp-${deadPid()}-0a1b2c3e`);
    await mkdir(staging);
    await writeFile(path.join(staging, 'index.html'), 'killed');
    writeMarker(staging, 'build');
    // An older retired output, half deleted by an earlier build when it was cut: not the one to restore.
    await mkdir(path.join(parent, `.out.old-${Date.now() - 60_000}-0a1b2c3f`));
    expect(existsSync(out)).toBe(false);

    await removeLeftovers(parent, 'out');
    expect(await snapshot(out)).toEqual(previous);
    // The next build then runs as usual and leaves nothing beside the output.
    await writeOutput(out, [{ path: 'index.html', contents: 'next' }]);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('next');
    expect(await readdir(parent)).toEqual(['out']);
  });

  it('recovers from a real SIGKILL between the two renames', async () => {
    const parent = await temporaryDir();
    const out = path.join(parent, 'out');
    await writeOutput(out, [{ path: 'index.html', contents: 'previous' }]);
    const previous = await snapshot(out);
    // A build that kills itself right after moving the old output aside: the window no signal can be timed to hit.
    const script = path.join(parent, 'killed-build.mts');
    await writeFile(
      script,
      `import fs from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
const rename = fs.rename;
fs.rename = async (from, to) => {
  await rename(from, to);
  if (String(to).includes('.out.old-')) process.kill(process.pid, 'SIGKILL');
};
syncBuiltinESMExports();
const { writeOutput } = await import(${JSON.stringify(path.join(repoRoot, 'generator/pipeline/output/write.ts'))});
await writeOutput(${JSON.stringify(out)}, [{ path: 'index.html', contents: 'killed' }]);
`,
    );
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot });
    expect(child.signal).toBe('SIGKILL');
    expect(existsSync(out)).toBe(false);
    // The next build's first step puts the previous output back; the build then replaces it.
    await removeLeftovers(parent, 'out');
    expect(await snapshot(out)).toEqual(previous);
    await writeOutput(out, [{ path: 'index.html', contents: 'next' }]);
    expect((await readdir(parent)).filter((name) => name !== 'killed-build.mts')).toEqual(['out']);
  }, 60_000);
});
