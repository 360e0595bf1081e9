import {
  MESSAGE_LIMITS,
  MESSAGES,
  CONVERSATION_PAGING,
  ZConversationMessage,
  ZMailRequest,
  ZMessageReport,
  ZMessageRequest,
  ZMessageUpdate,
  ZReadConversation,
  ZThreadQuery,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountTypesOnlyWith, hobbyistOnly, signedIn, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { pagingOf } from '../../http/paging.ts';
import { idParam } from '../../http/query.ts';
import { itemResponse } from '../../http/responses.ts';
import { registerPostRoutes } from '../comments/index.ts';
import { readMessageRetentionDays } from '../reference/index.ts';
import {
  countOwnUnread,
  createMessage,
  getConversation,
  listOwnConversations,
  messagePosts,
  postInConversation,
  readConversation,
  readThread,
  replyToMessage,
  reportMessage,
  sendToAd,
  setBlock,
  type MessagesContext,
} from './messages.service.ts';
import { routeLimit } from '../../http/plugins/rate-limits.ts';

/** Messages per account and hour, from any way of writing one (Mail panel, a conversation, Reply). */
export const MAIL_RATE_LIMIT = routeLimit({
  max: MESSAGE_LIMITS.mailPerHour,
  per: 'hour',
  perAccount: 'mail',
});

/** Reports of messages per account: as many as the site's reports per address. */
const REPORT_RATE_LIMIT = routeLimit({ max: 20, per: 'hour', perAccount: 'message-report' });

const tags = ['messages'];

/**
 * Messages and conversations. `/api/messages` (never public: a token is needed to read any; a hobbyist's
 * `POST` adds to their conversation with the ad), the card's Mail panel `POST /api/providers/:id/mail`,
 * `POST /api/messages/:id/reply` (the ad's owner answers in that message's conversation),
 * `GET /api/messages/retention`, `POST /api/messages/:id/report`, and `/api/conversations`: the caller's
 * threads, one thread's messages, writing, reading and blocking. Every write is mailed to the other side
 * as a link only (no address, phone or text).
 */
export async function messagesRoutes(instance: FastifyInstance, ctx: AppContext) {
  const m: MessagesContext = { db: ctx.db, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl };
  const { db } = ctx;
  registerPostRoutes(instance, ctx, {
    path: '/api/messages',
    kind: messagePosts(),
    readers: signedIn,
    createBody: ZMessageRequest,
    updateBody: ZMessageUpdate,
    create: (actor, providerId, text) => createMessage(m, actor, providerId, text),
    createRateLimit: MAIL_RATE_LIMIT,
  });

  const app = instance.withTypeProvider<ZodTypeProvider>();
  // How long messages are kept (the daily job delete-old-messages), for the panels to say so.
  app.get('/api/messages/retention', withAccess(signedIn, { schema: { tags } }), async () =>
    itemResponse({ days: await readMessageRetentionDays(db) }),
  );
  app.post(
    '/api/providers/:id/mail',
    withAccess(hobbyistOnly, {
      config: { rateLimit: MAIL_RATE_LIMIT },
      schema: { tags, body: z.object({ data: ZMailRequest }) },
    }),
    async (req) => {
      const { conversationId } = await sendToAd(m, req.actor!, idParam(req), req.body.data.message);
      return itemResponse({ sent: true as const, conversation: conversationId });
    },
  );
  app.post(
    '/api/messages/:id/reply',
    withAccess(accountTypesOnlyWith(MESSAGES.reviewMail.replyRefused, 'Provider'), {
      config: { rateLimit: MAIL_RATE_LIMIT },
      schema: { tags, body: z.object({ data: ZConversationMessage }) },
    }),
    async (req) => itemResponse(await replyToMessage(m, req.actor!, idParam(req), req.body.data.text)),
  );
  app.post(
    '/api/messages/:id/report',
    withAccess(signedIn, {
      config: { rateLimit: REPORT_RATE_LIMIT },
      schema: { tags, body: z.object({ data: ZMessageReport }) },
    }),
    async (req) => reportMessage(db, req.actor!, idParam(req), req.body.data),
  );

  app.get('/api/conversations', withAccess(signedIn, { schema: { tags } }), async (req) =>
    listOwnConversations(db, req.actor!, pagingOf(req.query as Record<string, unknown>, CONVERSATION_PAGING)),
  );
  app.get('/api/conversations/unread', withAccess(signedIn, { schema: { tags } }), async (req) =>
    itemResponse({ count: await countOwnUnread(db, req.actor!) }),
  );
  app.get('/api/conversations/:id', withAccess(signedIn, { schema: { tags } }), async (req) =>
    itemResponse(await getConversation(db, req.actor!, idParam(req))),
  );
  app.get(
    '/api/conversations/:id/messages',
    withAccess(signedIn, { schema: { tags, querystring: ZThreadQuery } }),
    async (req) => readThread(db, req.actor!, idParam(req), req.query.before),
  );
  app.post(
    '/api/conversations/:id/messages',
    withAccess(signedIn, {
      config: { rateLimit: MAIL_RATE_LIMIT },
      schema: { tags, body: z.object({ data: ZConversationMessage }) },
    }),
    async (req) => itemResponse(await postInConversation(m, req.actor!, idParam(req), req.body.data.text)),
  );
  app.post(
    '/api/conversations/:id/read',
    withAccess(signedIn, { schema: { tags, body: ZReadConversation } }),
    async (req) => itemResponse(await readConversation(db, req.actor!, idParam(req), req.body?.data?.upTo)),
  );
  app.post('/api/conversations/:id/block', withAccess(signedIn, { schema: { tags } }), async (req) =>
    itemResponse(await setBlock(db, req.actor!, idParam(req), true)),
  );
  app.delete('/api/conversations/:id/block', withAccess(signedIn, { schema: { tags } }), async (req) =>
    itemResponse(await setBlock(db, req.actor!, idParam(req), false)),
  );
}
