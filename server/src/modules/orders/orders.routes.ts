import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/**
 * Checkout and the quote (`/api/orders/checkout`, `/api/orders/quote`), orders, order-lists,
 * oder-details (the spec's spelling) and a vendor's sales (`/api/sales`); issue 13.
 */
export async function ordersRoutes(_instance: FastifyInstance, _ctx: AppContext) {}
