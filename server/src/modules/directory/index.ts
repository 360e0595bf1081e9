/**
 * The directory (providers' ads): what other modules may use of this area. The provider resource
 * points at the records other areas hang off an ad (comments, reactions, messages) through their
 * index.ts, as thunks; those areas reach the ad through `providerResource` and keep its counters
 * with `bumpProviderCounter`.
 */
export { directoryRoutes } from './directory.routes.ts';
export { providerResource } from './directory.resources.ts';
export { bumpProviderCounter, type ProviderCounter } from './directory.queries.ts';
/**
 * An ad back to pending review (a report's one-click hide); a rejected provider's approved ads back to review
 * (the ID verification's rejection).
 */
export { findApprovedAdsOf, sendAdBackToReview, sendAdsBackToReview } from './directory.queries.ts';
export { recordDirectoryChange } from '../../db/directory-version.ts';
/** This process's facet index, reported by the health check. */
export { FacetStore } from './facets/facet-store.ts';
/** The location lookups' check of a state and city (ads; places' addresses use it too). */
export { checkLocation } from './directory.checks.ts';
/** An ad as the admin reads it with `populate=*` (the moderation queue shows it). */
export { readProviderItem } from './directory.service.ts';
/** An approved revision of an ad applied (the moderation area's decision, decision 0015). */
export { applyAdRevision } from './directory.writes.ts';
/**
 * The owner's mail about an admin's review decision and its audit record (ads; places use them with their
 * texts).
 */
export {
  BACK_TO_REVIEW,
  recordReviewDecision,
  reviewDecisionColumns,
  tellOwnerOfReview,
} from './directory.review.ts';
export type { ReviewColumns } from './directory.review.ts';
