/** What other features use of places: a place and its card (the moderation queue shows both). */
export type { Place } from './api.ts';
export { VenueCard } from './VenueListing.tsx';
