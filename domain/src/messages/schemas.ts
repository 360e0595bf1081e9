import { z } from 'zod';
import { ZProviderRef } from '../directory/provider-ref.ts';
import { MESSAGES } from '../messages.ts';
import { ZReportRequest } from '../content/schemas.ts';
import { trimmedText } from '../text-schema.ts';
import { MESSAGE_LIMITS } from './limits.ts';

/** `POST /api/messages` `data`, and the card's message form. */
export const ZMessageRequest = z.object({
  provider: ZProviderRef,
  text: trimmedText(MESSAGE_LIMITS.message, MESSAGES.cardMessages.required, MESSAGES.cardMessages.tooLong),
});
export type TMessageRequest = z.infer<typeof ZMessageRequest>;

/** `PUT /api/messages/:id` `data`. */
export const ZMessageUpdate = ZMessageRequest.pick({ text: true });
export type TMessageUpdate = z.infer<typeof ZMessageUpdate>;

/** `POST /api/providers/:id/mail` `data`: the card's Mail panel. */
export const ZMailRequest = z.object({
  message: trimmedText(MESSAGE_LIMITS.mail, MESSAGES.mailRelay.required, MESSAGES.mailRelay.tooLong),
});
export type TMailRequest = z.infer<typeof ZMailRequest>;

/** `POST /api/messages/:id/reply` `data`: a provider's answer from Review Mail, relayed by mail. */
export const ZMessageReply = z.object({
  text: trimmedText(MESSAGE_LIMITS.mail, MESSAGES.reviewMail.replyRequired, MESSAGES.reviewMail.replyTooLong),
});
export type TMessageReply = z.infer<typeof ZMessageReply>;

/**
 * `POST /api/messages/:id/report` `data`: one side of a message (its sender, or the provider it was sent to)
 * sends it to the staff's reports queue, with a reason and, if they like, what happened.
 */
export const ZMessageReport = ZReportRequest.pick({ reason: true, details: true });
export type TMessageReport = z.infer<typeof ZMessageReport>;
