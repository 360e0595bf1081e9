import { MESSAGES, ZSubscriptionPurchase, ZSubscriptionReview } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountTypesOnlyWith, adminOnly, signedIn, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import { registerScopedReadRoutes } from '../../http/read-routes.ts';
import { itemResponse } from '../../http/responses.ts';
import {
  getCurrentSubscription,
  purchaseSubscription,
  reviewSubscription,
  subscriptionReads,
} from './subscriptions.service.ts';
import { routeLimit } from '../../http/plugins/rate-limits.ts';

const tags = ['subscriptions'];

/** Purchases an account may try per hour: a made-up transaction id buys a pending, active package. */
export const PURCHASES_PER_HOUR = 10;

const purchaseRateLimit = routeLimit({
  max: PURCHASES_PER_HOUR,
  per: 'hour',
  perAccount: 'subscription',
  message: MESSAGES.subscription.tooMany,
});

/**
 * Packages bought: a provider buys one with one call; reads of one's own (the admin's:
 * all); the current one with the ad quota; the admin's check of the payment and extra ads.
 */
export async function subscriptionsRoutes(instance: FastifyInstance, { db }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const reads = withAccess(signedIn, { schema: { tags } });

  app.get('/api/subscriptions/current', reads, async (req) => ({
    data: await getCurrentSubscription(db, req.actor!),
  }));
  registerScopedReadRoutes(app, db, '/api/subscriptions', subscriptionReads, reads);
  app.post(
    '/api/subscriptions',
    withAccess(accountTypesOnlyWith(MESSAGES.subscription.notProvider, 'Provider'), {
      config: { rateLimit: purchaseRateLimit },
      schema: { tags, body: z.object({ data: ZSubscriptionPurchase }) },
    }),
    async (req) => itemResponse(await purchaseSubscription(db, req.actor!, req.body.data)),
  );
  app.put(
    '/api/subscriptions/:id',
    withAccess(adminOnly, { schema: { tags, body: z.object({ data: ZSubscriptionReview }) } }),
    async (req) => itemResponse(await reviewSubscription(db, req.actor!, idParam(req), req.body.data)),
  );
}
