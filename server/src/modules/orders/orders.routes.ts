import {
  MESSAGES,
  ZCheckoutRequest,
  ZOrderDetailRequest,
  ZOrderLineRequest,
  ZOrderLineUpdate,
  ZOrderRequest,
  ZOrderUpdate,
  ZQuoteRequest,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountTypesWith,
  anyoneEvenWithStaleToken,
  buyers,
  ownerOrAdmin,
  signedIn,
  withAccess,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import { registerScopedReadRoutes } from '../../http/read-routes.ts';
import { itemResponse } from '../../http/responses.ts';
import { addLine, attachDetails, createEmptyOrder, removeLine } from './orders.lines.ts';
import {
  checkout,
  detailReads,
  lineReads,
  listSales,
  orderReads,
  quoteOrder,
  type OrdersContext,
} from './orders.service.ts';
import { cancelOrder, changeLine, changeOrder } from './orders.states.ts';

const tags = ['orders'];

/**
 * Checkout and the quote (`/api/orders/checkout`, `/api/orders/quote`), orders, order-lists,
 * oder-details (the spec's spelling) and a seller's sales (`/api/sales`); docs/api.md
 * "Orders". Every amount is the server's; owners come from the token. Checkout and `POST /api/orders`
 * share one hourly limit per account, counted in the database by the service (`ORDERS_PER_HOUR`).
 */
export async function ordersRoutes(instance: FastifyInstance, { db, mailer, config }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const o: OrdersContext = { db, mailer, publicUrl: config.publicUrl };
  const reads = withAccess(signedIn, { schema: { tags } });

  // The cart page and checkout ask anyone's cart's prices (a stale token must not break the cart).
  app.post(
    '/api/orders/quote',
    withAccess(anyoneEvenWithStaleToken, {
      config: { notAudited: 'a price quote changes nothing' },
      schema: { tags, body: z.object({ data: ZQuoteRequest }) },
    }),
    async (req) => ({ data: await quoteOrder(db, req.body.data) }),
  );
  app.post(
    '/api/orders/checkout',
    withAccess(buyers, { schema: { tags, body: z.object({ data: ZCheckoutRequest }) } }),
    async (req) => itemResponse(await checkout(o, req.actor!, req.body.data)),
  );

  // Orders: the buyer's own (the admin's: all).
  registerScopedReadRoutes(app, db, '/api/orders', orderReads(), reads);
  app.post(
    '/api/orders',
    withAccess(buyers, { schema: { tags, body: z.object({ data: ZOrderRequest }) } }),
    async (req) => itemResponse(await createEmptyOrder(o, req.actor!)),
  );
  app.put(
    '/api/orders/:id',
    withAccess(ownerOrAdmin, { schema: { tags, body: z.object({ data: ZOrderUpdate }) } }),
    async (req) => itemResponse(await changeOrder(o, req.actor!, idParam(req), req.body.data)),
  );
  app.delete('/api/orders/:id', withAccess(ownerOrAdmin, { schema: { tags } }), async (req) =>
    itemResponse(await cancelOrder(o, req.actor!, idParam(req))),
  );

  // Order lines: the buyer's and the seller's (never the checkout details through them).
  registerScopedReadRoutes(app, db, '/api/order-lists', lineReads(), reads);
  app.post(
    '/api/order-lists',
    withAccess(buyers, { schema: { tags, body: z.object({ data: ZOrderLineRequest }) } }),
    async (req) => itemResponse(await addLine(o, req.actor!, req.body.data)),
  );
  app.put(
    '/api/order-lists/:id',
    withAccess(signedIn, { schema: { tags, body: z.object({ data: ZOrderLineUpdate }) } }),
    async (req) => itemResponse(await changeLine(o, req.actor!, idParam(req), req.body.data)),
  );
  app.delete('/api/order-lists/:id', withAccess(ownerOrAdmin, { schema: { tags } }), async (req) =>
    itemResponse(await removeLine(o, req.actor!, idParam(req))),
  );

  // Checkout details (the spec's spelling): the buyer's own.
  registerScopedReadRoutes(app, db, '/api/oder-details', detailReads(), reads);
  app.post(
    '/api/oder-details',
    withAccess(buyers, { schema: { tags, body: z.object({ data: ZOrderDetailRequest }) } }),
    async (req) => itemResponse(await attachDetails(o, req.actor!, req.body.data)),
  );

  // A seller's sold lines (the admin's: all).
  app.get(
    '/api/sales',
    withAccess(accountTypesWith(MESSAGES.shopErrors.sellersOnly, 'Vender'), { schema: { tags } }),
    async (req) => listSales(db, req.actor!, req.query as Record<string, unknown>),
  );
}
