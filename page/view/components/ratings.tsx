// "Ratings & Reviews": the average out of 5, the star histogram, the ratings count and the review slider.
import type { Listing } from '../../contract/props.ts';
import { plural, useNumber, useT } from '../i18n.tsx';
import { Reviews } from './reviews.tsx';
import { SectionAction, SectionHeader } from './section-header.tsx';
import { starRowPath } from './stars.tsx';

export interface RatingsProps {
  listing: Listing;
  /** The rating as the locale writes it, e.g. `4,5`. */
  ratingText: string;
}

/** The ratings summary (big average, histogram) followed by the three reviews. */
export function Ratings({ listing, ratingText }: RatingsProps) {
  const t = useT();
  return (
    <section className="section" aria-labelledby="ratings-title">
      <SectionHeader
        id="ratings-title"
        title={t('ratings.title')}
        action={<SectionAction href={listing.links.reviews} label={t('ratings.seeAll')} />}
      />
      <div className="ratings-summary">
        <p className="ratings-summary__average">
          <span className="ratings-summary__value">{ratingText}</span>
          <span className="ratings-summary__out-of">{t('ratings.outOf')}</span>
        </p>
        <div className="ratings-summary__details">
          <Histogram percentages={listing.ratingHistogram} />
          <p className="ratings-summary__count">{t('ratings.count', plural(listing.ratingCountValue, listing.ratingCount))}</p>
        </div>
      </div>
      <Reviews listing={listing} />
    </section>
  );
}

/**
 * Five rows, 5 stars down to 1 star, each with its share as a bar. Screen readers get
 * "5 stars: 74%" per row; the drawn stars and bars are hidden from them.
 */
export function Histogram({ percentages }: { percentages: number[] }) {
  const t = useT();
  const number = useNumber();
  return (
    <ul className="histogram">
      {percentages.slice(0, 5).map((percent, index) => {
        const stars = 5 - index;
        const share = Math.min(Math.max(percent, 0), 100);
        return (
          <li className="histogram__row" key={stars}>
            <span className="visually-hidden">{t('ratings.histogramLabel', { stars: number(stars), percent: number(share) })}</span>
            <svg className="histogram__stars" viewBox="0 0 120 24" aria-hidden="true">
              {/* Right-aligned like the App Store: the row of N stars ends in the last cell. */}
              <path d={starRowPath(stars, 5 - stars)} />
            </svg>
            {/* An SVG bar: its width is an attribute, so no inline style has to get past the CSP. */}
            <svg className="histogram__bar" aria-hidden="true">
              <rect className="histogram__track" width="100%" height="100%" rx="2" />
              <rect className="histogram__fill" width={`${share}%`} height="100%" rx="2" />
            </svg>
          </li>
        );
      })}
    </ul>
  );
}
