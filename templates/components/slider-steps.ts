// The arithmetic of the sliders: step positions, the clamp at the ends, and what a swipe or a key does.

/** A swipe must travel further than this many px to move the slider. */
export const SWIPE_THRESHOLD_PX = 50;
/** Past this many px a pointer is dragging, not tapping: the row follows it and the click it ends is cancelled. */
export const DRAG_SLOP_PX = 8;
/** How much of a drag past either end the row follows, as iOS rubber-bands. */
export const OVERSCROLL_RESISTANCE = 1 / 3;

/** The measured geometry of one slider: px between item starts and the furthest the row may move. */
export interface SliderGeometry {
  /** Distance from one item's start to the next's (item width + gap). */
  step: number;
  /** The offset that shows the last item whole against the end margin; 0 when everything fits. */
  max: number;
}

/** The index of the last position; the last step may be shorter than the others. */
export function lastIndex({ step, max }: SliderGeometry): number {
  if (step <= 0 || max <= 0) return 0;
  // Within half a px of a whole step counts as that step (sub-pixel layout).
  return Math.ceil(max / step - 0.5 / step);
}

/** The offset of position `index`: whole steps, clamped so the end never shows blank space. */
export function offsetAt(index: number, geometry: SliderGeometry): number {
  const clamped = clampIndex(index, geometry);
  return Math.min(clamped * geometry.step, Math.max(geometry.max, 0));
}

/** `index` kept within the first and the last position. */
export function clampIndex(index: number, geometry: SliderGeometry): number {
  return Math.min(Math.max(Math.round(index), 0), lastIndex(geometry));
}

/** The position whose offset is nearest `offset`, e.g. where a native scroll was left at hydration. */
export function nearestIndex(offset: number, geometry: SliderGeometry): number {
  let best = 0;
  for (let index = 1; index <= lastIndex(geometry); index++) {
    if (Math.abs(offsetAt(index, geometry) - offset) < Math.abs(offsetAt(best, geometry) - offset)) best = index;
  }
  return best;
}

/**
 * Where a swipe of `deltaX` px (negative = finger moved left = towards later items) ends:
 * one position on when it went past the threshold, else back where it started.
 */
export function indexAfterSwipe(index: number, deltaX: number, geometry: SliderGeometry): number {
  if (Math.abs(deltaX) <= SWIPE_THRESHOLD_PX) return clampIndex(index, geometry);
  return clampIndex(index + (deltaX < 0 ? 1 : -1), geometry);
}

/** The position an arrow key leads to, or null for any other key. */
export function indexAfterKey(index: number, key: string, geometry: SliderGeometry): number | null {
  if (key === 'ArrowRight') return clampIndex(index + 1, geometry);
  if (key === 'ArrowLeft') return clampIndex(index - 1, geometry);
  return null;
}

/**
 * The offset shown while a pointer drags the row `deltaX` px from the position at `start`:
 * the row follows the pointer (less the slop, so it does not jump when the drag begins),
 * and only a third of it beyond either end.
 */
export function dragOffset(start: number, deltaX: number, geometry: SliderGeometry): number {
  const travel = Math.sign(deltaX) * Math.max(Math.abs(deltaX) - DRAG_SLOP_PX, 0);
  const wanted = start - travel;
  const max = Math.max(geometry.max, 0);
  if (wanted < 0) return wanted * OVERSCROLL_RESISTANCE;
  if (wanted > max) return max + (wanted - max) * OVERSCROLL_RESISTANCE;
  return wanted;
}
