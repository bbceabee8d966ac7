// The disk a build writes to: checked before the expensive work, and its failures told as user errors naming the path and what to do.
import { constants } from 'node:fs';
import { access, mkdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { OutputBusy, OutputDiskFull, OutputNoRoom, OutputNotFolder, OutputNotWritable, UserError } from '../../shared/errors.ts';

/**
 * The fewest bytes a page takes: its HTML with the inline CSS of its first screen (a page of the
 * tests' smallest config is 40 KB). A lower bound, so a build refused for it would not have fit.
 */
const MIN_PAGE_BYTES = 32 * 1024;

/** What a build will write, known from its plan before it renders: the new output goes beside the old one. */
export interface BuildNeeds {
  pages: number;
}

/**
 * Checks what can be known before rendering: the parent folder can be made and written, the
 * output is a folder (or missing) and not a mount point, which rename cannot replace, and the
 * disk has room for `needs`. A build that runs out midway all the same (the estimate is a lower
 * bound) ends with OutputDiskFull, its previous output untouched.
 * @throws UserError (OutputNotWritable, OutputNotFolder, OutputBusy, OutputNoRoom)
 */
export async function checkWritable(dir: string, needs?: BuildNeeds): Promise<void> {
  const parent = path.dirname(dir);
  try {
    await mkdir(parent, { recursive: true });
    await access(parent, constants.W_OK);
  } catch (error) {
    throw describeWriteError(error, parent);
  }
  const [own, above] = await Promise.all([stat(dir).catch(() => undefined), stat(parent)]);
  if (own && !own.isDirectory()) throw OutputNotFolder.create(dir, dir);
  if (own && own.dev !== above.dev) throw OutputBusy.create(dir, 'it is a mount point');
  if (!needs) return;
  const disk = await statfs(parent).catch(() => undefined);
  const problem = disk && roomProblem(parent, needs, disk.bavail * disk.bsize);
  if (problem) throw problem;
}

/** The refusal of a build of `needs` into `parent` with `free` bytes free, when at least what it needs is more. */
export function roomProblem(parent: string, needs: BuildNeeds, free: number): UserError | undefined {
  const bytes = needs.pages * MIN_PAGE_BYTES;
  if (free >= bytes) return undefined;
  return OutputNoRoom.create(parent, `${formatBytes(bytes)} (${needs.pages.toLocaleString('en-US')} pages)`, formatBytes(free));
}

/**
 * A filesystem failure while writing into `dir` as the user error it is (full disk, no
 * permission, a read-only disk, a busy folder); anything else is returned as it is, an internal
 * error. A file where a folder must be is found before the build (shared/ownership.ts); inside the
 * staging folder it would be two of the build's own files colliding, which is ours to fix.
 */
export function describeWriteError(error: unknown, dir: string): unknown {
  if (error instanceof UserError) return error;
  const { code, path: where } = error as NodeJS.ErrnoException;
  const place = typeof where === 'string' ? where : dir;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return OutputDiskFull.create(dir, 'no space left');
    case 'EACCES':
    case 'EPERM':
      return OutputNotWritable.create(place, 'permission denied');
    case 'EROFS':
      return OutputNotWritable.create(place, 'the disk is read-only');
    case 'EBUSY':
      return OutputBusy.create(place, 'another program holds it (a mount point, or a folder open elsewhere)');
    case 'EXDEV':
      return OutputBusy.create(place, 'it is on another disk than its parent folder');
    default:
      return error;
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${bytes.toLocaleString('en-US')} bytes`;
}
