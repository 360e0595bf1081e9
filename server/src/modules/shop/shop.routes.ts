import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Products (`/api/products`), the wishlist (`/api/wishlist`) and carts (`/api/carts`); issue 13. */
export async function shopRoutes(_instance: FastifyInstance, _ctx: AppContext) {}
