// The row shared by the screenshot and review sliders: a native scroll-snapping list in the server HTML, a
// stepping slider once its island hydrates.
import { useEffect, useRef, type ReactNode } from 'react';
import { ISLAND_ATTRIBUTE } from '../../contract/page-props.ts';
import { attachSlider } from './slider-controller.ts';

export interface SliderProps {
  /** `screenshots` or `reviews`: the `slider--<name>` class that sizes the items, and ISLAND_ATTRIBUTE's value, which names the island. */
  name: string;
  /** Id of the heading that names the row. */
  labelledBy: string;
  /** The row's track: a `<SliderTrack>`, the island that hydrates inside this element. */
  children: ReactNode;
}

/**
 * `.slider`, the viewport, rendered on the server only: the island hydrates its one child, the
 * track (page/view/islands.ts). It is focusable so arrow keys reach it, before hydration
 * (native scrolling) and after (one step).
 */
export function Slider({ name, labelledBy, children }: SliderProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> is for form controls; this groups a row of slides.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so the arrow keys reach the slider.
    <div className={`slider slider--${name}`} {...{ [ISLAND_ATTRIBUTE]: name }} role="group" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * `ul.slider__track`, the moving row, around the `<li className="slider__item">` elements. The
 * server HTML and the hydrated DOM are identical; the effect then hands the row and its viewport
 * (the parent the server rendered) to `attachSlider`, which adds `data-slider-active` and moves
 * the track through CSSOM writes only.
 */
export function SliderTrack({ children }: { children: ReactNode }) {
  const trackRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const track = trackRef.current!;
    return attachSlider(track.parentElement!, track);
  }, []);
  return (
    <ul className="slider__track" ref={trackRef}>
      {children}
    </ul>
  );
}
