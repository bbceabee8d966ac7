// The config's images as the page serves them: AVIF and WebP at 1x, 2x and 3x of their CSS width, encoded
// once and cached on disk by content hash. sharp is loaded only to encode: a build whose images are all in the
// cache never loads it (shared/image-headers.ts).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputInfo } from 'sharp';
import type { AssetFile } from '../bundle/bundle.ts';
import type { Config } from '../../config/types.ts';
import { ImageRefused, ImageUnreadable } from '../../shared/errors.ts';
import { sha256Hex } from '../../shared/hash.ts';
import { writeCacheEntry } from '../../shared/cache-dir.ts';
import { knownImageHeader, SHARP_VERSION } from '../../shared/image-headers.ts';
import { checkImage, MAX_IMAGE_PIXELS, type ImageHeader, type ImageRole } from '../../shared/image-limits.ts';
import { imageUses } from '../../config/image-uses.ts';
import { DENSITIES, IMAGE_ROLES, imageKey } from './image-roles.ts';

/**
 * Encoder settings, chosen by eye at 390 px wide and device scale 3 on screenshots with
 * 10 px text: AVIF quality 60 keeps that text as crisp as the source (50 rings around it),
 * and AVIF stays 4:4:4 so coloured glyphs keep their edges. Effort 2: higher efforts take
 * several times longer to encode for a few per cent fewer bytes.
 * WebP is only for browsers without AVIF (iOS 15); it is 4:2:0 by design, so it needs a
 * higher quality and smart subsampling for the same text.
 * Changing a setting changes the cache key, so every image is encoded again once.
 */
const ENCODERS = {
  avif: { type: 'image/avif', options: { quality: 60, effort: 2, chromaSubsampling: '4:4:4' } },
  webp: { type: 'image/webp', options: { quality: 85, effort: 4, smartSubsample: true } },
} as const;
type Format = keyof typeof ENCODERS;
/** Best first: the browser takes the first `<source>` whose type it supports. */
const FORMATS: Format[] = ['avif', 'webp'];

/** One format's renditions, one per density. */
export interface ImageSourceSet {
  type: string;
  candidates: Array<{ density: number; name: string }>;
}

/** An image ready for the page: its asset names and the size it is shown at. */
export interface OptimizedImage {
  /** The CSS size at 1x, for the `<img>` width and height attributes (no layout shift). */
  width: number;
  height: number;
  /** Asset name of the `<img>` src: the 2x WebP, or the SVG served as it is. */
  fallback: string;
  /** Modern formats, best first; empty for an SVG served as it is. */
  sources: ImageSourceSet[];
  /** Every file this image adds to `assets/`. */
  files: AssetFile[];
}

/** How many renditions a build encoded, and how many it found in the cache. */
export interface ImageStats {
  encoded: number;
  cached: number;
}

/** The state of image work across one build: the disk cache and each image once. */
export interface ImagePipeline {
  /** Encoded renditions by content hash and settings; safe to delete at any time. */
  cacheDir: string;
  stats: ImageStats;
  /** Each (role, file) is optimized once per build, however many campaigns show it. */
  memo: Map<string, Promise<OptimizedImage>>;
  /** Each campaign's images, one map for all campaigns that show the same (sharedImages). */
  sets: Map<string, Map<string, OptimizedImage>>;
}

/** A pipeline caching in `cacheDir` (conventionally `.cache/images/` beside the config). */
export function createImagePipeline(cacheDir: string): ImagePipeline {
  return { cacheDir, stats: { encoded: 0, cached: 0 }, memo: new Map(), sets: new Map() };
}

/** Optimizes every image a config shows, keyed by `imageKey(role, source)`. */
export async function collectImages(config: Config, configDir: string, pipeline: ImagePipeline) {
  // The share image is not shown on the page: share-card.ts crops it, and it needs no renditions.
  const uses = imageUses(config).filter((use) => use.role !== 'share');
  const optimized = await Promise.all(
    uses.map(({ role, source }) => {
      const file = path.resolve(configDir, source);
      const key = imageKey(role, file);
      if (!pipeline.memo.has(key)) pipeline.memo.set(key, optimizeImage(file, role, pipeline));
      return pipeline.memo.get(key)!;
    }),
  );
  return new Map(uses.map(({ role, source }, i) => [imageKey(role, source), optimized[i]!]));
}

/**
 * `images`, or the equal map an earlier campaign of the build got: a build holds every campaign's
 * images until its workers end, and thousands of campaigns mostly show the same ones. Two maps
 * are equal when they hold the same keys in the same order, each with the same fallback (whose
 * name hashes the source and every setting, so the same fallback is the same image).
 */
export function sharedImages(images: Map<string, OptimizedImage>, pipeline: ImagePipeline): Map<string, OptimizedImage> {
  const signature = [...images].map(([key, image]) => `${key}\n${image.fallback}`).join('\n');
  const known = pipeline.sets.get(signature);
  if (known) return known;
  pipeline.sets.set(signature, images);
  return images;
}

/**
 * One source image in one role, as AVIF and WebP at each density the source is large enough
 * for (an SVG is large enough for all). An SVG is drawn here, once: the page shows no SVG,
 * because a browser makes a document of its own for each SVG image it paints.
 * @throws UserError (ImageUnreadable) when the file is not an image sharp can read;
 * (ImageRefused) when it is past the limits validation checks (shared/image-limits.ts).
 */
export async function optimizeImage(file: string, role: ImageRole, pipeline: ImagePipeline): Promise<OptimizedImage> {
  const stem = path.basename(file, path.extname(file));
  const isSvg = path.extname(file).toLowerCase() === '.svg';
  const contents = await readFile(file);
  const intrinsic = await checkedHeader(contents, role, file, pipeline.cacheDir);
  const { cssWidth } = IMAGE_ROLES[role];
  const cssHeight = Math.round((cssWidth * intrinsic.height) / intrinsic.width);

  // A raster is never enlarged: densities it is too small for are left out (1x always stays).
  const densities = DENSITIES.filter((density) => density === 1 || isSvg || cssWidth * density <= intrinsic.width);
  const pixelWidth = (density: number) => (isSvg ? cssWidth * density : Math.min(cssWidth * density, intrinsic.width));
  // Everything an encoded file depends on besides its width, which the name carries.
  const settings = sha256Hex(contents) + JSON.stringify({ cssWidth, cssHeight, encoders: ENCODERS, sharp: SHARP_VERSION });
  const renditions = FORMATS.flatMap((format) =>
    densities.map((density) => {
      // Every rendition has exactly the <img>'s aspect ratio, cssWidth:cssHeight, so whichever
      // one loads, its height is the one the page reserved (rounding each would shift by 0.3 px).
      const width = pixelWidth(density);
      const height = Math.max(1, Math.round((width * cssHeight) / cssWidth));
      return { format, density, width, height, name: hashedImageName(stem, settings, `-${width}`, format) };
    }),
  );

  const encoded = await encodeMissing(renditions, pipeline, () =>
    rasterize(contents, isSvg, intrinsic, pixelWidth(Math.max(...densities)), file),
  );
  const sources = FORMATS.map((format) => ({
    type: ENCODERS[format].type,
    candidates: renditions.filter((r) => r.format === format).map((r) => ({ density: r.density, name: r.name })),
  }));
  const webp = sources[FORMATS.indexOf('webp')]!.candidates;
  const fallback = (webp.find((candidate) => candidate.density === 2) ?? webp.at(-1)!).name;
  return { width: cssWidth, height: cssHeight, fallback, sources, files: encoded };
}

interface Rendition {
  format: Format;
  width: number;
  height: number;
  /** Asset name, which is also the cache file name: it hashes the source and every setting. */
  name: string;
}

/** Each rendition from the cache, or encoded from the source rasterized once and then cached. */
async function encodeMissing(
  renditions: Rendition[],
  pipeline: ImagePipeline,
  rasterizeSource: () => Promise<{ data: Buffer; info: OutputInfo }>,
): Promise<AssetFile[]> {
  let master: Promise<{ data: Buffer; info: OutputInfo }> | undefined;
  return Promise.all(
    renditions.map(async (rendition) => {
      const cached = path.join(pipeline.cacheDir, rendition.name);
      if (existsSync(cached)) {
        pipeline.stats.cached++;
        return { name: rendition.name, contents: await readFile(cached) };
      }
      master ??= rasterizeSource();
      const { data, info } = await master;
      const raw = { width: info.width, height: info.height, channels: info.channels };
      const { default: sharp } = await import('sharp');
      const image = sharp(data, { raw }).resize({ width: rendition.width, height: rendition.height, fit: 'fill' });
      const contents = await (rendition.format === 'avif'
        ? image.avif(ENCODERS.avif.options)
        : image.webp(ENCODERS.webp.options)
      ).toBuffer();
      pipeline.stats.encoded++;
      await writeCacheEntry(cached, contents);
      return { name: rendition.name, contents };
    }),
  );
}

/** An asset from the image cache by its name (which hashes everything it is made from), else made by `make` and cached. */
export async function cachedAsset(name: string, pipeline: ImagePipeline, make: () => Promise<Buffer>): Promise<AssetFile> {
  const cached = path.join(pipeline.cacheDir, name);
  if (existsSync(cached)) {
    pipeline.stats.cached++;
    return { name, contents: await readFile(cached) };
  }
  const contents = await make();
  pipeline.stats.encoded++;
  await writeCacheEntry(cached, contents);
  return { name, contents };
}

/** The source as raw sRGB pixels at `width`, upright: an SVG drawn at that size, a raster scaled down to it. */
async function rasterize(contents: Buffer, isSvg: boolean, intrinsic: { width: number }, width: number, file: string) {
  const { default: sharp } = await import('sharp');
  try {
    const input = isSvg
      ? sharp(contents, { density: (72 * width) / intrinsic.width })
      : sharp(contents, { limitInputPixels: MAX_IMAGE_PIXELS }).autoOrient();
    return await input.resize({ width }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw ImageUnreadable.create(file, (error as Error).message);
  }
}

/**
 * Refuses a source past the limits validate checks at the YAML line: the build reads it again,
 * and must not encode what validation would refuse (an image replaced since, a caller that
 * skipped validation).
 */
async function checkedHeader(source: Buffer, role: ImageRole, file: string, imageCache: string): Promise<ImageHeader> {
  const read = await knownImageHeader(source, imageCache);
  if ('unreadable' in read) throw ImageUnreadable.create(file, read.unreadable);
  const problem = checkImage(read.header, role, file);
  if (problem) throw ImageRefused.create(file, problem);
  return read.header;
}

/**
 * `stem-0123456789-489.avif`: the renditions of one image share the hash, which compresses well
 * in the HTML. The stem keeps the letters, digits, `.`, `_` and `-` of the file's name, the rest
 * made dashes: a space or a comma would end the URL in a srcset, and the browser would drop
 * the candidate.
 */
function hashedImageName(stem: string, hashed: string, suffix: string, extension: string): string {
  const safeStem = stem.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'image';
  return `${safeStem}-${sha256Hex(hashed).slice(0, 10)}${suffix}.${extension}`;
}
