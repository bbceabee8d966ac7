// The build `serve` is serving, re-read when a rebuild replaces it, and a 503 answer while there is none.
import { statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { BuildUnavailable } from '../shared/errors.ts';
import { escapeHtml } from '../shared/html.ts';
import { MANIFEST_FILE } from '../shared/manifest.ts';

/** How often, at most, the manifest is looked at: a rebuild is noticed within this many ms. */
const CHECK_INTERVAL_MS = 500;

/** The build as last read: what `read` made of it, or the error that reading it gave. */
export type BuildState<T> = { ok: true; build: T } | { ok: false; error: unknown };

/**
 * Follows a build folder: `read` runs again when its manifest.json changes (a rebuild swaps the
 * whole folder in), and on every check while the folder or the manifest is missing or
 * unreadable, so a build that comes back is served again without a restart.
 */
export class BuildWatch<T> {
  private state: BuildState<T>;
  private stamp: string;
  private checkedAt = Date.now();

  /** Reads the build once now; throws what `read` throws, so a server never starts without a build. */
  constructor(
    private readonly root: string,
    private readonly read: () => T,
  ) {
    this.stamp = manifestStamp(root);
    this.state = { ok: true, build: read() };
  }

  /** The build to answer a request with, re-read first when the folder changed. */
  current(): BuildState<T> {
    if (Date.now() - this.checkedAt <= CHECK_INTERVAL_MS) return this.state;
    this.checkedAt = Date.now();
    const stamp = manifestStamp(this.root);
    if (stamp !== this.stamp || !this.state.ok) this.reload(stamp);
    return this.state;
  }

  /** Re-reads the folder now (dev, after a rebuild). Never throws: a failure is the state until the next read. */
  reload(stamp = manifestStamp(this.root)): void {
    this.stamp = stamp;
    try {
      this.state = { ok: true, build: this.read() };
    } catch (error) {
      this.state = { ok: false, error };
    }
  }
}

/** Identifies one manifest.json: a swapped-in build has a new inode or modification time. */
function manifestStamp(root: string): string {
  try {
    const stats = statSync(path.join(root, MANIFEST_FILE));
    return `${stats.ino}:${stats.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/**
 * 503 with a short page saying why and what to do, retried by the browser after a second. It
 * names the folder by its last segment only: the absolute path is the server's business.
 */
export function sendUnavailable(res: ServerResponse, root: string, head: boolean): void {
  const folder = path.basename(root);
  const body =
    '<!doctype html><meta charset="utf-8"><title>503 Service Unavailable</title>' +
    `<h1>503 Service Unavailable</h1><p>${escapeHtml(BuildUnavailable.message(folder))}</p><p>${escapeHtml(BuildUnavailable.hint ?? '')}</p>`;
  res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '1' });
  res.end(head ? undefined : body);
}
