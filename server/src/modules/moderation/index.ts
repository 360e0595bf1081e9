/**
 * Moderation, review and risk signals: what other modules may use of this area. The directory and the places
 * decide on a record's review with the shared columns, audit record and owner's mail (`moderation.review.ts`),
 * compute a record's signals with `computeRiskSignals` in the transaction that submits it, and stage an owner's
 * change to an approved record as a pending revision (`stageRevision`, decision 0015). This area imports
 * neither: its routes receive what they need of them (`ReviewedAreas`, from `areas.ts`).
 */
export { computeRiskSignals } from './moderation.service.ts';
export {
  BACK_TO_REVIEW,
  recordReviewDecision,
  requireVerifiedOwner,
  reviewDecisionColumns,
  tellOwnerOfReview,
  type ReviewedAreas,
} from './moderation.review.ts';
export {
  findRevision,
  findRevisionMovingTo,
  stageRevision,
  stagedFileIds,
  takeRevision,
  withOwnRevision,
  withRevisionFor,
} from './moderation.revisions.ts';
