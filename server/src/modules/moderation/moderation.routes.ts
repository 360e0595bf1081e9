import { ZModerationQuery, ZSignalsQuery } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOnly, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { getRecordSignals, listModerationQueue } from './moderation.service.ts';

/**
 * The admin console's moderation (issue 14, items 3-4): the queue of ads and places waiting for review,
 * riskiest first, and one record's risk signals. Admin only.
 */
export async function moderationRoutes(instance: FastifyInstance, { db }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  app.get(
    '/api/admin/moderation',
    withAccess(adminOnly, { schema: { querystring: ZModerationQuery, tags } }),
    async (req) => listModerationQueue(db, req.query),
  );
  app.get(
    '/api/admin/signals',
    withAccess(adminOnly, { schema: { querystring: ZSignalsQuery, tags } }),
    async (req) => getRecordSignals(db, req.query),
  );
}
