import type { FastifyInstance } from 'fastify';
import { adminOnly, signedIn, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../http/plugins/rate-limits.ts';
import { idParam } from '../../http/query.ts';
import { itemResponse } from '../../http/responses.ts';
import { privacyContext } from './privacy.context.ts';
import { deleteAccount } from './privacy.deletion.ts';
import { listOwnExports, openExport, requestExport } from './privacy.export.ts';

const tags = ['privacy'];
/** Asking for exports: a few an hour per account (the service allows the account one a day). */
const EXPORT_LIMIT = routeLimit({ max: 10, per: 'hour', perAccount: 'export' });

/**
 * A person's own data. `POST /api/account/exports` (one a day), `GET /api/account/exports` and
 * `GET /api/account/exports/:id/download`: the account's exports; the admin asks for one on a person's
 * request (`POST /api/admin/users/:id/exports`, audited) and lists them; `DELETE /api/admin/users/:id` deletes
 * an account on request, as the account would itself (`POST /api/auth/delete-account`, in the auth area, which
 * checks the password first).
 */
export async function privacyRoutes(instance: FastifyInstance, ctx: AppContext) {
  const c = privacyContext(ctx.db, ctx.storage);
  instance.post(
    '/api/account/exports',
    withAccess(signedIn, {
      config: { rateLimit: EXPORT_LIMIT, notAudited: "one's own data" },
      schema: { tags },
    }),
    async (req) => itemResponse(await requestExport(c, req.actor!, req.actor!.id)),
  );
  instance.get('/api/account/exports', withAccess(signedIn, { schema: { tags } }), async (req) => ({
    data: await listOwnExports(c.db, req.actor!.id),
  }));
  instance.get(
    '/api/account/exports/:id/download',
    withAccess(signedIn, { schema: { tags } }),
    async (req, reply) => {
      const file = await openExport(c, req.actor!, idParam(req));
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
  const admin = ['admin'];
  instance.post(
    '/api/admin/users/:id/exports',
    withAccess(adminOnly, { schema: { tags: admin } }),
    async (req) => itemResponse(await requestExport(c, req.actor!, idParam(req))),
  );
  instance.get(
    '/api/admin/users/:id/exports',
    withAccess(adminOnly, { schema: { tags: admin } }),
    async (req) => ({
      data: await listOwnExports(c.db, idParam(req)),
    }),
  );
  instance.delete('/api/admin/users/:id', withAccess(adminOnly, { schema: { tags: admin } }), async (req) =>
    itemResponse(await deleteAccount(c, req.actor!, idParam(req), req.log)),
  );
}
