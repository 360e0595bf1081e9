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

/**
 * `POST /api/conversations/:id/messages` `data`: a message in a conversation, from either side; also
 * `POST /api/messages/:id/reply`, the provider's answer in the conversation of that message.
 */
export const ZConversationMessage = z.object({
  text: trimmedText(MESSAGE_LIMITS.message, MESSAGES.conversations.required, MESSAGES.conversations.tooLong),
});
export type TConversationMessage = z.infer<typeof ZConversationMessage>;

/** `GET /api/conversations/:id/messages` query: a page of messages older than `before` (a message id). */
export const ZThreadQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
});

/** `POST /api/conversations/:id/read` body (optional): read up to the message `upTo`. */
export const ZReadConversation = z
  .object({ data: z.object({ upTo: z.number().int().positive().optional() }).optional() })
  .nullish();

/** `GET /api/conversations`: 25 a page, at most 100. */
export const CONVERSATION_PAGING = { defaultPageSize: 25, maxPageSize: 100 } as const;

/** Which side of a conversation the caller is on. */
export type ConversationSide = 'hobbyist' | 'provider';

/** A conversation as `GET /api/conversations` answers it to one of its two sides. */
export interface ConversationSummary {
  id: number;
  side: ConversationSide;
  /** The ad the conversation is about. */
  ad: { id: number; title: string };
  /** Who the other side is: the ad's title for the hobbyist, the hobbyist's username for the provider. */
  with: string;
  lastMessageAt: string;
  /** The newest message (null when retention deleted them all). */
  last: { text: string; mine: boolean } | null;
  unread: number;
  blockedByMe: boolean;
  blockedByThem: boolean;
}

/** One message of a conversation as its sides read it. */
export interface ThreadMessage {
  id: number;
  text: string;
  /** Written by the caller's side. */
  mine: boolean;
  createdAt: string;
}

/**
 * `POST /api/messages/:id/report` `data`: one side of a message (its sender, or the provider it was sent to)
 * sends it to the staff's reports queue, with a reason and, if they like, what happened.
 */
export const ZMessageReport = ZReportRequest.pick({ reason: true, details: true });
export type TMessageReport = z.infer<typeof ZMessageReport>;
