import { lazy, Suspense, useId, useState } from 'react';
import { Spinner } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { PagedList } from '../../ui/PagedList.tsx';
import { useOwnReview, useVenueReviews } from './api.ts';
import { ReviewItem } from './VenueReviewItem.tsx';

const R = MESSAGES.venueReviews;

// Only a signed-in hobbyist writes a review: the form and its rules load for them alone.
const OwnReview = lazy(() => import('./VenueOwnReview.tsx'));

/** The small spinner of the reviews while their first page loads. */
function ReviewsSpinner() {
  return (
    <Spinner animation="border" size="sm" role="status">
      <span className="visually-hidden">{MESSAGES.shell.loading}</span>
    </Spinner>
  );
}

/**
 * A venue's reviews, newest first, with their stars, authors and dates. A signed-in
 * hobbyist writes one review per place and may edit or delete it; a visitor is asked to log in.
 */
export function VenueReviews({ vendorId }: { vendorId: number }) {
  const { isLoggedIn, userType, userId } = useSession();
  const location = useLocation();
  const isHobbyist = isLoggedIn && userType === 'Hobbyist' && userId !== null;
  const [page, setPage] = useState(1);
  const reviews = useVenueReviews(vendorId, page);
  const own = useOwnReview(vendorId, userId, isHobbyist);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="venue-reviews">
      <h2 id={headingId} className="h5">
        {R.title}
      </h2>
      {isHobbyist ? (
        <Suspense fallback={<ReviewsSpinner />}>
          <OwnReview vendorId={vendorId} />
        </Suspense>
      ) : !isLoggedIn ? (
        <p>
          <i className="bi bi-box-arrow-in-right me-1" aria-hidden="true" />
          <Link to="/login" state={{ from: `${location.pathname}${location.search}` }}>
            {R.loginToReview}
          </Link>
        </p>
      ) : null}

      <PagedList
        query={reviews}
        paging={{ page, setPage }}
        loadFailed={R.loadFailed}
        empty={MESSAGES.venues.noReviews}
        pending={<ReviewsSpinner />}
        pagesLabel={R.title}
        smallPages
      >
        {(data) => {
          // The hobbyist's own review shows above, with its actions; the list holds the others.
          const list = data.data.filter((review) => review.id !== own.data?.id);
          return (
            list.length > 0 && (
              <ul className="list-unstyled venue-review-list" aria-busy={reviews.isFetching}>
                {list.map((review) => (
                  <li key={review.id}>
                    <ReviewItem review={review} />
                  </li>
                ))}
              </ul>
            )
          );
        }}
      </PagedList>
    </section>
  );
}
