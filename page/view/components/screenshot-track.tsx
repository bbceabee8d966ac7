// The screenshots row's island: its track of install-link images, rendered from words the server has already translated.
import type { ImageRef } from '../../contract/props.ts';
import { AppImage } from './app-image.tsx';
import { SliderTrack } from './slider.tsx';

/** What the screenshots island renders from: embedded in the page as JSON, so the browser needs no translator. */
export interface ScreenshotTrackProps {
  /** The default OneLink install link; the runtime swaps in the attributed one. */
  installLink: string;
  /** The variant's screenshots then the shared ones, each with its alt text ("Screenshot 1 of 6"). */
  shots: Array<{ image: ImageRef; alt: string }>;
}

/** Every screenshot an install link (`data-cta`); a drag never follows the link it started on, a tap does. */
export function ScreenshotTrack({ installLink, shots }: ScreenshotTrackProps) {
  return (
    <SliderTrack>
      {shots.map(({ image, alt }, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one image may be shown twice; the list is fixed per page.
        <li className="slider__item" key={`${index}-${image.src}`}>
          <a className="screenshot" href={installLink} data-cta="screenshot">
            <AppImage image={image} alt={alt} priority={index === 0} />
          </a>
        </li>
      ))}
    </SliderTrack>
  );
}
