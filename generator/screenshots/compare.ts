// Pixel comparison of two PNG screenshots with pixelmatch, and the compact PNGs the baselines are stored as.
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';

/** A rectangle of an image, in its pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How a capture compares with its baseline. */
export interface Comparison {
  /** Pixels pixelmatch counts as different (anti-aliasing aside), plus every pixel only one of the two images has. */
  differingPixels: number;
  /** The smallest rectangle holding every differing pixel; null when none differ. */
  box: Box | null;
  /** The differing pixels outside every image of the capture: 0 when only what images draw differs. */
  differingOutsideImages: number;
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
/** pixelmatch's colour for a differing pixel; the faded baseline around it is grey, never this. */
const DIFF_COLOUR = [255, 0, 0] as const;

/**
 * Compares two PNGs. pixelmatch leaves out the pixels it takes for anti-aliasing (an edge
 * drawn a shade lighter or darker), so what is left is what a person would see change.
 * Images of different sizes are compared on the larger canvas, so a page that grew counts its
 * new area as changed instead of failing to compare. `diffPng` encodes the differences (red over
 * a faded copy of the baseline) only when asked, since most pages have none.
 * PNGs are decoded by sharp: off the main thread and faster than pngjs, which matters while
 * the same thread drives Chromium.
 * @param pixelThreshold pixelmatch's colour distance, 0 to 1, below which two pixels are equal.
 * @param imageBoxes Where the capture's images are: the differing pixels outside them are counted apart.
 */
export async function comparePng(baselinePng: Buffer, currentPng: Buffer, pixelThreshold: number, imageBoxes: Box[] = []) {
  const [baseline, current] = await Promise.all([decode(baselinePng), decode(currentPng)]);
  const width = Math.max(baseline.width, current.width);
  const height = Math.max(baseline.height, current.height);
  const diff = new Uint8Array(width * height * 4);
  const differingPixels = pixelmatch(onCanvas(baseline, width, height), onCanvas(current, width, height), diff, width, height, {
    threshold: pixelThreshold,
    diffColor: [...DIFF_COLOUR],
  });
  const { box, outside } = differingPixels ? locateDifferences(diff, width, height, imageBoxes) : { box: null, outside: 0 };
  const comparison: Comparison = {
    differingPixels,
    box,
    differingOutsideImages: outside,
    baselineSize: `${baseline.width}x${baseline.height}`,
    currentSize: `${current.width}x${current.height}`,
  };
  const diffPng = () =>
    sharp(diff, { raw: { width, height, channels: 4 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
  return { comparison, diffPng };
}

/** The smallest rectangle holding every pixel pixelmatch painted as differing, and how many of them lie outside every image box. */
function locateDifferences(diff: Uint8Array, width: number, height: number, imageBoxes: Box[]): { box: Box; outside: number } {
  let [left, top, right, bottom] = [width, height, -1, -1];
  let outside = 0;
  const inImage = (x: number, y: number) =>
    imageBoxes.some((image) => x >= image.x && x < image.x + image.width && y >= image.y && y < image.y + image.height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (diff[i] !== DIFF_COLOUR[0] || diff[i + 1] !== DIFF_COLOUR[1] || diff[i + 2] !== DIFF_COLOUR[2]) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
      if (!inImage(x, y)) outside++;
    }
  }
  return { box: { x: left, y: top, width: right - left + 1, height: bottom - top + 1 }, outside };
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
