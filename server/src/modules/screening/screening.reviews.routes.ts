import { ZScreeningReviewDecision, ZScreeningReviewRequest, ZScreeningReviewUpdate } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly, anyoneEvenWithStaleToken, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { routeLimit, type RouteLimit } from '../../http/plugins/rate-limits.ts';
import { idParam } from '../../http/query.ts';
import { itemResponse } from '../../http/responses.ts';
import { decideReview, getReview, requestReview, updateReviewHandling } from './screening.reviews.ts';

/** Review requests per address: enough for a person's numbers, too few to flood the queue. */
export const SCREENING_REVIEW_RATE_LIMIT = { max: 5, per: 'hour' } as const satisfies RouteLimit;

/**
 * Screening review requests: anyone sends one (no login; a stale token in the browser does not get in the
 * way); the admin reads it with the number's entries, handles it and sends the outcome. Registered apart from
 * the screening routes, whose every route is for providers who may screen.
 */
export async function screeningReviewRoutes(instance: FastifyInstance, { db, mailer, config }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['screening'];
  app.post(
    '/api/screening-reviews',
    withAccess(anyoneEvenWithStaleToken, {
      config: {
        rateLimit: routeLimit(SCREENING_REVIEW_RATE_LIMIT),
        notAudited: "anyone's request for a review: an admin sending one is not acting as the staff",
      },
      schema: { body: z.object({ data: ZScreeningReviewRequest }), tags },
    }),
    async (req) => itemResponse(await requestReview(db, req.body.data)),
  );
  app.get('/api/admin/screening-reviews/:id', withAccess(adminOnly, { schema: { tags } }), async (req) =>
    itemResponse(await getReview(db, idParam(req))),
  );
  app.put(
    '/api/admin/screening-reviews/:id',
    withAccess(adminOnly, { schema: { body: z.object({ data: ZScreeningReviewUpdate }), tags } }),
    async (req) => itemResponse(await updateReviewHandling(db, req.actor!, idParam(req), req.body.data)),
  );
  app.post(
    '/api/admin/screening-reviews/:id/decision',
    withAccess(adminOnly, { schema: { body: z.object({ data: ZScreeningReviewDecision }), tags } }),
    async (req) =>
      itemResponse(await decideReview(db, mailer, config.publicUrl, req.actor!, idParam(req), req.body.data)),
  );
}
