// The human summary of a build: totals, each stage's time, and a compact table of what was written (from the
// manifests the build wrote, as it wrote them).
import type { BuildResult, WrittenCampaign } from '../pipeline/index.ts';
import type { CampaignManifest } from '../shared/manifest.ts';
import type { Writer } from './output.ts';

/** Past this many campaigns the table shows the first ones and counts the rest. */
const MAX_CAMPAIGN_ROWS = 12;

/** `12.3 KB`, `4.5 MB`, `870 B`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A header and rows of cells as aligned lines, each column as wide as its widest cell; the header painted by
 * `paintHeader` once laid out.
 */
export function table(header: string[], rows: string[][], paintHeader: (text: string) => string = (text) => text): string[] {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    '  ' +
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('   ')
      .trimEnd();
  return [paintHeader(line(header)), ...rows.map(line)];
}

/** The summary printed after `build`: what was built, how long each stage took, and what was written where. */
export function formatBuild(result: BuildResult, out: Writer): string {
  const { timings, images } = result;
  const stages = `load ${ms(timings.load)} · bundle ${ms(timings.bundle)} · render ${ms(timings.render)} · write ${ms(timings.write)}`;
  const imageLine = `images: ${images.encoded} encoded, ${images.cached} from the cache (.cache/images/)`;
  const head = `${out.paint('green', '✓')} Built ${result.pages} pages, ${formatBytes(result.bytes)}, in ${ms(result.milliseconds)} into ${result.outDir}/`;
  const body = result.written.length === 1 ? routeTable(result.written[0]!, out) : campaignTable(result, out);
  return [head, out.paint('dim', `  ${stages}`), out.paint('dim', `  ${imageLine}`), '', ...body].join('\n');
}

/** One campaign: a row per route with its languages and page sizes, then the assets. */
function routeTable({ manifest, assetBytes, runtimeBytes }: WrittenCampaign, out: Writer): string[] {
  const routes = new Map<string, CampaignManifest['pages']>();
  for (const page of manifest.pages) routes.set(page.route, [...(routes.get(page.route) ?? []), page]);
  const rows = [...routes].map(([route, pages]) => [
    route,
    pages.map((page) => page.locale).join(' '),
    sizeRange(pages.map((page) => page.bytes)),
  ]);
  return [
    ...table(['Route', 'Languages', 'Page (HTML, inline CSS)'], rows, (text) => out.paint('bold', text)),
    '',
    `  JS at load: ${formatBytes(runtimeBytes)} (runtime; React loads when a visitor first touches the page)`,
    `  assets/: ${manifest.assets.files.length} files, ${formatBytes(assetBytes)} (hashed, cache for good)`,
  ];
}

/** `--all`: a row per campaign folder. */
function campaignTable(result: BuildResult, out: Writer): string[] {
  const rows = result.campaigns
    .slice(0, MAX_CAMPAIGN_ROWS)
    .map((campaign) => [`${campaign.dir}/`, campaign.basePath, `${campaign.pages} pages`]);
  const more = result.campaigns.length - MAX_CAMPAIGN_ROWS;
  return [
    ...table(['Folder', 'Base path', 'Pages'], rows, (text) => out.paint('bold', text)),
    ...(more > 0 ? [`  … and ${more} more campaign${more === 1 ? '' : 's'}`] : []),
  ];
}

function sizeRange(sizes: number[]): string {
  const low = Math.min(...sizes);
  const high = Math.max(...sizes);
  return low === high ? formatBytes(low) : `${formatBytes(low)} – ${formatBytes(high)}`;
}

function ms(milliseconds: number): string {
  return `${Math.round(milliseconds)} ms`;
}
