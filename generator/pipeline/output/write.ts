// Writes a build atomically: everything goes into a hidden sibling folder, which then replaces the output folder in one swap.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Compressor } from '../../shared/compress.ts';
import { removeOnExit } from '../../shared/exit-cleanup.ts';
import { assertOwned, isMarked, markerOf, resolveTarget, writeMarker, type Guards } from '../../shared/ownership.ts';
import { checkWritable, describeWriteError, type BuildNeeds } from './environment.ts';
import { removeTree, type Removal } from './remove.ts';
import { StagingWriter } from './staging-writer.ts';
import { currentOwner, heartbeat, nameAlive, ownerAlive, ownerTag, readOwner, withLock } from './lock.ts';

/** A file of the build, relative to the output folder, with `/` separators. */
export interface OutputFile {
  path: string;
  /**
   * Parts are the file's bytes in order, written without joining them first (filled templates,
   * render/slots.ts); pieces, text made only as it is written (a host configuration naming
   * thousands of campaigns), never compressed.
   */
  contents: string | Uint8Array | readonly Uint8Array[] | TextPieces | WrittenFile;
}

/** A file a build worker wrote into the staging folder itself (writeOutput's `onStaging`): only its size is left to count. */
export interface WrittenFile {
  written: number;
}

/** Text made piece by piece as it is written: `pieces` is called once by the writer. */
export interface TextPieces {
  pieces: () => Iterable<string>;
}

/** Who is writing a staging folder, inside it while it is written; removed before the swap, so no output holds it. */
const STAGING_OWNER = '.store-landing-staging';
/** The build's marker, which no file of a build may overwrite. */
const BUILD_MARKER = markerOf('build').file;
/** The output in messages. */
const WHAT = 'the build';

/**
 * Replaces `outDir` with exactly `files`, given at once or in batches, plus compressed twins
 * of text files (compress.ts) and the build marker (shared/ownership.ts). A failure at any point
 * leaves the previous output as it was. A symlinked `outDir` stays a link: the build replaces
 * the folder it points to.
 * @param compressionCacheDir where costly twins are kept between builds; none when absent.
 * @param guards the config, whose folder (and every folder above it) is never replaced, and the inputs (merge's shards).
 * @param onStaging told the staging folder once it exists, before the first batch is asked for: build workers write pages into it.
 * @returns the bytes written, twins and linked copies excluded.
 * @throws UserError when the folder may not be replaced or the disk refuses (shared/ownership.ts, environment.ts).
 */
export async function writeOutput(
  outDir: string,
  files: OutputFile[] | AsyncIterable<OutputFile[]>,
  compressionCacheDir?: string,
  guards: Guards = {},
  onStaging?: (staging: string) => void,
): Promise<{ bytes: number }> {
  // Batches (one per campaign) are written as they come, so a large build never holds every page at once.
  const batches = Array.isArray(files) ? [files] : files;
  const target = await checkOutput(outDir, guards);
  const parent = path.dirname(target);
  const base = path.basename(target);
  const lock = lockOf(target);

  const staging = path.join(parent, `.${base}.tmp-${process.pid}-${ownerTag()}${randomBytes(4).toString('hex')}`);
  const writer = new StagingWriter(staging, new Compressor(compressionCacheDir));
  let stopHeartbeat = () => {};
  // Until its swap: a build stopped by Ctrl+C or killed by an error leaves no staging folder behind.
  const held = removeOnExit(staging);
  try {
    await mkdir(staging);
    await writeFile(path.join(staging, STAGING_OWNER), JSON.stringify(currentOwner()));
    stopHeartbeat = heartbeat(path.join(staging, STAGING_OWNER));
    onStaging?.(staging);
    for await (const batch of batches) {
      for (const file of batch) if (file.path !== BUILD_MARKER) await writer.write(file);
    }
    await writer.finished();
    // Builds into one folder at once each stage on their own; their swaps take turns, so the last whole build wins.
    const retired = await withLock(lock, async () => {
      // From here on, a build cut short leaves what removeLeftovers puts right (a cut swap included).
      held.release();
      stopHeartbeat();
      await rm(path.join(staging, STAGING_OWNER));
      writeMarker(staging, 'build');
      // The folder may have changed while this build rendered: it is checked again where nothing else can swap.
      await assertOwned(target, 'build', WHAT);
      return swapIn(staging, target);
    });
    // Outside the lock: deleting a large old build must not hold up the next build's swap.
    if (retired) await removeTree(retired).catch(() => {});
  } catch (error) {
    stopHeartbeat();
    // Every compression must have ended before the staging folder goes, or a late twin would land in a new one.
    await writer.finished().catch(() => {});
    held.remove();
    throw describeWriteError(error, target);
  }
  return { bytes: writer.bytes };
}

/**
 * Everything that can be checked about an output folder before a build renders anything:
 * links resolved, protected folders refused, the folder one a build wrote, the disk writable
 * and, given what the build `needs`, with room for it. `onRemoving` is told how the removal of a
 * killed build's leftovers goes (removeLeftovers).
 * @returns the real path of the folder the build replaces.
 * @throws UserError naming the folder and what to do.
 */
export async function checkOutput(
  outDir: string,
  guards: Guards = {},
  needs?: BuildNeeds,
  onRemoving?: (removal: Removal) => void,
): Promise<string> {
  const { dir } = await resolveTarget(outDir, WHAT, guards);
  await checkWritable(dir, needs);
  // Another build may be swapping this very folder: between its two renames the folder is gone
  // or half read. Under the lock no swap runs, and a killed build's leftovers are cleared first.
  await withLock(lockOf(dir), async () => {
    await removeLeftovers(path.dirname(dir), path.basename(dir), onRemoving);
    await assertOwned(dir, 'build', WHAT);
  }).catch((error: unknown) => {
    throw describeWriteError(error, path.dirname(dir));
  });
  return dir;
}

/** The lock every build into `dir` takes to clean up, check and swap: beside the folder, never in it. */
function lockOf(dir: string): string {
  return path.join(path.dirname(dir), `.${path.basename(dir)}.lock`);
}

/**
 * Moves the finished staging folder to `target`, the old output aside first. There is no
 * atomic exchange of two folders in Node (renameat2's RENAME_EXCHANGE is not exposed), so a
 * process killed between the two renames leaves the old output beside the folder, named
 * `.<name>.old-*`: removeLeftovers, which every build runs first, puts it back.
 * @returns the retired old output, for the caller to delete; undefined when there was none.
 */
async function swapIn(staging: string, target: string): Promise<string | undefined> {
  if (!existsSync(target)) {
    await rename(staging, target);
    return undefined;
  }
  // Named by the time, not the PID: removeLeftovers puts back the newest when a swap was cut.
  const retired = path.join(path.dirname(target), `.${path.basename(target)}.old-${Date.now()}-${randomBytes(4).toString('hex')}`);
  await rename(target, retired);
  try {
    await rename(staging, target);
  } catch (error) {
    await rename(retired, target);
    throw error;
  }
  return retired;
}

/**
 * Cleans up after builds that were killed midway; run holding the lock. A retired output
 * (`.old-*`) is put back when the output is missing (the swap was cut between its renames;
 * swaps only happen under the lock, so none is under way now) and deleted otherwise. A
 * staging folder (`.tmp-*`) is written outside the lock, so it is deleted only once its owner
 * is dead by lock.ts's judgement: no heartbeat for a while, or a PID known to be gone. Either can
 * hold a whole site: `onRemoving` is told how many files are gone as they go.
 */
export async function removeLeftovers(parent: string, base: string, onRemoving?: (removal: Removal) => void): Promise<void> {
  const leftover = new RegExp(`^\\.${escapeRegExp(base)}\\.(tmp|old)-(\\d+)-([0-9a-f]+)$`);
  const target = path.join(parent, base);
  const found = (await readdir(parent)).flatMap((entry) => {
    const match = leftover.exec(entry);
    return match ? [{ file: path.join(parent, entry), kind: match[1], number: Number(match[2]), tagged: match[3]! }] : [];
  });
  const retired = found.filter((entry) => entry.kind === 'old').sort((a, b) => b.number - a.number);
  // The newest retired output is the one a cut swap moved aside; any other is an old one being deleted.
  if (retired[0] && !existsSync(target)) await rename(retired[0].file, target);
  for (const { file, kind, number, tagged } of found) {
    if (!existsSync(file) || (kind === 'tmp' && (await stagingAlive(file, number, tagged)))) continue;
    await removeTree(file, onRemoving);
  }
}

/**
 * Whether a staging folder's build may still be running. Its owner file says so while it is
 * written; a folder with the marker instead reached its swap, which happens under the lock the
 * caller now holds, so its build is gone; one with neither was just made (or its build died
 * right then): its name and age decide (`pid` and `tagged`, the parts of its name after `tmp-`).
 */
async function stagingAlive(staging: string, pid: number, tagged: string): Promise<boolean> {
  const owner = await readOwner(path.join(staging, STAGING_OWNER));
  if (owner?.owner) return ownerAlive(owner.owner, owner.touchedAt);
  if (isMarked(staging, 'build')) return false;
  const stats = await stat(staging).catch(() => undefined);
  return stats ? nameAlive(pid, tagged, stats.mtimeMs) : false;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
