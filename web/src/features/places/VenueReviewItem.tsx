import { authorName, MESSAGES } from '@app/domain';
import type { ReactNode } from 'react';
import { formatDay } from '../../lib/dates.ts';
import type { VenueReview } from './api.ts';
import { Stars } from './PlaceParts.tsx';

const R = MESSAGES.venueReviews;

export const starsText = (n: number) => `${n} ${n === 1 ? R.star : R.stars}`;

/** One review: its stars, author, date and text, with the owner's actions below when given. */
export function ReviewItem({ review, children }: { review: VenueReview; children?: ReactNode }) {
  const { rating, review: text, createdAt } = review.attributes;
  const date = formatDay(createdAt);
  return (
    <article
      className="venue-review"
      aria-label={`${authorName(review.attributes.user)} ${starsText(rating)}`}
    >
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <Stars rating={rating} />
        <span className="fw-semibold">{authorName(review.attributes.user)}</span>
        {date && (
          <span className="small text-body-secondary">
            {R.reviewedOn} <time dateTime={createdAt}>{date}</time>
          </span>
        )}
      </div>
      <p className="mb-1 text-break venue-review__text">{text}</p>
      {children}
    </article>
  );
}
