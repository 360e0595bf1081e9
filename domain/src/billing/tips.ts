import { z } from 'zod';
import { ZProviderRef } from '../directory/provider-ref.ts';
import { ZId } from '../ids.ts';
import { MESSAGES } from '../messages.ts';
import { isWholeCents } from '../money.ts';
import { ORDER_TYPES, TIP_LIMITS, TRANSACTION_TYPES } from './limits.ts';
import { transactionIdText } from './transaction-id.ts';

/** A dollar amount: more than 0, at most 10,000, whole cents. */
const tipAmount = z
  .number({ error: MESSAGES.tip.amountRequired })
  .refine((v) => Number.isFinite(v), MESSAGES.tip.amountRequired)
  .refine((v) => v > 0, MESSAGES.tip.amountPositive)
  .refine((v) => v <= TIP_LIMITS.maxTip, MESSAGES.tip.amountTooLarge)
  .refine(isWholeCents, MESSAGES.tip.amountCents);

/** `POST /api/tips` `data`, and the tip modal's form (`tip_amount` in dollars). */
export const ZTipRequest = z.object({
  provider: ZProviderRef,
  tip_amount: tipAmount,
  transaction_id: transactionIdText(
    MESSAGES.tip.transactionIdRequired,
    MESSAGES.tip.transactionIdTooLong,
    TIP_LIMITS.transactionId,
  ),
});
export type TTipRequest = z.infer<typeof ZTipRequest>;

/** `PUT /api/tips/:id` `data` (admin only): the admin's decision on the tip's payment; nothing else. */
export const ZTipReview = z.strictObject({
  payment_status: z.enum(['verified', 'rejected'], { error: MESSAGES.tip.paymentStatusInvalid }),
});
export type TTipReview = z.infer<typeof ZTipReview>;

/** `POST /api/transactions` `data` (admin adjustments only; amounts in dollars). */
export const ZTransactionRequest = z.object({
  user: ZId,
  transaction_uid: transactionIdText(
    MESSAGES.tip.transactionIdRequired,
    MESSAGES.tip.transactionIdTooLong,
    TIP_LIMITS.transactionId,
  ),
  transaction_amount: z
    .number()
    .positive()
    .max(1_000_000)
    .refine(isWholeCents, 'Amount can have at most 2 decimals'),
  transaction_type: z.enum(TRANSACTION_TYPES),
  order_type: z.enum(ORDER_TYPES).default('other'),
});
export type TTransactionRequest = z.infer<typeof ZTransactionRequest>;
