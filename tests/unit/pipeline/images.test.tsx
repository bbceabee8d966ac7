// The image pipeline: AVIF and WebP at 1x/2x/3x of each role's CSS width, SVG sources drawn too, the disk cache, and the markup.
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
import { AppImage } from '../../../page/view/components/app-image.tsx';
import { fixtureConfig, pageCss, siteDir, temporaryDir } from '../../helpers.ts';
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
    source.candidates.map(
      (candidate) => `${source.type.replace('image/', '')} ${candidate.density}x ${/-(\d+)\.\w+$/.exec(candidate.name)![1]}`,
    ),
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
      'heif 163x353',
      'heif 326x706',
      'heif 489x1059',
      'webp 163x353',
      'webp 326x706',
      'webp 489x1059',
    ]);
    expect(files.map((file) => file.name)).toEqual(expect.arrayContaining([image.fallback]));
    expect(image.fallback).toMatch(/^screenshot-[0-9a-f]{10}-326\.webp$/);
  });

  it('never enlarges a raster: a 240 px JPEG icon gets 1x and 2x of 112 px, not 3x', async () => {
    const image = await optimizeImage(fixture('icon.jpg'), 'icon', createImagePipeline(await temporaryDir()));
    expect([image.width, image.height]).toEqual([112, 112]);
    expect(candidates(image)).toEqual(['avif 1x 112', 'avif 2x 224', 'webp 1x 112', 'webp 2x 224']);
    expect((await decoded(image)).map(({ format, width, height }) => `${format} ${width}x${height}`)).toEqual([
      'heif 112x112',
      'heif 224x224',
      'webp 112x112',
      'webp 224x224',
    ]);
  });

  it('rasterizes an SVG at every density, a privacy glyph as much as the icon: no SVG ships', async () => {
    const pipeline = createImagePipeline(await temporaryDir());
    const icon = await optimizeImage(fixture('glyph.svg'), 'icon', pipeline);
    expect(candidates(icon)).toEqual(['avif 1x 112', 'avif 2x 224', 'avif 3x 336', 'webp 1x 112', 'webp 2x 224', 'webp 3x 336']);
    expect((await decoded(icon)).map(({ width, height }) => `${width}x${height}`)).toContain('336x336');

    const glyph = await optimizeImage(fixture('glyph.svg'), 'privacyCard', pipeline);
    expect([glyph.width, glyph.height]).toEqual([IMAGE_ROLES.privacyCard.cssWidth, IMAGE_ROLES.privacyCard.cssWidth]);
    expect(candidates(glyph)).toEqual(['avif 1x 32', 'avif 2x 64', 'avif 3x 96', 'webp 1x 32', 'webp 2x 64', 'webp 3x 96']);
    expect((await decoded(glyph)).map(({ format, width, height }) => `${format} ${width}x${height}`)).toEqual([
      'heif 32x32',
      'heif 64x64',
      'heif 96x96',
      'webp 32x32',
      'webp 64x64',
      'webp 96x96',
    ]);
    expect(glyph.fallback).toMatch(/^glyph-[0-9a-f]{10}-64\.webp$/);
  });

  it('ships only the pixels of an SVG that carries scripts, handlers and outside links', async () => {
    const dir = await temporaryDir();
    const file = path.join(dir, 'hostile.svg');
    await writeFile(
      file,
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="56" height="56" onload="alert(1)">' +
        '<script>alert(2)</script><a href="javascript:alert(3)"><rect width="56" height="56" fill="#007AFF"/></a>' +
        '<image href="https://evil.example/track.png" width="1" height="1"/></svg>',
    );
    const glyph = await optimizeImage(file, 'privacyCategory', createImagePipeline(path.join(dir, 'cache')));
    expect(glyph.files.map((shipped) => path.extname(shipped.name))).toEqual(['.avif', '.avif', '.avif', '.webp', '.webp', '.webp']);
    for (const shipped of glyph.files) {
      const bytes = Buffer.from(shipped.contents).toString('latin1');
      for (const banned of ['<svg', 'script', 'javascript:', 'evil.example', 'alert('])
        expect(bytes, `${shipped.name}: ${banned}`).not.toContain(banned);
    }
    // The shape is drawn: the 1x WebP is the rectangle's blue (#007AFF, give or take lossy encoding).
    const { data } = await sharp(glyph.files[3]!.contents).raw().toBuffer({ resolveWithObject: true });
    [0, 122, 255].forEach((channel, i) => expect(Math.abs(data[i]! - channel)).toBeLessThanOrEqual(3));
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
    await sharp(fixture('screenshot.png'))
      .negate({ alpha: false })
      .png()
      .toFile(source + '.tmp.png');
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
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a84ff' } })
      .png()
      .toFile(wide);
    await expect(optimizeImage(wide, 'icon', createImagePipeline(await temporaryDir()))).rejects.toThrow(
      `Refusing the image ${wide}: wrong image shape: expected a square icon at ${wide}, found 300 x 200 px; crop it.`,
    );
    // The same file is fine as a screenshot: the shape limit is the role's.
    await expect(optimizeImage(wide, 'screenshot', createImagePipeline(await temporaryDir()))).resolves.toMatchObject({
      width: 163,
      height: 109,
    });
  });

  it('names the renditions of a file called with spaces, commas and brackets so that a srcset keeps every candidate', async () => {
    const dir = await temporaryDir();
    const source = path.join(dir, 'App icon, v2 (final).jpg');
    await copyFile(fixture('icon.jpg'), source);
    const image = await optimizeImage(source, 'icon', createImagePipeline(path.join(dir, 'cache')));
    expect(image.files.map((file) => file.name).sort()).toEqual([
      expect.stringMatching(/^App-icon-v2-final-\w{10}-112\.avif$/),
      expect.stringMatching(/^App-icon-v2-final-\w{10}-112\.webp$/),
      expect.stringMatching(/^App-icon-v2-final-\w{10}-224\.avif$/),
      expect.stringMatching(/^App-icon-v2-final-\w{10}-224\.webp$/),
    ]);
    const ref = imageResolver(new Map([[imageKey('icon', source), image]]), '/assets/')(source, 'icon');
    // Each candidate is a URL and a density, as a browser splits it.
    for (const { srcset } of ref.sources!) expect(srcset.split(', ').map((candidate) => candidate.split(' ').length)).toEqual([2, 2]);
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

  it('renders a <picture> with AVIF then WebP sources by density and an <img> with the shown size; a first-screen one is eager, high priority, decoded in step and timed (elementtiming)', async () => {
    const html = renderToString(<AppImage image={await imageRef('screenshot.png', 'screenshot')} alt="Screenshot 1 of 6" priority />);
    expect(html).toMatch(
      new RegExp(
        '^<picture>' +
          '<source type="image/avif" srcSet="/assets/screenshot-(\\w{10})-163\\.avif 1x, /assets/screenshot-\\1-326\\.avif 2x, /assets/screenshot-\\1-489\\.avif 3x"/>' +
          '<source type="image/webp" srcSet="/assets/screenshot-\\1-163\\.webp 1x, /assets/screenshot-\\1-326\\.webp 2x, /assets/screenshot-\\1-489\\.webp 3x"/>' +
          '<img elementtiming="first-screen" src="/assets/screenshot-\\1-326\\.webp" width="163" height="353" alt="Screenshot 1 of 6" loading="eager" fetchPriority="high"/>' +
          '</picture>$',
      ),
    );
  });

  it('renders a privacy glyph like any image below the first screen: a <picture>, lazy, at low priority and decoded off the main thread', async () => {
    const html = renderToString(
      <AppImage image={await imageRef('glyph.svg', 'privacyCategory')} alt="" className="privacy-card__category-icon" />,
    );
    expect(html).toMatch(
      new RegExp(
        '^<picture>' +
          '<source type="image/avif" srcSet="/assets/glyph-(\\w{10})-20\\.avif 1x, /assets/glyph-\\1-40\\.avif 2x, /assets/glyph-\\1-60\\.avif 3x"/>' +
          '<source type="image/webp" srcSet="/assets/glyph-\\1-20\\.webp 1x, /assets/glyph-\\1-40\\.webp 2x, /assets/glyph-\\1-60\\.webp 3x"/>' +
          '<img class="privacy-card__category-icon" src="/assets/glyph-\\1-40\\.webp" width="20" height="20" alt="" decoding="async" loading="lazy" fetchPriority="low"/>' +
          '</picture>$',
      ),
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
    // icon.jpg: 1x and 2x; screenshot.png: 1x to 3x (once for both routes); glyph.svg as a screenshot,
    // a privacy card's and a category's glyph: 1x to 3x each; each AVIF and WebP.
    expect(cold.result.images).toEqual({ encoded: 28, cached: 0 });
    const warm = await build();
    expect(warm.result.images).toEqual({ encoded: 0, cached: 28 });
    const assets = async (outDir: string) =>
      (await readdir(path.join(outDir, 'assets'))).filter((name) => /\.(avif|webp|svg)$/.test(name)).sort();
    expect((await assets(cold.outDir)).filter((name) => name.endsWith('.svg'))).toEqual([]);
    expect(await assets(warm.outDir)).toEqual(await assets(cold.outDir));

    const html = await readFile(path.join(warm.outDir, 'feature1/index.html'), 'utf8');
    // The tab's icon is the 1x WebP, a quarter of the 2x <img> file's pixels to decode on the main thread.
    expect(html.match(/<link rel="icon"[^>]*>/g)).toEqual([
      expect.stringMatching(/^<link rel="icon" href="\/assets\/icon-\w{10}-112\.webp">$/),
    ]);
    const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g);
    expect(preloads).toEqual([
      expect.stringMatching(
        /^<link rel="preload" as="image" imagesrcset="\/assets\/screenshot-(\w{10})-163\.avif 1x, \/assets\/screenshot-\1-326\.avif 2x, \/assets\/screenshot-\1-489\.avif 3x" type="image\/avif" fetchpriority="high">$/,
      ),
    ]);
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    const loading = imgs.map(
      (tag) =>
        `${/src="\/assets\/([a-z]+)-/.exec(tag)![1]} ${/loading="(\w+)"/.exec(tag)![1]}${tag.includes('fetchPriority="high"') ? ' high' : ''}`,
    );
    expect(loading).toEqual(['icon eager high', 'screenshot eager high', 'glyph lazy', 'glyph lazy', 'glyph lazy']);
    for (const tag of imgs) expect(tag).toMatch(/ width="\d+" height="\d+"/);
  });
});

describe('IMAGE_ROLES', () => {
  it('matches the widths the page CSS shows the images at', () => {
    const css = pageCss();
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
    }).toEqual(
      // The share image is not on the page: it is drawn at the card's size (share-card.ts).
      Object.fromEntries(
        Object.entries(IMAGE_ROLES)
          .filter(([role]) => role !== 'share')
          .map(([role, { cssWidth }]) => [role, cssWidth]),
      ),
    );
  });
});
