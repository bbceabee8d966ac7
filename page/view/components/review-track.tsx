// The reviews row's island: three cards with title, stars, date, author and a clamped body, from words
// the server has already translated.
import { SliderTrack } from './slider.tsx';
import { Stars } from './stars.tsx';

/** One review card as the page shows it. */
export interface ReviewCardText {
  id: string;
  title: string;
  body: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  /** What a screen reader says for the stars ("5 out of 5 stars"), in the page's digits. */
  starsLabel: string;
  author: string;
  /** The review's date, formatted for the locale. */
  date: string;
}

/** What the reviews island renders from: embedded in the page as JSON, so the browser needs no translator. */
export interface ReviewTrackProps {
  reviews: ReviewCardText[];
}

/** The row of review cards (one step = 319 px card + 8 px gap). */
export function ReviewTrack({ reviews }: ReviewTrackProps) {
  return (
    <SliderTrack>
      {reviews.map((review) => (
        <li className="slider__item" key={review.id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </SliderTrack>
  );
}

function ReviewCard({ review }: { review: ReviewCardText }) {
  return (
    <article className="review">
      <div className="review__line">
        <h3 className="review__title">{review.title}</h3>
        <p className="review__date">{review.date}</p>
      </div>
      <div className="review__line">
        <Stars rating={review.rating} className="stars--review" label={review.starsLabel} />
        <p className="review__author">
          <bdi>{review.author}</bdi>
        </p>
      </div>
      <p className="review__body">{review.body}</p>
    </article>
  );
}
