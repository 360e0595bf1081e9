/** What other parts of the server use of the screening area: the retention job of review requests. */
export { deleteOldScreeningReviews } from './screening.reviews.ts';
