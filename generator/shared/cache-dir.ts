// Where a project keeps what its builds can make again (encoded images, image headers, compressed twins, the
// bundle): read by validation and by builds alike.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where encoded images and compressed twins are kept between builds: `STORE_LANDING_CACHE_DIR`
 * when set (one cache for many configs, or a folder a CI cache step restores), else `.cache/`
 * beside the config. Entries are named by the hash of what made them, so configs can share one.
 */
export function cacheRoot(configDir: string): string {
  const shared = process.env.STORE_LANDING_CACHE_DIR;
  return shared ? path.resolve(shared) : path.join(configDir, '.cache');
}

/** Where a build of the config in `configDir` keeps its encoded images unless told otherwise. */
export function imageCacheDir(configDir: string): string {
  return path.join(cacheRoot(configDir), 'images');
}

/** Writes a cache entry through a temporary name, so a build killed midway never leaves a truncated one. */
export async function writeCacheEntry(file: string, contents: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}
