// Every image a config names, where it names it and in which role: what validation checks, dev watches and the build encodes.
import type { ImageRole } from '../shared/image-limits.ts';
import { screenshotLists, type ScreenshotSet } from './storefront.ts';
import type { Config } from './types.ts';

/** One image the page shows: where the config names it and in which role. */
export interface ImageUse {
  role: ImageRole;
  source: string;
  /** Where in the config it is named, e.g. `['variants', 0, 'screenshots', 2]`. */
  keyPath: Array<string | number>;
}

/** Every image a config shows, in page order; a source may appear more than once. */
export function imageUses(config: Config): ImageUse[] {
  return [
    { role: 'icon', source: config.app.icon, keyPath: ['app', 'icon'] },
    ...(config.app.shareImage ? [{ role: 'share' as const, source: config.app.shareImage, keyPath: ['app', 'shareImage'] }] : []),
    ...config.variants.flatMap((variant, v) => screenshotUses(variant.screenshots, ['variants', v, 'screenshots'])),
    ...screenshotUses(config.sharedScreenshots, ['sharedScreenshots']),
    ...config.app.privacy.flatMap((card, c): ImageUse[] => [
      { role: 'privacyCard', source: card.icon, keyPath: ['app', 'privacy', c, 'icon'] },
      ...card.categories.map(
        (category, i): ImageUse => ({
          role: 'privacyCategory',
          source: category.icon,
          keyPath: ['app', 'privacy', c, 'categories', i, 'icon'],
        }),
      ),
    ]),
  ];
}

/** The screenshots of a set, every language's list: each source is encoded once however many pages show it (images.ts). */
function screenshotUses(set: ScreenshotSet, at: Array<string | number>): ImageUse[] {
  return screenshotLists(set).flatMap(({ keyPath, images }) =>
    images.map((source, i): ImageUse => ({ role: 'screenshot', source, keyPath: [...at, ...keyPath, i] })),
  );
}
