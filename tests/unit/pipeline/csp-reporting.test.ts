// security.cspReportUri: the reporting directives and headers of the campaign that sets it, in its manifest, from serve and in
// every host's configuration, and a report URL that could break out of its header refused at its YAML line.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { startServer } from '../../../generator/serve/server.ts';
import { configIssues, defaultConfig, defaultConfigData, siteDir, temporaryDir } from '../../helpers.ts';

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
