/**
 * Moderation and risk signals: what other modules may use of this area. The directory and the
 * places compute a record's signals with `computeRiskSignals` in the transaction that submits it, and stage
 * an owner's change to an approved record as a pending revision (`stageRevision`, decision 0015).
 */
export { moderationRoutes } from './moderation.routes.ts';
export { computeRiskSignals } from './moderation.service.ts';
export {
  findRevision,
  findRevisionMovingTo,
  stageRevision,
  stagedFileIds,
  takeRevision,
  withOwnRevision,
  withRevisionFor,
  type ToColumns,
} from './moderation.revisions.ts';
