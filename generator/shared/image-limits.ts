// What an image the config names may be (format, pixels, shape), checked from its header alone: by validate
// at the YAML line, and by the build again before it encodes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Metadata } from 'sharp';

/**
 * The most pixels a raster source may have. A 3x screenshot is 489 px wide, and a camera's
 * 48-megapixel photo still fits; a decompression bomb (a few KB of PNG claiming 25,000 x 25,000
 * px, 2.5 GB once decoded) does not. The build decodes with this limit too, so a header that
 * lies about its size is stopped there.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The largest SVG read: validation reads an SVG whole to find its size. */
export const MAX_SVG_BYTES = 10 * 1024 * 1024;

/**
 * How much longer than wide (or wider than long) each role's image may be. The page reserves
 * each image's box from its aspect ratio, so a 1 x 100,000 screenshot would make a page
 * millions of pixels long. The icon sits in a square slot, so it must be square (give or take
 * a rounding in an SVG's size); screenshots are portrait or landscape phone, tablet or Mac
 * captures (about 2.2:1 at most); the privacy glyphs are small squares; the share image is
 * cropped to 1.91:1, so a far wider or taller one would lose most of itself.
 */
export const MAX_ASPECT = { icon: 1.02, screenshot: 3, privacyCard: 2, privacyCategory: 2, share: 3 } as const;

/** The role of each image the page shows (config/image-uses.ts); pipeline/images/image-roles.ts sizes each. */
export type ImageRole = keyof typeof MAX_ASPECT;

/** The image formats the build encodes from, by the file extension that names each. */
const FORMAT_OF_EXTENSION: Readonly<Record<string, string>> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
  '.svg': 'svg',
};

/** How formats are written in messages; sharp's own name, upper-cased, for the rest. */
const FORMAT_NAMES: Readonly<Record<string, string>> = { jpeg: 'JPEG', webp: 'WebP', heif: 'HEIF (or AVIF)', magick: 'ImageMagick-only' };

/** An image's format and the size it is shown at: a raster's after its EXIF orientation, an SVG's from its attributes. */
export interface ImageHeader {
  /** sharp's name: png, jpeg, webp, svg, gif, ... */
  format: string;
  width: number;
  height: number;
}

/**
 * What reading an image's header gave: the header, or why there is none, as the "found ..." of a
 * message, and what to do when it is not to export the image again.
 */
export type ImageHeaderRead = { header: ImageHeader } | { unreadable: string; fix?: string };

/**
 * Reads the header of an image: a file (only as much as its header needs; an SVG whole, so
 * check its size against MAX_SVG_BYTES first) or its bytes. Never throws for a bad image: a
 * file that is no image says so in `unreadable`.
 */
export async function readImageHeader(source: string | Buffer): Promise<ImageHeaderRead> {
  // Loaded here, not at the top: the config's schema reads the limits above, and needs no image library.
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    // No pixel limit here: the header's size is reported by checkImage, with the numbers.
    metadata = await sharp(source, { limitInputPixels: false }).metadata();
  } catch (error) {
    return (await svgDeclarations(source)) ?? { unreadable: describeSharpError((error as Error).message) };
  }
  if (metadata.format !== 'svg')
    return { header: { format: metadata.format, width: metadata.autoOrient.width, height: metadata.autoOrient.height } };
  const size = svgDimensions(typeof source === 'string' ? await readFile(source, 'utf8') : source.toString('utf8'));
  if (!size) return { unreadable: 'an <svg> element with neither width and height nor a viewBox, so its size is unknown' };
  return { header: { format: 'svg', ...size } };
}

/**
 * The problem of an image whose header is known, as "expected ..., found ..." with what to do;
 * undefined when it is fine. `file` is the path as the config writes it.
 */
export function checkImage(header: ImageHeader, role: ImageRole, file: string): string | undefined {
  const expected = FORMAT_OF_EXTENSION[path.extname(file).toLowerCase()];
  if (header.format !== expected) {
    return `wrong image format: expected ${article(formatName(expected ?? 'png'))} image at ${file} (as its extension says), found ${article(formatName(header.format))} image; export it as PNG, JPEG, WebP or SVG with the matching extension`;
  }
  const { width, height } = header;
  // Formatted only for a message: the first toLocaleString of a process loads ICU's number data, which a valid image should not pay for.
  const size = () => `${count(width)} x ${count(height)}`;
  if (header.format !== 'svg' && width * height > MAX_IMAGE_PIXELS) {
    return `image too large: expected at most ${count(MAX_IMAGE_PIXELS)} pixels at ${file}, found ${size()} = ${count(width * height)} pixels; scale it down (the page needs at most 3 times the width it shows it at)`;
  }
  const ratio = Math.max(width, height) / Math.min(width, height);
  if (ratio > MAX_ASPECT[role]) {
    const shape =
      role === 'icon' ? 'a square icon' : `${ROLE_NAMES[role]} whose long side is at most ${MAX_ASPECT[role]} times its short side`;
    return `wrong image shape: expected ${shape} at ${file}, found ${size()} px; crop it`;
  }
  return undefined;
}

/** The problem of an image that cannot be read, in the same words as checkImage's. */
export function unreadableImage(file: string, found: string, fix = 'export it again'): string {
  const expected = FORMAT_OF_EXTENSION[path.extname(file).toLowerCase()] ?? 'png';
  return `image unreadable: expected ${article(formatName(expected))} image at ${file}, found ${found}; ${fix}`;
}

/** The problem of an SVG over MAX_SVG_BYTES, which is not read. */
export function svgTooLarge(file: string, bytes: number): string {
  return `image too large: expected an SVG of at most ${count(MAX_SVG_BYTES)} bytes at ${file}, found ${count(bytes)} bytes; simplify it, or export it as PNG`;
}

/**
 * Why the image library refused an SVG that has a document type declaration: librsvg refuses
 * entities (an external one reads another file; nested ones expand like a "billion laughs"),
 * and its error says only "corrupt header". Undefined for a file that is not such an SVG.
 */
async function svgDeclarations(source: string | Buffer): Promise<ImageHeaderRead | undefined> {
  if (typeof source === 'string' && path.extname(source).toLowerCase() !== '.svg') return undefined;
  const text = typeof source === 'string' ? await readFile(source, 'utf8').catch(() => '') : source.toString('utf8');
  if (!/^\s*(\uFEFF)?\s*</.test(text) || !/<!DOCTYPE/i.test(text)) return undefined;
  const fix = 'remove its <!DOCTYPE ...> declaration (an SVG needs none), or export it again without one';
  if (/<!ENTITY/i.test(text))
    return { unreadable: 'an SVG whose <!DOCTYPE> declares entities (<!ENTITY ...>), which are refused: they can read other files', fix };
  return { unreadable: 'an SVG with a <!DOCTYPE> declaration where the image library allows none', fix };
}

/** The intrinsic size of an SVG: its width and height attributes, else its viewBox; undefined when it has neither. */
function svgDimensions(svg: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([0-9.]+)(px)?\\s*["']`, 'i').exec(root)?.[1];
  const width = Number(attribute('width'));
  const height = Number(attribute('height'));
  if (width > 0 && height > 0) return { width, height };
  const viewBox = /\sviewBox\s*=\s*["']([^"']+)["']/i
    .exec(root)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (viewBox?.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0) return { width: viewBox[2]!, height: viewBox[3]! };
  return undefined;
}

const ROLE_NAMES: Readonly<Record<ImageRole, string>> = {
  icon: 'an icon',
  screenshot: 'a screenshot',
  privacyCard: 'a privacy icon',
  privacyCategory: 'a privacy icon',
  share: 'a share image',
};

/** sharp's reasons in the words of a "found ..." (its messages end in a colon and name libvips internals). */
function describeSharpError(message: string): string {
  if (/unsupported image format/i.test(message)) return 'data in no image format (is it an image at all?)';
  if (/corrupt header/i.test(message)) return 'a corrupt header (a truncated or damaged file?)';
  return message.split('\n')[0]!.replace(/:\s*$/, '');
}

function formatName(format: string): string {
  return FORMAT_NAMES[format] ?? format.toUpperCase();
}

/** "a PNG", "an SVG": by how the name is said. */
function article(word: string): string {
  return `${/^[AEIOSX]/.test(word) ? 'an' : 'a'} ${word}`;
}

function count(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
