import {
  ENGAGEMENT_LIMITS,
  MESSAGES,
  REACTION_PATHS,
  REACTION_TYPES,
  ZCommentRequest,
  ZCommentUpdate,
  ZMailRequest,
  ZMessageRequest,
  ZMessageUpdate,
  ZReactionRequest,
  ZReactionUpdate,
  ZTipRequest,
  ZTipReview,
  ZTransactionRequest,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { idParam, strapiQuery } from '../../http/query.ts';
import { requireHobbyist } from './engagement.access.ts';
import {
  commentResource,
  messageResource,
  REACTION_RESOURCES,
  tipResource,
  transactionResource,
} from './engagement.resources.ts';
import {
  createComment,
  createMessage,
  createReaction,
  createTip,
  createTransaction,
  deleteComment,
  deleteMessage,
  deleteReaction,
  getComment,
  getMessage,
  getPaymentInfo,
  getReaction,
  getTip,
  getTransaction,
  getWallet,
  listComments,
  listMessages,
  listReactions,
  listTips,
  listTransactions,
  sendProviderMail,
  updateComment,
  updateMessage,
  reviewTip,
  updateReaction,
} from './engagement.service.ts';
import { readTipsPerHour } from './engagement.settings.ts';

/** The mail relay's limit per hobbyist account. */
export const MAIL_RATE_LIMIT = {
  max: ENGAGEMENT_LIMITS.mailPerHour,
  timeWindow: '1 hour',
  keyGenerator: (req: FastifyRequest) => (req.actor ? `mail:user:${req.actor.id}` : `mail:ip:${req.ip}`),
} as const;

/**
 * Tips per hobbyist account: the `tips_per_hour` setting (default 20) per hour, then 429. Every
 * attempt counts, refused ones too (guessing transaction IDs is what this slows down).
 */
function tipRateLimit(db: AppContext['db']) {
  return {
    max: (_req: FastifyRequest) => readTipsPerHour(db),
    timeWindow: '1 hour',
    keyGenerator: (req: FastifyRequest) => (req.actor ? `tip:user:${req.actor.id}` : `tip:ip:${req.ip}`),
    errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) =>
      new AppError('RateLimitError', MESSAGES.tip.tooMany, { retryAfter: Math.ceil(ctx.ttl / 1000) }),
  };
}

/** The route's access check has run: the actor is there. */
const signedIn = (req: FastifyRequest): Actor => req.actor!;

/**
 * Reactions, comments, messages, the mail relay, payment info, tips and transactions.
 * Reads of public records (reactions, comments) are open; the rest needs a token. Every
 * hobbyist-only write refuses any other account, the admin included, before the body is read.
 */
export async function engagementRoutes(instance: FastifyInstance, { db, mailer }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const anyone = { config: { access: 'public' as const }, schema: { tags: ['engagement'] } };
  const bearer = { security: [{ bearer: [] }], tags: ['engagement'] };
  const signedInOnly = { config: { access: 'authenticated' as const }, schema: bearer };
  const hobbyist = {
    config: { access: { userTypes: ['Hobbyist'] } as const },
    onRequest: async (req: FastifyRequest) => void requireHobbyist(req.actor),
  };
  const body = <T extends z.ZodType>(data: T) => ({ ...bearer, body: z.object({ data }) });

  for (const kind of REACTION_TYPES) {
    const path = `/api/${REACTION_PATHS[kind]}`;
    const def = REACTION_RESOURCES[kind];
    app.get(path, anyone, async (req) => listReactions(db, req.actor, kind, strapiQuery(req, def)));
    app.get(`${path}/:id`, anyone, async (req) => ({
      data: await getReaction(db, req.actor, kind, idParam(req), strapiQuery(req, def)),
      meta: {},
    }));
    app.post(path, { ...hobbyist, schema: body(ZReactionRequest) }, async (req) =>
      createReaction(db, req.actor, kind, req.body.data.provider),
    );
    app.put(
      `${path}/:id`,
      {
        ...signedInOnly,
        schema: { ...bearer, body: z.object({ data: ZReactionUpdate.optional() }).nullish() },
      },
      async (req) => updateReaction(db, signedIn(req), kind, idParam(req)),
    );
    app.delete(`${path}/:id`, signedInOnly, async (req) =>
      deleteReaction(db, signedIn(req), kind, idParam(req)),
    );
  }

  app.get('/api/comments', anyone, async (req) =>
    listComments(db, req.actor, strapiQuery(req, commentResource)),
  );
  app.get('/api/comments/:id', anyone, async (req) => ({
    data: await getComment(db, req.actor, idParam(req), strapiQuery(req, commentResource)),
    meta: {},
  }));
  app.post('/api/comments', { ...hobbyist, schema: body(ZCommentRequest) }, async (req) => ({
    data: await createComment(db, req.actor, req.body.data),
    meta: {},
  }));
  app.put('/api/comments/:id', { ...signedInOnly, schema: body(ZCommentUpdate) }, async (req) => ({
    data: await updateComment(db, signedIn(req), idParam(req), req.body.data),
    meta: {},
  }));
  app.delete('/api/comments/:id', signedInOnly, async (req) => ({
    data: await deleteComment(db, signedIn(req), idParam(req)),
    meta: {},
  }));

  app.get('/api/messages', signedInOnly, async (req) =>
    listMessages(db, signedIn(req), strapiQuery(req, messageResource)),
  );
  app.get('/api/messages/:id', signedInOnly, async (req) => ({
    data: await getMessage(db, signedIn(req), idParam(req), strapiQuery(req, messageResource)),
    meta: {},
  }));
  app.post('/api/messages', { ...hobbyist, schema: body(ZMessageRequest) }, async (req) => ({
    data: await createMessage(db, req.actor, req.body.data),
    meta: {},
  }));
  app.put('/api/messages/:id', { ...signedInOnly, schema: body(ZMessageUpdate) }, async (req) => ({
    data: await updateMessage(db, signedIn(req), idParam(req), req.body.data),
    meta: {},
  }));
  app.delete('/api/messages/:id', signedInOnly, async (req) => ({
    data: await deleteMessage(db, signedIn(req), idParam(req)),
    meta: {},
  }));

  app.post(
    '/api/providers/:id/mail',
    {
      ...hobbyist,
      config: { ...hobbyist.config, rateLimit: MAIL_RATE_LIMIT },
      schema: body(ZMailRequest),
    },
    async (req) => ({
      data: await sendProviderMail(db, mailer, req.actor, idParam(req), req.body.data),
      meta: {},
    }),
  );

  app.get('/api/payment-info', anyone, async () => ({ data: await getPaymentInfo(db), meta: {} }));

  app.get('/api/tips', signedInOnly, async (req) =>
    listTips(db, signedIn(req), strapiQuery(req, tipResource)),
  );
  app.get('/api/tips/:id', signedInOnly, async (req) => ({
    data: await getTip(db, signedIn(req), idParam(req), strapiQuery(req, tipResource)),
    meta: {},
  }));
  app.post(
    '/api/tips',
    {
      ...hobbyist,
      config: { ...hobbyist.config, rateLimit: tipRateLimit(db) },
      schema: body(ZTipRequest),
    },
    async (req) => ({ data: await createTip(db, req.actor, req.body.data), meta: {} }),
  );
  app.put('/api/tips/:id', { config: { access: 'admin' }, schema: body(ZTipReview) }, async (req) => ({
    data: await reviewTip(db, idParam(req), req.body.data),
    meta: {},
  }));

  app.get('/api/transactions', signedInOnly, async (req) =>
    listTransactions(db, signedIn(req), strapiQuery(req, transactionResource)),
  );
  app.get('/api/transactions/:id', signedInOnly, async (req) => ({
    data: await getTransaction(db, signedIn(req), idParam(req), strapiQuery(req, transactionResource)),
    meta: {},
  }));
  app.post(
    '/api/transactions',
    { config: { access: 'admin' }, schema: body(ZTransactionRequest) },
    async (req) => ({ data: await createTransaction(db, req.body.data), meta: {} }),
  );

  app.get('/api/wallet', signedInOnly, async (req) => ({
    data: await getWallet(db, signedIn(req)),
    meta: {},
  }));
}
