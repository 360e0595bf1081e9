import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Places, addresses, venue reviews (issue 12). */
export async function placesRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
