// The "Preview" section: its heading and platform line, rendered on the server, around the screenshots island (screenshot-track.tsx).
import type { ImageRef } from '../../contract/props.ts';
import { useNumber, useT, type FormatNumber, type Translate } from '../i18n.tsx';
import { ScreenshotTrack, type ScreenshotTrackProps } from './screenshot-track.tsx';
import { SectionHeader } from './section-header.tsx';
import { Slider } from './slider.tsx';

export interface ScreenshotsProps {
  screenshots: ImageRef[];
  installLink: string;
}

/**
 * The screenshot row (`data-slider="screenshots"`, one step = 163 px image + 8 px gap).
 * Until hydration it is a scroll-snapping list, so it never looks broken.
 */
export function Screenshots({ screenshots, installLink }: ScreenshotsProps) {
  const t = useT();
  const number = useNumber();
  return (
    <section className="section section--first" aria-labelledby="screenshots-title">
      <SectionHeader id="screenshots-title" title={t('screenshots.title')} />
      <Slider name="screenshots" labelledBy="screenshots-title">
        <ScreenshotTrack {...screenshotTrackProps({ screenshots, installLink }, t, number)} />
      </Slider>
      <p className="screenshots__platform">
        <PhoneGlyph />
        {t('screenshots.iphone')}
      </p>
    </section>
  );
}

/** The screenshots island's props: each screenshot with its alt text in the page's language and digits. */
export function screenshotTrackProps(
  { screenshots, installLink }: ScreenshotsProps,
  t: Translate,
  number: FormatNumber,
): ScreenshotTrackProps {
  const count = number(screenshots.length);
  return {
    installLink,
    shots: screenshots.map((image, index) => ({ image, alt: t('screenshots.alt', { index: number(index + 1), count }) })),
  };
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
