// Image headers kept in the image cache: sharp reads an image's bytes once, later reads (validation, builds) find
// its header by their hash, and a build whose images are all known never loads sharp.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownImageHeader, SHARP_VERSION } from '../../../generator/shared/image-headers.ts';
import { sha256Hex } from '../../../generator/shared/hash.ts';
import { pngHeader } from '../config/png-header.ts';
import { defaultConfigData, repoRoot, siteDir, temporaryDir } from '../../helpers.ts';

const png = path.join(siteDir, 'images/formats/screenshot.png');

describe('knownImageHeader', () => {
  it("keeps what sharp read by the bytes' hash, and answers the same bytes from there", async () => {
    const cache = await temporaryDir();
    expect(await knownImageHeader(png, cache)).toEqual({ header: { format: 'png', width: 489, height: 1058 } });
    const entry = path.join(cache, 'headers', `${sha256Hex(readFileSync(png))}.json`);
    expect(JSON.parse(readFileSync(entry, 'utf8'))).toEqual({ sharp: SHARP_VERSION, header: { format: 'png', width: 489, height: 1058 } });
    // Answered from the entry, not by sharp: the bytes, as a file or a buffer, give what the entry says.
    writeFileSync(entry, JSON.stringify({ sharp: SHARP_VERSION, header: { format: 'png', width: 7, height: 9 } }));
    expect(await knownImageHeader(png, cache)).toEqual({ header: { format: 'png', width: 7, height: 9 } });
    expect(await knownImageHeader(readFileSync(png), cache)).toEqual({ header: { format: 'png', width: 7, height: 9 } });
  });

  it('reads again an entry of another sharp, or one cut short, and keeps nothing of an image sharp cannot read', async () => {
    const cache = await temporaryDir();
    const bytes = pngHeader(300, 200);
    const entry = path.join(cache, 'headers', `${sha256Hex(bytes)}.json`);
    await knownImageHeader(bytes, cache);
    for (const stale of [JSON.stringify({ sharp: '0.0.1', header: { format: 'png', width: 7, height: 9 } }), '{"sharp":']) {
      writeFileSync(entry, stale);
      expect(await knownImageHeader(bytes, cache)).toEqual({ header: { format: 'png', width: 300, height: 200 } });
    }
    expect(await knownImageHeader(Buffer.from('not a PNG at all'), cache)).toEqual({
      unreadable: 'data in no image format (is it an image at all?)',
    });
    expect(readdirSync(path.join(cache, 'headers'))).toEqual([path.basename(entry)]);
  });

  it('answers when the cache cannot be written', async () => {
    const cache = path.join(await temporaryDir(), 'a-file');
    writeFileSync(cache, '');
    expect(await knownImageHeader(png, cache)).toEqual({ header: { format: 'png', width: 489, height: 1058 } });
  });
});

/** The native libraries a run of the CLI loaded, in any of its threads. */
async function nativeLibraries(args: string[], cacheDir: string): Promise<string[]> {
  const log = path.join(await temporaryDir(), 'dlopen.log');
  writeFileSync(log, '');
  const hook = path.join(path.dirname(log), 'hook.mjs');
  writeFileSync(
    hook,
    `import { appendFileSync } from 'node:fs';
const dlopen = process.dlopen;
process.dlopen = function (module, file, ...rest) { appendFileSync(${JSON.stringify(log)}, file + '\\n'); return dlopen.call(this, module, file, ...rest); };`,
  );
  const env = { ...process.env, NODE_OPTIONS: `--import ${hook}`, STORE_LANDING_CACHE_DIR: cacheDir };
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, [path.join(repoRoot, 'bin/store-landing.js'), ...args], { env }, (error, _stdout, stderr) =>
      error ? reject(new Error(stderr)) : resolve(),
    ),
  );
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

describe('sharp', () => {
  it('is loaded by validation only for images it has not read, and by a build only to encode', async () => {
    const dir = await temporaryDir();
    writeFileSync(path.join(dir, 'variants.yaml'), JSON.stringify(defaultConfigData(dir)));
    const config = path.join(dir, 'variants.yaml');
    const sharp = (libraries: string[]) => libraries.some((library) => /sharp/.test(library));
    // A fresh cache: sharp reads every header.
    const fresh = await temporaryDir();
    expect(sharp(await nativeLibraries(['validate', '-c', config], fresh))).toBe(true);
    expect(sharp(await nativeLibraries(['validate', '-c', config], fresh))).toBe(false);
    // The suite's cache holds the encoded images: after one build there, the next loads no sharp.
    const suite = process.env.STORE_LANDING_CACHE_DIR!;
    await nativeLibraries(['build', '-c', config, '-o', path.join(dir, 'out')], suite);
    expect(sharp(await nativeLibraries(['build', '-c', config, '-o', path.join(dir, 'out')], suite))).toBe(false);
  }, 120_000);
});
