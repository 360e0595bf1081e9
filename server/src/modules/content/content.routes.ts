import { ZContactMessage, ZReportRequest, ZReportUpdate } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { idParam, strapiQuery } from '../../http/query.ts';
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
  updateReport,
} from './content.service.ts';

/** Per-address limits of the two public forms. */
export const CONTENT_RATE_LIMITS = {
  contact: { max: 10, timeWindow: '1 hour' },
  report: { max: 20, timeWindow: '1 hour' },
} as const;

/**
 * Contact Us messages and reports: anyone may send one (no login, and a stale token in the browser
 * does not get in the way); only the admin reads, reviews and deletes them.
 */
export async function contentRoutes(instance: FastifyInstance, { db }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'admin' as const }, schema: { security: [{ bearer: [] }] } };

  app.post(
    '/api/contact-messages',
    {
      config: { access: 'public', ignoreBadToken: true, rateLimit: CONTENT_RATE_LIMITS.contact },
      schema: { body: z.object({ data: ZContactMessage }), tags: ['content'] },
    },
    async (req) => ({ data: await createContactMessage(db, req.body.data), meta: {} }),
  );
  app.get('/api/contact-messages', admin, async (req) =>
    listContactMessages(db, strapiQuery(req, contactMessageResource)),
  );
  app.get('/api/contact-messages/:id', admin, async (req) => ({
    data: await getContactMessage(db, idParam(req), strapiQuery(req, contactMessageResource)),
    meta: {},
  }));
  app.delete('/api/contact-messages/:id', admin, async (req) => ({
    data: await deleteContactMessage(db, idParam(req)),
    meta: {},
  }));

  app.post(
    '/api/reports',
    {
      config: { access: 'public', ignoreBadToken: true, rateLimit: CONTENT_RATE_LIMITS.report },
      schema: { body: z.object({ data: ZReportRequest }), tags: ['content'] },
    },
    async (req) => ({ data: await createReport(db, req.actor, req.body.data), meta: {} }),
  );
  app.get('/api/reports', admin, async (req) => listReports(db, strapiQuery(req, reportResource)));
  app.get('/api/reports/:id', admin, async (req) => ({
    data: await getReport(db, idParam(req), strapiQuery(req, reportResource)),
    meta: {},
  }));
  app.put(
    '/api/reports/:id',
    { ...admin, schema: { ...admin.schema, body: z.object({ data: ZReportUpdate }) } },
    async (req) => ({ data: await updateReport(db, idParam(req), req.body.data), meta: {} }),
  );
  app.delete('/api/reports/:id', admin, async (req) => ({
    data: await deleteReport(db, idParam(req)),
    meta: {},
  }));
}
