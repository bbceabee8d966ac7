// The review slider: three cards with title, stars, fixed date, author and a clamped body.
import type { Listing, Review } from '../props.ts';
import { useNumber, useT } from '../i18n.tsx';
import { Slider } from './slider.tsx';
import { Stars } from './stars.tsx';

/** The row of review cards (`data-slider="reviews"`, one step = 319 px card + 8 px gap). */
export function Reviews({ listing }: { listing: Listing }) {
  return (
    <Slider name="reviews" labelledBy="ratings-title">
      {listing.reviews.map((review) => (
        <li className="slider__item" key={review.id}>
          <ReviewCard review={review} date={listing.reviewDate} />
        </li>
      ))}
    </Slider>
  );
}

function ReviewCard({ review, date }: { review: Review; date: string }) {
  const t = useT();
  const number = useNumber();
  return (
    <article className="review">
      <div className="review__line">
        <h3 className="review__title">{t(`reviews.${review.id}.title`)}</h3>
        <p className="review__date">{date}</p>
      </div>
      <div className="review__line">
        <Stars
          rating={review.rating}
          className="stars--review"
          label={t('ratings.starsLabel', { rating: number(review.rating) })}
        />
        <p className="review__author">
          <bdi>{review.author}</bdi>
        </p>
      </div>
      <p className="review__body">{t(`reviews.${review.id}.body`)}</p>
    </article>
  );
}
