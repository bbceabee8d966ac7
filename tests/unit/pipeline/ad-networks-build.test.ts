// The ad networks per campaign in a build: null turns a network off, and only the hosts of the networks a
// campaign turns on reach its runtime config, its pages' policy and every host adapter.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildSite } from '../../../generator/pipeline/index.ts';
import { defaultConfigData, siteDir, temporaryDir } from '../../helpers.ts';

const IDS = {
  metaPixelId: '000000000000000',
  tiktokPixelId: 'C4A1B2C3D4E5F6G7H8I9',
  snapPixelId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  googleTagId: 'AW-123456789',
  googleAdsConversion: 'AbC-D_efG',
};
const OFF = { metaPixelId: null, tiktokPixelId: null, snapPixelId: null, googleTagId: null };

/** A host of each network, and one each of a GA4 and an Ads tag only. */
const NETWORK_HOSTS = {
  meta: 'https://connect.facebook.net',
  tiktok: 'https://analytics.tiktok.com',
  snap: 'https://tr.snapchat.com',
  google: 'googletagmanager.com',
  ga4: 'https://*.google-analytics.com',
  ads: 'https://googleads.g.doubleclick.net',
};

/** Campaign folder ('' for the top level) -> the hosts of NETWORK_HOSTS its policy must name. */
const EXPECTED_HOSTS: Record<string, Array<keyof typeof NETWORK_HOSTS>> = {
  '': ['meta', 'tiktok', 'snap', 'google', 'ads'],
  'no-pixels': [],
  tiktok: ['tiktok'],
  analytics: ['meta', 'tiktok', 'snap', 'google', 'ga4'],
};

let outDir: string;
const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
/** The header policy a campaign's manifest gives its responses (the top level's manifest keeps its own under `root`). */
function manifestPolicy(folder: string): string {
  const manifest = JSON.parse(read(path.join(folder, 'manifest.json')));
  return (folder ? manifest : manifest.root).headers['Content-Security-Policy'];
}

beforeAll(async () => {
  // The tests' default config with every network at the top level, and campaigns that turn some off.
  const project = await temporaryDir();
  const data = defaultConfigData(project);
  Object.assign(data.tracking, IDS);
  data.campaigns = {
    'no-pixels': { tracking: OFF },
    tiktok: { tracking: { ...OFF, tiktokPixelId: IDS.tiktokPixelId } },
    analytics: { tracking: { googleTagId: 'G-ABC123DEF4', googleAdsConversion: null } },
  };
  writeFileSync(path.join(project, 'variants.yaml'), stringify(data));
  outDir = path.join(project, 'out');
  await buildSite({ config: path.join(project, 'variants.yaml'), outDir, all: true, imageCacheDir: path.join(siteDir, '.cache/images') });
}, 240_000);

describe("a campaign's ad networks", () => {
  it("reach its pages' runtime config: null leaves a network out, and the conversion label with its Google tag", () => {
    const tracking = (folder: string) => {
      const html = read(path.join(folder, 'feature1/index.html'));
      const json = /<script type="application\/json" id="runtime-config">([\s\S]*?)<\/script>/.exec(html)![1]!;
      const settings = JSON.parse(json).tracking as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(IDS)
          .filter((key) => key in settings)
          .map((key) => [key, settings[key]]),
      );
    };
    expect(tracking('')).toEqual(IDS);
    expect(tracking('no-pixels')).toEqual({});
    expect(tracking('tiktok')).toEqual({ tiktokPixelId: IDS.tiktokPixelId });
    expect(tracking('analytics')).toEqual({ ...IDS, googleTagId: 'G-ABC123DEF4', googleAdsConversion: undefined });
  });

  it.each(Object.entries(EXPECTED_HOSTS))(
    "/%s: its pages' meta policy and its header policy name the hosts of its networks only",
    (folder, networks) => {
      const metaPolicy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(read(path.join(folder, 'index.html')))![1]!;
      for (const policy of [metaPolicy, manifestPolicy(folder)]) {
        for (const [network, host] of Object.entries(NETWORK_HOSTS)) {
          expect(policy.includes(host), `${folder || '/'} ${network}`).toBe(networks.includes(network as keyof typeof NETWORK_HOSTS));
        }
        // AppsFlyer and Braintree stay whatever the networks.
        expect(policy).toContain('https://websdk.appsflyer.com');
        expect(policy).toContain('https://api.braintreegateway.com');
      }
      if (folder === 'no-pixels') expect(manifestPolicy(folder)).not.toMatch(/facebook|tiktok|snapchat|sc-static|google|doubleclick/);
    },
  );

  it("gives every host adapter each campaign's own policy", () => {
    const folders = Object.keys(EXPECTED_HOSTS);
    const policies = new Map(folders.map((folder) => [folder, manifestPolicy(folder)]));
    expect(new Set(policies.values()).size).toBe(folders.length);
    const baseOf = (folder: string) => (folder ? `/${folder}/` : '/');
    const pagePolicies = (text: string) => new Set([...text.matchAll(/default-src 'none'; script-src [^"\n]+/g)].map((match) => match[0]));

    // Netlify (and the root _headers): the campaign's /<base>* block.
    const netlify = read('_hosting/netlify/_headers');
    expect(read('_headers')).toBe(netlify);
    for (const folder of folders.filter(Boolean))
      expect(netlify).toContain(`/${folder}/*\n  Content-Security-Policy: ${policies.get(folder)}\n`);
    expect(pagePolicies(netlify)).toEqual(new Set(policies.values()));

    // Vercel: every route under a campaign's base carries its policy.
    const routes: Array<{ src?: string; headers?: Record<string, string> }> = JSON.parse(read('_hosting/vercel/vercel.json')).routes;
    for (const folder of folders.filter(Boolean)) {
      const own = routes.filter(
        (route) => route.src?.startsWith(`^/${folder}/`) && route.headers?.['Content-Security-Policy']?.includes('strict-dynamic'),
      );
      expect(own.length, folder).toBeGreaterThan(5);
      for (const route of own) expect(route.headers!['Content-Security-Policy'], route.src).toBe(policies.get(folder));
    }

    // CloudFront: each campaign's pages policy.
    for (const folder of folders) {
      const file = `_hosting/cloudfront/store-landing-${folder || 'root'}-pages.json`;
      expect(JSON.parse(read(file)).SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy, file).toBe(policies.get(folder));
    }

    // nginx: each campaign's section (`# <base>`) sends its policy and no other.
    const sections = read('_hosting/nginx/store-landing.conf')
      .split(/^# (?=\/)/m)
      .slice(1);
    for (const folder of folders) {
      const section = sections.find((text) => text.startsWith(`${baseOf(folder)}\n`))!;
      expect(pagePolicies(section), folder).toEqual(new Set([policies.get(folder)!.replace(/"/g, '\\"')]));
    }

    // The Cloudflare worker: its campaign list and their headers, index for index.
    const worker = read('_hosting/cloudflare/_worker.js');
    const campaigns: Array<{ basePath: string }> = JSON.parse(/^var CAMPAIGNS = (.*);$/m.exec(worker)![1]!);
    const headers: Array<{ page: Record<string, string> }> = JSON.parse(/^var HEADERS = (.*);$/m.exec(worker)![1]!);
    for (const folder of folders) {
      const index = campaigns.findIndex((campaign) => campaign.basePath === baseOf(folder));
      expect(headers[index]!.page['Content-Security-Policy'], folder).toBe(policies.get(folder));
    }
  });
});
