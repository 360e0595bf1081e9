import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { recordAudit } from '../db/audit-log.ts';
import type { DB } from '../db/schema.ts';

const SECRET_KEY = /password|token|secret|code|jwt/i;

/** The body as the log may keep it: secrets replaced, long texts cut. */
function redact(value: unknown, depth = 0): unknown {
  if (depth > 4) return '…';
  if (typeof value === 'string') return value.length > 500 ? `${value.slice(0, 500)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1),
      ]),
    );
  }
  return value;
}

/**
 * Every admin action is in the audit log (issue 14): services record theirs with the record before and after
 * (`recordAudit`, in the change's transaction); any other successful admin write through the API is recorded
 * here after the answer, as `api.<method>` with the path and the body sent (secrets redacted), so nothing an
 * admin changes goes unrecorded. Sign-in and two-factor calls are not admin actions.
 */
export function installAdminAudit(app: FastifyInstance, db: Kysely<DB>): void {
  app.addHook('onResponse', async (req, reply) => {
    const actor = req.actor;
    if (!actor || actor.role !== 'admin' || actor.audited) return;
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (reply.statusCode >= 400 || !req.url.startsWith('/api/') || req.url.startsWith('/api/auth/')) return;
    const path = req.url.split('?')[0]!;
    const body = req.isMultipart() ? '[multipart]' : redact(req.body);
    try {
      await recordAudit(db, actor, `api.${req.method.toLowerCase()}`, path, null, { after: body });
    } catch (err) {
      req.log.error({ err }, 'audit log write failed');
    }
  });
}
