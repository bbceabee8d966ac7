// Writes a baseline folder as one set: a hard-linked copy beside it takes the changes, then replaces it in one swap,
// so a run killed at any instant leaves the whole old set or the whole new one.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, lstat, mkdir, readdir, readlink, realpath, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withLock } from '../pipeline/output/lock.ts';
import { BaselinesNotOwned } from '../shared/errors.ts';
import { isMarked, resolveTarget, writeMarker, type Guards } from '../shared/ownership.ts';

/** What a run changes in a baseline folder; names are paths below it with `/` separators. */
export interface BaselineChanges {
  /** New or changed baselines, as their final bytes. */
  write: Map<string, Buffer>;
  /** Baselines to remove (stale ones, with --prune). */
  remove: string[];
  /** Files beside the PNGs (environment.json) with their new text. */
  records: Map<string, string>;
}

/** What the baselines are called in messages. */
const WHAT = 'the screenshot baselines';

/** The hidden siblings of a folder: `.<name>.baselines-new-*` while a set is written, `.<name>.baselines-old-*` during its swap. */
const leftoverPattern = (base: string) =>
  new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.baselines-(new|old)-(\\d+)-[0-9a-f]+$`);

/**
 * Applies `changes` to `baselineDir` as one set. Every step happens in a sibling copy whose
 * files are hard links to the current ones (a changed file is a new file renamed over its link,
 * so the current set is never touched); the copy then replaces the folder with two renames,
 * under a lock beside it. A folder that did not exist or was empty is marked as the tool's
 * (shared/ownership.ts); removals need that mark.
 * @throws UserError (BaselinesNotOwned) when `changes.remove` is not empty and the folder holds no mark.
 */
export async function commitBaselines(baselineDir: string, changes: BaselineChanges, guards: Guards = {}): Promise<void> {
  const { dir } = await resolveTarget(baselineDir, WHAT, guards);
  const parent = path.dirname(dir);
  await mkdir(parent, { recursive: true });
  await withLock(lockOf(dir), async () => {
    await recoverUnderLock(dir);
    const fresh = !existsSync(dir) || (await readdir(dir)).length === 0;
    if (changes.remove.length && !fresh && !isMarked(dir, 'baselines')) throw BaselinesNotOwned.create(dir, changes.remove);
    const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const staging = path.join(parent, `.${path.basename(dir)}.baselines-new-${tag}`);
    await mkdir(staging);
    if (!fresh) await linkTree(dir, staging);
    else writeMarker(staging, 'baselines');
    for (const name of changes.remove) await rm(path.join(staging, name), { force: true });
    for (const [name, png] of changes.write) await replaceFile(path.join(staging, name), png);
    for (const [name, text] of changes.records) await replaceFile(path.join(staging, name), text);
    if (!existsSync(dir)) {
      await rename(staging, dir);
      return;
    }
    const retired = path.join(parent, `.${path.basename(dir)}.baselines-old-${Date.now()}-${randomBytes(4).toString('hex')}`);
    await rename(dir, retired);
    await rename(staging, dir);
    await rm(retired, { recursive: true, force: true });
  });
}

/**
 * Puts right what a killed commitBaselines left: a set moved aside by a cut swap goes back
 * when the folder is missing; every other leftover copy is removed. Run before the baselines are read.
 */
export async function recoverBaselines(baselineDir: string): Promise<void> {
  const dir = await realpath(baselineDir).catch(() => path.resolve(baselineDir));
  const parent = path.dirname(dir);
  const lock = path.basename(lockOf(dir));
  const left = (entry: string) => entry === lock || leftoverPattern(path.basename(dir)).test(entry);
  if (!existsSync(parent) || !(await readdir(parent)).some(left)) return;
  // Through the lock: a live commit finishes first, and a dead one's lock is taken over and removed.
  await withLock(lockOf(dir), () => recoverUnderLock(dir));
}

async function recoverUnderLock(dir: string): Promise<void> {
  const parent = path.dirname(dir);
  const pattern = leftoverPattern(path.basename(dir));
  const found = (await readdir(parent).catch(() => [])).flatMap((entry) => {
    const match = pattern.exec(entry);
    return match ? [{ file: path.join(parent, entry), kind: match[1], time: Number(match[2]) }] : [];
  });
  // Copies are written and swapped only under the lock the caller holds: every one found is a dead run's.
  const retired = found.filter((entry) => entry.kind === 'old').sort((a, b) => b.time - a.time);
  if (retired[0] && !existsSync(dir)) {
    await rename(retired[0].file, dir);
    retired.shift();
  }
  for (const { file } of [...retired, ...found.filter((entry) => entry.kind === 'new')]) await rm(file, { recursive: true, force: true });
}

/** Recreates `from`'s tree in `to`: folders made, files hard-linked, symbolic links copied as links. */
async function linkTree(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) {
      await mkdir(target);
      await linkTree(source, target);
    } else if (entry.isSymbolicLink()) {
      await symlink(await readlink(source), target);
    } else if ((await lstat(source)).isFile()) {
      await link(source, target);
    }
  }
}

/** Writes `file` as a new file renamed over the old name: a hard link shared with the current set keeps its bytes. */
async function replaceFile(file: string, contents: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file).catch(async (error: unknown) => {
    await unlink(temporary).catch(() => {});
    throw error;
  });
}

/** The lock every commit into `dir` takes: beside the folder, never in it (it would be copied into the new set). */
function lockOf(dir: string): string {
  return path.join(path.dirname(dir), `.${path.basename(dir)}.baselines-lock`);
}
