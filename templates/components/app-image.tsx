// The one way the page shows an image: intrinsic size attributes (no layout shift) and an explicit loading priority.
import type { ImageRef } from '../props.ts';

export interface AppImageProps {
  image: ImageRef;
  /** Empty for decorative images. */
  alt: string;
  /** Above the fold: fetched first instead of lazily. */
  priority?: boolean;
  className?: string;
}

/** An `<img>` whose width and height attributes give the browser its aspect ratio before it loads; CSS sets the shown size. */
export function AppImage({ image, alt, priority = false, className }: AppImageProps) {
  return (
    <img
      className={className}
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt}
      decoding="async"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
