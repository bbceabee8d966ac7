// The stand-in site dev serves while a config has never built: one page for the overlay to show over.
import type { OutputFile } from '../pipeline/output/write.ts';
import type { CampaignManifest } from '../shared/manifest.ts';

const PAGE = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    '<title>store-landing dev</title></head><body><p>Waiting for a config that builds…</p></body></html>',
);

/** A folder `serve` accepts: a manifest with one page at `/`, and that page as the 404 too. */
export function placeholderSite(): OutputFile[] {
  const manifest: CampaignManifest = {
    campaign: null,
    basePath: '/',
    headers: {},
    defaultLocale: 'en',
    locales: ['en'],
    assets: { runtime: '', client: '', files: [] },
    pages: [{ route: '/', locale: 'en', variant: 'placeholder', file: 'index.html', bytes: PAGE.byteLength }],
  };
  return [
    { path: 'index.html', contents: PAGE },
    { path: '404.html', contents: PAGE },
    { path: 'manifest.json', contents: JSON.stringify(manifest, null, 2) },
  ];
}
