import type { Generated } from 'kysely';

/**
 * The table types of one area, named together in `db/schema.ts`. Payments: tips, wallet transactions,
 * subscriptions, and the register of transaction ids.
 */

export type PaymentStatus = 'pending' | 'verified' | 'rejected';

export interface TipsTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  transaction_id: string;
  /** `paymentKey(transaction_id)`: the id's confusable skeleton, shared by look-alike ids. */
  transaction_key: string | null;
  /** Cents. */
  tip_amount: number;
  /** The same state as the tip's ledger row (an admin sets both at once). */
  payment_status: Generated<PaymentStatus>;
  created_at: string;
  updated_at: string;
}

export interface TransactionsTable {
  id: Generated<number>;
  transaction_uid: string;
  /** Cents. */
  transaction_amount: number;
  user_id: number | null;
  tip_id: number | null;
  subscription_id: number | null;
  order_type: string;
  transaction_type: 'credit' | 'debit';
  /** Only `verified` rows count in a wallet; a typed-in payment is `pending` until an admin checks it. */
  payment_status: Generated<PaymentStatus>;
  created_at: string;
  updated_at: string;
}

/** A package bought by a provider. Money in cents; whether it is active is computed. */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  package_id: number | null;
  package_name: string;
  start_date: string;
  end_date: string;
  transaction_id: string | null;
  /** `paymentKey(transaction_id)`: the id's confusable skeleton, shared by look-alike ids. */
  transaction_key: string | null;
  price: number;
  wallet_amount: number;
  amount: number;
  ads_allowed: number;
  extra_ads: Generated<number>;
  ads_posted: Generated<number>;
  payment_status: Generated<PaymentStatus>;
  reviewed_by: number | null;
  reviewed_at: string | null;
  reminder_sent_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A transaction id that paid for something: one use only, across subscriptions, tips and orders. */
export interface PaymentReferencesTable {
  transaction_id: string;
  kind: 'subscription' | 'tip' | 'order';
  created_at: string;
}
