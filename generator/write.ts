// Writes a build atomically: everything goes into a hidden sibling folder, which then replaces the output folder in one rename.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { OutputInsideSource, OutputNotBuild } from './errors.ts';

/** A file of the build, relative to the output folder, with `/` separators. */
export interface OutputFile {
  path: string;
  contents: string | Uint8Array;
}

/** Text files the server sends compressed; `serve` (and most hosts) pick the `.br`/`.gz` twin. */
const COMPRESSIBLE = /\.(html|js|css|json|svg|txt|xml)$/;
/** Below this size a compressed twin saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 256;

/**
 * How hard to compress a file. Scripts, styles and SVGs in assets/ are the same in every
 * campaign (compressed once, see `compressed`) and load on every visit: they get the maximum.
 * Pages and the per-campaign JSON are many: brotli 11 takes ~40 ms for a page and saves ~7%
 * over quality 5, which takes under 1 ms (measured on a 46 KB page).
 */
function compressionEffort(file: string): { gzip: number; brotli: number } {
  return /(^|\/)assets\/[^/]+\.(js|css|svg)$/.test(file) ? { gzip: 9, brotli: 11 } : { gzip: 6, brotli: 5 };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Compressed twins by content and effort: `--all` writes the same assets into every campaign's folder. */
const twins = new Map<string, Promise<{ gz: Buffer; br: Buffer }>>();

function compressed(contents: Uint8Array, effort: { gzip: number; brotli: number }) {
  const key = `${effort.gzip}/${effort.brotli}/${createHash('sha1').update(contents).digest('base64')}`;
  let result = twins.get(key);
  if (!result) {
    result = Promise.all([
      gzipAsync(contents, { level: effort.gzip }),
      brotliAsync(contents, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: effort.brotli,
          [zlib.BROTLI_PARAM_SIZE_HINT]: contents.byteLength,
          // A window just larger than the file: the default 4 MB window costs memory for nothing.
          [zlib.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(16, Math.ceil(Math.log2(contents.byteLength + 1)) + 1)),
        },
      }),
    ]).then(([gz, br]) => ({ gz, br }));
    // Only large shared files repeat; pages are unique, so caching them would only hold memory.
    if (effort.brotli === 11) twins.set(key, result);
  }
  return result;
}

/**
 * Replaces `outDir` with exactly `files`, given at once or in batches (plus `.gz` and `.br` twins of text files).
 * A failure at any point leaves the previous output as it was.
 * @returns the bytes written, twins and linked copies excluded.
 */
export async function writeOutput(
  outDir: string,
  files: OutputFile[] | AsyncIterable<OutputFile[]>,
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
  let bytes = 0;
  try {
    await mkdir(staging);
    const folders = new Map<string, Promise<unknown>>();
    const makeFolder = (folder: string) => {
      if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
      return folders.get(folder)!;
    };
    // `--all` writes the same asset into every campaign's folder: the copies after the first are hard links to it.
    const firstCopies = new Map<Uint8Array, Promise<string>>();
    for await (const batch of batches) {
      // Settled, not all: every write must have ended before a failure removes the staging folder.
      const writes = await settleEach(batch, WRITE_CONCURRENCY, async (file) => {
        const destination = path.join(staging, file.path);
        await makeFolder(path.dirname(destination));
        const first = typeof file.contents === 'string' ? undefined : firstCopies.get(file.contents);
        if (first) {
          await linkCopy(await first, destination);
          return;
        }
        const written = writeWithTwins(file, destination);
        if (typeof file.contents !== 'string') firstCopies.set(file.contents, written.then(() => destination));
        bytes += await written;
      });
      const failed = writes.find((write) => write.status === 'rejected');
      if (failed) throw failed.reason;
    }
    // Builds into one folder at once each stage on their own; their swaps take turns, so the last whole build wins.
    await withLock(parent, base, () => swapIn(staging, target));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return { bytes };
}

/** Writes a file and, for text worth it, its `.gz` and `.br` twins; resolves to its size. */
async function writeWithTwins(file: OutputFile, destination: string): Promise<number> {
  const contents = typeof file.contents === 'string' ? Buffer.from(file.contents) : file.contents;
  await writeFile(destination, contents);
  if (COMPRESSIBLE.test(file.path) && contents.byteLength >= MIN_COMPRESS_BYTES) {
    const { gz, br } = await compressed(contents, compressionEffort(file.path));
    await Promise.all([writeFile(destination + '.gz', gz), writeFile(destination + '.br', br)]);
  }
  return contents.byteLength;
}

/** Hard-links `destination` (and its twins, where `source` has them) to an already written `source`. */
async function linkCopy(source: string, destination: string): Promise<void> {
  await link(source, destination);
  for (const twin of ['.gz', '.br']) {
    await link(source + twin, destination + twin).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

/**
 * How many files are written and compressed at once: enough to keep the disk and zlib's
 * threads busy, few enough that a 1,000-page build does not hold every compressed twin in memory.
 */
const WRITE_CONCURRENCY = 16;

/** Runs `task` over `items`, at most `limit` at a time; like Promise.allSettled. */
async function settleEach<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<PromiseSettledResult<void>[]> {
  const results: PromiseSettledResult<void>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!).then(
        () => ({ status: 'fulfilled', value: undefined }) as const,
        (reason: unknown) => ({ status: 'rejected', reason }) as const,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

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
