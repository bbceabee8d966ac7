// Which screenshots a run takes: every page of a build (or of every campaign of a site) at every viewport,
// and the part of them one shard of a CI matrix takes.
import path from 'node:path';
import type { CampaignManifest, ManifestPage } from '../shared/manifest.ts';
import { urlPathOf } from '../shared/manifest.ts';
import type { Shard } from '../shared/shard.ts';

/** The widths every page is captured at: the iPhone 12 to 16 screen, and the narrowest the page supports. */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 350, height: 844 },
] as const;

/** One capture to take: a page at one viewport. */
export interface PlannedShot {
  /**
   * Path of the baseline and the capture below their folders, e.g. `de-feature1-390.png`, or
   * `kids/de-feature1-390.png` for a campaign of a site.
   */
  name: string;
  /** The campaign the page is of, on a site; null for the top level and for a one-campaign build. */
  campaign: string | null;
  locale: string;
  variant: string;
  urlPath: string;
  viewport: { width: number; height: number };
}

/**
 * Every page at every viewport, named after locale, variant and width (and scale, unless 1).
 * A campaign's pages (`campaign`, on a site) are named in a folder of the campaign's folder.
 */
export function planShots(pages: ManifestPage[], scale: number, basePath = '/', campaign?: { name: string; dir: string }): PlannedShot[] {
  const suffix = scale === 1 ? '' : `@${scale}x`;
  const prefix = campaign ? `${campaign.dir}/` : '';
  return pages.flatMap((page) =>
    VIEWPORTS.map((viewport) => ({
      name: `${prefix}${page.locale}-${page.variant}-${viewport.width}${suffix}.png`,
      campaign: campaign?.name ?? null,
      locale: page.locale,
      variant: page.variant,
      // The page's own URL below the server's root: `de/feature1/index.html` of base path /kids/ is served at `kids/de/feature1`.
      urlPath: basePath.slice(1) + urlPathOf(page.file),
      viewport,
    })),
  );
}

/** Every page of a site (`build --all` or merged): the top level's at the root, each campaign's in its folder. */
export function planSiteShots(
  campaigns: Array<{ dir: string; manifest: CampaignManifest }>,
  siteDir: string,
  scale: number,
): PlannedShot[] {
  return campaigns.flatMap(({ dir, manifest }) => {
    const folder = path.relative(siteDir, dir).split(path.sep).join('/');
    const campaign = folder && manifest.campaign ? { name: manifest.campaign, dir: folder } : undefined;
    return planShots(manifest.pages, scale, manifest.basePath, campaign);
  });
}

/**
 * The shots of one shard, in plan order: round-robin over the shots sorted by name, so the
 * shards' sizes differ by at most one, every shot is in exactly one shard, and the split
 * depends on the build's pages alone (not on the order of its manifest). A shard may be empty.
 */
export function shardShots<T extends { name: string }>(shots: readonly T[], shard: Shard): T[] {
  const sorted = shots.map((shot) => shot.name).sort();
  const owned = new Set(sorted.filter((_, position) => position % shard.count === shard.index - 1));
  return shots.filter((shot) => owned.has(shot.name));
}
