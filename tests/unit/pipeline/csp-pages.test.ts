// The pages' Content-Security-Policy as built and served: the first meta tag with the hash of each inline script and style,
// the header policy in _headers, the manifest, every host adapter and serve.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { cspHash } from '../../../generator/pipeline/policy/csp.ts';
import { startServer } from '../../../generator/serve/server.ts';
import { defaultConfig, temporaryDir } from '../../helpers.ts';
import { directives } from './csp-directives.ts';

describe('built pages', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = path.join(await temporaryDir(), 'out');
    await buildSite({ config: defaultConfig, outDir });
  });

  it('carry the policy as their first meta tag, with the hash of their inline style', () => {
    for (const file of ['index.html', 'de/feature1/index.html', '404.html', 'de/404.html']) {
      const html = readFileSync(path.join(outDir, file), 'utf8');
      const policy = /<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
      expect(policy, file).toBeDefined();
      const style = /<style>(.*?)<\/style>/s.exec(html)![1]!;
      expect(directives(policy!.replace(/&#39;/g, "'"))['style-src']).toEqual(["'self'", cspHash(style)]);
      // Every inline script that runs (the module loader, the plain routes' language script) is allowed by
      // its hash, and by nothing broader.
      const scriptSrc = directives(policy!.replace(/&#39;/g, "'"))['script-src']!;
      expect(scriptSrc.join(' ')).not.toContain('unsafe-inline');
      const inline = [...html.matchAll(/<script(?: type="module")?>(.*?)<\/script>/gs)].map(([, code]) => code!);
      expect(inline.length, file).toBe(file.endsWith('404.html') ? 0 : file === 'index.html' ? 2 : 1);
      for (const code of inline) expect(scriptSrc).toContain(cspHash(code));
    }
  });

  it('writes _headers for static hosts and the header policy into the manifest', () => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8'));
    const policy = manifest.headers['Content-Security-Policy'];
    expect(policy).toContain("frame-ancestors 'none'");
    const headers = readFileSync(path.join(outDir, '_headers'), 'utf8');
    // The root _headers is Netlify's (Cloudflare Pages reads it alike): every header but the language rewrite.
    expect(headers).toBe(readFileSync(path.join(outDir, '_hosting/netlify/_headers'), 'utf8'));
    expect(headers).toContain(`/*\n  Content-Security-Policy: ${policy}\n`);
    expect(headers).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n');
  });

  it("upgrade insecure requests in _headers and every host adapter, never in a page's meta tag", () => {
    const policy: string = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')).headers['Content-Security-Policy'];
    expect(policy).toContain('; upgrade-insecure-requests; ');
    const adapters = [
      '_headers',
      'netlify/_headers',
      'vercel/vercel.json',
      'cloudflare/_worker.js',
      'nginx/store-landing.conf',
      'cloudfront/store-landing-root-pages.json',
    ];
    for (const file of adapters) {
      expect(readFileSync(path.join(outDir, file === '_headers' ? file : `_hosting/${file}`), 'utf8'), file).toContain(policy);
    }
    for (const file of ['index.html', 'de/feature1/index.html', '404.html']) {
      expect(readFileSync(path.join(outDir, file), 'utf8'), file).not.toContain('upgrade-insecure-requests');
    }
  });

  it('are sent by serve, which speaks plain http, with the header policy less upgrade-insecure-requests', async () => {
    const policy: string = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')).headers['Content-Security-Policy'];
    const { runtime } = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')).assets;
    const server = await startServer({ dir: outDir, port: 0 });
    try {
      for (const url of ['feature1', 'de/feature1', `assets/${runtime}`]) {
        const response = await fetch(new URL(url, server.url));
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-security-policy'), url).toBe(policy.replace('; upgrade-insecure-requests', ''));
      }
    } finally {
      await server.close();
    }
  });

  it('gives host configuration no compressed twins', () => {
    expect(existsSync(path.join(outDir, '_hosting/vercel/vercel.json'))).toBe(true);
    expect(existsSync(path.join(outDir, '_hosting/vercel/vercel.json.gz'))).toBe(false);
  });
});
