// Writes a build atomically: everything goes into a hidden sibling folder, which then replaces the output folder in one rename.
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, linkSync, mkdirSync, openSync, writeFileSync, writevSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Compressor } from '../shared/compress.ts';
import { OutputInsideSource, OutputNotBuild } from '../shared/errors.ts';

/** A file of the build, relative to the output folder, with `/` separators. */
export interface OutputFile {
  path: string;
  /** Parts are the file's bytes in order, written without joining them first (filled templates, render.ts). */
  contents: string | Uint8Array | readonly Uint8Array[];
}

/**
 * Replaces `outDir` with exactly `files`, given at once or in batches, plus compressed twins
 * of text files (compress.ts). A failure at any point leaves the previous output as it was.
 * @param compressionCacheDir where costly twins are kept between builds; none when absent.
 * @returns the bytes written, twins and linked copies excluded.
 */
export async function writeOutput(
  outDir: string,
  files: OutputFile[] | AsyncIterable<OutputFile[]>,
  compressionCacheDir?: string,
): Promise<{ bytes: number }> {
  // Batches (one per campaign) are written as they come, so a large build never holds every page at once.
  const batches = Array.isArray(files) ? [files] : files;
  const target = path.resolve(outDir);
  await assertReplaceable(target);
  const parent = path.dirname(target);
  const base = path.basename(target);
  await mkdir(parent, { recursive: true });
  await withLock(parent, base, () => removeStaleStaging(parent, base));

  const staging = path.join(parent, `.${base}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  const writer = new StagingWriter(staging, new Compressor(compressionCacheDir));
  try {
    await mkdir(staging);
    for await (const batch of batches) {
      for (const file of batch) await writer.write(file);
    }
    await writer.finished();
    // Builds into one folder at once each stage on their own; their swaps take turns, so the last whole build wins.
    await withLock(parent, base, () => swapIn(staging, target));
  } catch (error) {
    // Every compression must have ended before the staging folder goes, or a late twin would land in a new one.
    await writer.finished().catch(() => {});
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { bytes: writer.bytes };
}

/**
 * Writes files into the staging folder. Files, folders and links are made with synchronous
 * calls, one after another: each takes microseconds, while a round trip through libuv's
 * thread pool costs far more than the call itself, and a build makes a dozen per page.
 * Compression, which takes milliseconds, runs in zlib's threads meanwhile.
 */
class StagingWriter {
  bytes = 0;
  private readonly folders = new Set<string>();
  /** `--all` writes the same asset into every campaign's folder: the copies after the first are hard links to it. */
  private readonly firstCopies = new WeakMap<Uint8Array, { path: string; twins: Promise<string[]> }>();
  private readonly pending = new Set<Promise<unknown>>();
  /** Compressions in flight, settled or not: only these count against COMPRESSION_CONCURRENCY. */
  private readonly compressing = new Set<Promise<unknown>>();

  constructor(
    private readonly staging: string,
    private readonly compressor: Compressor,
  ) {}

  async write(file: OutputFile): Promise<void> {
    const destination = path.join(this.staging, file.path);
    this.makeFolder(path.dirname(destination));
    let { contents } = file;
    if (isParts(contents)) {
      const bytes = byteLength(contents);
      if (!this.compressor.compresses(file.path, bytes)) {
        writeParts(destination, contents);
        this.bytes += bytes;
        return;
      }
      contents = Buffer.concat(contents);
    }
    const first = typeof contents === 'string' ? undefined : this.firstCopies.get(contents);
    if (first) {
      linkSync(first.path, destination);
      this.follow(first.twins.then((twins) => twins.forEach((twin) => linkSync(first.path + twin, destination + twin))));
      return;
    }
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    writeFileSync(destination, bytes);
    this.bytes += bytes.byteLength;
    const twins = this.writeTwins(file.path, bytes, destination);
    if (typeof contents !== 'string') this.firstCopies.set(contents, { path: destination, twins });
    this.follow(twins);
    // At most COMPRESSION_CONCURRENCY compressions in flight: enough for zlib's threads, not every page's twins in memory.
    if (this.compressing.size >= COMPRESSION_CONCURRENCY) await Promise.race(this.compressing);
  }

  /** Resolves once every twin and link is written; rejects with the first failure. */
  async finished(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending);
  }

  /** Resolves to the extensions of the twins written beside `destination`. */
  private writeTwins(file: string, contents: Uint8Array, destination: string): Promise<string[]> {
    const compression = this.compressor.twins(file, contents);
    const settled: Promise<unknown> = compression.then(
      () => this.compressing.delete(settled),
      () => this.compressing.delete(settled),
    );
    this.compressing.add(settled);
    return compression.then((twins) =>
      twins.map((twin) => {
        writeFileSync(destination + twin.extension, twin.contents);
        return twin.extension;
      }),
    );
  }

  /** Work that writes once a compression ends; finished() waits for all of it. */
  private follow(work: Promise<unknown>) {
    const followed = work.finally(() => this.pending.delete(followed));
    this.pending.add(followed);
    // A failure surfaces through finished(); unobserved meanwhile, it must not count as unhandled.
    followed.catch(() => {});
  }

  private makeFolder(folder: string) {
    if (this.folders.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    this.folders.add(folder);
  }
}

/** The size of a file given as parts. */
export function byteLength(parts: readonly Uint8Array[]): number {
  return parts.reduce((total, part) => total + part.byteLength, 0);
}

function isParts(contents: OutputFile['contents']): contents is readonly Uint8Array[] {
  return Array.isArray(contents);
}

/** Writes the parts in order with one writev: libuv splits the call at IOV_MAX and finishes partial writes. */
function writeParts(destination: string, parts: readonly Uint8Array[]): void {
  const fd = openSync(destination, 'w');
  try {
    writevSync(fd, parts);
  } finally {
    closeSync(fd);
  }
}

/** How many files are compressed at once: enough to keep zlib's threads busy. */
const COMPRESSION_CONCURRENCY = 16;

/**
 * Runs `action` holding the output folder's lock: a file created exclusively beside it,
 * naming its owner's pid. A lock whose owner has died is taken over.
 */
async function withLock<T>(parent: string, base: string, action: () => Promise<T>): Promise<T> {
  const lock = path.join(parent, `.${base}.lock`);
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(lock, 'utf8').catch(() => '0'));
      if (owner && !isRunning(owner)) await rm(lock, { force: true });
      else if (attempt > LOCK_ATTEMPTS) throw new Error(`${lock} is held by process ${owner}; another build is still writing.`);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await action();
  } finally {
    await rm(lock, { force: true });
  }
}

/** 50 ms apart: a minute for another build's swap or clean-up, which take milliseconds. */
const LOCK_ATTEMPTS = 1200;

/** Moves the finished staging folder to `target`, the old output aside first and deleted last. */
async function swapIn(staging: string, target: string) {
  if (!existsSync(target)) {
    await rename(staging, target);
    return;
  }
  const retired = path.join(path.dirname(target), `.${path.basename(target)}.old-${process.pid}-${randomBytes(4).toString('hex')}`);
  await rename(target, retired);
  try {
    await rename(staging, target);
  } catch (error) {
    await rename(retired, target);
    throw error;
  }
  await rm(retired, { recursive: true, force: true });
}

/** The build replaces its folder whole: refuse folders that hold anything but an earlier build. */
async function assertReplaceable(target: string) {
  const fromTarget = path.relative(target, process.cwd());
  if (!fromTarget.startsWith('..') && !path.isAbsolute(fromTarget)) throw OutputInsideSource.create(target);
  if (!existsSync(target)) return;
  const entries = await readdir(target);
  if (entries.length && !entries.includes('manifest.json')) throw OutputNotBuild.create(target);
}

/**
 * Cleans up after builds that were killed midway: their staging folders are deleted;
 * a retired output whose replacement never arrived is put back.
 */
async function removeStaleStaging(parent: string, base: string) {
  const leftover = new RegExp(`^\\.${escapeRegExp(base)}\\.(tmp|old)-(\\d+)-[0-9a-f]+$`);
  const target = path.join(parent, base);
  for (const entry of await readdir(parent)) {
    const match = leftover.exec(entry);
    if (!match || isRunning(Number(match[2]))) continue;
    if (match[1] === 'old' && !existsSync(target)) await rename(path.join(parent, entry), target);
    else await rm(path.join(parent, entry), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
