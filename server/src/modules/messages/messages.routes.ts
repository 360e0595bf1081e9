import {
  MESSAGE_LIMITS,
  MESSAGES,
  ZMailRequest,
  ZMessageReply,
  ZMessageReport,
  ZMessageRequest,
  ZMessageUpdate,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountTypesOnlyWith, hobbyistOnly, signedIn, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import { itemResponse } from '../../http/responses.ts';
import { registerPostRoutes } from '../comments/index.ts';
import { readMessageRetentionDays } from '../reference/index.ts';
import {
  messagePosts,
  replyToMessage,
  reportMessage,
  sendProviderMail,
  type MessagesContext,
} from './messages.service.ts';
import { routeLimit } from '../../http/plugins/rate-limits.ts';

/** The mail relay's limit per account; a provider's answers from Review Mail count under the same. */
export const MAIL_RATE_LIMIT = routeLimit({
  max: MESSAGE_LIMITS.mailPerHour,
  per: 'hour',
  perAccount: 'mail',
});

/** Reports of messages per account: as many as the site's reports per address. */
const REPORT_RATE_LIMIT = routeLimit({ max: 20, per: 'hour', perAccount: 'message-report' });

/**
 * `/api/messages` (never public: a token is needed to read any), the mail relay,
 * `POST /api/providers/:id/mail`, which e-mails the provider's account without answering its address,
 * `POST /api/messages/:id/reply`, the provider's answer, relayed to the hobbyist the same way, and
 * `GET /api/messages/retention`, how many days messages are kept, and `POST /api/messages/:id/report`,
 * one side of a message sending it to the staff.
 */
export async function messagesRoutes(instance: FastifyInstance, ctx: AppContext) {
  registerPostRoutes(instance, ctx, {
    path: '/api/messages',
    kind: messagePosts(),
    readers: signedIn,
    createBody: ZMessageRequest,
    updateBody: ZMessageUpdate,
  });

  const m: MessagesContext = { db: ctx.db, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl };
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // How long messages are kept (the daily job delete-old-messages), for the panels to say so.
  app.get('/api/messages/retention', withAccess(signedIn, { schema: { tags: ['messages'] } }), async () =>
    itemResponse({ days: await readMessageRetentionDays(ctx.db) }),
  );
  app.post(
    '/api/providers/:id/mail',
    withAccess(hobbyistOnly, {
      config: { rateLimit: MAIL_RATE_LIMIT },
      schema: { tags: ['messages'], body: z.object({ data: ZMailRequest }) },
    }),
    async (req) => itemResponse(await sendProviderMail(m, req.actor!, idParam(req), req.body.data)),
  );
  app.post(
    '/api/messages/:id/reply',
    withAccess(accountTypesOnlyWith(MESSAGES.reviewMail.replyRefused, 'Provider'), {
      config: { rateLimit: MAIL_RATE_LIMIT },
      schema: { tags: ['messages'], body: z.object({ data: ZMessageReply }) },
    }),
    async (req) => itemResponse(await replyToMessage(m, req.actor!, idParam(req), req.body.data.text)),
  );
  app.post(
    '/api/messages/:id/report',
    withAccess(signedIn, {
      config: { rateLimit: REPORT_RATE_LIMIT },
      schema: { tags: ['messages'], body: z.object({ data: ZMessageReport }) },
    }),
    async (req) => reportMessage(ctx.db, req.actor!, idParam(req), req.body.data),
  );
}
