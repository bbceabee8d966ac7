// Content-hashed assets besides the bundle: the config's images, the payment SDK when self-hosted, JSON files.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { transform } from 'esbuild';
import type { PaymentSettings } from '../templates/runtime/types.ts';
import type { Config } from './config/types.ts';
import type { AssetFile } from './bundle.ts';

/** An image copied into `assets/`: its hashed name and intrinsic size. */
export interface ImageAsset {
  name: string;
  width: number;
  height: number;
  contents: Uint8Array;
}

/** `name-0123456789.ext`: a name that changes whenever the contents do, so it can be cached for good. */
export function hashedName(stem: string, extension: string, contents: Uint8Array | string): string {
  return `${stem}-${contentHash(contents).slice(0, 10)}${extension}`;
}

function contentHash(contents: Uint8Array | string): string {
  return createHash('sha256').update(contents).digest('hex');
}

/** Reads every image a config names (once each, by resolved path) into hashed assets. */
export async function collectImages(config: Config, configDir: string, cache: Map<string, Promise<ImageAsset>>) {
  const sources = [
    config.app.icon,
    ...config.variants.flatMap((variant) => variant.screenshots),
    ...config.sharedScreenshots,
    ...config.app.privacy.flatMap((card) => [card.icon, ...card.categories.map((category) => category.icon)]),
  ];
  const images = new Map<string, ImageAsset>();
  for (const source of sources) {
    const file = path.resolve(configDir, source);
    if (!cache.has(file)) cache.set(file, readImage(file));
    images.set(source, await cache.get(file)!);
  }
  return images;
}

async function readImage(file: string): Promise<ImageAsset> {
  const contents = await readFile(file);
  const extension = path.extname(file).toLowerCase();
  const { width, height } = extension === '.svg' ? svgSize(contents.toString('utf8'), file) : await rasterSize(file);
  return { name: hashedName(path.basename(file, extension), extension, contents), width, height, contents };
}

/** The intrinsic size of an SVG: its width and height attributes, else its viewBox. */
export function svgSize(svg: string, file: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([0-9.]+)(px)?\\s*["']`, 'i').exec(root)?.[1];
  const width = Number(attribute('width'));
  const height = Number(attribute('height'));
  if (width > 0 && height > 0) return { width, height };
  const viewBox = /\sviewBox\s*=\s*["']([^"']+)["']/i.exec(root)?.[1]?.trim().split(/[\s,]+/).map(Number);
  if (viewBox?.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0) return { width: viewBox[2]!, height: viewBox[3]! };
  throw new Error(`${file} has no width and height or viewBox on its <svg> element, so its size is unknown.`);
}

async function rasterSize(file: string): Promise<{ width: number; height: number }> {
  throw new Error(`${file}: only SVG images are supported so far.`);
}

const require = createRequire(import.meta.url);

/** The braintree-web version installed (pinned exactly in package.json). */
export function braintreeVersion(): string {
  return (require('braintree-web/package.json') as { version: string }).version;
}

/**
 * The payment SDK scripts a page loads: the provider's CDN URLs, or, self-hosted,
 * the npm package's browser builds minified into hashed assets with SRI hashes.
 */
export async function paymentScripts(config: Config, assetsUrl: string): Promise<{ settings: PaymentSettings; files: AssetFile[] }> {
  const { enabled, source, components } = config.payments.braintree;
  const version = braintreeVersion();
  if (source === 'cdn') {
    const scripts = components.map((component) => ({
      src: `https://js.braintreegateway.com/web/${version}/js/${component}.min.js`,
    }));
    return { settings: { enabled, source, version, scripts }, files: [] };
  }
  const files: AssetFile[] = [];
  const scripts: PaymentSettings['scripts'] = [];
  for (const component of components) {
    const code = await readFile(require.resolve(`braintree-web/dist/browser/${component}.js`), 'utf8');
    // The SDK's licence comments stay with it.
    const minified = (await transform(code, { minify: true, legalComments: 'eof' })).code;
    const name = hashedName(`braintree-${component}`, '.js', minified);
    files.push({ name, contents: Buffer.from(minified) });
    scripts.push({ src: assetsUrl + name, integrity: 'sha384-' + createHash('sha384').update(minified).digest('base64') });
  }
  return { settings: { enabled, source, version, scripts }, files };
}

/** A JSON asset with a content-hashed name. */
export function jsonAsset(stem: string, value: unknown): AssetFile {
  const text = JSON.stringify(value);
  return { name: hashedName(stem, '.json', text), contents: Buffer.from(text) };
}
