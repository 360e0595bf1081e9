import { MESSAGES, ZTipRequest, ZTipReview, ZTransactionRequest } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { idParam } from '../../http/query.ts';
import { registerScopedReadRoutes } from '../../http/read-routes.ts';
import { itemResponse } from '../../http/responses.ts';
import { actorOf, engagementRouteOptions } from '../directory/index.ts';
import {
  createTip,
  createTransaction,
  getPaymentInfo,
  getWallet,
  reviewTip,
  tipReads,
  transactionReads,
} from './billing.service.ts';
import { readTipsPerHour } from './billing.settings.ts';

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

/**
 * Payment info (the tip modal's QR code; public), tips (a hobbyist sends one, the admin verifies or
 * rejects its payment), the wallet's transactions (the admin adds adjustments) and the wallet totals.
 */
export async function billingRoutes(instance: FastifyInstance, { db }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { anyone, signedInOnly, hobbyist, body } = engagementRouteOptions();

  app.get('/api/payment-info', anyone, async () => itemResponse(await getPaymentInfo(db)));

  registerScopedReadRoutes(app, db, '/api/tips', tipReads, signedInOnly);
  app.post(
    '/api/tips',
    {
      ...hobbyist,
      config: { ...hobbyist.config, rateLimit: tipRateLimit(db) },
      schema: body(ZTipRequest),
    },
    async (req) => itemResponse(await createTip(db, req.actor, req.body.data)),
  );
  app.put('/api/tips/:id', { config: { access: 'admin' }, schema: body(ZTipReview) }, async (req) =>
    itemResponse(await reviewTip(db, idParam(req), req.body.data)),
  );

  registerScopedReadRoutes(app, db, '/api/transactions', transactionReads, signedInOnly);
  app.post(
    '/api/transactions',
    { config: { access: 'admin' }, schema: body(ZTransactionRequest) },
    async (req) => itemResponse(await createTransaction(db, req.body.data)),
  );

  app.get('/api/wallet', signedInOnly, async (req) => itemResponse(await getWallet(db, actorOf(req))));
}
