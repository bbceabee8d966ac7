// Rows of five stars with a fractional fill (4.5 shows four and a half), drawn in SVG so no ids or style attributes are needed.

/** Width of one star's cell in the 120 x 24 viewBox; a star sits centred in its cell, so half a cell is half a star. */
const STAR_CELL = 24;
/** One star outline in relative commands, starting at its top point; `m24 0` then moves to the next cell. */
const STAR_OUTLINE = 'l2.78 6.68 7.21.58-5.49 4.7 1.68 7.03-6.17-3.77-6.17 3.77 1.68-7.03-5.49-4.7 7.21-.58z';

/** The path of `count` stars side by side, the first in cell `firstCell` (0 to 4). */
export function starRowPath(count: number, firstCell = 0): string {
  if (count <= 0) return '';
  const start = `M${12 + firstCell * STAR_CELL} 2.4`;
  return start + Array.from({ length: count }, () => STAR_OUTLINE).join(`m${STAR_CELL} 0`);
}

const FIVE_STARS = starRowPath(5);

export interface StarsProps {
  /** 0 to 5; fractions fill part of a star. */
  rating: number;
  /** What a screen reader says, e.g. "4.5 out of 5 stars"; without it the stars are decorative. */
  label?: string;
  /** Sets size and colour, e.g. `stars--header`. */
  className?: string;
}

/**
 * Five outlined stars with the first `rating` of them filled. The filled row is a nested
 * `<svg>` as wide as the rating, which clips it without a clipPath id that would have to
 * be unique on the page.
 */
export function Stars({ rating, label, className }: StarsProps) {
  const filledWidth = Math.round(Math.min(Math.max(rating, 0), 5) * STAR_CELL * 100) / 100;
  const accessibility = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg className={className ? `stars ${className}` : 'stars'} viewBox="0 0 120 24" {...accessibility}>
      <path className="stars__track" d={FIVE_STARS} />
      <svg width={filledWidth} height={STAR_CELL}>
        <path className="stars__fill" d={FIVE_STARS} />
      </svg>
    </svg>
  );
}
