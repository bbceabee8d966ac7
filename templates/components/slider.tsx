// The row shared by the screenshot and review sliders: a native scroll-snapping list in the server HTML, a stepping slider once hydrated.
import { useEffect, useRef, type ReactNode } from 'react';
import { attachSlider } from './slider-controller.ts';

export interface SliderProps {
  /** `screenshots` or `reviews`: the `slider--<name>` class that sizes the items, and `data-slider`. */
  name: string;
  /** Id of the heading that names the row. */
  labelledBy: string;
  /** The `<li className="slider__item">` elements. */
  children: ReactNode;
}

/**
 * `.slider` (the viewport) around `ul.slider__track` (the moving row). The server HTML and
 * the hydrated DOM are identical; the effect then hands the row to `attachSlider`, which adds
 * `data-slider-active` and moves the track through CSSOM writes only. The viewport is
 * focusable so arrow keys reach it, before hydration (native scrolling) and after (one step).
 */
export function Slider({ name, labelledBy, children }: SliderProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  useEffect(() => attachSlider(viewportRef.current!, trackRef.current!), []);
  return (
    <div
      ref={viewportRef}
      className={`slider slider--${name}`}
      data-slider={name}
      role="group"
      aria-labelledby={labelledBy}
      tabIndex={0}
    >
      <ul className="slider__track" ref={trackRef}>
        {children}
      </ul>
    </div>
  );
}
