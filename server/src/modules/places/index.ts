/** Places (the spec's vendors), their addresses and reviews: what other modules may use of this area. */
/** A place back to pending review (a report's one-click hide). */
export { sendPlaceBackToReview } from './places.queries.ts';
/**
 * What the moderation reads and changes of a place (`areas.ts` passes them to its routes): the place as the
 * admin reads it with `populate=*`, and an approved revision applied (decision 0015).
 */
export { applyPlaceRevision } from './places.revisions.ts';
export { readPlaceItem } from './places.service.ts';
/**
 * The ratings an account's block recounts (`areas.ts` passes them to the users' routes); the demo seed
 * recounts its places' ratings too.
 */
export { lockPlacesReviewedBy, recountPlaceRating } from './places.queries.ts';
/** The shown places for the sitemap. */
export { listPlacePages } from './places.queries.ts';
/** A deleted account's places, with their files. */
export { deletePlacesOf } from './places.writes.ts';
