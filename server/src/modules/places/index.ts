/** Places (the spec's vendors), their addresses and reviews: what other modules may use of this area. */
export { placesRoutes } from './places.routes.ts';
export { addressResource, placeResource, venueReviewResource } from './places.resources.ts';
export { recountPlaceRating } from './places.queries.ts';
