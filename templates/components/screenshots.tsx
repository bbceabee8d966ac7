// The "Preview" slider: every screenshot is an install link, in a row that scrolls sideways with or without JavaScript.
import type { ImageRef } from '../props.ts';
import { useNumber, useT } from '../i18n.tsx';
import { AppImage } from './app-image.tsx';
import { SectionHeader } from './section-header.tsx';
import { Slider } from './slider.tsx';

export interface ScreenshotsProps {
  screenshots: ImageRef[];
  installLink: string;
}

/**
 * The screenshot row (`data-slider="screenshots"`, one step = 163 px image + 8 px gap).
 * Until hydration it is a scroll-snapping list, so it never looks broken; a drag never
 * follows the link it started on, a tap does.
 */
export function Screenshots({ screenshots, installLink }: ScreenshotsProps) {
  const t = useT();
  const number = useNumber();
  return (
    <section className="section section--first" aria-labelledby="screenshots-title">
      <SectionHeader id="screenshots-title" title={t('screenshots.title')} />
      <Slider name="screenshots" labelledBy="screenshots-title">
        {screenshots.map((screenshot, index) => (
          <li className="slider__item" key={`${index}-${screenshot.src}`}>
            <a className="screenshot" href={installLink} data-cta="screenshot">
              <AppImage
                image={screenshot}
                alt={t('screenshots.alt', { index: number(index + 1), count: number(screenshots.length) })}
                priority={index === 0}
              />
            </a>
          </li>
        ))}
      </Slider>
      <p className="screenshots__platform">
        <PhoneGlyph />
        {t('screenshots.iphone')}
      </p>
    </section>
  );
}

/** The small phone outline the App Store puts before "iPhone" under the screenshots. */
function PhoneGlyph() {
  return (
    <svg className="screenshots__glyph" viewBox="0 0 12 18" aria-hidden="true">
      <rect x=".75" y=".75" width="10.5" height="16.5" rx="2.25" />
      <path d="M4.5 2.75h3" />
    </svg>
  );
}
