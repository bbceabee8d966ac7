// Dev's output writer: the build's files written in place, only those whose bytes changed, and files the build no longer makes removed.
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../pipeline/output/write.ts';

/**
 * Writes rebuilds of one output folder, which only dev serves: unlike `build`'s writer it
 * neither swaps the folder whole nor compresses (the dev server sends pages uncompressed),
 * so a rebuild that changed one locale writes that locale's pages and little else.
 */
export class ChangedFilesWriter {
  /** Each file written so far, by path, with a digest of its bytes. */
  private readonly digests = new Map<string, string>();
  /** The paths the last write changed, added or removed. */
  changed: string[] = [];

  /** Same shape as pipeline/output/write.ts's writeOutput, so buildSite can use either. */
  readonly write = async (outDir: string, files: OutputFile[] | AsyncIterable<OutputFile[]>): Promise<{ bytes: number }> => {
    const root = path.resolve(outDir);
    const batches = Array.isArray(files) ? [files] : files;
    const seen = new Set<string>();
    const changed: string[] = [];
    let bytes = 0;
    for await (const batch of batches) {
      for (const file of batch) {
        const contents = toBuffer(file.contents);
        bytes += contents.byteLength;
        seen.add(file.path);
        // Assets are named by their content: one written before is the same bytes.
        if (ASSET_PATH.test(file.path) && this.digests.has(file.path)) continue;
        const digest = createHash('sha1').update(contents).digest('hex');
        if (this.digests.get(file.path) === digest) continue;
        writeInPlace(path.join(root, file.path), contents);
        this.digests.set(file.path, digest);
        changed.push(file.path);
      }
    }
    for (const old of [...this.digests.keys()].filter((file) => !seen.has(file))) {
      rmSync(path.join(root, old), { force: true });
      this.digests.delete(old);
      changed.push(old);
    }
    this.changed = changed;
    return { bytes };
  };
}

/** `assets/` of a campaign's folder, whose file names carry a hash of their contents. */
const ASSET_PATH = /(^|\/)assets\//;

function toBuffer(contents: OutputFile['contents']): Buffer {
  if (typeof contents === 'string') return Buffer.from(contents);
  if (Array.isArray(contents)) return Buffer.concat(contents as readonly Uint8Array[]);
  if ('pieces' in contents) return Buffer.from([...contents.pieces()].join(''));
  const bytes = contents as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Through a temporary name, so a page requested meanwhile is the old one or the new one, never half of one. */
function writeInPlace(file: string, contents: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}
