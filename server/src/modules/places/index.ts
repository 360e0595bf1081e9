/** Places (the spec's vendors), their addresses and reviews: what other modules may use of this area. */
export { placesRoutes } from './places.routes.ts';
export { addressResource, placeResource, venueReviewResource } from './places.resources.ts';
export { lockPlacesReviewedBy, recountPlaceRating } from './places.queries.ts';
/** A place back to pending review (a report's one-click hide, issue 14). */
export { sendPlaceBackToReview } from './places.queries.ts';
/** A place as the admin reads it with `populate=*` (the moderation queue shows it). */
export { readPlaceItem } from './places.service.ts';
/** An approved revision of a place applied (the moderation area's decision, decision 0015). */
export { applyPlaceRevision } from './places.service.ts';
