// The Content-Security-Policy of a config: strict by construction, with the hash of our inline code and only the hosts in use
// (the pages that carry it: csp-pages.test.ts; its reporting: csp-reporting.test.ts).
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspHash, reportingHeaders } from '../../../generator/pipeline/policy/csp.ts';
import { MODULE_LOADER } from '../../../generator/pipeline/render/document.ts';
import { loadConfig } from '../../../generator/config/load.ts';
import { validateSite } from '../../../generator/pipeline/check.ts';
import { mergeOverrides } from '../../../generator/config/merge.ts';
import type { Config } from '../../../generator/config/types.ts';
import { defaultConfig } from '../../helpers.ts';
import { directives } from './csp-directives.ts';

const config = (await validateSite(await loadConfig(defaultConfig))).base.config;

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
    expect(vendorsOf(only({ snapPixelId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' }))).toEqual({
      'script-src': ['https://sc-static.net'],
      'connect-src': ['https://tr.snapchat.com'],
      'img-src': ['https://tr.snapchat.com'],
      'frame-src': ['https://tr.snapchat.com'],
    });
    // TikTok's and the Google tag's, for each way they are set: csp-vendor-guides.test.ts.
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
