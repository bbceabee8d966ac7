// `store-landing dev`: build, serve like `serve`, watch what the build reads, rebuild on change, and tell
// open pages to reload or show why a rebuild failed.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BuildProgress, BuildResult } from '../pipeline/index.ts';
import { removeOnExit } from '../shared/exit-cleanup.ts';
import { writeMarker } from '../shared/ownership.ts';
import { startServer, type RunningServer } from '../serve/server.ts';
import { DevBuilder, type RebuildOutcome } from './builder.ts';
import { DevChannel } from './channel.ts';
import { compileClientScript } from './client-script.ts';
import { placeholderSite } from './placeholder.ts';
import { overlayProblems } from './problems.ts';
import { FRESH_PIPELINES_DIR } from './reload.ts';
import { FileWatcher, listPlanFiles, type WatchPlan } from './watch.ts';
import { changedSinceRead, PAGE_PLAN, watchPlanOf } from './watch-plan.ts';

export interface DevOptions {
  config: string;
  port: number;
  host?: string;
  /** Host names to answer besides IP addresses, localhost and `host` (`--allowed-host`). */
  allowedHosts?: string[];
  campaign?: string;
  /** Told what happens: the start, each rebuild, each failure. */
  onEvent?: (event: DevEvent) => void;
  onProgress?: (progress: BuildProgress) => void;
}

/** What dev reports. `files` are the changed source files; `milliseconds` run from noticing them to telling the pages. */
export type DevEvent =
  | { type: 'ready'; url: string; outDir: string; build: RebuildOutcome }
  | { type: 'rebuilt'; files: string[]; result: BuildResult; changedFiles: string[]; milliseconds: number }
  | { type: 'failed'; files: string[]; error: unknown };

export interface DevServer {
  url: string;
  port: number;
  /** The folder dev builds into and serves (inside a temporary one, removed on close or when the process exits). */
  outDir: string;
  /** Rebuilds as if `files` (absolute paths) changed; resolves once the pages have been told. */
  rebuild(files: string[]): Promise<void>;
  close(): Promise<void>;
}

/** Starts dev: the first build, then the server and the watcher. Resolves once listening. */
export async function startDev(options: DevOptions): Promise<DevServer> {
  // A marked folder of dev's own, with the build in it: dev removes only what holds its marker.
  const tempDir = await mkdtemp(path.join(tmpdir(), 'store-landing-dev-'));
  writeMarker(tempDir, 'dev');
  const outDir = path.join(tempDir, 'site');
  const folders = [removeOnExit(tempDir, 'dev'), removeOnExit(FRESH_PIPELINES_DIR, 'dev')];
  const removeNow = () => folders.forEach((folder) => folder.remove());
  const builder = new DevBuilder({ config: options.config, outDir, campaign: options.campaign, onProgress: options.onProgress });
  // A file saved while the first build runs, before the watchers are up, is found by comparing
  // modification times (not the clock's coarse time): the page's code from now, the rest from
  // when the build read them.
  const pageFiles = await listPlanFiles(PAGE_PLAN);
  const first = await builder.rebuild();
  // Nothing good to serve yet: a stand-in page, over which the overlay shows why.
  if (!first.ok) await builder.writePlaceholder(placeholderSite());
  const channel = new DevChannel(await compileClientScript());
  const server = await startServer({
    dir: outDir,
    port: options.port,
    host: options.host,
    allowedHosts: options.allowedHosts,
    dev: channel,
  }).catch((error: unknown) => {
    removeNow();
    throw error;
  });
  const session = new DevSession(options, builder, channel, server, first.ok);
  if (!first.ok) channel.send({ type: 'error', ...overlayProblems(first.error) });
  const plan = session.watch(first);
  const missed = await changedSinceRead(first.inputs, pageFiles, plan);
  // Ready once it serves and watches: a change saved from here on is rebuilt, and one saved
  // while the first build ran is rebuilt now. Nothing is awaited after this, so a Ctrl+C once
  // the ready line is out finds dev up (cli/dev.ts).
  options.onEvent?.({ type: 'ready', url: server.url, outDir, build: first });
  if (missed.length) void session.enqueue(missed);
  return {
    url: server.url,
    port: server.port,
    outDir,
    rebuild: (files) => session.enqueue(files),
    async close() {
      await session.close();
      removeNow();
    },
  };
}

/** A running dev: rebuilds one at a time as changes come, and tells the pages and the terminal. */
class DevSession {
  private queue = Promise.resolve();
  private plan: WatchPlan | undefined;
  private closing = false;
  private readonly watcher = new FileWatcher((files) => void this.enqueue(files));

  constructor(
    private readonly options: DevOptions,
    private readonly builder: DevBuilder,
    private readonly channel: DevChannel,
    private readonly server: RunningServer,
    private succeeded: boolean,
  ) {}

  /**
   * Watches what `outcome`'s build read (not once closing: watchers would keep the process
   * alive); after a failure, also what the last plan watched.
   */
  watch(outcome: RebuildOutcome): WatchPlan {
    const plan = watchPlanOf(outcome.inputs, outcome.ok ? undefined : this.plan);
    if (this.closing) return plan;
    this.plan = plan;
    this.watcher.update(plan);
    return plan;
  }

  /** Rebuilds for `files` after any rebuild under way: a burst noticed meanwhile waits its turn. */
  enqueue(files: string[]): Promise<void> {
    if (this.closing) return this.queue;
    this.queue = this.queue.then(() => this.rebuild(files));
    return this.queue;
  }

  /** Stops watching, lets a rebuild under way finish (its last step may watch anew), then ends the streams and the server. */
  async close(): Promise<void> {
    this.closing = true;
    this.watcher.close();
    await this.queue;
    this.channel.close();
    await this.server.close();
  }

  private async rebuild(files: string[]): Promise<void> {
    const noticed = performance.now();
    const outcome = await this.builder.rebuild(files);
    if (outcome.ok) {
      // The server lists the folder's pages and headers anew, then the pages are told.
      this.server.reload();
      if (!this.succeeded) this.channel.send({ type: 'ok' });
      if (outcome.changedFiles.length) this.channel.send({ type: 'reload' });
      const milliseconds = Math.round(performance.now() - noticed);
      this.options.onEvent?.({ type: 'rebuilt', files, result: outcome.result, changedFiles: outcome.changedFiles, milliseconds });
    } else {
      this.channel.send({ type: 'error', ...overlayProblems(outcome.error) });
      this.options.onEvent?.({ type: 'failed', files, error: outcome.error });
    }
    this.succeeded = outcome.ok;
    // After the pages are told: a changed config may name other images or locale folders.
    this.watch(outcome);
  }
}
