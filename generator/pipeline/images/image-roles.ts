// Where each image of the page is shown and how wide: the one table the image pipeline sizes its renditions from.
import type { ImageRole } from '../../shared/image-limits.ts';

/**
 * The CSS width in px each kind of image is shown at, from page/view/styles/
 * (tests/unit/pipeline/images.test.tsx fails when the two drift apart). Renditions are made at
 * 1x, 2x and 3x of it: iPhones are 2x and 3x screens.
 */
export const IMAGE_ROLES = {
  /** `.product-header__icon` */
  icon: { cssWidth: 112 },
  /** `.slider--screenshots .slider__item` */
  screenshot: { cssWidth: 163 },
  /** `.privacy-card__icon` */
  privacyCard: { cssWidth: 32 },
  /** `.privacy-card__category-icon` */
  privacyCategory: { cssWidth: 20 },
  /** Not on the page: the share preview, drawn at 1200 x 630 by share-card.ts, not made into renditions. */
  share: { cssWidth: 1200 },
} as const satisfies Record<ImageRole, { cssWidth: number }>;

/** The pixel densities renditions are made for. */
export const DENSITIES = [1, 2, 3] as const;

/** The key of an image use in collected-image maps. */
export function imageKey(role: ImageRole, source: string): string {
  return `${role}:${source}`;
}
