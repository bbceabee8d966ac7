// The review slider: its viewport, rendered on the server, around the reviews island (review-track.tsx).
import type { Listing } from '../../contract/props.ts';
import { useNumber, useT, type FormatNumber, type Translate } from '../i18n.tsx';
import { ReviewTrack, type ReviewTrackProps } from './review-track.tsx';
import { Slider } from './slider.tsx';

/** The row of review cards (`data-slider="reviews"`). */
export function Reviews({ listing }: { listing: Listing }) {
  const t = useT();
  const number = useNumber();
  return (
    <Slider name="reviews" labelledBy="ratings-title">
      <ReviewTrack {...reviewTrackProps(listing, t, number)} />
    </Slider>
  );
}

/** The reviews island's props: the listing's reviews with their words looked up in the page's language. */
export function reviewTrackProps(listing: Listing, t: Translate, number: FormatNumber): ReviewTrackProps {
  return {
    reviews: listing.reviews.map((review) => ({
      id: review.id,
      title: t(`reviews.${review.id}.title`),
      body: t(`reviews.${review.id}.body`),
      rating: review.rating,
      starsLabel: t('ratings.starsLabel', { rating: number(review.rating) }),
      author: review.author,
      date: review.date,
    })),
  };
}
