// Which screenshots a run takes: every page of a build at every viewport, and the part of them one shard of a CI matrix takes.
import type { ManifestPage } from '../shared/manifest.ts';
import { urlPathOf } from '../shared/manifest.ts';

/** The widths every page is captured at: the iPhone 12 to 16 screen, and the narrowest the page supports. */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 350, height: 844 },
] as const;

/** One part of N of the shots, 1-based: `--shard 2/3` is `{ index: 2, count: 3 }`. */
export interface ScreenshotShard {
  index: number;
  count: number;
}

/** One capture to take: a page at one viewport. */
export interface PlannedShot {
  /** File name of the baseline and the capture, e.g. `de-feature1-390.png`. */
  name: string;
  locale: string;
  variant: string;
  urlPath: string;
  viewport: { width: number; height: number };
}

/** Every page at every viewport, named after locale, variant and width (and scale, unless 1). */
export function planShots(pages: ManifestPage[], scale: number): PlannedShot[] {
  const suffix = scale === 1 ? '' : `@${scale}x`;
  return pages.flatMap((page) =>
    VIEWPORTS.map((viewport) => ({
      name: `${page.locale}-${page.variant}-${viewport.width}${suffix}.png`,
      locale: page.locale,
      variant: page.variant,
      // The page's own URL: `de/feature1/index.html` is served at `de/feature1`.
      urlPath: urlPathOf(page.file),
      viewport,
    })),
  );
}

/**
 * The shots of one shard, in plan order: round-robin over the shots sorted by name, so the
 * shards' sizes differ by at most one, every shot is in exactly one shard, and the split
 * depends on the build's pages alone (not on the order of its manifest). A shard may be empty.
 */
export function shardShots<T extends { name: string }>(shots: readonly T[], shard: ScreenshotShard): T[] {
  const sorted = shots.map((shot) => shot.name).sort();
  const owned = new Set(sorted.filter((_, position) => position % shard.count === shard.index - 1));
  return shots.filter((shot) => owned.has(shot.name));
}
