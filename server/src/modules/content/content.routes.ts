import { ZContactMessage, ZContactMessageUpdate, ZReportRequest, ZReportUpdate } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly, anyoneEvenWithStaleToken, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam, strapiQuery } from '../../http/query.ts';
import { routeLimit, type RouteLimit } from '../../http/plugins/rate-limits.ts';
import { itemResponse } from '../../http/responses.ts';
import { contactMessageResource, reportResource } from './content.resources.ts';
import {
  createContactMessage,
  createReport,
  deleteContactMessage,
  deleteReport,
  getContactMessage,
  getReport,
  listContactMessages,
  listReports,
  updateContactMessage,
  updateReport,
} from './content.service.ts';

/** Per-address limits of the two public forms. */
export const CONTENT_RATE_LIMITS = {
  contact: { max: 10, per: 'hour' },
  report: { max: 20, per: 'hour' },
} as const satisfies Record<string, RouteLimit>;

/**
 * Contact Us messages and reports: anyone may send one (no login, and a stale token in the browser
 * does not get in the way); only the admin reads, reviews and deletes them.
 */
export async function contentRoutes(instance: FastifyInstance, { db, config }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['content'];
  const admin = withAccess(adminOnly);
  // A report's listing may be a URL of this site naming an ad or a place (reports.subject).
  const siteHosts = [new URL(config.publicUrl).hostname];

  app.post(
    '/api/contact-messages',
    withAccess(anyoneEvenWithStaleToken, {
      config: { rateLimit: routeLimit(CONTENT_RATE_LIMITS.contact) },
      schema: { body: z.object({ data: ZContactMessage }), tags },
    }),
    async (req) => itemResponse(await createContactMessage(db, req.actor, req.body.data)),
  );
  app.get('/api/contact-messages', admin, async (req) =>
    listContactMessages(db, strapiQuery(req, contactMessageResource)),
  );
  app.get('/api/contact-messages/:id', admin, async (req) =>
    itemResponse(await getContactMessage(db, idParam(req), strapiQuery(req, contactMessageResource))),
  );
  app.put(
    '/api/contact-messages/:id',
    withAccess(adminOnly, { schema: { body: z.object({ data: ZContactMessageUpdate }), tags } }),
    async (req) => itemResponse(await updateContactMessage(db, req.actor!, idParam(req), req.body.data)),
  );
  app.delete('/api/contact-messages/:id', admin, async (req) =>
    itemResponse(await deleteContactMessage(db, req.actor!, idParam(req))),
  );

  app.post(
    '/api/reports',
    withAccess(anyoneEvenWithStaleToken, {
      config: { rateLimit: routeLimit(CONTENT_RATE_LIMITS.report) },
      schema: { body: z.object({ data: ZReportRequest }), tags },
    }),
    async (req) => itemResponse(await createReport(db, req.actor, req.body.data, siteHosts)),
  );
  app.get('/api/reports', admin, async (req) => listReports(db, strapiQuery(req, reportResource)));
  app.get('/api/reports/:id', admin, async (req) =>
    itemResponse(await getReport(db, idParam(req), strapiQuery(req, reportResource))),
  );
  app.put(
    '/api/reports/:id',
    withAccess(adminOnly, { schema: { body: z.object({ data: ZReportUpdate }) } }),
    async (req) => itemResponse(await updateReport(db, req.actor!, idParam(req), req.body.data)),
  );
  app.delete('/api/reports/:id', admin, async (req) =>
    itemResponse(await deleteReport(db, req.actor!, idParam(req))),
  );
}
