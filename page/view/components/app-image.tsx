// The one way the page shows an image: AVIF and WebP by pixel density, size attributes (no layout shift) and an explicit loading priority.
import type { ImageRef } from '../../contract/props.ts';

export interface AppImageProps {
  image: ImageRef;
  /** Empty for decorative images. */
  alt: string;
  /**
   * On the first screen: fetched at once at high priority and decoded in step with the page's
   * paint (async decoding would paint the first frame without it). Any other image is lazy, at
   * low priority (even in view, so it does not share the bandwidth of the first screen's), and
   * decoded off the main thread.
   */
  priority?: boolean;
  /** Goes on the `<img>`, which CSS sizes; the `<picture>` around it stays an unstyled inline box, which changes no layout. */
  className?: string;
}

/**
 * An `<img>` whose width and height attributes give the browser its size before it loads;
 * CSS sets the shown size. With modern formats it sits in a `<picture>` whose `<source>`s
 * list AVIF then WebP at 1x, 2x and 3x: the browser fetches one file, the first type it
 * supports at its screen's density. The `<img>` carries the loading hints for all of them.
 */
export function AppImage({ image, alt, priority = false, className }: AppImageProps) {
  const img = (
    <img
      // Element Timing: the page's loader learns when the first screen is drawn (MODULE_LOADER in document.ts).
      {...(priority && { elementtiming: 'first-screen' })}
      className={className}
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt}
      decoding={priority ? undefined : 'async'}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'low'}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} />
      ))}
      {img}
    </picture>
  );
}
