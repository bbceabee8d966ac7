// Every host adapter sends SVGs with the sandboxing policy (a missed script cannot run on the site's origin)
// and other assets with the campaign's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { Miniflare } from 'miniflare';
import { describe, expect, it } from 'vitest';
import { SVG_POLICY } from '../../../generator/hosts/headers.ts';
import { hostFiles, type HostSite } from '../../../generator/hosts/index.ts';
import type { VercelRoute } from '../../../generator/hosts/vercel.ts';

const POLICY = "default-src 'self'; script-src 'self'; frame-ancestors 'none'";
const SITE: HostSite = {
  campaigns: [{ basePath: '/', defaultLocale: 'en', locales: ['en', 'de'], routes: ['', 'feature1'], contentSecurityPolicy: POLICY }],
};
const files = hostFiles(SITE);
const file = (suffix: string) => files.find((entry) => entry.path.endsWith(suffix))!.contents;

describe('SVG headers on every host', () => {
  it('Netlify: an SVG gets the sandboxing policy besides the campaign one (both are enforced); a script only the campaign one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-landing-svg-'));
    try {
      writeFileSync(path.join(dir, '_headers'), file('netlify/_headers'));
      const { headers, errors } = await parseAllHeaders({ headersFiles: [path.join(dir, '_headers')], configHeaders: [], minimal: false });
      expect(errors).toEqual([]);
      const policies = (pathname: string) =>
        (headers as Header[])
          .filter((rule) => rule.forRegExp.test(pathname))
          .map((rule) => rule.values['Content-Security-Policy'])
          .filter(Boolean);
      expect(policies('/assets/glyph-0123456789.svg')).toEqual([POLICY, SVG_POLICY]);
      expect(policies('/assets/runtime-ABCDEFGH.js')).toEqual([POLICY]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Vercel: the SVG rule comes after the assets rule, so its policy is the one sent', () => {
    const routes = (JSON.parse(file('vercel/vercel.json')) as { routes: VercelRoute[] }).routes;
    const sent = (pathname: string) => {
      let policy: string | undefined;
      for (const route of routes) {
        if (route.handle) break;
        if (route.src && new RegExp(route.src, 'i').test(pathname) && route.headers?.['Content-Security-Policy'])
          policy = route.headers['Content-Security-Policy'];
      }
      return policy;
    };
    expect(sent('/assets/glyph-0123456789.svg')).toBe(SVG_POLICY);
    expect(sent('/assets/runtime-ABCDEFGH.js')).toBe(POLICY);
  });

  it('nginx: a nested location for SVGs inside the assets location, with every header repeated', () => {
    const conf = file('nginx/store-landing.conf');
    const svgBlock = /location ~\* \\\.svg\$ \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(svgBlock).toContain(`add_header Content-Security-Policy "${SVG_POLICY}" always;`);
    expect(svgBlock).toContain('add_header X-Content-Type-Options "nosniff" always;');
    expect(svgBlock).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;');
  });

  it('CloudFront: the assets behavior carries the sandboxing policy (a policy only acts on documents)', () => {
    const assets = JSON.parse(file('cloudfront/store-landing-root-assets.json'));
    expect(assets.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(SVG_POLICY);
    const pages = JSON.parse(file('cloudfront/store-landing-root-pages.json'));
    expect(pages.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(POLICY);
  });

  it('Cloudflare: the worker in workerd answers an SVG with the sandboxing policy', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'store-landing-svg-'));
    mkdirSync(path.join(out, 'assets'));
    writeFileSync(path.join(out, 'assets/glyph.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(out, 'assets/app.js'), 'run();');
    writeFileSync(path.join(out, '404.html'), 'not found');
    const worker = new Miniflare({
      modules: true,
      script: file('cloudflare/_worker.js'),
      compatibilityDate: '2025-01-01',
      assets: { directory: out, binding: 'ASSETS', routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true } },
    });
    try {
      const svg = await worker.dispatchFetch('http://landing.test/assets/glyph.svg');
      await svg.arrayBuffer();
      expect(svg.headers.get('content-security-policy')).toBe(SVG_POLICY);
      const script = await worker.dispatchFetch('http://landing.test/assets/app.js');
      await script.arrayBuffer();
      expect(script.headers.get('content-security-policy')).toBe(POLICY);
    } finally {
      await worker.dispose();
      rmSync(out, { recursive: true, force: true });
    }
  }, 30_000);
});
