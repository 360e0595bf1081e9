// The engagement limits and kinds without their schemas: the card needs these, and importing them
// from here keeps the schema library off the first load.

/** Limits for reactions, comments, messages, the mail relay and tips (spec 001 §5). */
export const ENGAGEMENT_LIMITS = {
  comment: 1000,
  message: 2000,
  mail: 2000,
  transactionId: 100,
  /**
   * Dollars: the most any tip may be, whatever the operator's cap. The cap a tip is checked against
   * is the server's `tip_max_amount` setting (default 1,000; `GET /api/payment-info` answers it).
   */
  maxTip: 10_000,
  /** Mail relay: messages per hobbyist account per hour. */
  mailPerHour: 10,
} as const;

/** The three mutually exclusive reactions and the paths they are served under. */
export const REACTION_TYPES = ['like', 'dislike', 'average'] as const;
export type TReactionType = (typeof REACTION_TYPES)[number];
export const REACTION_PATHS = { like: 'likes', dislike: 'dislikes', average: 'averages' } as const;

export const TRANSACTION_TYPES = ['credit', 'debit'] as const;
export const ORDER_TYPES = ['package', 'tip', 'other'] as const;

/**
 * The payment state of a ledger row (and of the tip it belongs to). A credit from a transaction ID a
 * person typed is `pending` until an admin checks the payment; only `verified` rows count in a wallet.
 */
export const PAYMENT_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];
