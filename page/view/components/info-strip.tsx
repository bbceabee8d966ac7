// The iOS App Store's row of small facts under the header (ratings, age, chart, developer, size), scrollable sideways.
import type { ReactNode } from 'react';
import type { Listing } from '../../contract/props.ts';
import { plural, useT } from '../i18n.tsx';
import { Stars } from './stars.tsx';

export interface InfoStripProps {
  listing: Listing;
  /** The rating as the locale writes it, e.g. `4,5`. */
  ratingText: string;
}

/**
 * Columns of label / big value / caption separated by thin vertical lines, in a plain
 * sideways-scrolling row.
 */
export function InfoStrip({ listing, ratingText }: InfoStripProps) {
  const t = useT();
  const category = t(listing.category);
  return (
    // Focusable so keyboard users can scroll it; a group, because a bare <dl> may not carry a label.
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> is for form controls; this groups a scrolling list of facts.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard.
    <div className="info-strip" role="group" tabIndex={0} aria-label={t('information.title')}>
      <dl className="info-strip__list">
        <InfoColumn
          label={t('header.ratings', plural(listing.ratingCountValue, listing.ratingCount))}
          value={ratingText}
          caption={<Stars rating={listing.rating} className="stars--strip" label={t('ratings.starsLabel', { rating: ratingText })} />}
        />
        <InfoColumn label={t('header.age')} value={<bdi>{listing.ageRating}</bdi>} caption={t('header.yearsOld')} />
        {listing.chartRank !== undefined && (
          <InfoColumn label={t('header.chart')} value={t('header.chartRank', { rank: listing.chartRank })} caption={category} />
        )}
        <InfoColumn label={t('header.developer')} value={<DeveloperGlyph />} caption={<bdi>{listing.developer}</bdi>} />
        <InfoColumn label={t('header.size')} value={listing.size} caption={t('header.sizeUnit')} />
      </dl>
    </div>
  );
}

function InfoColumn(props: { label: string; value: ReactNode; caption: ReactNode }) {
  return (
    <div className="info-strip__column">
      <dt className="info-strip__label">{props.label}</dt>
      <dd className="info-strip__value">{props.value}</dd>
      <dd className="info-strip__caption">{props.caption}</dd>
    </div>
  );
}

/** The person-in-a-square symbol iOS shows in the developer column. */
function DeveloperGlyph() {
  return (
    <svg className="info-strip__glyph" viewBox="0 0 24 24" aria-hidden="true">
      <rect x="2.5" y="2.5" width="19" height="19" rx="5" />
      <circle cx="12" cy="10" r="3.2" />
      <path d="M6.5 19c.9-2.9 3-4.4 5.5-4.4s4.6 1.5 5.5 4.4" />
    </svg>
  );
}
