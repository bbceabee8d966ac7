// Comparing and compressing the screenshot command's PNGs: differing pixels, their boxes, rows only one image has, pixels outside the capture's images.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { comparePng, compressPng } from '../../../generator/screenshots/compare.ts';

/** A white PNG of `width` x `height` with the given pixels painted black. */
function png(width: number, height: number, black: Array<[number, number]> = []): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 4, 255);
  for (const [x, y] of black) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}
describe('comparePng', () => {
  it('counts no difference between equal images and one for one changed pixel, with its box, and draws it', async () => {
    const same = await comparePng(await png(10, 10), await png(10, 10), 0.1);
    expect(same.comparison).toEqual({
      differingPixels: 0,
      box: null,
      differingOutsideImages: 0,
      baselineSize: '10x10',
      currentSize: '10x10',
    });
    const one = await comparePng(await png(10, 10), await png(10, 10, [[3, 4]]), 0.1);
    expect([one.comparison.differingPixels, one.comparison.box]).toEqual([1, { x: 3, y: 4, width: 1, height: 1 }]);
    const diff = await sharp(await one.diffPng())
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(diff.info).toMatchObject({ width: 10, height: 10 });
    expect([...diff.data.subarray((4 * 10 + 3) * 4, (4 * 10 + 3) * 4 + 3)]).toEqual([255, 0, 0]);
  });

  it('counts the rows only one image has when a page grew', async () => {
    const { comparison } = await comparePng(await png(10, 10), await png(10, 12), 0.1);
    expect(comparison).toEqual({
      differingPixels: 20,
      box: { x: 0, y: 10, width: 10, height: 2 },
      differingOutsideImages: 20,
      baselineSize: '10x10',
      currentSize: '10x12',
    });
  });

  it('boxes every differing pixel, far apart too', async () => {
    const { comparison } = await comparePng(
      await png(40, 30),
      await png(40, 30, [
        [5, 2],
        [30, 20],
      ]),
      0.1,
    );
    expect(comparison).toMatchObject({ differingPixels: 2, box: { x: 5, y: 2, width: 26, height: 19 } });
  });

  it("counts apart the differing pixels outside the capture's images", async () => {
    const [baseline, current] = [
      await png(40, 30),
      await png(40, 30, [
        [5, 2],
        [30, 20],
        [31, 21],
      ]),
    ];
    const image = { x: 28, y: 18, width: 4, height: 4 };
    expect((await comparePng(baseline, current, 0.1, [image])).comparison).toMatchObject({ differingPixels: 3, differingOutsideImages: 1 });
    expect((await comparePng(baseline, current, 0.1, [image, { x: 5, y: 2, width: 1, height: 1 }])).comparison.differingOutsideImages).toBe(
      0,
    );
    expect((await comparePng(baseline, current, 0.1)).comparison.differingOutsideImages).toBe(3);
  });
});

describe('compressPng', () => {
  it('keeps every pixel and drops the alpha channel', async () => {
    const original = await png(40, 30, [
      [1, 1],
      [39, 29],
    ]);
    const compressed = await compressPng(original);
    expect((await sharp(compressed).metadata()).channels).toBe(3);
    expect((await comparePng(original, compressed, 0)).comparison.differingPixels).toBe(0);
  });
});
