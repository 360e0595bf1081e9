/**
 * Subscriptions (spec 000 §3, §4, §9): the purchase request, the admin's review, and the
 * pure rules the server and the screens share (price, wallet part, dates, computed status).
 * Amounts are integer cents inside, dollars at the edges.
 */
import { z } from 'zod';
import { ZId } from '../ids.ts';
import { fromCents, toCents } from '../money.ts';
import { BILLING_MESSAGES } from '../catalogue/billing.ts';
import { PAYMENT_STATUSES, type TPaymentStatus } from './limits.ts';
import { packagePriceCents } from './pricing.ts';
import { normaliseTransactionId, TRANSACTION_ID_MAX, transactionIdText } from './transaction-id.ts';

/**
 * `POST /api/subscriptions {data}`: the package, the transaction id (needed when something is left
 * to pay; read by `transactionIdText`, blank or absent meaning none) and whether to spend the wallet's
 * verified balance first. The seed client's fields (`user`,
 * `start_date`, `end_date`, `amount`, `isActive`) are accepted and ignored: the server computes them.
 */
export const ZSubscriptionPurchase = z.object({
  package: ZId,
  transaction_id: z.preprocess(
    (v) => (typeof v === 'string' && normaliseTransactionId(v) ? v : undefined),
    transactionIdText(
      BILLING_MESSAGES.transactionIds.tooLong,
      BILLING_MESSAGES.transactionIds.tooLong,
      TRANSACTION_ID_MAX,
    ).optional(),
  ),
  use_wallet: z.boolean().optional().default(false),
});
export type TSubscriptionPurchase = z.infer<typeof ZSubscriptionPurchase>;

/** `PUT /api/subscriptions/:id {data}` (admin only): the payment's check and extra ads. */
export const ZSubscriptionReview = z
  .object({
    payment_status: z.enum(PAYMENT_STATUSES).optional(),
    extra_ads: z.number().int().min(0).max(10_000).optional(),
  })
  .refine((v) => v.payment_status !== undefined || v.extra_ads !== undefined, {
    message: 'Send payment_status or extra_ads',
  });
export type TSubscriptionReview = z.infer<typeof ZSubscriptionReview>;

/** What a purchase costs and how it is paid, in cents. */
export interface PurchaseSplit {
  /** Package price: total_price + tax percent + processing fee. */
  priceCents: number;
  /** Taken from the wallet's verified balance. */
  walletCents: number;
  /** Left to pay by QR payment (needs a transaction id when above zero). */
  toPayCents: number;
}

/**
 * The spec's "amount to pay with wallet = max(total - wallet balance, 0)" (000 §9), all in cents as the
 * server keeps them: the package's `total_price`, the `processing_fee` and the wallet balance. The
 * wallet part is what the balance covers, never more than the price; a negative balance counts as 0.
 */
export function splitPurchase(
  pkg: { total_price: number },
  costs: { tax: number; processing_fee: number },
  walletBalanceCents: number,
  useWallet: boolean,
): PurchaseSplit {
  const priceCents = packagePriceCents(pkg.total_price, costs.tax, costs.processing_fee);
  const balanceCents = Math.max(Math.round(walletBalanceCents), 0);
  const walletCents = useWallet ? Math.min(balanceCents, priceCents) : 0;
  return { priceCents, walletCents, toPayCents: priceCents - walletCents };
}

/**
 * The split for screens, which read dollars off the wire: the package's price, the processing fee and
 * the balance in dollars, the three parts answered in dollars.
 */
export function splitPurchaseDollars(
  pkg: { total_price: number },
  costs: { tax: number; processing_fee: number },
  walletBalance: number,
  useWallet: boolean,
) {
  const s = splitPurchase(
    { total_price: toCents(pkg.total_price) },
    { tax: costs.tax, processing_fee: toCents(costs.processing_fee) },
    toCents(walletBalance),
    useWallet,
  );
  return { price: fromCents(s.priceCents), wallet: fromCents(s.walletCents), toPay: fromCents(s.toPayCents) };
}

/**
 * `start` plus `months` calendar months (UTC), the day clamped to the month's last day (Jan 31 + 1
 * month is Feb 28 or 29), the time of day kept. Spec 000 §9: end date = start plus validity months.
 */
export function addMonths(start: Date, months: number): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const out = new Date(start.getTime());
  out.setUTCDate(1);
  out.setUTCFullYear(y, m, Math.min(start.getUTCDate(), lastDay));
  return out;
}

export interface SubscriptionDates {
  start_date: string;
  end_date: string;
  payment_status: TPaymentStatus;
}

/** Active: started, not ended (the end instant is out) and its payment not rejected. */
export function isSubscriptionActive(s: SubscriptionDates, now: Date = new Date()): boolean {
  const t = now.getTime();
  return s.payment_status !== 'rejected' && Date.parse(s.start_date) <= t && t < Date.parse(s.end_date);
}

/** The status a person reads: 'Active' or 'Inactive' (spec 000 §2 "My Subscription"). */
export function subscriptionStatus(s: SubscriptionDates, now: Date = new Date()): 'Active' | 'Inactive' {
  return isSubscriptionActive(s, now)
    ? BILLING_MESSAGES.subscription.active
    : BILLING_MESSAGES.subscription.inactive;
}

/** Ads an account may post during one subscription: the package's number plus the admin's extra. */
export function adsAllowed(s: { ads_allowed: number; extra_ads: number }): number {
  return s.ads_allowed + s.extra_ads;
}
