// Removes a folder tree file by file, telling how many files are gone: a killed build's staging folder can hold 100,000.

import { readdirSync, rmdirSync, unlinkSync, type Dirent } from 'node:fs';
import path from 'node:path';

/** How many files go between two reports: often enough for a status line, rarely enough to cost nothing. */
const REPORT_EVERY = 500;

/** What a removal reports: the folder, and the files removed from it so far. */
export interface Removal {
  folder: string;
  files: number;
}

/**
 * Removes `folder` and everything in it, one entry after another, calling `onProgress` at the
 * start and after every REPORT_EVERY files (between calls it yields to the event loop, so a status
 * line redraws). Never with `fs.promises.rm`: Node's recursive rm starts every entry of a tree at
 * once, and for a site of 100,000 pages that holds hundreds of megabytes. Gone already: nothing to do.
 */
export async function removeTree(folder: string, onProgress: (removal: Removal) => void = () => {}): Promise<void> {
  const removal = { folder, files: 0 };
  onProgress({ ...removal });
  const folders: string[] = [];
  const pending = [folder];
  while (pending.length) {
    const dir = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    folders.push(dir);
    for (const entry of entries) {
      const entryPath = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        pending.push(entryPath);
        continue;
      }
      unlinkSync(entryPath);
      if (++removal.files % REPORT_EVERY === 0) {
        onProgress({ ...removal });
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
  // Deepest first: each folder is empty by the time it is removed.
  for (const dir of folders.reverse()) rmdirSync(dir);
  onProgress({ ...removal });
}
