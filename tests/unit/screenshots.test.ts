// The screenshot command's parts that need no browser: naming the shots, comparing PNGs, compressing baselines, and its user errors.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/build/index.ts';
import { comparePng, compressPng } from '../../generator/screenshots/compare.ts';
import { planShots } from '../../generator/screenshots/run.ts';
import { fixturesDir, runCli, temporaryDir } from '../helpers.ts';

/** A white PNG of `width` x `height` with the given pixels painted black. */
function png(width: number, height: number, black: Array<[number, number]> = []): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 4, 255);
  for (const [x, y] of black) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return sharp(data, { raw: { width, height, channels: 4 } }).png().toBuffer();
}

describe('planShots', () => {
  it('captures every page at 390 and 350 px, named by locale, variant and width, at its own URL', () => {
    const pages = [
      { route: '/', locale: 'en', variant: 'default', file: 'index.html', bytes: 1 },
      { route: '/feature1', locale: 'de', variant: 'feature1', file: 'de/feature1/index.html', bytes: 1 },
    ];
    expect(planShots(pages, 1).map((shot) => `${shot.name} /${shot.urlPath} ${shot.viewport.width}x${shot.viewport.height}`)).toEqual([
      'en-default-390.png / 390x844',
      'en-default-350.png / 350x844',
      'de-feature1-390.png /de/feature1 390x844',
      'de-feature1-350.png /de/feature1 350x844',
    ]);
    expect(planShots(pages, 3)[0]!.name).toBe('en-default-390@3x.png');
  });
});

describe('comparePng', () => {
  it('counts no difference between equal images and one for one changed pixel, and draws it', async () => {
    const same = await comparePng(await png(10, 10), await png(10, 10), 0.1);
    expect(same.comparison).toEqual({ differingPixels: 0, share: 0, baselineSize: '10x10', currentSize: '10x10' });
    const one = await comparePng(await png(10, 10), await png(10, 10, [[3, 4]]), 0.1);
    expect([one.comparison.differingPixels, one.comparison.share]).toEqual([1, 0.01]);
    const diff = await sharp(await one.diffPng()).raw().toBuffer({ resolveWithObject: true });
    expect(diff.info).toMatchObject({ width: 10, height: 10 });
    expect([...diff.data.subarray((4 * 10 + 3) * 4, (4 * 10 + 3) * 4 + 3)]).toEqual([255, 0, 0]);
  });

  it('counts the rows only one image has when a page grew', async () => {
    const { comparison } = await comparePng(await png(10, 10), await png(10, 12), 0.1);
    expect(comparison).toEqual({ differingPixels: 20, share: 20 / 120, baselineSize: '10x10', currentSize: '10x12' });
  });
});

describe('compressPng', () => {
  it('keeps every pixel and drops the alpha channel', async () => {
    const original = await png(40, 30, [[1, 1], [39, 29]]);
    const compressed = await compressPng(original);
    expect((await sharp(compressed).metadata()).channels).toBe(3);
    expect((await comparePng(original, compressed, 0)).comparison.differingPixels).toBe(0);
  });
});

describe('store-landing screenshots, before any browser starts', () => {
  it('refuses a folder that is not a build', async () => {
    const empty = await temporaryDir();
    const run = await runCli(['screenshots', '--build', empty, '-o', path.join(await temporaryDir(), 'report')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`There is no build in ${empty}: it holds no manifest.json.`);
  });

  it('names the missing baselines and points at --update', async () => {
    const build = path.join(await temporaryDir(), 'out');
    await buildSite({ config: path.join(fixturesDir, 'images/variants.yaml'), outDir: build, imageCacheDir: await temporaryDir() });
    const baselines = path.join(await temporaryDir(), 'baselines');
    await mkdir(baselines);
    const run = await runCli(['screenshots', '--build', build, '--baseline', baselines, '-o', path.join(await temporaryDir(), 'report')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`8 screenshot baselines are missing from ${baselines}: en-default-390.png, en-default-350.png, de-default-390.png, de-default-350.png, en-feature1-390.png, and 3 more.`);
    expect(run.stderr).toContain('store-landing screenshots --update');
  });

  it('refuses a threshold that is not a per cent', async () => {
    const run = await runCli(['screenshots', '--threshold', '150']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('expected a per cent from 0 to 100, found "150"');
  });
});
