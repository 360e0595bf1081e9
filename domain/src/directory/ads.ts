/** An ad's review before publication (issue 11): its states and what the admin sends. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type TReviewState = (typeof REVIEW_STATES)[number];

/** The ad's posting quota during the current subscription (`GET /api/subscriptions/current`). */
export interface AdQuota {
  allowed: number;
  posted: number;
  remaining: number;
}

export const REVIEW_REASON_MAX = 500;
