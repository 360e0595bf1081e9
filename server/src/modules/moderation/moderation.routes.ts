import { ZModerationQuery, ZOwnRevisionsQuery, ZRevisionDecision, ZSignalsQuery } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly, signedIn, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import type { ReviewedAreas } from './moderation.review.ts';
import { decideRevision, listOwnRevisions } from './moderation.revisions.ts';
import { getRecordSignals, listModerationQueue } from './moderation.service.ts';

/**
 * The admin console's moderation: the queue of ads and places waiting for review, riskiest first, and one
 * record's risk signals; the queue of changes to approved records (pending revisions) and the decision on
 * one. Admin only; the owner reads their own revisions. `records` reads and changes the ads and places
 * (the directory's and the places' functions, passed in by `areas.ts`: those areas import this one).
 */
export async function moderationRoutes(
  instance: FastifyInstance,
  { db, mailer, storage }: AppContext,
  records: ReviewedAreas,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  app.get(
    '/api/admin/moderation',
    withAccess(adminOnly, { schema: { querystring: ZModerationQuery, tags } }),
    async (req) => listModerationQueue(db, records, req.query),
  );
  app.get(
    '/api/admin/signals',
    withAccess(adminOnly, { schema: { querystring: ZSignalsQuery, tags } }),
    async (req) => getRecordSignals(db, req.query),
  );
  app.put(
    '/api/admin/revisions/:id',
    withAccess(adminOnly, { schema: { body: z.object({ data: ZRevisionDecision }), tags } }),
    async (req) => decideRevision({ db, mailer, storage, records }, req.actor!, idParam(req), req.body.data),
  );
  app.get(
    '/api/revisions',
    withAccess(signedIn, { schema: { querystring: ZOwnRevisionsQuery, tags: ['moderation'] } }),
    async (req) => listOwnRevisions(db, req.actor!, req.query),
  );
}
