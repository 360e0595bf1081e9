import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAdmin } from './auth.ts';
import { matchedPath } from './route-path.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Why a write this route lets the admin make is no admin action, so it records nothing in the audit
     * log: the admin's own wishlist or files, or a call that changes nothing.
     */
    notAudited?: string;
  }
  interface FastifyInstance {
    /** The admin writes that answered 2xx without recording themselves (`METHOD /api/route`), latest last. */
    unrecordedAdminWrites: string[];
  }
}

/** The admin writes this process keeps as flagged; older ones leave the list (they were logged). */
const KEPT = 100;

/** The route (`METHOD /api/pattern`) of an admin's successful write that should have recorded itself. */
function adminWriteOf(req: FastifyRequest, status: number): string | undefined {
  const actor = req.actor;
  if (!actor || !isAdmin(actor) || actor.audited || status >= 400) return undefined;
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return undefined;
  const path = matchedPath(req);
  if (!path?.startsWith('/api/') || path.startsWith('/api/auth/')) return undefined;
  if (req.routeOptions.config.notAudited) return undefined;
  return `${req.method} ${req.routeOptions.url}`;
}

/**
 * Every admin action is in the audit log, recorded by the service in the write's own transaction
 * (`recordAudit` / `auditChange` / `auditCreate`, db/audit-log.ts), so the change and its entry commit
 * together. This hook records nothing: it flags an admin's successful write through the API that
 * recorded nothing (logged as an error and kept in `app.unrecordedAdminWrites`), which
 * `test/security/admin-writes-audited.test.ts` asserts on for every admin write route of the route
 * table. Sign-in and two-factor calls are not admin actions, nor the routes that say why in
 * `config.notAudited`. The route is the one the request matched, not the URL's text, so
 * `/%61pi/transactions` is `/api/transactions` (`test/security/encoded-paths.test.ts`).
 */
export function installAdminAudit(app: FastifyInstance): void {
  const unrecorded: string[] = [];
  app.decorate('unrecordedAdminWrites', unrecorded);
  app.addHook('onResponse', async (req, reply) => {
    const write = adminWriteOf(req, reply.statusCode);
    if (!write) return;
    unrecorded.push(write);
    if (unrecorded.length > KEPT) unrecorded.shift();
    req.log.error(
      { route: write, path: matchedPath(req), requestId: req.id },
      'an admin write recorded nothing in the audit log',
    );
  });
}
