// An image's header as sharp reads it (image-limits.ts readImageHeader), kept in the image cache by the hash of the
// image's bytes: validation, and a build whose images were all read before, never load sharp. Its native
// library, once loaded, holds some 30 MB of a build's memory to the end.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { writeCacheEntry } from './cache-dir.ts';
import { sha256Hex } from './hash.ts';
import { readImageHeader, type ImageHeader, type ImageHeaderRead } from './image-limits.ts';

/** sharp's version, from its package.json (read without loading the library): another version may read a file otherwise. */
export const SHARP_VERSION: string = sharpVersion();

/** A kept header: what sharp of a version made of the image whose bytes hash to the entry's name. */
interface HeaderEntry {
  sharp: string;
  header: ImageHeader;
}

/**
 * readImageHeader of `source` (a file, or its bytes), from `imageCache`'s `headers/` when sharp of
 * this version read the same bytes before, else read and kept there. Only headers are kept: an
 * image sharp cannot read is read again each time, to say why. A cache that cannot be written costs
 * time, never the answer.
 */
export async function knownImageHeader(source: string | Buffer, imageCache: string): Promise<ImageHeaderRead> {
  const bytes = typeof source === 'string' ? await readFile(source) : source;
  const entry = path.join(imageCache, 'headers', `${sha256Hex(bytes)}.json`);
  const known = await readFile(entry, 'utf8').then(keptHeader, () => undefined);
  if (known) return { header: known };
  const read = await readImageHeader(source);
  if ('header' in read)
    await writeCacheEntry(entry, JSON.stringify({ sharp: SHARP_VERSION, header: read.header } satisfies HeaderEntry)).catch(() => {});
  return read;
}

/** The header an entry keeps, when it is whole and this version of sharp's. */
function keptHeader(text: string): ImageHeader | undefined {
  try {
    const { sharp, header } = JSON.parse(text) as Partial<HeaderEntry>;
    const whole = typeof header?.format === 'string' && Number.isFinite(header.width) && Number.isFinite(header.height);
    return sharp === SHARP_VERSION && whole ? { format: header.format, width: header.width, height: header.height } : undefined;
  } catch {
    return undefined;
  }
}

/** The version in sharp's package.json: the first one named sharp above the file its name resolves to (its exports hide the file). */
function sharpVersion(): string {
  for (let dir = path.dirname(createRequire(import.meta.url).resolve('sharp')); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    const found = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string }) : undefined;
    if (found?.name === 'sharp') return found.version;
  }
  throw new Error("sharp's package.json was not found above the file it resolves to.");
}
