// The payment SDK: braintree-web at exactly the pinned version, from the CDN or self-hosted with Subresource Integrity.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { braintreeVersion } from '../../../generator/pipeline/bundle/assets.ts';
import { defaultConfig, repoRoot, temporaryDir } from '../../helpers.ts';

const runtimeConfigOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(html)![1]!);

describe('payment SDK', () => {
  it('is braintree-web 3.100.0, pinned exactly in package.json', () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    expect(manifest.dependencies['braintree-web']).toBe('3.100.0');
    expect(braintreeVersion()).toBe('3.100.0');
  });

  it('self-hosted: bundles the components into hashed assets, each with its SRI hash', async () => {
    const dir = await temporaryDir();
    const config = parse(readFileSync(defaultConfig, 'utf8'));
    config.payments.braintree.source = 'self-hosted';
    // Paths in the config are relative to it: keep it beside the original.
    const file = path.join(repoRoot, `.self-hosted-${path.basename(dir)}.yaml`);
    writeFileSync(file, stringify(config));
    try {
      const outDir = path.join(dir, 'out');
      await buildSite({ config: file, outDir });
      const html = readFileSync(path.join(outDir, 'feature1/index.html'), 'utf8');
      const { payments } = runtimeConfigOf(html);
      expect(payments.source).toBe('self-hosted');
      expect(payments.scripts).toHaveLength(2);
      for (const script of payments.scripts) {
        expect(script.src).toMatch(/^\/assets\/braintree-(client|data-collector)-[0-9a-f]{10}\.js$/);
        const bytes = readFileSync(path.join(outDir, script.src));
        expect(script.integrity).toBe(`sha384-${createHash('sha384').update(bytes).digest('base64')}`);
      }
      // Nothing of the SDK is fetched from the provider's CDN then.
      expect(html).not.toContain('js.braintreegateway.com');
    } finally {
      rmSync(file, { force: true });
    }
  });
});
