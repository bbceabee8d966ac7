// Who owns a build's lock or staging folder, and whether that owner still lives, judged without trusting a PID alone.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { OutputLocked } from '../../shared/errors.ts';
import { sha256Hex } from '../../shared/hash.ts';

/**
 * What identifies a build process across machines, containers and reboots. A PID means
 * something only on the same host, since the same boot and in the same PID namespace: a build
 * killed in a container leaves PID 1, which is "running" in every other container.
 */
export interface Owner {
  pid: number;
  hostname: string;
  bootId: string;
  /** `/proc/self/ns/pid` on Linux (`pid:[4026531836]`); empty where there are no PID namespaces. */
  pidNamespace: string;
  startedAt: number;
}

/** How often a live owner touches its lock or staging owner file. */
export const HEARTBEAT_MS = 1_000;
/** An owner file untouched this long belongs to a dead (or frozen) build, whatever its PID says. */
export const STALE_MS = 15_000;
/** How long a build waits for a lock whose owner keeps its heartbeat, before giving up. */
const LOCK_WAIT_MS = 60_000;
const LOCK_RETRY_MS = 50;

/** This process, as an Owner. */
export function currentOwner(): Owner {
  return { pid: process.pid, hostname: os.hostname(), bootId: bootId(), pidNamespace: pidNamespace(), startedAt: Date.now() };
}

/**
 * This host, boot and PID namespace in 8 hex digits. A staging folder's name carries it with its
 * PID (write.ts), so a folder whose build was killed before it wrote its owner file can be judged
 * by its PID too (nameAlive), not only by its age.
 */
export function ownerTag(): string {
  const { hostname, bootId, pidNamespace } = currentOwner();
  return sha256Hex(`${hostname}\n${bootId}\n${pidNamespace}`).slice(0, 8);
}

/**
 * Whether the build that named a folder `<pid>-<tag><random>` (write.ts), made at `madeAt`, may
 * still be working: dead when stale, or when the tag is this host's and the PID is gone.
 */
export function nameAlive(pid: number, tagged: string, madeAt: number, now = Date.now()): boolean {
  if (now - madeAt > STALE_MS) return false;
  return !tagged.startsWith(ownerTag()) || isRunning(pid);
}

function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    // Elsewhere, the boot time to the minute: uptime drifts by milliseconds between two readings.
    return `boot-${Math.round((Date.now() / 1000 - os.uptime()) / 60)}`;
  }
}

function pidNamespace(): string {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

/**
 * Whether the owner recorded in a file touched at `touchedAt` may still be working. A heartbeat
 * older than STALE_MS means dead. A fresher one is alive, unless the owner is on this very host,
 * boot and PID namespace, where its PID can be asked, and it is gone.
 */
export function ownerAlive(owner: Partial<Owner> | undefined, touchedAt: number, now = Date.now()): boolean {
  if (now - touchedAt > STALE_MS) return false;
  if (!owner || typeof owner.pid !== 'number') return true;
  const self = currentOwner();
  const comparable = owner.hostname === self.hostname && owner.bootId === self.bootId && owner.pidNamespace === self.pidNamespace;
  return !comparable || isRunning(owner.pid);
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Reads an owner file; undefined when it is missing or not ours to parse. */
export async function readOwner(file: string): Promise<{ owner: Partial<Owner> | undefined; touchedAt: number; ino: number } | undefined> {
  const stats = await stat(file).catch(() => undefined);
  if (!stats) return undefined;
  const text = await readFile(file, 'utf8').catch(() => '');
  let owner: Partial<Owner> | undefined;
  try {
    owner = JSON.parse(text) as Partial<Owner>;
  } catch {
    owner = undefined;
  }
  return { owner, touchedAt: stats.mtimeMs, ino: stats.ino };
}

/** Touches `file` every HEARTBEAT_MS until the returned function is called; never keeps the process alive. */
export function heartbeat(file: string): () => void {
  const timer = setInterval(() => {
    const now = new Date();
    utimes(file, now, now).catch(() => {});
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs `action` holding `lock`: a file created exclusively, naming its owner, touched every
 * HEARTBEAT_MS. A lock whose owner is dead (ownerAlive) is taken over; one whose owner lives
 * past LOCK_WAIT_MS is a user error naming the owner. Filesystem errors are the caller's to describe.
 */
export async function withLock<T>(lock: string, action: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      await writeFile(lock, JSON.stringify(currentOwner()), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = await readOwner(lock);
    if (held && (!ownerAlive(held.owner, held.touchedAt) || (await ownerNeverWritten(lock, held)))) {
      // Only the very file judged dead: another waiter may have taken it over and made a new one meanwhile.
      if ((await stat(lock).catch(() => undefined))?.ino === held.ino) await rm(lock, { force: true });
    } else if (Date.now() - started > LOCK_WAIT_MS) {
      throw OutputLocked.create(lock, describeOwner(held?.owner));
    } else {
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
  }
  const stop = heartbeat(lock);
  try {
    return await action();
  } finally {
    stop();
    await rm(lock, { force: true });
  }
}

/**
 * Whether `lock` is a file whose owner was never written: empty, and open in no process. The
 * lock is created and its owner written by one call (withLock), which holds the file open in
 * between; empty and held by none, its build was killed in that instant, and no heartbeat will
 * ever come. Unknown (false) where the open files of every process cannot be read: the
 * heartbeat rule then decides.
 */
async function ownerNeverWritten(lock: string, held: { owner: Partial<Owner> | undefined; ino: number }): Promise<boolean> {
  if (held.owner !== undefined || openInAnyProcess(lock) !== false) return false;
  // Read again after the look at every process: a writer that finished meanwhile has written its owner.
  const now = await stat(lock).catch(() => undefined);
  return now?.ino === held.ino && now.size === 0;
}

/**
 * Whether any process of this PID namespace has `file` open, from /proc/<pid>/fd; undefined
 * where that cannot be told (no /proc, or a process whose open files may not be read).
 */
export function openInAnyProcess(file: string): boolean | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  let unknown = false;
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch (error) {
      // ENOENT: the process ended meanwhile.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') unknown = true;
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === file) return true;
      } catch {
        // Closed meanwhile.
      }
    }
  }
  return unknown ? undefined : false;
}

function describeOwner(owner: Partial<Owner> | undefined): string {
  return owner?.pid ? `process ${owner.pid} on ${owner.hostname ?? 'an unknown host'}` : 'an unknown process';
}
