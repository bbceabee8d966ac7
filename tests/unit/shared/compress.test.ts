// Compressed twins: which files get which, that they decompress to the file, and that the costly ones come from the cache.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { Compressor } from '../../../generator/shared/compress.ts';
import { temporaryDir } from '../../helpers.ts';

const script = Buffer.from('export const answer = () => 42;\n'.repeat(40));

it('gives shared scripts, styles and SVGs brotli and gzip twins that decompress to the file', async () => {
  for (const file of ['assets/client-ABC.js', 'campaign/assets/page.css', 'assets/icon.svg']) {
    const twins = await new Compressor().twins(file, script);
    expect(
      twins.map((twin) => twin.extension),
      file,
    ).toEqual(['.gz', '.br']);
    expect(gunzipSync(twins[0]!.contents).equals(script)).toBe(true);
    expect(brotliDecompressSync(twins[1]!.contents).equals(script)).toBe(true);
  }
});

it('gives JSON a gzip twin, and pages and files under 256 bytes none', async () => {
  const compressor = new Compressor();
  expect((await compressor.twins('assets/locale-de-0123.json', script)).map((twin) => twin.extension)).toEqual(['.gz']);
  expect(await compressor.twins('de/feature1/index.html', script)).toEqual([]);
  expect(await compressor.twins('assets/small.js', Buffer.from('export {};'))).toEqual([]);
  expect(await compressor.twins('assets/shot.webp', script)).toEqual([]);
});

it('keeps brotli 11 twins in the cache folder and reads them from there on the next build', async () => {
  const cacheDir = path.join(await temporaryDir(), 'compressed');
  await new Compressor(cacheDir).twins('assets/client-ABC.js', script);
  const cached = await readdir(cacheDir);
  expect(cached.filter((name) => name.endsWith('.br'))).toHaveLength(1);
  expect(cached.filter((name) => name.endsWith('.gz'))).toHaveLength(1);
  // A cache entry that says something else proves the next build reads it rather than compressing again.
  const marker = brotliCompressSync(Buffer.from('from the cache'));
  await writeFile(path.join(cacheDir, cached.find((name) => name.endsWith('.br'))!), marker);
  const twins = await new Compressor(cacheDir).twins('assets/client-ABC.js', script);
  expect(twins.find((twin) => twin.extension === '.br')!.contents.equals(marker)).toBe(true);
});

it('compresses as usual when the cache folder cannot be written', async () => {
  const blocker = path.join(await temporaryDir(), 'file');
  await writeFile(blocker, '');
  const twins = await new Compressor(path.join(blocker, 'compressed')).twins('assets/client-ABC.js', script);
  expect(brotliDecompressSync(twins[1]!.contents).equals(script)).toBe(true);
});
