/** An ad's review before publication: its states and what the admin sends. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type TReviewState = (typeof REVIEW_STATES)[number];

/** The ad's posting quota during the current subscription (`GET /api/subscriptions/current`). */
export interface AdQuota {
  allowed: number;
  posted: number;
  remaining: number;
}

export const REVIEW_REASON_MAX = 500;

/**
 * Ad fields that cost money or decide who sees the ad: the server sets them
 * (the packages and the review), or the admin. The ad form never sends them; the server ignores anyone
 * else's values.
 */
export const SERVER_SET_AD_FIELDS = [
  'ad_bonus_side_panel_ad',
  'duration_ad',
  'duration_ad_unit',
  'isShowed',
  'review',
  'review_reason',
] as const;
