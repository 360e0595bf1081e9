import { z } from 'zod';
import { ZProviderRef } from '../directory/provider-ref.ts';
import { MESSAGES } from '../messages.ts';
import { trimmedText } from '../text-schema.ts';
import { COMMENT_LIMITS } from './limits.ts';

/** `POST /api/comments` `data`, and the card's comment form. */
export const ZCommentRequest = z.object({
  provider: ZProviderRef,
  comment: trimmedText(COMMENT_LIMITS.comment, MESSAGES.comments.required, MESSAGES.comments.tooLong),
});
export type TCommentRequest = z.infer<typeof ZCommentRequest>;

/** `PUT /api/comments/:id` `data`. */
export const ZCommentUpdate = ZCommentRequest.pick({ comment: true });
export type TCommentUpdate = z.infer<typeof ZCommentUpdate>;
