// The sliders' step arithmetic: positions, the clamp at both ends, swipes, keys and the drag that follows the
// finger, left to right and right to left.
import { describe, expect, it } from 'vitest';
import {
  DRAG_SLOP_PX,
  clampIndex,
  dragOffset,
  indexAfterKey,
  indexAfterSwipe,
  lastIndex,
  nearestIndex,
  offsetAt,
  offsetOfTranslation,
  translationAt,
  type SliderGeometry,
} from '../../../page/view/components/slider-steps.ts';

/** Six 163 px screenshots + 8 px gaps + 20 px margins in a 390 px window. */
const SCREENSHOTS: SliderGeometry = { step: 171, max: 20 + 6 * 163 + 5 * 8 + 20 - 390 };
/** Three 319 px review cards in a 390 px window. */
const REVIEWS: SliderGeometry = { step: 327, max: 20 + 3 * 319 + 2 * 8 + 20 - 390 };
/** Everything fits: a wide window. */
const FITS: SliderGeometry = { step: 171, max: 0 };

describe('offsetAt', () => {
  it('has the phone geometry of the default page', () => {
    expect(SCREENSHOTS.max).toBe(668);
    expect(REVIEWS.max).toBe(623);
  });

  it.each([
    [SCREENSHOTS, [0, 171, 342, 513, 668, 668]],
    [REVIEWS, [0, 327, 623, 623]],
    [FITS, [0, 0]],
  ])('walks whole steps and stops at the max (%o)', (geometry, offsets) => {
    expect(offsets.map((_, index) => offsetAt(index, geometry))).toEqual(offsets);
  });

  it('never goes before the first position', () => {
    expect(offsetAt(-3, SCREENSHOTS)).toBe(0);
  });
});

describe('lastIndex and clampIndex', () => {
  it.each([
    [SCREENSHOTS, 4],
    [REVIEWS, 2],
    [FITS, 0],
    [{ step: 171, max: 342 }, 2],
    [{ step: 171, max: 342.4 }, 2],
    [{ step: 171, max: 343 }, 3],
    [{ step: 0, max: 100 }, 0],
  ])('the last position of %o is %i', (geometry, last) => {
    expect(lastIndex(geometry)).toBe(last);
    expect(clampIndex(99, geometry)).toBe(last);
    expect(clampIndex(-1, geometry)).toBe(0);
  });
});

describe('nearestIndex', () => {
  it.each([
    [0, 0],
    [85, 0],
    [86, 1],
    [200, 1],
    [342, 2],
    [600, 4],
    [668, 4],
    [5000, 4],
  ])('a native scroll left at %i px is taken over at position %i', (offset, index) => {
    expect(nearestIndex(offset, SCREENSHOTS)).toBe(index);
  });
});

describe('indexAfterSwipe', () => {
  it.each([
    [0, -49, 0],
    [0, -50, 0],
    [0, -51, 1],
    [0, -400, 1],
    [1, 51, 0],
    [1, 49, 1],
    [0, 51, 0],
    [4, -51, 4],
    [4, 51, 3],
  ])('from position %i, a swipe of %i px ends at %i', (index, deltaX, next) => {
    expect(indexAfterSwipe(index, deltaX, SCREENSHOTS)).toBe(next);
  });
});

describe('indexAfterKey', () => {
  it.each([
    [0, 'ArrowRight', 1],
    [1, 'ArrowLeft', 0],
    [0, 'ArrowLeft', 0],
    [2, 'ArrowRight', 2],
    [0, 'Enter', null],
    [0, 'ArrowDown', null],
  ])('from review %i, %s leads to %o', (index, key, next) => {
    expect(indexAfterKey(index, key, REVIEWS)).toBe(next);
  });
});

describe('dragOffset', () => {
  it('follows the pointer, less the slop, so the row does not jump when a drag begins', () => {
    expect(dragOffset(171, -DRAG_SLOP_PX, SCREENSHOTS)).toBe(171);
    expect(dragOffset(171, -(DRAG_SLOP_PX + 40), SCREENSHOTS)).toBe(211);
    expect(dragOffset(171, DRAG_SLOP_PX + 40, SCREENSHOTS)).toBe(131);
  });

  it('follows a third of the way past either end', () => {
    expect(dragOffset(0, DRAG_SLOP_PX + 60, SCREENSHOTS)).toBe(-20);
    expect(dragOffset(668, -(DRAG_SLOP_PX + 90), SCREENSHOTS)).toBe(698);
  });
});

describe('right to left (ar, he): the first item on the right, later ones coming in from the left', () => {
  const RTL_SCREENSHOTS: SliderGeometry = { ...SCREENSHOTS, direction: 'rtl' };
  const RTL_REVIEWS: SliderGeometry = { ...REVIEWS, direction: 'rtl' };

  it('keeps the steps and the end: 171 px screenshots, 327 px reviews', () => {
    expect([0, 1, 2, 3, 4].map((index) => offsetAt(index, RTL_SCREENSHOTS))).toEqual([0, 171, 342, 513, 668]);
    expect([0, 1, 2].map((index) => offsetAt(index, RTL_REVIEWS))).toEqual([0, 327, 623]);
  });

  it.each([
    // A swipe to the right brings the next item in from the left...
    [0, 51, 1],
    [0, 400, 1],
    [3, 51, 4],
    [4, 51, 4],
    // ...a swipe to the left goes back, and never before the first.
    [1, -51, 0],
    [0, -51, 0],
    [4, -51, 3],
    // Within the threshold nothing moves, either way.
    [1, 50, 1],
    [1, -50, 1],
  ])('from position %i, a swipe of %i px ends at %i', (index, deltaX, next) => {
    expect(indexAfterSwipe(index, deltaX, RTL_SCREENSHOTS)).toBe(next);
  });

  it('mirrors the swipe of a left-to-right row', () => {
    for (const deltaX of [-400, -51, -50, 0, 50, 51, 400]) {
      expect(indexAfterSwipe(1, deltaX, RTL_SCREENSHOTS)).toBe(indexAfterSwipe(1, -deltaX, SCREENSHOTS));
    }
  });

  it.each([
    [0, 'ArrowLeft', 1],
    [1, 'ArrowRight', 0],
    [0, 'ArrowRight', 0],
    [2, 'ArrowLeft', 2],
    [0, 'Enter', null],
  ])('from review %i, %s leads to %o (the arrow points the way the row moves on)', (index, key, next) => {
    expect(indexAfterKey(index, key, RTL_REVIEWS)).toBe(next);
  });

  it('follows a drag to the right into later items, and a third of the way past either end', () => {
    expect(dragOffset(171, DRAG_SLOP_PX + 40, RTL_SCREENSHOTS)).toBe(211);
    expect(dragOffset(171, -(DRAG_SLOP_PX + 40), RTL_SCREENSHOTS)).toBe(131);
    expect(dragOffset(0, -(DRAG_SLOP_PX + 60), RTL_SCREENSHOTS)).toBe(-20);
    expect(dragOffset(668, DRAG_SLOP_PX + 90, RTL_SCREENSHOTS)).toBe(698);
  });

  it('moves the track right by the offset, where a left-to-right track moves left', () => {
    expect(translationAt(171, RTL_SCREENSHOTS)).toBe(171);
    expect(translationAt(171, SCREENSHOTS)).toBe(-171);
    expect(offsetOfTranslation(342, RTL_SCREENSHOTS)).toBe(342);
    expect(offsetOfTranslation(-342, SCREENSHOTS)).toBe(342);
  });
});
