// The hosting files of a build: per host, what its engine needs to serve the site the way `serve` does.
import { CLOUDFLARE_WORKER, cloudflareFiles, cloudflareWorkerPieces } from './cloudflare.ts';
import { cloudfrontBatches, cloudfrontFiles } from './cloudfront.ts';
import { NETLIFY_HEADERS, NETLIFY_REDIRECTS, netlifyFiles, netlifyHeaderPieces, netlifyHeaders, netlifyRedirectPieces } from './netlify.ts';
import { nginxFilePieces, nginxFiles } from './nginx.ts';
import { orderedCampaigns, type HostSite } from './site.ts';
import { VERCEL_JSON, vercelFiles, vercelJson } from './vercel.ts';

export { negotiateLocale } from '../../page/edge/negotiate.ts';
export { HOSTING_DIR, type HostCampaign, type HostSite } from './site.ts';

/**
 * Every host's files, with paths relative to the root of the output folder. Each host's
 * files sit in their own folder under `_hosting/`: Netlify and Cloudflare Pages both read
 * `_redirects` and `_headers` at the root, and Netlify's language rules must never reach
 * Cloudflare (which has no Language= condition). The deploy steps copy one host's files
 * to the root (see docs/deploy.md); nginx and CloudFront use theirs in place. A `_headers` at the
 * root (Netlify's, which Cloudflare Pages reads alike) gives a folder uploaded as it is
 * every header but the language rewrite.
 */
export function hostFiles(site: HostSite): Array<{ path: string; contents: string }> {
  if (site.campaigns.length === 0) return [];
  const campaigns = orderedCampaigns(site);
  return [
    { path: '_headers', contents: netlifyHeaders(campaigns) },
    ...netlifyFiles(campaigns),
    ...cloudflareFiles(campaigns),
    ...vercelFiles(campaigns),
    ...nginxFiles(campaigns),
    ...cloudfrontFiles(campaigns),
  ];
}

/** A host's file: its text whole, or in pieces written one after another (vercel.json: some 35 KB a campaign). */
export type HostFile = { path: string; contents: string } | { path: string; pieces: () => Iterable<string> };

/**
 * hostFiles, a host at a time: each function makes one host's files when called, in one batch
 * or (CloudFront's two files a campaign) several, so a build of thousands of campaigns holds one
 * batch at once; the files that grow fastest with the campaigns are made in pieces.
 */
export function hostFileGroups(site: HostSite): Array<() => Iterable<HostFile[]>> {
  if (site.campaigns.length === 0) return [];
  const campaigns = orderedCampaigns(site);
  return [
    () => [[{ path: '_headers', pieces: () => netlifyHeaderPieces(campaigns) }]],
    () => [
      [
        { path: NETLIFY_REDIRECTS, pieces: () => netlifyRedirectPieces(campaigns) },
        { path: NETLIFY_HEADERS, pieces: () => netlifyHeaderPieces(campaigns) },
      ],
    ],
    () => [[{ path: CLOUDFLARE_WORKER, pieces: () => cloudflareWorkerPieces(campaigns) }]],
    () => [[{ path: VERCEL_JSON, pieces: () => vercelJson(campaigns) }]],
    () => [nginxFilePieces(campaigns)],
    () => cloudfrontBatches(campaigns),
  ];
}
