// Content-hashed assets besides the bundle and the images: the payment SDK when self-hosted, JSON files.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { transform } from 'esbuild';
import type { PaymentSettings } from '../../../page/contract/runtime-config.ts';
import type { AssetFile } from './bundle.ts';
import type { Config } from '../../config/types.ts';
import { sha256Hex } from '../../shared/hash.ts';

/** `name-0123456789.ext`: a name that changes whenever the contents do, so it can be cached for good. */
export function hashedName(stem: string, extension: string, contents: Uint8Array | string): string {
  return `${stem}-${sha256Hex(contents).slice(0, 10)}${extension}`;
}

const require = createRequire(import.meta.url);

/** The braintree-web version installed (pinned exactly in package.json). */
export function braintreeVersion(): string {
  return (require('braintree-web/package.json') as { version: string }).version;
}

/**
 * The payment SDK scripts a page loads: the provider's CDN URLs, or, self-hosted,
 * the npm package's browser builds minified into hashed assets with SRI hashes; none without an SDK.
 */
export async function paymentScripts(
  config: Config,
  assetsUrl: string,
  minified: MinifiedComponents,
): Promise<{ settings?: PaymentSettings; files: AssetFile[] }> {
  // No payments block, or the SDK turned off: the pages name no payment script at all.
  if (!config.payments?.braintree.enabled) return { files: [] };
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
    const code = await minifiedComponent(component, minified);
    const name = hashedName(`braintree-${component}`, '.js', code);
    files.push({ name, contents: Buffer.from(code) });
    scripts.push({ src: assetsUrl + name, integrity: 'sha384-' + createHash('sha384').update(code).digest('base64') });
  }
  return { settings: { enabled, source, version, scripts }, files };
}

/** Minified SDK components by name: every self-hosting campaign of a build uses the same files (kept in the build context). */
export type MinifiedComponents = Map<string, Promise<string>>;

function minifiedComponent(component: string, cache: MinifiedComponents): Promise<string> {
  let minified = cache.get(component);
  if (!minified) {
    minified = readFile(require.resolve(`braintree-web/dist/browser/${component}.js`), 'utf8')
      // The SDK's licence comments stay with it.
      .then((code) => transform(code, { minify: true, legalComments: 'eof' }))
      .then((result) => result.code);
    cache.set(component, minified);
  }
  return minified;
}
