import type { TPagingLimits } from '../paging.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.ts';
import type { TPaymentStatus } from './limits.ts';

/** What My Payments lists: a hobbyist's tips and the orders they paid by a transaction id. */
export const MY_PAYMENT_KINDS = ['tip', 'order'] as const;
export type TMyPaymentKind = (typeof MY_PAYMENT_KINDS)[number];

/** `GET /api/my-payments` pages as the account's other lists do: 10 to 40 rows. */
export const MY_PAYMENTS_PAGING: TPagingLimits = {
  defaultPageSize: DEFAULT_PAGE_SIZE,
  maxPageSize: Math.max(...PAGE_SIZES),
};

/** One row of `GET /api/my-payments` (money in dollars, as the API speaks it). */
export interface TMyPayment {
  kind: TMyPaymentKind;
  /** The tip's or the order's id. */
  id: number;
  createdAt: string;
  amount: number;
  transaction_id: string | null;
  /** Pending until an administrator has checked the payment, then verified or rejected. */
  payment_status: TPaymentStatus;
  /** A tip's ad name; null for an order, or once the ad is deleted. */
  ad_name: string | null;
  /** An order's number of products; 0 for a tip. */
  lines: number;
}
