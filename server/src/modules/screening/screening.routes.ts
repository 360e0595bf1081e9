import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Screening of hobbyists by providers (issue 12). */
export async function screeningRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
