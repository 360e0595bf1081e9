import { MESSAGES, ZTipRequest, ZTipReview, ZTransactionRequest } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountTypesWith,
  adminOnly,
  adminOnlyWith,
  anyone,
  hobbyistOnly,
  signedIn,
  withAccess,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import { registerScopedReadRoutes } from '../../http/read-routes.ts';
import { itemResponse } from '../../http/responses.ts';
import {
  createTip,
  createTransaction,
  getPaymentInfo,
  getWallet,
  listMyPayments,
  reviewTip,
  tipReads,
  transactionReads,
} from './billing.service.ts';
import { readTipsPerHour } from './billing.settings.ts';
import { routeLimit } from '../../http/plugins/rate-limits.ts';

/**
 * Tips per hobbyist account: the `tips_per_hour` setting (default 20) per hour, then 429. Every
 * attempt counts, refused ones too (guessing transaction IDs is what this slows down).
 */
function tipRateLimit(db: AppContext['db']) {
  return routeLimit({
    max: () => readTipsPerHour(db),
    per: 'hour',
    perAccount: 'tip',
    message: MESSAGES.tip.tooMany,
  });
}

/** The OpenAPI tag of this area's routes. */
const tags = ['billing'];
const dataBody = <T extends z.ZodType>(data: T) => ({ tags, body: z.object({ data }) });

/**
 * Payment info (the tip modal's QR code; public), tips (a hobbyist sends one, the admin verifies or
 * rejects its payment), the wallet's transactions (the admin adds adjustments), the wallet totals and a
 * hobbyist's own payments.
 */
export async function billingRoutes(instance: FastifyInstance, { db }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const signedInReads = withAccess(signedIn, { schema: { tags } });

  app.get('/api/payment-info', withAccess(anyone, { schema: { tags } }), async () =>
    itemResponse(await getPaymentInfo(db)),
  );

  registerScopedReadRoutes(app, db, '/api/tips', tipReads, signedInReads);
  app.post(
    '/api/tips',
    withAccess(hobbyistOnly, { config: { rateLimit: tipRateLimit(db) }, schema: dataBody(ZTipRequest) }),
    async (req) => itemResponse(await createTip(db, req.actor!, req.body.data)),
  );
  app.put('/api/tips/:id', withAccess(adminOnly, { schema: dataBody(ZTipReview) }), async (req) =>
    itemResponse(await reviewTip(db, req.actor!, idParam(req), req.body.data)),
  );

  registerScopedReadRoutes(app, db, '/api/transactions', transactionReads, signedInReads);
  app.post(
    '/api/transactions',
    // Nobody writes a credit to their own wallet: entries come from payments.
    withAccess(adminOnlyWith(MESSAGES.wallet.adminOnly), { schema: dataBody(ZTransactionRequest) }),
    async (req) => itemResponse(await createTransaction(db, req.actor!, req.body.data)),
  );

  app.get('/api/wallet', signedInReads, async (req) => itemResponse(await getWallet(db, req.actor!)));

  // A hobbyist's own tips and paid orders, with their payments' states (the account menu's My Payments).
  app.get(
    '/api/my-payments',
    withAccess(accountTypesWith(MESSAGES.myPayments.hobbyistsOnly, 'Hobbyist'), { schema: { tags } }),
    async (req) => listMyPayments(db, req.actor!, req.query as Record<string, unknown>),
  );
}
