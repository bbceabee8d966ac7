// The Content-Security-Policy: strict by construction, with the hash of our inline style and only the hosts in use.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { contentSecurityPolicy, cspHash, reportingHeaders } from '../../../generator/pipeline/policy/csp.ts';
import { MODULE_LOADER } from '../../../generator/pipeline/render/document.ts';
import { loadConfig } from '../../../generator/config/load.ts';
import { validateSite } from '../../../generator/pipeline/check.ts';
import { mergeOverrides } from '../../../generator/config/merge.ts';
import type { Config } from '../../../generator/config/types.ts';
import { startServer } from '../../../generator/serve/server.ts';
import { configIssues, defaultConfig, defaultConfigData, siteDir, temporaryDir } from '../../helpers.ts';

const config = (await validateSite(await loadConfig(defaultConfig))).base.config;
const directives = (policy: string) =>
  Object.fromEntries<string[]>(
    policy.split('; ').map((directive) => {
      const [name, ...values] = directive.split(' ');
      return [name!, values];
    }),
  );

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
    expect(JSON.stringify(policy)).not.toContain('unsafe');
    expect(policy['frame-ancestors']).toBeUndefined();
  });

  it('upgrades insecure requests in the header policy only: a meta tag would upgrade a plain-http preview in WebKit too', () => {
    expect(directives(contentSecurityPolicy(config, { scripts: [], styles: [] }))['upgrade-insecure-requests']).toBeUndefined();
    expect(directives(contentSecurityPolicy(config, { scripts: [], styles: [] }, true))['upgrade-insecure-requests']).toEqual([]);
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
    expect(img).toEqual([
      "'self'",
      'https://www.facebook.com',
      'https://assets.braintreegateway.com',
      'https://c.paypal.com',
      'https://b.stats.paypal.com',
    ]);
  });

  it('reports, in the header only, when security.cspReportUri is set; Trusted Types report-only beside it', () => {
    const reporting = mergeOverrides(config, { security: { cspReportUri: 'https://reports.example.com/csp?site=pictura' } }) as Config;
    expect(contentSecurityPolicy(reporting, { scripts: [], styles: [] })).not.toContain('report');
    const header = directives(contentSecurityPolicy(reporting, { scripts: [], styles: [] }, true));
    expect(header['report-uri']).toEqual(['https://reports.example.com/csp?site=pictura']);
    expect(header['report-to']).toEqual(['csp']);
    expect(reportingHeaders(reporting)).toEqual({
      'Reporting-Endpoints': 'csp="https://reports.example.com/csp?site=pictura"',
      'Content-Security-Policy-Report-Only':
        "require-trusted-types-for 'script'; report-uri https://reports.example.com/csp?site=pictura; report-to csp",
    });
    const forged = mergeOverrides(config, { security: { cspReportUri: 'https://x/"; script-src *' } }) as Config;
    expect(() => reportingHeaders(forged)).toThrow('cannot hold');
  });

  it('reports nothing without security.cspReportUri: no directive, no header', () => {
    expect(config.security).toEqual({});
    expect(contentSecurityPolicy(config, { scripts: [], styles: [] }, true)).not.toMatch(/report/);
    expect(reportingHeaders(config)).toEqual({});
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

  it('names the hosts of each ad network the config turns on, and none of one it leaves out or a campaign turns off with null', () => {
    const only = (ids: Record<string, string | null>) =>
      directives(
        contentSecurityPolicy(
          mergeOverrides(config, {
            tracking: { metaPixelId: null, tiktokPixelId: null, snapPixelId: null, googleTagId: null, ...ids },
          }) as Config,
          { scripts: [], styles: [] },
        ),
      );
    const vendorsOf = (policy: Record<string, string[]>) =>
      Object.fromEntries(
        ['script-src', 'connect-src', 'img-src', 'frame-src'].map((name) => [
          name,
          policy[name]!.filter((host) => host.startsWith('https://') && !/appsflyer|braintree|paypal/.test(host)),
        ]),
      );
    expect(vendorsOf(only({}))).toEqual({ 'script-src': [], 'connect-src': [], 'img-src': [], 'frame-src': [] });
    expect(only({})['frame-src']).toEqual(['https://assets.braintreegateway.com', 'https://c.paypal.com']);
    expect(vendorsOf(only({ metaPixelId: '000000000000000' }))).toEqual({
      'script-src': ['https://connect.facebook.net'],
      'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
      'img-src': ['https://www.facebook.com'],
      'frame-src': [],
    });
    expect(vendorsOf(only({ tiktokPixelId: 'C4A1B2C3D4E5F6G7H8I9' }))).toEqual({
      'script-src': ['https://analytics.tiktok.com'],
      'connect-src': ['https://analytics.tiktok.com'],
      'img-src': ['https://analytics.tiktok.com'],
      'frame-src': [],
    });
    expect(vendorsOf(only({ snapPixelId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }))).toEqual({
      'script-src': ['https://sc-static.net'],
      'connect-src': ['https://tr.snapchat.com'],
      'img-src': ['https://tr.snapchat.com'],
      'frame-src': ['https://tr.snapchat.com'],
    });
    expect(vendorsOf(only({ googleTagId: 'G-ABC123DEF4' }))).toEqual({
      'script-src': ['https://www.googletagmanager.com'],
      'connect-src': [
        'https://www.googletagmanager.com',
        'https://www.google-analytics.com',
        'https://region1.google-analytics.com',
        'https://analytics.google.com',
        'https://region1.analytics.google.com',
        'https://stats.g.doubleclick.net',
      ],
      'img-src': ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://region1.google-analytics.com'],
      'frame-src': [],
    });
    expect(vendorsOf(only({ googleTagId: 'AW-123456789' }))).toEqual({
      'script-src': [
        'https://www.googletagmanager.com',
        'https://www.googleadservices.com',
        'https://googleads.g.doubleclick.net',
        'https://www.google.com',
      ],
      'connect-src': [
        'https://www.googletagmanager.com',
        'https://www.googleadservices.com',
        'https://googleads.g.doubleclick.net',
        'https://www.google.com',
        'https://pagead2.googlesyndication.com',
      ],
      'img-src': [
        'https://www.googletagmanager.com',
        'https://www.googleadservices.com',
        'https://googleads.g.doubleclick.net',
        'https://www.google.com',
      ],
      'frame-src': ['https://td.doubleclick.net', 'https://bid.g.doubleclick.net'],
    });
    const all = contentSecurityPolicy(
      mergeOverrides(config, {
        tracking: {
          tiktokPixelId: 'C4A1B2C3D4E5F6G7H8I9',
          snapPixelId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
          googleTagId: 'AW-123456789',
        },
      }) as Config,
      { scripts: [], styles: [] },
      true,
    );
    expect(all).not.toMatch(/\*|data:/);
    for (const host of ['connect.facebook.net', 'analytics.tiktok.com', 'sc-static.net', 'www.googletagmanager.com'])
      expect(all).toContain(host);
  });

  it('keeps self-hosted payment scripts on self', () => {
    const selfHosted = mergeOverrides(config, { payments: { braintree: { source: 'self-hosted' } } }) as Config;
    expect(directives(contentSecurityPolicy(selfHosted, { scripts: [], styles: [] }))['script-src']).not.toContain(
      'https://js.braintreegateway.com',
    );
  });
});

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

describe('security.cspReportUri', () => {
  const REPORT_URI = 'https://reports.example.com/csp';
  const ENDPOINTS = `csp="${REPORT_URI}"`;
  const TRUSTED_TYPES = `require-trusted-types-for 'script'; report-uri ${REPORT_URI}; report-to csp`;
  let project: string;
  let outDir: string;
  const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
  beforeAll(async () => {
    // The default config, with one campaign that reports and a top level that does not.
    project = await temporaryDir();
    const data = defaultConfigData(project);
    data.campaigns = { reporting: { security: { cspReportUri: REPORT_URI } } };
    writeFileSync(path.join(project, 'variants.yaml'), stringify(data));
    outDir = path.join(project, 'out');
    await buildSite({ config: path.join(project, 'variants.yaml'), outDir, all: true, imageCacheDir: path.join(siteDir, '.cache/images') });
  });

  it('puts the reporting headers in the manifest of the campaign that sets it, and none in the other', () => {
    expect(Object.keys(JSON.parse(read('manifest.json')).root.headers)).toEqual(['Content-Security-Policy']);
    const { headers } = JSON.parse(read('reporting/manifest.json'));
    expect(headers['Content-Security-Policy']).toMatch(new RegExp(`frame-ancestors 'none'; report-uri ${REPORT_URI}; report-to csp$`));
    expect(headers['Reporting-Endpoints']).toBe(ENDPOINTS);
    expect(headers['Content-Security-Policy-Report-Only']).toBe(TRUSTED_TYPES);
    // The page's own <meta> policy cannot report: browsers ignore report-uri there.
    expect(read('reporting/feature1/index.html')).not.toContain('report-uri');
  });

  it("is sent by serve on that campaign's pages only", async () => {
    const server = await startServer({ dir: outDir, port: 0 });
    try {
      const origin = new URL(server.url).origin;
      for (const url of ['/reporting/', '/reporting/feature1?x=1', '/reporting/de/feature1']) {
        const response = await fetch(origin + url);
        expect(response.status, url).toBe(200);
        expect(response.headers.get('reporting-endpoints'), url).toBe(ENDPOINTS);
        expect(response.headers.get('content-security-policy-report-only'), url).toBe(TRUSTED_TYPES);
        expect(response.headers.get('content-security-policy'), url).toContain(`report-uri ${REPORT_URI}`);
      }
      const plain = await fetch(`${origin}/feature1`);
      expect(plain.headers.get('reporting-endpoints')).toBeNull();
      expect(plain.headers.get('content-security-policy-report-only')).toBeNull();
      expect(plain.headers.get('content-security-policy')).not.toContain('report');
    } finally {
      await server.close();
    }
  });

  it("is in every host's configuration, for that campaign only", () => {
    const netlify = read('_hosting/netlify/_headers');
    expect(netlify).toContain(
      `/reporting/*\n  Content-Security-Policy: ${JSON.parse(read('reporting/manifest.json')).headers['Content-Security-Policy']}\n  Reporting-Endpoints: ${ENDPOINTS}\n  Content-Security-Policy-Report-Only: ${TRUSTED_TYPES}\n`,
    );
    expect(netlify.match(/Reporting-Endpoints/g)).toHaveLength(1);
    expect(read('_headers')).toBe(netlify);
    // Vercel: every route with the reporting campaign's policy carries both headers, and no other route does.
    const routes: Array<{ headers?: Record<string, string> }> = JSON.parse(read('_hosting/vercel/vercel.json')).routes;
    const reportingRoutes = routes.filter((route) => route.headers?.['Content-Security-Policy']?.includes('report-uri'));
    expect(reportingRoutes.length).toBeGreaterThan(5);
    expect(routes.filter((route) => route.headers?.['Reporting-Endpoints'])).toEqual(reportingRoutes);
    for (const route of reportingRoutes) expect(route.headers!['Content-Security-Policy-Report-Only']).toBe(TRUSTED_TYPES);
    // CloudFront: custom headers of the campaign's pages policy; none in the top level's.
    const custom = (file: string) =>
      JSON.parse(read(`_hosting/cloudfront/${file}`)).CustomHeadersConfig.Items.map((item: { Header: string }) => item.Header);
    expect(custom('store-landing-reporting-pages.json')).toEqual([
      'Reporting-Endpoints',
      'Content-Security-Policy-Report-Only',
      'Cache-Control',
      'Vary',
    ]);
    expect(custom('store-landing-root-pages.json')).toEqual(['Cache-Control', 'Vary']);
    // nginx and the Cloudflare worker: in the reporting campaign's locations and header sets.
    expect(read('_hosting/nginx/store-landing.conf')).toContain(`add_header Reporting-Endpoints "csp=\\"${REPORT_URI}\\"" always;`);
    expect(read('_hosting/cloudflare/_worker.js')).toContain(JSON.stringify({ 'Reporting-Endpoints': ENDPOINTS }).slice(1, -1));
  });

  it('must be an https URL that cannot end a header field, refused at its YAML line', async () => {
    const dir = await temporaryDir();
    const file = path.join(dir, 'variants.yaml');
    writeFileSync(file, readFileSync(defaultConfig, 'utf8') + 'security:\n  cspReportUri: https://x.example/"; script-src *\n');
    const line = readFileSync(file, 'utf8').split('\n').length - 1;
    expect(await configIssues(file)).toEqual([
      `${file}:${line}:17 security.cspReportUri: expected an https:// URL of ASCII letters, digits and -._~:@%/?&=+ (it goes into the pages' headers as it is), found "https://x.example/\\"; script-src *"`,
    ]);
  });
});
