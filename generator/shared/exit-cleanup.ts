// Temporary folders a command writes, removed however it ends: a normal exit, an uncaught error, or Ctrl+C
// and SIGTERM, which then still end the process by that signal.
import { rmSync } from 'node:fs';
import { constants } from 'node:os';
import { isMarked, type FolderKind } from './ownership.ts';

/** A folder removeOnExit holds: `remove` deletes it now, `release` hands it back to the caller (it was renamed, say). */
export interface HeldFolder {
  remove(): void;
  release(): void;
}

/** The held folders, each with the marker it must hold to be removed (none: a folder this process made under a unique name). */
const held = new Map<string, FolderKind | undefined>();
let listening = false;

/**
 * Removes a held folder, never throwing: it runs in `exit` listeners, where a throw would turn a
 * Ctrl+C's exit code into 1. A browser still writing its profile into the folder (Puppeteer kills it
 * in an `exit` listener of its own, after this one) can refill it while it is removed: rmSync tries
 * again, and what still stands is a dead run's folder, which the next run removes.
 */
function removeFolder(folder: string, kind: FolderKind | undefined): void {
  if (kind && !isMarked(folder, kind)) return;
  try {
    rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 });
  } catch {
    // Left for the next run (above).
  }
}

function removeHeld(): void {
  for (const [folder, kind] of held) removeFolder(folder, kind);
  held.clear();
}

/**
 * Removes `folder` when the process exits, unless released first. Synchronous, as the `exit`
 * event requires: nothing can write into the folder after it. With `kind`, the folder is
 * removed only while it holds that kind's marker (shared/ownership.ts).
 */
export function removeOnExit(folder: string, kind?: FolderKind): HeldFolder {
  if (!listening) {
    process.on('exit', removeHeld);
    listening = true;
  }
  held.set(folder, kind);
  return {
    remove() {
      held.delete(folder);
      removeFolder(folder, kind);
    },
    release() {
      held.delete(folder);
    },
  };
}

/**
 * Removes the held folders, then ends the process by `signal` as if nothing had caught it: a
 * shell sees 130 for Ctrl+C (143 for SIGTERM), and a script running the command stops too. Call
 * it from a listener of `signal` that has removed itself. When another listener is left
 * (Puppeteer's, which closes its browser), the process exits with that code instead, and the
 * others' `exit` listeners run.
 */
export function endBySignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) === 0) {
    removeHeld();
    process.kill(process.pid, signal);
    return;
  }
  // The folders go after every other `exit` listener: Puppeteer's kills its browser there, which
  // would otherwise still be writing its profile into a run's folder while it is removed.
  if (listening) {
    process.off('exit', removeHeld);
    process.on('exit', removeHeld);
  }
  process.exit(128 + constants.signals[signal]);
}

/**
 * Until the returned function is called, Ctrl+C and SIGTERM end the process at once, the held
 * folders removed first, and `before` run first of all (to clear a status line, say).
 */
export function endOnSignals(before: () => void = () => {}): () => void {
  const end = (signal: NodeJS.Signals) => {
    before();
    endBySignal(signal);
  };
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
  return () => {
    process.off('SIGINT', end);
    process.off('SIGTERM', end);
  };
}
