// The share preview image of the pages (Open Graph and Twitter card): a 1200 x 630 JPEG the build draws from
// the icon, the app's name and the first screenshot, or the image the config names, cropped to that size.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OverlayOptions } from 'sharp';
import { screenshotsFor } from '../../config/storefront.ts';
import type { Config } from '../../config/types.ts';
import { ImageUnreadable } from '../../shared/errors.ts';
import { sha256Hex } from '../../shared/hash.ts';
import { MAX_IMAGE_PIXELS } from '../../shared/image-limits.ts';
import type { AssetFile } from '../bundle/bundle.ts';
import { cachedAsset, type ImagePipeline, type OptimizedImage } from './images.ts';

/** The size social networks show a large card at (Open Graph's and X's recommendation): 1.91:1. */
export const SHARE_CARD = { width: 1200, height: 630 } as const;

/** Settings of the drawn card; changing one changes every card's name, so each is drawn again once. */
const CARD = {
  background: '#f5f5f7',
  icon: { size: 200, left: 96, top: 120, radius: 45 },
  name: { left: 96, baseline: 420, maxSize: 64, minSize: 28, width: 660 },
  screenshot: { height: 560, right: 96, radius: 36 },
  jpeg: { quality: 86, mozjpeg: true },
} as const;

/** The key of a locale's share image among a campaign's images: one per language, name and first screenshot. */
export function shareImageKey(locale: string, firstScreenshot: string | undefined, appName: string): string {
  return `share:${JSON.stringify([locale, firstScreenshot ?? '', appName])}`;
}

/**
 * Each share image a campaign's pages show, by shareImageKey: one per (locale, the first
 * screenshot of a page in it, the app's name there), or the config's `app.shareImage` for all.
 * None without `siteUrl`: Open Graph needs an absolute image URL.
 */
export async function collectShareImages(
  config: Config,
  configDir: string,
  pipeline: ImagePipeline,
  appName: (locale: string) => string,
): Promise<Map<string, OptimizedImage>> {
  const cards = new Map<string, OptimizedImage>();
  if (!config.siteUrl) return cards;
  const icon = path.resolve(configDir, config.app.icon);
  for (const locale of config.locales) {
    const name = appName(locale);
    for (const variant of config.variants) {
      const first = [...screenshotsFor(variant.screenshots, locale), ...screenshotsFor(config.sharedScreenshots, locale)][0];
      const key = shareImageKey(locale, first, name);
      if (cards.has(key)) continue;
      const memoKey = config.app.shareImage
        ? `share:${path.resolve(configDir, config.app.shareImage)}`
        : `share:${JSON.stringify([icon, first && path.resolve(configDir, first), name])}`;
      let card = pipeline.memo.get(memoKey);
      if (!card) {
        card = config.app.shareImage
          ? givenShareImage(path.resolve(configDir, config.app.shareImage), pipeline)
          : drawShareCard(icon, first && path.resolve(configDir, first), name, pipeline);
        pipeline.memo.set(memoKey, card);
      }
      cards.set(key, await card);
    }
  }
  return cards;
}

/** The config's own share image, covering 1200 x 630 (centred crop), as a JPEG. */
async function givenShareImage(file: string, pipeline: ImagePipeline): Promise<OptimizedImage> {
  const contents = await readFile(file);
  const name = `share-${sha256Hex(contents + JSON.stringify(CARD.jpeg)).slice(0, 10)}.jpg`;
  const asset = await cachedAsset(name, pipeline, async () => {
    const { default: sharp } = await import('sharp');
    return sharp(contents, { limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .resize({ ...SHARE_CARD, fit: 'cover' })
      .flatten({ background: CARD.background })
      .jpeg(CARD.jpeg)
      .toBuffer()
      .catch((error: Error) => Promise.reject(ImageUnreadable.create(file, error.message)));
  });
  return cardImage(asset);
}

/** The drawn card: the icon and the name on the left, the first screenshot standing on the right. */
async function drawShareCard(icon: string, screenshot: string | undefined, appName: string, pipeline: ImagePipeline) {
  const iconBytes = await readFile(icon);
  const shotBytes = screenshot ? await readFile(screenshot) : Buffer.alloc(0);
  const hash = sha256Hex(Buffer.concat([iconBytes, Buffer.from('\0'), shotBytes, Buffer.from(`\0${appName}\0${JSON.stringify(CARD)}`)]));
  const asset = await cachedAsset(`share-${hash.slice(0, 10)}.jpg`, pipeline, async () => {
    const { default: sharp } = await import('sharp');
    const layers: OverlayOptions[] = [
      { input: await rounded(iconBytes, icon, { width: CARD.icon.size, height: CARD.icon.size }, CARD.icon.radius), ...at(CARD.icon) },
      { input: Buffer.from(nameSvg(appName)), left: 0, top: 0 },
    ];
    if (screenshot) {
      const shot = await rounded(shotBytes, screenshot, { height: CARD.screenshot.height }, CARD.screenshot.radius);
      const { width = 0 } = await sharp(shot).metadata();
      const top = Math.round((SHARE_CARD.height - CARD.screenshot.height) / 2);
      layers.push({ input: shot, left: SHARE_CARD.width - CARD.screenshot.right - width, top });
    }
    return sharp({ create: { ...SHARE_CARD, channels: 3, background: CARD.background } })
      .composite(layers)
      .jpeg(CARD.jpeg)
      .toBuffer();
  });
  return cardImage(asset);
}

function at(box: { left: number; top: number }) {
  return { left: box.left, top: box.top };
}

/** An image scaled to `size` with rounded corners, as a PNG (an SVG source drawn at that size). */
async function rounded(contents: Buffer, file: string, size: { width?: number; height?: number }, radius: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  try {
    const scaled = await sharp(contents, { limitInputPixels: MAX_IMAGE_PIXELS, density: 216 })
      .resize({ ...size, fit: 'cover' })
      .png()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = scaled.info;
    const mask = Buffer.from(`<svg width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}"/></svg>`);
    return await sharp(scaled.data)
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
  } catch (error) {
    throw ImageUnreadable.create(file, (error as Error).message);
  }
}

/** The app's name as SVG text over the whole card, in the build machine's system font, smaller when long. */
function nameSvg(appName: string): string {
  const { left, baseline, maxSize, minSize, width } = CARD.name;
  // The text's width is the font's business; estimated here in ems: a wide (CJK) character about 1, others about 0.6.
  const ems = [...appName].reduce(
    (total, char) => total + (/[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(char) ? 1 : 0.6),
    0,
  );
  const size = Math.max(minSize, Math.min(maxSize, Math.floor(width / Math.max(ems, 1))));
  const text = appName.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD.width}" height="${SHARE_CARD.height}">` +
    `<text x="${left}" y="${baseline}" font-family="-apple-system, 'SF Pro Display', 'Helvetica Neue', 'Noto Sans', 'Noto Sans CJK JP', Arial, sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="#1d1d1f">${text}</text></svg>`
  );
}

function cardImage(asset: AssetFile): OptimizedImage {
  return { ...SHARE_CARD, fallback: asset.name, sources: [], files: [asset] };
}
