// Precompressed twins of text files: which twins a file gets, how hard they are compressed, and a disk cache of the costly ones.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip, gzipSync } from 'node:zlib';
import { sha256Hex } from './hash.ts';

/** Text files that get compressed twins; pages (.html) do not, see effortFor. */
const COMPRESSIBLE = /\.(js|css|json|svg|txt|xml)$/;
/** Below this size a compressed twin saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 256;
/** Files of the bundle and the artwork: the same in every campaign and, mostly, from build to build. */
const SHARED_ASSET = /(^|\/)assets\/[^/]+\.(js|css|svg)$/;
/** Host configuration (generator/hosts) is read by the host, never sent to a browser. */
const HOSTING = '_hosting/';

/** A compressed copy of a file, written beside it with `extension` for hosts that serve precompressed files. */
export interface Twin {
  extension: '.gz' | '.br';
  contents: Buffer;
}

/** What a file's twins are made with: gzip's level, and brotli's quality when it gets a `.br` twin. */
interface Effort {
  gzip: number;
  brotli?: number;
}

/**
 * The twins a file gets, or null for none.
 * - Scripts, styles and SVGs in assets/ load on every visit and rarely change: gzip 9 and
 *   brotli 11, slow on a file the size of the React client, so cached on disk by content
 *   across builds.
 * - Pages get none. They are many and change with every build, and compressing each one
 *   costs more than rendering and writing it (`npm run bench` shows the build's stages).
 *   CDNs and static hosts compress pages as they send them, and so does `serve`
 *   (page-responses.ts).
 * - The per-campaign JSON (the manifest; config.json when over 256 bytes) is small: a gzip twin at level 9.
 * - Host configuration under `_hosting/` gets none.
 */
function effortFor(file: string, bytes: number): Effort | null {
  if (!COMPRESSIBLE.test(file) || bytes < MIN_COMPRESS_BYTES || file.startsWith(HOSTING)) return null;
  return SHARED_ASSET.test(file) ? { gzip: 9, brotli: 11 } : { gzip: 9 };
}

const gzipAsync = promisify(gzip);

/**
 * Below this size a file is gzipped on the calling thread: for a small file such as a locale
 * bundle, the streams and hand-offs of zlib's thread pool cost more than the compression, and a
 * build of many campaigns makes thousands of such twins.
 */
const SYNC_GZIP_BYTES = 64 * 1024;
const brotliAsync = promisify(brotliCompress);

/** Compresses files into their twins; the costly brotli 11 ones are kept in `cacheDir`, when given, for later builds. */
export class Compressor {
  constructor(private readonly cacheDir?: string) {}

  /** True when a file at `file` (a path in the output) of `bytes` gets twins. */
  compresses(file: string, bytes: number): boolean {
    return effortFor(file, bytes) !== null;
  }

  /** The twins of `file` (a path in the output, for its kind), or none. */
  async twins(file: string, contents: Uint8Array): Promise<Twin[]> {
    const effort = effortFor(file, contents.byteLength);
    if (!effort) return [];
    if (effort.brotli === undefined) {
      const options = { level: effort.gzip };
      return [
        {
          extension: '.gz',
          contents: contents.byteLength < SYNC_GZIP_BYTES ? gzipSync(contents, options) : await gzipAsync(contents, options),
        },
      ];
    }
    const key = `${sha256Hex(contents)}-${effort.gzip}-${effort.brotli}`;
    return (await this.cached(key)) ?? this.store(key, await compressBoth(contents, effort.gzip, effort.brotli));
  }

  private async cached(key: string): Promise<Twin[] | null> {
    if (!this.cacheDir) return null;
    try {
      const [gz, br] = await Promise.all(['.gz', '.br'].map((extension) => readFile(path.join(this.cacheDir!, key + extension))));
      return [
        { extension: '.gz', contents: gz! },
        { extension: '.br', contents: br! },
      ];
    } catch {
      return null;
    }
  }

  /** Keeps the twins for later builds; a cache that cannot be written only costs the next build time. */
  private async store(key: string, twins: Twin[]): Promise<Twin[]> {
    if (!this.cacheDir) return twins;
    try {
      await mkdir(this.cacheDir, { recursive: true });
      for (const twin of twins) {
        // Renamed into place: a build reading the cache meanwhile never sees half a file.
        const partial = path.join(this.cacheDir, `.${key}${twin.extension}.${randomBytes(4).toString('hex')}`);
        await writeFile(partial, twin.contents);
        await rename(partial, path.join(this.cacheDir, key + twin.extension));
      }
    } catch {
      // Read-only checkout or full disk: the build goes on without the cache.
    }
    return twins;
  }
}

/** `contents` as gzip at `level` and brotli at `quality`, in that order. */
export async function compressBoth(contents: Uint8Array, level: number, quality: number): Promise<Twin[]> {
  const [gz, br] = await Promise.all([
    gzipAsync(contents, { level }),
    brotliAsync(contents, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: quality,
        [zlib.BROTLI_PARAM_SIZE_HINT]: contents.byteLength,
        // A window just larger than the file: the default 4 MB window costs memory for nothing.
        [zlib.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(16, Math.ceil(Math.log2(contents.byteLength + 1)) + 1)),
      },
    }),
  ]);
  return [
    { extension: '.gz', contents: gz },
    { extension: '.br', contents: br },
  ];
}
