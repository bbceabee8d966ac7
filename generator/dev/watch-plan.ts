// What dev watches: exactly what the last build read (its inputs: the config, the locale files and folders,
// the images), and the page's code (page/).
import path from 'node:path';
import type { BuildInputs } from '../pipeline/index.ts';
import { PAGE_DIR } from './reload.ts';
import { findChangedFiles, listPlanFiles, type WatchPlan } from './watch.ts';

/** In a locale folder, these files count (a new locale file too). */
const LOCALE_EXTENSIONS = ['.json'];

/** The page's code alone: what dev lists before the first build, which has no inputs yet. */
export const PAGE_PLAN: WatchPlan = { files: [], folders: [], trees: [PAGE_DIR] };

/**
 * The plan for a build that read `inputs`: each file it read or looked for in vain, and each
 * folder it asked about (the locale folders, the only ones validation asks about). A failed
 * build may have stopped before reading what the config names: `previous`'s files and folders
 * stay watched, so fixing whatever it names is noticed too.
 */
export function watchPlanOf(inputs: BuildInputs, previous?: WatchPlan): WatchPlan {
  const read = [...inputs];
  const files = read.filter(([, found]) => found.kind !== 'folder').map(([file]) => file);
  const folders = read.filter(([, found]) => found.kind === 'folder').map(([dir]) => dir);
  const previousFolders = previous?.folders.map((folder) => folder.dir) ?? [];
  return {
    files: [...new Set([...files, ...(previous?.files ?? [])])],
    folders: [...new Set([...folders, ...previousFolders])].map((dir) => ({ dir, extensions: LOCALE_EXTENSIONS })),
    trees: [PAGE_DIR],
  };
}

/**
 * What changed while the first build ran, before the watchers were up: each file it read
 * whose modification time is no longer the one it had before the read (or that is gone), each
 * it looked for in vain that exists now, and any change to the page's code since `pageFiles`
 * (a PAGE_PLAN listing from before the build).
 */
export async function changedSinceRead(inputs: BuildInputs, pageFiles: ReadonlyMap<string, number>, plan: WatchPlan): Promise<string[]> {
  const before = new Map(pageFiles);
  for (const [file, found] of inputs) if (found.kind === 'file') before.set(file, found.modified);
  const insidePage = (file: string) => !path.relative(PAGE_DIR, file).startsWith('..');
  const now = await listPlanFiles(plan);
  // A locale folder's other files were never read: a new one there matters only once the config names it.
  for (const file of now.keys()) if (!before.has(file) && !inputs.has(file) && !insidePage(file)) now.delete(file);
  return findChangedFiles(before, now);
}
