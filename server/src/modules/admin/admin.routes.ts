import { ZAdminPaymentsQuery, ZAdminReportsQuery } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOnly, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import { itemResponse } from '../../http/responses.ts';
import { getDashboard, hideReported, listPayments, listReports } from './admin.service.ts';

/**
 * The admin console's payments and reports queues and its dashboard. Admin only.
 * The payment decisions are the existing `PUT /api/subscriptions/:id`, `/api/orders/:id`, `/api/tips/:id`; a
 * report's state and note `PUT /api/reports/:id`, a contact message's `PUT /api/contact-messages/:id`.
 */
export async function adminRoutes(instance: FastifyInstance, { db, config }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  // A report's listing may be a URL of this site naming an ad or a place.
  const siteHosts = [new URL(config.publicUrl).hostname];

  app.get(
    '/api/admin/payments',
    withAccess(adminOnly, { schema: { querystring: ZAdminPaymentsQuery, tags } }),
    async (req) => listPayments(db, req.query),
  );
  app.get(
    '/api/admin/reports',
    withAccess(adminOnly, { schema: { querystring: ZAdminReportsQuery, tags } }),
    async (req) => listReports(db, req.query, siteHosts),
  );
  app.post('/api/admin/reports/:id/hide', withAccess(adminOnly, { schema: { tags } }), async (req) =>
    itemResponse(await hideReported(db, req.actor!, idParam(req), siteHosts)),
  );
  app.get('/api/admin/dashboard', withAccess(adminOnly, { schema: { tags } }), async () =>
    itemResponse(await getDashboard(db)),
  );
}
