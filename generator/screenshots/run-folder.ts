// A screenshot run's temporary folder (its build and Chromium's profile), marked with its owner, so the next
// run removes the folder of a run that was killed: only folders the tool marked, and only when their owner is dead.
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { currentOwner, type Owner } from '../pipeline/output/lock.ts';
import { removeOnExit, type HeldFolder } from '../shared/exit-cleanup.ts';
import { isMarked, removeIfMarked, writeMarker } from '../shared/ownership.ts';

/** The name every run folder starts with, in the temporary directory. */
const PREFIX = 'store-landing-screenshots-';
/** The owner file inside a run folder: who made it. */
const OWNER_FILE = 'owner.json';

/** A run's folder, removed when the process exits (and, if it is killed, by a later run). */
export interface RunFolder extends HeldFolder {
  dir: string;
}

/**
 * Removes the run folders of dead runs, then makes this run's, marked and with its owner.
 * @returns the new folder and the folders removed.
 */
export async function openRunFolder(): Promise<RunFolder & { removed: string[] }> {
  const removed = await removeDeadRunFolders();
  const dir = await mkdtemp(path.join(tmpdir(), PREFIX));
  // The owner before the marker: another run never sees a marked folder without its owner.
  await writeFile(path.join(dir, OWNER_FILE), JSON.stringify(currentOwner()));
  writeMarker(dir, 'screenshots-run');
  const held = removeOnExit(dir, 'screenshots-run');
  return { dir, removed, ...held };
}

/** Removes every marked run folder in the temporary directory whose owner is known to be dead; returns their paths. */
export async function removeDeadRunFolders(): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await readdir(tmpdir()).catch(() => [])) {
    const dir = path.join(tmpdir(), entry);
    if (!entry.startsWith(PREFIX) || !isMarked(dir, 'screenshots-run') || !ownerDead(readOwnerFile(dir))) continue;
    removeIfMarked(dir, 'screenshots-run');
    removed.push(dir);
  }
  return removed;
}

function readOwnerFile(dir: string): Partial<Owner> | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, OWNER_FILE), 'utf8')) as Partial<Owner>;
  } catch {
    return undefined;
  }
}

/**
 * Whether the run that made a folder is gone: no owner recorded (killed as it made the folder),
 * or an owner on this very host, boot and PID namespace whose PID no longer runs. A folder made
 * elsewhere (a shared temporary directory) is never judged.
 */
function ownerDead(owner: Partial<Owner> | undefined): boolean {
  if (!owner || typeof owner.pid !== 'number') return true;
  const self = currentOwner();
  if (owner.hostname !== self.hostname || owner.bootId !== self.bootId || owner.pidNamespace !== self.pidNamespace) return false;
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
