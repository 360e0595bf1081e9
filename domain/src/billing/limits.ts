// The tip limits and the ledger's kinds without their schemas: the card's tip form needs these, and importing
// them from here keeps the schema library off the first load.

/** Tips from a provider's card (spec 001 §5). */
export const TIP_LIMITS = {
  transactionId: 100,
  /**
   * Dollars: the most any tip may be, whatever the operator's cap. The cap a tip is checked against
   * is the server's `tip_max_amount` setting (default 1,000; `GET /api/payment-info` answers it).
   */
  maxTip: 10_000,
} as const;

export const TRANSACTION_TYPES = ['credit', 'debit'] as const;
export const ORDER_TYPES = ['package', 'tip', 'other'] as const;

/**
 * The payment state of a ledger row (and of the tip it belongs to). A credit from a transaction ID a
 * person typed is `pending` until an admin checks the payment; only `verified` rows count in a wallet.
 */
export const PAYMENT_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];
