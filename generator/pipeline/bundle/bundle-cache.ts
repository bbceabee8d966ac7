// The runtime bundle kept between builds with the hash of every file it was made from: a build whose sources
// did not change reuses it instead of running esbuild again.
import { version as esbuildVersion } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256Hex } from '../../shared/hash.ts';
import type { Bundle } from './bundle.ts';

/**
 * The checkout this code runs from. A kept bundle names its sources by absolute path, so in a
 * cache shared by several checkouts (STORE_LANDING_CACHE_DIR) another checkout's bundle would
 * pass the check of its own, unchanged, sources: a bundle is reused only by the checkout that made it.
 */
const CHECKOUT = fileURLToPath(import.meta.url);

/** A bundle as kept on disk: its files' bytes in base64, and each source's hash. */
interface KeptBundle {
  esbuild: string;
  checkout: string;
  sources: Record<string, string>;
  bundle: Omit<Bundle, 'files'> & { files: Array<{ name: string; contents: string }> };
}

/**
 * The bundle `make` makes, or the one kept in `dir` when every file it was made from (the
 * page's code, the packages it imports, bundle.ts itself) still has the same bytes and esbuild
 * the same version: checking the sources costs a small part of what bundling does.
 * A kept bundle that cannot be read is made again; one that cannot be written costs only time.
 */
export async function cachedBundle(dir: string, make: () => Promise<Bundle>): Promise<Bundle> {
  const file = path.join(dir, 'bundle.json');
  const kept = await readKept(file);
  if (kept && (await unchanged(kept.sources)))
    return { ...kept.bundle, files: kept.bundle.files.map(({ name, contents }) => ({ name, contents: Buffer.from(contents, 'base64') })) };
  const bundle = await make();
  await keep(file, bundle).catch(() => {});
  return bundle;
}

async function readKept(file: string): Promise<KeptBundle | undefined> {
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as KeptBundle;
    return kept.esbuild === esbuildVersion && kept.checkout === CHECKOUT ? kept : undefined;
  } catch {
    return undefined;
  }
}

async function unchanged(sources: Record<string, string>): Promise<boolean> {
  const hashes = await Promise.all(Object.entries(sources).map(async ([source, hash]) => (await hashOf(source)) === hash));
  return hashes.every(Boolean);
}

/** A file's SHA-256, or '' when it cannot be read (a source that is gone counts as changed). */
async function hashOf(file: string): Promise<string> {
  try {
    return sha256Hex(await readFile(file));
  } catch {
    return '';
  }
}

/** Writes the record through a temporary name: a build reading meanwhile sees the old one or the new, never half. */
async function keep(file: string, bundle: Bundle): Promise<void> {
  const sources = Object.fromEntries(await Promise.all(bundle.sources.map(async (source) => [source, await hashOf(source)] as const)));
  const record: KeptBundle = {
    esbuild: esbuildVersion,
    checkout: CHECKOUT,
    sources,
    bundle: { ...bundle, files: bundle.files.map(({ name, contents }) => ({ name, contents: Buffer.from(contents).toString('base64') })) },
  };
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(partial, JSON.stringify(record));
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}
