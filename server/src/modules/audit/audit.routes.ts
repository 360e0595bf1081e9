import { ZAuditCsvQuery } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOnly, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { registerReadRoutes } from '../../http/read-routes.ts';
import { auditLogResource } from './audit.resources.ts';
import { exportAuditCsv, listAuditActions } from './audit.service.ts';

const tags = ['audit'];

/**
 * The audit log, for the admin only: the Strapi list and item
 * (`GET /api/audit-logs(/:id)`), the CSV export and the list of actions. There is no write route: the
 * log is written by the services (`recordAudit`, db/audit-log.ts) and the admin-write fallback
 * (http/admin-audit.ts), and the table refuses UPDATE and DELETE.
 */
export async function auditRoutes(instance: FastifyInstance, { db }: AppContext): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, db, 'audit-logs', auditLogResource, adminOnly);
  app.get(
    '/api/admin/audit-logs.csv',
    withAccess(adminOnly, { schema: { querystring: ZAuditCsvQuery, tags } }),
    async (req, reply) => {
      const csv = await exportAuditCsv(db, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  app.get('/api/admin/audit-actions', withAccess(adminOnly, { schema: { tags } }), async () =>
    listAuditActions(db),
  );
}
