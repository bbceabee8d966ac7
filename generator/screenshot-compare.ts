// Pixel comparison of two PNG screenshots with pixelmatch, and the compact PNGs the baselines are stored as.
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** How a capture compares with its baseline. */
export interface Comparison {
  /** Pixels pixelmatch counts as different, plus every pixel only one of the two images has. */
  differingPixels: number;
  /** `differingPixels` over the pixels of the larger image, 0 to 1. */
  share: number;
  /** `WxH` of the baseline and of the capture. */
  baselineSize: string;
  currentSize: string;
  /** PNG: differences in red over a faded copy of the capture. */
  diff: Buffer;
}

/** Where only one image has pixels (the page grew or shrank), the other is this colour, which no page uses. */
const PADDING = [255, 0, 255, 255] as const;

/**
 * Compares two PNGs. Images of different sizes are compared on the larger canvas, so a page
 * that grew counts its new area as changed instead of failing to compare.
 * @param pixelThreshold pixelmatch's colour distance, 0 to 1, below which two pixels are equal.
 */
export function comparePng(baselinePng: Buffer, currentPng: Buffer, pixelThreshold: number): Comparison {
  const baseline = PNG.sync.read(baselinePng);
  const current = PNG.sync.read(currentPng);
  const width = Math.max(baseline.width, current.width);
  const height = Math.max(baseline.height, current.height);
  const diff = new PNG({ width, height });
  const differingPixels = pixelmatch(onCanvas(baseline, width, height), onCanvas(current, width, height), diff.data, width, height, {
    threshold: pixelThreshold,
  });
  return {
    differingPixels,
    share: differingPixels / (width * height),
    baselineSize: `${baseline.width}x${baseline.height}`,
    currentSize: `${current.width}x${current.height}`,
    diff: PNG.sync.write(diff, { deflateLevel: 9 }),
  };
}

/** The image's RGBA pixels on a `width` x `height` canvas, the uncovered part padded. */
function onCanvas(image: PNG, width: number, height: number): Uint8Array {
  if (image.width === width && image.height === height) return image.data;
  const canvas = new Uint8Array(width * height * 4);
  for (let i = 0; i < canvas.length; i += 4) canvas.set(PADDING, i);
  for (let y = 0; y < image.height; y++) {
    canvas.set(image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4), y * width * 4);
  }
  return canvas;
}

/**
 * The same pixels, as small as zlib makes them: Chromium writes its PNGs for speed, and
 * the baselines live in git. Lossless, so a baseline compares exactly as it was captured.
 */
export function compressPng(png: Buffer): Buffer {
  const image = PNG.sync.read(png);
  return PNG.sync.write(image, { deflateLevel: 9, deflateStrategy: 1, filterType: -1 });
}
