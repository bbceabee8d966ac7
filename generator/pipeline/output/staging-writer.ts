// Writes a build's files into its staging folder (write.ts swaps it in): parts, pieces and hard links, compressed twins beside.
import { closeSync, linkSync, mkdirSync, openSync, writeFileSync, writeSync, writevSync } from 'node:fs';
import path from 'node:path';
import type { Compressor } from '../../shared/compress.ts';
import type { OutputFile, TextPieces, WrittenFile } from './write.ts';

/**
 * Writes files into the staging folder. Files, folders and links are made with synchronous
 * calls, one after another: each takes microseconds, while a round trip through libuv's
 * thread pool costs far more than the call itself, and a build makes a dozen per page.
 * Compression, which takes milliseconds, runs in zlib's threads meanwhile.
 */
export class StagingWriter {
  bytes = 0;
  private readonly folders = new Folders();
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
    this.folders.make(path.dirname(destination));
    let { contents } = file;
    if (isWritten(contents)) {
      this.bytes += contents.written;
      return;
    }
    if (isPieces(contents)) {
      if (this.compressor.compresses(file.path, Number.MAX_SAFE_INTEGER))
        throw new Error(`${file.path} is compressed: it cannot be written in pieces.`);
      this.bytes += writePieces(destination, contents.pieces());
      return;
    }
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
}

/**
 * Makes the folders files go into. Files come folder by folder: the folders made last save the
 * calls, and a site's every folder (100,000 paths) is not kept.
 */
export class Folders {
  private readonly made = new Set<string>();

  make(folder: string): void {
    if (this.made.has(folder)) return;
    mkdirSync(folder, { recursive: true });
    if (this.made.size >= FOLDERS_KEPT) this.made.clear();
    this.made.add(folder);
  }
}

/** The size of a file's contents, given whole, as parts or as pieces (made again to be counted). */
export function byteLength(contents: OutputFile['contents']): number {
  if (typeof contents === 'string') return Buffer.byteLength(contents);
  if (isPieces(contents)) return [...contents.pieces()].reduce((total, piece) => total + Buffer.byteLength(piece), 0);
  if (isWritten(contents)) return contents.written;
  if (!isParts(contents)) return contents.byteLength;
  return contents.reduce((total, part) => total + part.byteLength, 0);
}

function isParts(contents: OutputFile['contents']): contents is readonly Uint8Array[] {
  return Array.isArray(contents);
}

function isWritten(contents: OutputFile['contents']): contents is WrittenFile {
  return typeof contents === 'object' && 'written' in contents;
}

/** Whether contents are TextPieces. */
export function isPieces(contents: OutputFile['contents']): contents is TextPieces {
  return typeof contents === 'object' && 'pieces' in contents;
}

/** How much text writePieces gathers before one write: few calls, and memory bounded whatever the file's size. */
const PIECES_BUFFER = 1024 * 1024;

/**
 * Writes text pieces in order, a megabyte at a time; returns the bytes written. Each piece is
 * encoded into the buffer as it comes, so it dies young: pieces kept until a megabyte is
 * gathered would outlive the young generation's collections, and the text of a host file of
 * thousands of campaigns would pile up as garbage in the old one until a full collection.
 */
function writePieces(destination: string, pieces: Iterable<string>): number {
  const fd = openSync(destination, 'w');
  const buffer = Buffer.allocUnsafeSlow(PIECES_BUFFER);
  let bytes = 0;
  let used = 0;
  const flush = () => {
    writeSync(fd, buffer, 0, used);
    bytes += used;
    used = 0;
  };
  try {
    for (const piece of pieces) {
      // A UTF-16 code unit takes at most 3 bytes in UTF-8.
      if (used + piece.length * 3 > PIECES_BUFFER) flush();
      if (piece.length * 3 > PIECES_BUFFER) {
        bytes += writeSync(fd, piece);
        continue;
      }
      used += buffer.write(piece, used);
    }
    flush();
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/** Writes the parts in order with one writev: libuv splits the call at IOV_MAX and finishes partial writes. */
export function writeParts(destination: string, parts: readonly Uint8Array[]): void {
  const fd = openSync(destination, 'w');
  try {
    writevSync(fd, parts);
  } finally {
    closeSync(fd);
  }
}

/** How many folders Folders remembers having made. */
const FOLDERS_KEPT = 1024;

/** How many files are compressed at once: enough to keep zlib's threads busy. */
const COMPRESSION_CONCURRENCY = 16;
