// The tests' temporary folders: each is recorded as it is made, so tests/remove-temporary-dirs.ts removes it
// after the test file. Kept apart from helpers.ts so that setup file loads nothing else.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The folders temporaryDir made in this process that are still there. */
const temporaryDirs = new Set<string>();

/** A fresh temporary folder, removed after the test file that asked for it. */
export async function temporaryDir(prefix = 'store-landing-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  temporaryDirs.add(dir);
  return dir;
}

/**
 * Removes every folder temporaryDir made since the last call, and nothing else. A child process a
 * test left running may still write into one: each removal is retried, and what cannot be removed
 * is reported, not thrown, so a passing file does not fail on it.
 */
export async function removeTemporaryDirs(): Promise<void> {
  const dirs = [...temporaryDirs];
  temporaryDirs.clear();
  const failures = await Promise.allSettled(dirs.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5 })));
  for (const failure of failures) if (failure.status === 'rejected') console.warn(`Could not remove a temporary folder: ${failure.reason}`);
}
