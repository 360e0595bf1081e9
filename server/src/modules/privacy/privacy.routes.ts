import type { FastifyInstance } from 'fastify';
import { adminOnly, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import { itemResponse } from '../../http/responses.ts';
import { uploadsRoot } from '../media/index.ts';
import { deleteAccount, type DeletionContext } from './privacy.deletion.ts';

/** The deletion's context of an app: its database and its uploads. */
export const deletionContext = (ctx: AppContext): DeletionContext => ({
  db: ctx.db,
  storageRoot: uploadsRoot(ctx.config.dataDir),
});

/**
 * The admin deletes an account on request (`DELETE /api/admin/users/:id`, in the audit log): as the account
 * would itself (`POST /api/auth/delete-account`, in the auth area, which checks the password first).
 */
export async function privacyRoutes(instance: FastifyInstance, ctx: AppContext) {
  const c = deletionContext(ctx);
  instance.delete(
    '/api/admin/users/:id',
    withAccess(adminOnly, { schema: { tags: ['admin'] } }),
    async (req) => itemResponse(await deleteAccount(c, req.actor!, idParam(req))),
  );
}
