// The runtime bundle is kept between builds and reused only while every file it was made from has the same bytes.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleRuntime, type Bundle } from '../../../generator/pipeline/bundle/bundle.ts';
import { cachedBundle } from '../../../generator/pipeline/bundle/bundle-cache.ts';
import { temporaryDir } from '../../helpers.ts';

/** A bundle "made" from two source files in `dir`, and a count of how often it was made. */
function fakeMaker(dir: string) {
  const sources = [path.join(dir, 'a.ts'), path.join(dir, 'b.css')];
  writeFileSync(sources[0]!, 'export const a = 1;');
  writeFileSync(sources[1]!, 'a{}');
  const made = { count: 0 };
  const make = async (): Promise<Bundle> => {
    made.count++;
    return {
      entries: { runtime: 'runtime-X.js', client: 'client-Y.js' },
      runtimeImports: [],
      files: [{ name: 'runtime-X.js', contents: new Uint8Array([1, 2, made.count]) }],
      css: 'a{}',
      languageRedirect: '',
      metafile: { inputs: {}, outputs: {} },
      sources,
    };
  };
  return { sources, made, make };
}

describe('the kept runtime bundle', () => {
  it('is reused while its sources are unchanged, and made again when one changes or is gone', async () => {
    const dir = await temporaryDir();
    const { sources, made, make } = fakeMaker(dir);
    const cache = path.join(dir, 'cache');
    const first = await cachedBundle(cache, make);
    const second = await cachedBundle(cache, make);
    expect(made.count).toBe(1);
    expect({ ...second, files: second.files.map((file) => [file.name, [...file.contents]]) }).toEqual({
      ...first,
      files: first.files.map((file) => [file.name, [...file.contents]]),
    });
    expect(Buffer.isBuffer(second.files[0]!.contents)).toBe(true);

    writeFileSync(sources[1]!, 'a{color:red}');
    expect((await cachedBundle(cache, make)).files[0]!.contents).toEqual(new Uint8Array([1, 2, 2]));
    await cachedBundle(cache, make);
    expect(made.count).toBe(2);

    rmSync(sources[0]!);
    await cachedBundle(cache, make);
    expect(made.count).toBe(3);
  });

  it('is made again when the kept record cannot be read', async () => {
    const dir = await temporaryDir();
    const { made, make } = fakeMaker(dir);
    const cache = path.join(dir, 'cache');
    await cachedBundle(cache, make);
    writeFileSync(path.join(cache, 'bundle.json'), '{"esbuild":');
    await cachedBundle(cache, make);
    expect(made.count).toBe(2);
  });

  it('is not reused by another checkout sharing the cache, whose sources it does not name', async () => {
    const dir = await temporaryDir();
    const { made, make } = fakeMaker(dir);
    const cache = path.join(dir, 'cache');
    await cachedBundle(cache, make);
    // As another checkout keeps it: the same record, its own sources (unchanged) and its own path.
    const record = path.join(cache, 'bundle.json');
    writeFileSync(
      record,
      JSON.stringify({ ...JSON.parse(readFileSync(record, 'utf8')), checkout: '/elsewhere/generator/pipeline/bundle/bundle-cache.ts' }),
    );
    await cachedBundle(cache, make);
    expect(made.count).toBe(2);
    await cachedBundle(cache, make);
    expect(made.count).toBe(2);
  });

  it("lists as sources the page's code, the packages it imports and the bundler's own modules (its targets too), and a kept one equals a fresh one", async () => {
    const cache = path.join(await temporaryDir(), 'cache');
    const fresh = await bundleRuntime();
    expect(fresh.sources).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/page\/runtime\/index\.ts$/),
        expect.stringMatching(/page\/view\/styles\/header\.css$/),
        expect.stringMatching(/page\/runtime\/language-redirect\.ts$/),
        expect.stringMatching(/node_modules\/react-dom\//),
        expect.stringMatching(/generator\/pipeline\/bundle\/bundle\.ts$/),
        expect.stringMatching(/generator\/pipeline\/bundle\/browser-targets\.ts$/),
      ]),
    );
    await cachedBundle(cache, bundleRuntime);
    const kept = await cachedBundle(cache, () => Promise.reject(new Error('made again')));
    expect(kept.entries).toEqual(fresh.entries);
    expect([kept.css, kept.languageRedirect]).toEqual([fresh.css, fresh.languageRedirect]);
    expect(kept.files.map((file) => [file.name, Buffer.from(file.contents).toString('base64')])).toEqual(
      fresh.files.map((file) => [file.name, Buffer.from(file.contents).toString('base64')]),
    );
  });
});
