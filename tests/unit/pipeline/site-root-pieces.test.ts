// The site's root files of a build of many campaigns: a host at a time, the largest in pieces, the same bytes as made whole.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostFileGroups, hostFiles, type HostSite } from '../../../generator/hosts/index.ts';
import { orderedCampaigns } from '../../../generator/hosts/site.ts';
import { netlifyHeaderPieces, netlifyHeaders, netlifyRedirectPieces, netlifyRedirects } from '../../../generator/hosts/netlify.ts';
import { vercelConfig, vercelJson } from '../../../generator/hosts/vercel.ts';
import { cloudflareWorkerPieces } from '../../../generator/hosts/cloudflare.ts';
import { cloudfrontBatches } from '../../../generator/hosts/cloudfront.ts';
import { nginxConfigPieces } from '../../../generator/hosts/nginx.ts';
import { isPieces } from '../../../generator/pipeline/output/staging-writer.ts';
import { writeOutput } from '../../../generator/pipeline/output/write.ts';
import { siteRootBatches } from '../../../generator/pipeline/site-root.ts';
import { temporaryDir } from '../../helpers.ts';

const POLICY = "default-src 'self'; script-src 'self'; frame-ancestors 'none'";
/** A site of `count` campaigns, the first at the root. */
function site(count: number): HostSite {
  return {
    campaigns: Array.from({ length: count }, (_, i) => ({
      basePath: i === 0 ? '/' : `/c${i}/`,
      defaultLocale: 'en',
      locales: ['en', 'de', 'fr'],
      routes: ['', 'feature1', 'feature2'],
      contentSecurityPolicy: `${POLICY}; report-uri https://example.com/${i}`,
    })),
  };
}

describe('vercel.json in pieces', () => {
  it.each([1, 2, 40])('is byte for byte the whole JSON of its routes, for %i campaigns', (count) => {
    const campaigns = orderedCampaigns(site(count));
    const pieces = [...vercelJson(campaigns)];
    expect(pieces.join('')).toBe(`${JSON.stringify(vercelConfig(campaigns), null, 2)}\n`);
    // A piece a route, and the two ends: no piece grows with the number of campaigns.
    expect(pieces.length).toBe(vercelConfig(campaigns).routes.length + 2);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(20_000);
  });
});

describe("Netlify's files in pieces", () => {
  it.each([1, 40])('are the same text as made whole, a piece per rule or campaign, for %i campaigns', (count) => {
    const campaigns = orderedCampaigns(site(count));
    const headers = [...netlifyHeaderPieces(campaigns)];
    expect(headers.join('')).toBe(netlifyHeaders(campaigns));
    expect(Math.max(...headers.map((piece) => piece.length))).toBeLessThan(2_000);
    const redirects = [...netlifyRedirectPieces(campaigns)];
    expect(redirects.join('')).toBe(netlifyRedirects(campaigns));
    expect(redirects.length).toBe(count + 2);
  });
});

describe("Cloudflare's worker and nginx's snippet in pieces", () => {
  it.each([1, 40])('are a piece a campaign after the first, for %i campaigns', (count) => {
    const campaigns = orderedCampaigns(site(count));
    const worker = [...cloudflareWorkerPieces(campaigns)];
    expect(worker).toHaveLength(count + 2);
    // The campaigns' headers, as the worker reads them: the JSON of the whole list.
    const headers = /\nvar HEADERS = (.*);\nvar ROOT/.exec(worker.join(''))![1]!;
    expect(JSON.parse(headers)).toHaveLength(count);
    expect(Math.max(...worker.slice(1).map((piece) => piece.length))).toBeLessThan(5_000);
    const snippet = [...nginxConfigPieces(campaigns)];
    expect(snippet).toHaveLength(count + 2);
    expect(snippet.slice(1, -1).every((piece, i) => piece.startsWith(`\n\n# ${campaigns[i]!.basePath}\n`))).toBe(true);
    expect(Math.max(...snippet.map((piece) => piece.length))).toBeLessThan(10_000);
  });
});

describe("CloudFront's files in batches", () => {
  it('hold the policies of 100 campaigns each, between the function and behaviors.json', () => {
    const campaigns = orderedCampaigns(site(250));
    const batches = [...cloudfrontBatches(campaigns)];
    expect(batches.map((batch) => batch.length)).toEqual([1, 200, 200, 100, 1]);
    expect(batches[0]![0]!.path).toBe('_hosting/cloudfront/viewer-request.js');
    expect(batches.at(-1)![0]!.path).toBe('_hosting/cloudfront/behaviors.json');
    // Every campaign's two behaviors (and the root's one), whichever batch made its policies.
    expect(JSON.parse(batches.at(-1)![0]!.contents).CacheBehaviors).toHaveLength(2 + 249 * 3);
  });
});

describe("a build's root files", () => {
  it('are made a host at a time, the ones that grow fastest in pieces', () => {
    const groups = hostFileGroups(site(3));
    expect(groups).toHaveLength(6);
    const files = groups.flatMap((group) => [...group()].flat());
    // The files that grow fastest with the campaigns are made in pieces.
    expect(files.filter((file) => 'pieces' in file).map((file) => file.path)).toEqual([
      '_headers',
      '_hosting/netlify/_redirects',
      '_hosting/netlify/_headers',
      '_hosting/cloudflare/_worker.js',
      '_hosting/vercel/vercel.json',
      '_hosting/nginx/store-landing.conf',
    ]);
    // The same files as hostFiles makes whole.
    const whole = hostFiles(site(3));
    expect(files.map((file) => ({ path: file.path, contents: 'pieces' in file ? [...file.pieces()].join('') : file.contents }))).toEqual(
      whole,
    );
  });

  it('are yielded by siteRootBatches a batch per host, which the writer writes whole', async () => {
    const hosts = site(3);
    const entries = hosts.campaigns.map((campaign, i) => ({
      name: i === 0 ? null : `c${i}`,
      dir: i === 0 ? '' : `c${i}`,
      manifest: {
        campaign: i === 0 ? null : `c${i}`,
        basePath: campaign.basePath,
        headers: { 'Content-Security-Policy': campaign.contentSecurityPolicy },
        defaultLocale: 'en',
        locales: campaign.locales,
        assets: { runtime: 'r.js', client: 'c.js', files: [] },
        pages: campaign.routes.map((route) => ({
          route: `/${route}`,
          locale: 'en',
          variant: 'default',
          file: `${route ? `${route}/` : ''}index.html`,
          bytes: 1,
        })),
      },
    }));
    const batches = [...siteRootBatches(entries, { all: true })];
    // The site manifest, then one batch per host, CloudFront's in three: its function, its policies, its behaviors.
    expect(batches.map((batch) => batch.map((file) => file.path)[0])).toEqual([
      'manifest.json',
      '_headers',
      '_hosting/netlify/_redirects',
      '_hosting/cloudflare/_worker.js',
      '_hosting/vercel/vercel.json',
      '_hosting/nginx/store-landing.conf',
      '_hosting/cloudfront/viewer-request.js',
      expect.stringMatching(/^_hosting\/cloudfront\/store-landing-\w+-assets\.json$/),
      '_hosting/cloudfront/behaviors.json',
    ]);
    const vercel = batches.flat().find((file) => file.path.endsWith('vercel.json'))!;
    expect(isPieces(vercel.contents)).toBe(true);
    const out = path.join(await temporaryDir(), 'out');
    await writeOutput(out, batches.flat());
    const expected = hostFiles({ campaigns: hosts.campaigns }).find((file) => file.path.endsWith('vercel.json'))!.contents;
    expect(readFileSync(path.join(out, '_hosting/vercel/vercel.json'), 'utf8')).toBe(expected);
  });
});
