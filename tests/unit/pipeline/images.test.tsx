// The image pipeline: AVIF and WebP at 1x/2x/3x of each role's CSS width, SVG glyphs as they are, the disk cache, and the markup.
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { IMAGE_ROLES, imageKey } from '../../../generator/pipeline/images/image-roles.ts';
import type { ImageRole } from '../../../generator/shared/image-limits.ts';
import { createImagePipeline, optimizeImage, type OptimizedImage } from '../../../generator/pipeline/images/images.ts';
import { imageResolver } from '../../../generator/pipeline/render/page-props.ts';
import { AppImage } from '../../../templates/components/app-image.tsx';
import { fixtureConfig, repoRoot, siteDir, temporaryDir } from '../../helpers.ts';
import { pngHeader } from '../config/png-header.ts';

const fixture = (name: string) => path.join(siteDir, 'images/formats', name);

/** Format, width and height of every file of an optimized image, read back from the encoded bytes. */
async function decoded(image: OptimizedImage) {
  return Promise.all(
    image.files.map(async (file) => {
      const { format, width, height } = await sharp(file.contents).metadata();
      return { name: file.name, format, width, height };
    }),
  );
}

/** The candidates of each source as `format density width`, e.g. `avif 2x 326`. */
function candidates(image: OptimizedImage): string[] {
  return image.sources.flatMap((source) =>
    source.candidates.map((candidate) => `${source.type.replace('image/', '')} ${candidate.density}x ${/-(\d+)\.\w+$/.exec(candidate.name)![1]}`),
  );
}

describe('optimizeImage', () => {
  it('makes AVIF and WebP of a PNG screenshot at 1x, 2x and 3x of 163 px, each with the shown aspect ratio', async () => {
    const image = await optimizeImage(fixture('screenshot.png'), 'screenshot', createImagePipeline(await temporaryDir()));
    // 489x1058 shown 163 px wide: 352.67 px tall, rounded for the <img> attributes.
    expect([image.width, image.height]).toEqual([163, 353]);
    expect(candidates(image)).toEqual(['avif 1x 163', 'avif 2x 326', 'avif 3x 489', 'webp 1x 163', 'webp 2x 326', 'webp 3x 489']);
    expect(image.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    const files = await decoded(image);
    expect(files.map(({ format, width, height }) => `${format} ${width}x${height}`)).toEqual([
      'heif 163x353', 'heif 326x706', 'heif 489x1059', 'webp 163x353', 'webp 326x706', 'webp 489x1059',
    ]);
    expect(files.map((file) => file.name)).toEqual(expect.arrayContaining([image.fallback]));
    expect(image.fallback).toMatch(/^screenshot-[0-9a-f]{10}-326\.webp$/);
  });

  it('never enlarges a raster: a 240 px JPEG icon gets 1x and 2x of 112 px, not 3x', async () => {
    const image = await optimizeImage(fixture('icon.jpg'), 'icon', createImagePipeline(await temporaryDir()));
    expect([image.width, image.height]).toEqual([112, 112]);
    expect(candidates(image)).toEqual(['avif 1x 112', 'avif 2x 224', 'webp 1x 112', 'webp 2x 224']);
    expect((await decoded(image)).map(({ format, width, height }) => `${format} ${width}x${height}`)).toEqual([
      'heif 112x112', 'heif 224x224', 'webp 112x112', 'webp 224x224',
    ]);
  });

  it('rasterizes an SVG icon at every density, but serves an SVG privacy glyph as it is', async () => {
    const pipeline = createImagePipeline(await temporaryDir());
    const icon = await optimizeImage(fixture('glyph.svg'), 'icon', pipeline);
    expect(candidates(icon)).toEqual(['avif 1x 112', 'avif 2x 224', 'avif 3x 336', 'webp 1x 112', 'webp 2x 224', 'webp 3x 336']);
    expect((await decoded(icon)).map(({ width, height }) => `${width}x${height}`)).toContain('336x336');

    const glyph = await optimizeImage(fixture('glyph.svg'), 'privacyCard', pipeline);
    expect(glyph.sources).toEqual([]);
    expect([glyph.width, glyph.height]).toEqual([IMAGE_ROLES.privacyCard.cssWidth, IMAGE_ROLES.privacyCard.cssWidth]);
    expect(glyph.fallback).toMatch(/^glyph-[0-9a-f]{10}\.svg$/);
    expect(glyph.files).toHaveLength(1);
    expect(Buffer.from(glyph.files[0]!.contents)).toEqual(await readFile(fixture('glyph.svg')));
  });

  it('reads renditions from the cache on the next build, byte for byte, and encodes a changed image again', async () => {
    const cacheDir = await temporaryDir();
    const source = path.join(await temporaryDir(), 'shot.png');
    await copyFile(fixture('screenshot.png'), source);

    const first = createImagePipeline(cacheDir);
    const cold = await optimizeImage(source, 'screenshot', first);
    expect(first.stats).toEqual({ encoded: 6, cached: 0 });

    const second = createImagePipeline(cacheDir);
    const warm = await optimizeImage(source, 'screenshot', second);
    expect(second.stats).toEqual({ encoded: 0, cached: 6 });
    expect(warm).toEqual(cold);

    // The same file name with other pixels: new hashes, encoded again.
    await sharp(fixture('screenshot.png')).negate({ alpha: false }).png().toFile(source + '.tmp.png');
    await copyFile(source + '.tmp.png', source);
    const third = createImagePipeline(cacheDir);
    const changed = await optimizeImage(source, 'screenshot', third);
    expect(third.stats).toEqual({ encoded: 6, cached: 0 });
    expect(changed.fallback).not.toBe(cold.fallback);
  });

  it('refuses what validate refuses, from the header and before decoding: a pixel bomb, a non-square icon', async () => {
    const dir = await temporaryDir();
    const bomb = path.join(dir, 'bomb.png');
    await writeFile(bomb, pngHeader(25_000, 25_000));
    await expect(optimizeImage(bomb, 'screenshot', createImagePipeline(await temporaryDir()))).rejects.toMatchObject({
      name: 'ImageRefused',
      message: `Refusing the image ${bomb}: image too large: expected at most 50,000,000 pixels at ${bomb}, found 25,000 x 25,000 = 625,000,000 pixels; scale it down (the page needs at most 3 times the width it shows it at).`,
    });
    const wide = path.join(dir, 'wide.png');
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a84ff' } }).png().toFile(wide);
    await expect(optimizeImage(wide, 'icon', createImagePipeline(await temporaryDir()))).rejects.toThrow(
      `Refusing the image ${wide}: wrong image shape: expected a square icon at ${wide}, found 300 x 200 px; crop it.`,
    );
    // The same file is fine as a screenshot: the shape limit is the role's.
    await expect(optimizeImage(wide, 'screenshot', createImagePipeline(await temporaryDir()))).resolves.toMatchObject({ width: 163, height: 109 });
  });

  it('names the file when it is not an image', async () => {
    const broken = path.join(await temporaryDir(), 'broken.png');
    await writeFile(broken, 'not a PNG at all');
    await expect(optimizeImage(broken, 'screenshot', createImagePipeline(await temporaryDir()))).rejects.toThrow(
      `Cannot read the image ${broken}: `,
    );
  });
});

describe('<AppImage>', () => {
  async function imageRef(file: string, role: ImageRole) {
    const image = await optimizeImage(fixture(file), role, createImagePipeline(await temporaryDir()));
    return imageResolver(new Map([[imageKey(role, file), image]]), '/assets/')(file, role);
  }

  it('renders a <picture> with AVIF then WebP sources by density and an <img> with the shown size; a first-screen one is eager, high priority and decoded in step', async () => {
    const html = renderToString(<AppImage image={await imageRef('screenshot.png', 'screenshot')} alt="Screenshot 1 of 6" priority />);
    expect(html).toMatch(
      new RegExp(
        '^<picture>' +
          '<source type="image/avif" srcSet="/assets/screenshot-(\\w{10})-163\\.avif 1x, /assets/screenshot-\\1-326\\.avif 2x, /assets/screenshot-\\1-489\\.avif 3x"/>' +
          '<source type="image/webp" srcSet="/assets/screenshot-\\1-163\\.webp 1x, /assets/screenshot-\\1-326\\.webp 2x, /assets/screenshot-\\1-489\\.webp 3x"/>' +
          '<img src="/assets/screenshot-\\1-326\\.webp" width="163" height="353" alt="Screenshot 1 of 6" loading="eager" fetchPriority="high"/>' +
          '</picture>$',
      ),
    );
  });

  it('renders an SVG glyph as a lone lazy <img>, decoded off the main thread and fetched at low priority', async () => {
    const html = renderToString(<AppImage image={await imageRef('glyph.svg', 'privacyCategory')} alt="" className="privacy-card__category-icon" />);
    expect(html).toMatch(
      /^<img class="privacy-card__category-icon" src="\/assets\/glyph-\w{10}\.svg" width="20" height="20" alt="" decoding="async" loading="lazy" fetchPriority="low"\/>$/,
    );
  });
});

describe('the build', () => {
  it('encodes each image once, then reads every rendition from the cache; pages preload the AVIF and load only the first screen eagerly', async () => {
    const config = fixtureConfig('image-formats');
    const imageCacheDir = await temporaryDir();
    const build = async () => {
      const outDir = path.join(await temporaryDir(), 'out');
      return { outDir, result: await buildSite({ config, outDir, imageCacheDir }) };
    };
    const cold = await build();
    // icon.jpg: 1x and 2x; screenshot.png: 1x to 3x (once for both routes); glyph.svg as a screenshot: 1x to 3x; each AVIF and WebP.
    expect(cold.result.images).toEqual({ encoded: 16, cached: 0 });
    const warm = await build();
    expect(warm.result.images).toEqual({ encoded: 0, cached: 16 });
    const assets = async (outDir: string) => (await readdir(path.join(outDir, 'assets'))).filter((name) => /\.(avif|webp|svg)$/.test(name)).sort();
    expect(await assets(warm.outDir)).toEqual(await assets(cold.outDir));

    const html = await readFile(path.join(warm.outDir, 'feature1/index.html'), 'utf8');
    const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g);
    expect(preloads).toEqual([
      expect.stringMatching(/^<link rel="preload" as="image" imagesrcset="\/assets\/screenshot-(\w{10})-163\.avif 1x, \/assets\/screenshot-\1-326\.avif 2x, \/assets\/screenshot-\1-489\.avif 3x" type="image\/avif" fetchpriority="high">$/),
    ]);
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    const loading = imgs.map((tag) => `${/src="\/assets\/([a-z]+)-/.exec(tag)![1]} ${/loading="(\w+)"/.exec(tag)![1]}${tag.includes('fetchPriority="high"') ? ' high' : ''}`);
    expect(loading).toEqual(['icon eager high', 'screenshot eager high', 'glyph lazy', 'glyph lazy', 'glyph lazy']);
    for (const tag of imgs) expect(tag).toMatch(/ width="\d+" height="\d+"/);
  });
});

describe('IMAGE_ROLES', () => {
  it('matches the widths templates/styles.css shows the images at', async () => {
    const css = await readFile(path.join(repoRoot, 'templates/styles.css'), 'utf8');
    const widthOf = (selector: string) => {
      const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const rule = new RegExp(`(?:^|[},])\\s*${escaped}\\s*\\{([^}]*)\\}`, 'm').exec(css)?.[1];
      return Number(/(?:^|;)\s*width:\s*(\d+)px/.exec(rule ?? '')?.[1]);
    };
    expect({
      icon: widthOf('.product-header__icon'),
      screenshot: widthOf('.slider--screenshots .slider__item'),
      privacyCard: widthOf('.privacy-card__icon'),
      privacyCategory: widthOf('.privacy-card__category-icon'),
    }).toEqual(Object.fromEntries(Object.entries(IMAGE_ROLES).map(([role, { cssWidth }]) => [role, cssWidth])));
  });
});
