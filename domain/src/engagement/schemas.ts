import { z } from 'zod';
import { transactionIdText } from '../billing/transaction-id.ts';
import { MAX_ID, ZId } from '../ids.ts';
import { MESSAGES } from '../messages.ts';
import { isWholeCents } from '../money.ts';
import { ENGAGEMENT_LIMITS, ORDER_TYPES, TRANSACTION_TYPES } from './limits.ts';

const E = MESSAGES.engagementErrors;

/** A provider (ad) id as the card sends it. */
const providerId = z
  .number({ error: E.providerRequired })
  .int(E.providerRequired)
  .positive(E.providerRequired)
  .max(MAX_ID, E.providerRequired);

const text = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** `POST /api/likes|dislikes|averages` `data`; the user comes from the token (a sent `user` is ignored). */
export const ZReactionRequest = z.object({ provider: providerId });
export type TReactionRequest = z.infer<typeof ZReactionRequest>;

/**
 * `PUT /api/likes|dislikes|averages/:id` `data`: a reaction has nothing to edit (switching is a POST
 * to the other kind), so any fields sent are ignored and the PUT answers the reaction unchanged.
 */
export const ZReactionUpdate = z.object({});
export type TReactionUpdate = z.infer<typeof ZReactionUpdate>;

/** `POST /api/comments` `data`, and the card's comment form. */
export const ZCommentRequest = z.object({
  provider: providerId,
  comment: text(ENGAGEMENT_LIMITS.comment, MESSAGES.comments.required, MESSAGES.comments.tooLong),
});
export type TCommentRequest = z.infer<typeof ZCommentRequest>;

/** `PUT /api/comments/:id` `data`. */
export const ZCommentUpdate = ZCommentRequest.pick({ comment: true });
export type TCommentUpdate = z.infer<typeof ZCommentUpdate>;

/** `POST /api/messages` `data`, and the card's message form. */
export const ZMessageRequest = z.object({
  provider: providerId,
  text: text(ENGAGEMENT_LIMITS.message, MESSAGES.cardMessages.required, MESSAGES.cardMessages.tooLong),
});
export type TMessageRequest = z.infer<typeof ZMessageRequest>;

/** `PUT /api/messages/:id` `data`. */
export const ZMessageUpdate = ZMessageRequest.pick({ text: true });
export type TMessageUpdate = z.infer<typeof ZMessageUpdate>;

/** `POST /api/providers/:id/mail` `data`: the card's Mail panel. */
export const ZMailRequest = z.object({
  message: text(ENGAGEMENT_LIMITS.mail, MESSAGES.mailRelay.required, MESSAGES.mailRelay.tooLong),
});
export type TMailRequest = z.infer<typeof ZMailRequest>;

/** `POST /api/messages/:id/reply` `data`: a provider's answer from Review Mail, relayed by mail. */
export const ZMessageReply = z.object({
  text: text(ENGAGEMENT_LIMITS.mail, MESSAGES.reviewMail.replyRequired, MESSAGES.reviewMail.replyTooLong),
});
export type TMessageReply = z.infer<typeof ZMessageReply>;

/** A dollar amount: more than 0, at most 10,000, whole cents. */
const tipAmount = z
  .number({ error: MESSAGES.tip.amountRequired })
  .refine((v) => Number.isFinite(v), MESSAGES.tip.amountRequired)
  .refine((v) => v > 0, MESSAGES.tip.amountPositive)
  .refine((v) => v <= ENGAGEMENT_LIMITS.maxTip, MESSAGES.tip.amountTooLarge)
  .refine(isWholeCents, MESSAGES.tip.amountCents);

/** `POST /api/tips` `data`, and the tip modal's form (`tip_amount` in dollars). */
export const ZTipRequest = z.object({
  provider: providerId,
  tip_amount: tipAmount,
  transaction_id: transactionIdText(
    MESSAGES.tip.transactionIdRequired,
    MESSAGES.tip.transactionIdTooLong,
    ENGAGEMENT_LIMITS.transactionId,
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
    ENGAGEMENT_LIMITS.transactionId,
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
