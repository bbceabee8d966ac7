// The Content-Security-Policy: strict by construction, with the hash of our inline style and only the hosts in use.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/build/index.ts';
import { contentSecurityPolicy, cspHash, reportingHeaders } from '../../generator/build/csp.ts';
import { MODULE_LOADER } from '../../templates/document.ts';
import { loadConfig } from '../../generator/config/load.ts';
import { validateConfig } from '../../generator/config/validate.ts';
import { mergeOverrides } from '../../generator/config/merge.ts';
import type { Config } from '../../generator/config/types.ts';
import { defaultConfig, temporaryDir } from '../helpers.ts';

const config = validateConfig(await loadConfig(defaultConfig)).base.config;
const directives = (policy: string) =>
  Object.fromEntries<string[]>(policy.split('; ').map((directive) => {
    const [name, ...values] = directive.split(' ');
    return [name!, values];
  }));

describe('contentSecurityPolicy', () => {
  it("trusts scripts by hash and 'strict-dynamic', with self and the vendors' script hosts only for pre-CSP 3 browsers; never unsafe-inline", () => {
    const policy = directives(contentSecurityPolicy(config, { scripts: [cspHash('boot()')], styles: [cspHash('a{}')] }));
    expect(policy['script-src']).toEqual([
      "'self'",
      "'strict-dynamic'",
      cspHash(MODULE_LOADER),
      cspHash('boot()'),
      'https://connect.facebook.net',
      'https://websdk.appsflyer.com',
      'https://onelinksmartscript.appsflyer.com',
      'https://js.braintreegateway.com',
      'https://assets.braintreegateway.com',
      'https://c.paypal.com',
    ]);
    expect(policy['style-src']).toEqual(["'self'", cspHash('a{}')]);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['upgrade-insecure-requests']).toEqual([]);
    expect(JSON.stringify(policy)).not.toContain('unsafe');
    expect(policy['frame-ancestors']).toBeUndefined();
  });

  it('names exact hosts only: no wildcard, no data:', () => {
    const policy = contentSecurityPolicy(config, { scripts: [], styles: [] }, true);
    expect(policy).not.toMatch(/\*|data:/);
    const { 'connect-src': connect, 'img-src': img } = directives(policy);
    expect(connect).toEqual([
      "'self'",
      'https://www.facebook.com',
      'https://connect.facebook.net',
      'https://wa.appsflyer.com',
      'https://api.braintreegateway.com',
      'https://client-analytics.braintreegateway.com',
      'https://payments.braintree-api.com',
    ]);
    expect(img).toEqual(["'self'", 'https://www.facebook.com', 'https://assets.braintreegateway.com', 'https://c.paypal.com', 'https://b.stats.paypal.com']);
  });

  it('reports, in the header only, when a report URL is given; Trusted Types report-only beside it', () => {
    const reporting = { reportUri: 'https://reports.example.com/csp' };
    expect(contentSecurityPolicy(config, { scripts: [], styles: [] }, false, reporting)).not.toContain('report');
    const header = directives(contentSecurityPolicy(config, { scripts: [], styles: [] }, true, reporting));
    expect(header['report-uri']).toEqual(['https://reports.example.com/csp']);
    expect(header['report-to']).toEqual(['csp']);
    expect(reportingHeaders(reporting)).toEqual({
      'Reporting-Endpoints': 'csp="https://reports.example.com/csp"',
      'Content-Security-Policy-Report-Only': "require-trusted-types-for 'script'; report-uri https://reports.example.com/csp; report-to csp",
    });
    expect(() => reportingHeaders({ reportUri: 'https://x/"; script-src *' })).toThrow('cannot hold');
  });

  it('drops the hosts of what is switched off', () => {
    const quiet = mergeOverrides(config, {
      tracking: { appsflyer: { smartScript: false } },
      payments: { braintree: { enabled: false } },
    }) as Config;
    const policy = contentSecurityPolicy(quiet, { scripts: [], styles: [] }, true);
    expect(policy).not.toContain('onelinksmartscript');
    expect(policy).not.toContain('braintree');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(directives(policy)['frame-src']).toEqual(["'none'"]);
  });

  it('keeps self-hosted payment scripts on self', () => {
    const selfHosted = mergeOverrides(config, { payments: { braintree: { source: 'self-hosted' } } }) as Config;
    expect(directives(contentSecurityPolicy(selfHosted, { scripts: [], styles: [] }))['script-src']).not.toContain('https://js.braintreegateway.com');
  });
});

describe('built pages', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = path.join(await temporaryDir(), 'out');
    await buildSite({ config: defaultConfig, outDir });
  });

  it('carry the policy as their first meta tag, with the hash of their inline style', () => {
    for (const file of ['index.html', 'de/feature1/index.html', '404.html']) {
      const html = readFileSync(path.join(outDir, file), 'utf8');
      const policy = /<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
      expect(policy, file).toBeDefined();
      const style = /<style>(.*?)<\/style>/s.exec(html)![1]!;
      expect(directives(policy!.replace(/&#39;/g, "'"))['style-src']).toEqual(["'self'", cspHash(style)]);
      // Every inline script that runs (the module loader, the plain routes' language script) is allowed by its hash, and by nothing broader.
      const scriptSrc = directives(policy!.replace(/&#39;/g, "'"))['script-src']!;
      expect(scriptSrc.join(' ')).not.toContain('unsafe-inline');
      const inline = [...html.matchAll(/<script(?: type="module")?>(.*?)<\/script>/gs)].map(([, code]) => code!);
      expect(inline.length, file).toBe(file === '404.html' ? 0 : file === 'index.html' ? 2 : 1);
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

  it('gives host configuration no compressed twins', () => {
    expect(existsSync(path.join(outDir, '_hosting/vercel/vercel.json'))).toBe(true);
    expect(existsSync(path.join(outDir, '_hosting/vercel/vercel.json.gz'))).toBe(false);
  });
});
