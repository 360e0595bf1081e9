/**
 * Moderation and risk signals (issue 14): what other modules may use of this area. The directory and the
 * places compute a record's signals with `computeRiskSignals` in the transaction that submits it.
 */
export { moderationRoutes } from './moderation.routes.ts';
export { computeRiskSignals } from './moderation.service.ts';
