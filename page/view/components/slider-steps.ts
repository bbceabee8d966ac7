// The arithmetic of the sliders: step positions, the clamp at the ends, and what a swipe or a key does, left to right or right to left.

/** A swipe must travel further than this many px to move the slider. */
export const SWIPE_THRESHOLD_PX = 50;
/** Past this many px a pointer is dragging, not tapping: the row follows it and the click it ends is cancelled. */
export const DRAG_SLOP_PX = 8;
/** How much of a drag past either end the row follows, as iOS rubber-bands. */
export const OVERSCROLL_RESISTANCE = 1 / 3;

/**
 * The measured geometry of one slider: px between item starts and the furthest the row may
 * move. An offset is how far the row has moved towards its end, whichever way it runs: a
 * left-to-right row moves left by it, a right-to-left one (first item on the right) right.
 */
export interface SliderGeometry {
  /** Distance from one item's start to the next's (item width + gap). */
  step: number;
  /** The offset that shows the last item whole against the end margin; 0 when everything fits. */
  max: number;
  /** Which way the row runs; left to right when absent. */
  direction?: 'ltr' | 'rtl';
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

/** Whether the row runs right to left. */
function isRtl(geometry: SliderGeometry): boolean {
  return geometry.direction === 'rtl';
}

/**
 * Where a swipe of `deltaX` px (negative = finger moved left) ends: one position on when it
 * went past the threshold, else back where it started. The row follows the finger, so a
 * swipe to the left brings later items in on a left-to-right row, and earlier ones on a
 * right-to-left row, whose later items wait on the left.
 */
export function indexAfterSwipe(index: number, deltaX: number, geometry: SliderGeometry): number {
  if (Math.abs(deltaX) <= SWIPE_THRESHOLD_PX) return clampIndex(index, geometry);
  const onwards = isRtl(geometry) ? deltaX > 0 : deltaX < 0;
  return clampIndex(index + (onwards ? 1 : -1), geometry);
}

/**
 * The position an arrow key leads to, or null for any other key: the arrow towards the row's end (right, or
 * left in a right-to-left row) goes on.
 */
export function indexAfterKey(index: number, key: string, geometry: SliderGeometry): number | null {
  const [onwards, back] = isRtl(geometry) ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
  if (key === onwards) return clampIndex(index + 1, geometry);
  if (key === back) return clampIndex(index - 1, geometry);
  return null;
}

/**
 * The offset shown while a pointer drags the row `deltaX` px from the position at `start`:
 * the row follows the pointer (less the slop, so it does not jump when the drag begins),
 * and only a third of it beyond either end.
 */
export function dragOffset(start: number, deltaX: number, geometry: SliderGeometry): number {
  const travel = Math.sign(deltaX) * Math.max(Math.abs(deltaX) - DRAG_SLOP_PX, 0);
  const wanted = isRtl(geometry) ? start + travel : start - travel;
  const max = Math.max(geometry.max, 0);
  if (wanted < 0) return wanted * OVERSCROLL_RESISTANCE;
  if (wanted > max) return max + (wanted - max) * OVERSCROLL_RESISTANCE;
  return wanted;
}

/**
 * The horizontal translation (CSS px, right positive) that shows `offset`: leftwards in a left-to-right row,
 * rightwards in a right-to-left one.
 */
export function translationAt(offset: number, geometry: SliderGeometry): number {
  return isRtl(geometry) ? offset : -offset;
}

/** The offset a horizontal translation shows; the inverse of translationAt. */
export function offsetOfTranslation(translation: number, geometry: SliderGeometry): number {
  return isRtl(geometry) ? translation : -translation;
}
