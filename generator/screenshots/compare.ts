// Pixel comparison of two PNG screenshots with pixelmatch, and the compact PNGs the baselines are stored as.
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';

/** How a capture compares with its baseline. */
export interface Comparison {
  /** Pixels pixelmatch counts as different, plus every pixel only one of the two images has. */
  differingPixels: number;
  /** `differingPixels` over the pixels of the larger image, 0 to 1. */
  share: number;
  /** `WxH` of the baseline and of the capture. */
  baselineSize: string;
  currentSize: string;
}

interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Where only one image has pixels (the page grew or shrank), the other is this colour, which no page uses. */
const PADDING = [255, 0, 255, 255] as const;

/**
 * Compares two PNGs; `diffPng` draws the differences only when asked, since most pages
 * have none. Images of different sizes are compared on the larger canvas, so a page that
 * grew counts its new area as changed instead of failing to compare.
 * PNGs are decoded by sharp: off the main thread and about three times faster than pngjs,
 * which matters while the same thread drives Chromium.
 * @param pixelThreshold pixelmatch's colour distance, 0 to 1, below which two pixels are equal.
 */
export async function comparePng(baselinePng: Buffer, currentPng: Buffer, pixelThreshold: number) {
  const [baseline, current] = await Promise.all([decode(baselinePng), decode(currentPng)]);
  const width = Math.max(baseline.width, current.width);
  const height = Math.max(baseline.height, current.height);
  const before = onCanvas(baseline, width, height);
  const after = onCanvas(current, width, height);
  const differingPixels = pixelmatch(before, after, undefined, width, height, { threshold: pixelThreshold });
  const comparison: Comparison = {
    differingPixels,
    share: differingPixels / (width * height),
    baselineSize: `${baseline.width}x${baseline.height}`,
    currentSize: `${current.width}x${current.height}`,
  };
  /** PNG: differences in red over a faded copy of the baseline. */
  const diffPng = async () => {
    const diff = new Uint8Array(width * height * 4);
    pixelmatch(before, after, diff, width, height, { threshold: pixelThreshold });
    return sharp(diff, { raw: { width, height, channels: 4 } }).png({ compressionLevel: 9 }).toBuffer();
  };
  return { comparison, diffPng };
}

async function decode(png: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The image's RGBA pixels on a `width` x `height` canvas, the uncovered part padded. */
function onCanvas(image: Pixels, width: number, height: number): Uint8Array {
  if (image.width === width && image.height === height) return image.data;
  const canvas = new Uint8Array(width * height * 4);
  for (let i = 0; i < canvas.length; i += 4) canvas.set(PADDING, i);
  for (let y = 0; y < image.height; y++) {
    canvas.set(image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4), y * width * 4);
  }
  return canvas;
}

/**
 * The same pixels, as small as zlib makes them without loss: Chromium writes its PNGs for
 * speed, and the baselines live in git. Pages are opaque, so the alpha channel goes too.
 * (Unfiltered beats adaptive filtering on these flat pages, and palette PNGs would be lossy.)
 */
export function compressPng(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
}
