import { z } from 'zod';
import { PLAIN_TRANSACTION_ID } from '../billing/transaction-id.ts';
import { ADMIN_OPS_MESSAGES } from '../catalogue/admin-ops.ts';
import { ADMIN_PAGING, ZPagination } from '../paging.ts';

/**
 * The console's payments queue: subscriptions, orders and tips paid by a transaction id
 * the payer typed, with the amount the server computed, and flags on ids that look made up or were given
 * twice. The decisions themselves are the existing `PUT /api/subscriptions/:id`, `/api/orders/:id` and
 * `/api/tips/:id`.
 */

const P = ADMIN_OPS_MESSAGES.payments;

/** What a transaction id paid for. */
export const ADMIN_PAYMENT_KINDS = ['subscription', 'order', 'tip'] as const;
export type TAdminPaymentKind = (typeof ADMIN_PAYMENT_KINDS)[number];

/** Where a payment stands: waiting for the admin's check, or decided. */
export const ADMIN_PAYMENT_STATES = ['pending', 'verified', 'rejected'] as const;
export type TAdminPaymentState = (typeof ADMIN_PAYMENT_STATES)[number];

/** Text a search box sends: trimmed, empty means none. */
const searchText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

/** `GET /api/admin/payments`: all three kinds unless one is asked; pending first, then newest. */
export const ZAdminPaymentsQuery = z.object({
  kind: z.enum(ADMIN_PAYMENT_KINDS).optional(),
  status: z.enum(ADMIN_PAYMENT_STATES).optional(),
  q: searchText,
  pagination: ZPagination(ADMIN_PAGING),
});
export type TAdminPaymentsQuery = z.infer<typeof ZAdminPaymentsQuery>;

/** Why an id is flagged (never a decision by itself: the admin checks the payment received). */
export interface TPaymentFlag {
  kind: 'malformed' | 'duplicate';
  explanation: string;
}

/** Another payment that quoted the same id. */
export interface TPaymentRef {
  kind: TAdminPaymentKind;
  id: number;
}

/** One payment in the queue. Amounts are cents, as the server computed them. */
export interface TAdminPaymentItem {
  kind: TAdminPaymentKind;
  id: number;
  createdAt: string;
  payer: { id: number; username: string; email: string } | null;
  /** What the payer owes by this transaction id (a subscription's amount left after the wallet part). */
  amount_cents: number;
  transaction_id: string | null;
  /**
   * The id's characters outside the plain set (ids stored before they were refused), as `U+200B` each, in
   * order: what the admin cannot see in the id itself.
   */
  hidden_characters: string[];
  /**
   * Payments of this page whose ids look the same (the same key) share a number (1, 2, … in page order) and
   * come one after the other; null when no other payment has the id.
   */
  id_group: number | null;
  status: TAdminPaymentState;
  /** The package's name, `Order #12 · 3 items`, or `Tip to <ad name>`. */
  description: string;
  flags: TPaymentFlag[];
}

/** Shorter ids are not what payment apps give. */
export const PAYMENT_ID_MIN_LENGTH = 6;

/** The characters of `transactionId` outside the plain set, each as its code point (`U+200B`). */
export const hiddenTransactionIdCharacters = (transactionId: string | null | undefined): string[] =>
  [...(transactionId ?? '').trim()]
    .filter((c) => !PLAIN_TRANSACTION_ID.test(c))
    .map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);

/** How another payment is named in a flag: `Order #4`. */
export const paymentRefLabel = (ref: TPaymentRef): string => `${P.kinds[ref.kind]} #${ref.id}`;

/**
 * Why a payment's transaction id looks wrong, with an explanation each (the catalogue's): `malformed` when it
 * is blank, holds characters outside the plain set (`PLAIN_TRANSACTION_ID`: an invisible or look-alike
 * character stored before such ids were refused), is shorter than 6 characters, or repeats one character only
 * (the first of these that applies); `duplicate` when `others` (the other payments whose id has the same key,
 * the server's `paymentKey`: the id's confusable skeleton) is not empty. Pure: the server finds `others` in one query per page.
 */
export function paymentIdFlags(
  transactionId: string | null | undefined,
  others: readonly TPaymentRef[] = [],
): TPaymentFlag[] {
  const flags: TPaymentFlag[] = [];
  const id = (transactionId ?? '').trim();
  const malformed = !id
    ? P.flags.malformedBlank
    : !PLAIN_TRANSACTION_ID.test(id)
      ? P.flags.malformedCharacters
      : id.length < PAYMENT_ID_MIN_LENGTH
        ? P.flags.malformedShort
        : /^(.)\1*$/.test(id)
          ? P.flags.malformedRepeated
          : undefined;
  if (malformed) flags.push({ kind: 'malformed', explanation: malformed });
  if (others.length) {
    flags.push({
      kind: 'duplicate',
      explanation: `${P.flags.duplicate} ${others.map(paymentRefLabel).join(', ')}`,
    });
  }
  return flags;
}

/** The queue's description of an order: `Order #12 · 3 items`. */
export const orderPaymentDescription = (id: number, lines: number): string =>
  `${P.orderLabel}${id} · ${lines} ${lines === 1 ? P.itemOne : P.itemMany}`;

/** The queue's description of a tip: `Tip to Aria`. */
export const tipPaymentDescription = (adName: string | null): string =>
  adName ? `${P.tipTo} ${adName}` : P.kinds.tip;
