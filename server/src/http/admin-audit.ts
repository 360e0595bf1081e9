import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { recordAudit } from '../db/audit-log.ts';
import type { DB } from '../db/schema.ts';
import { matchedPath } from './route-path.ts';

/**
 * The body fields the fallback never keeps, by exact name: passwords, tokens and secrets. An exact list,
 * so ordinary fields that merely contain such a word (`state_code`, `postal_code`) are kept. Two-factor
 * codes travel under `/api/auth/`, which the fallback skips.
 */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'password',
  'cpassword',
  'currentPassword',
  'passwordConfirmation',
  'token',
  'jwt',
  'secret',
  'mfa_token',
  'claimToken',
  'resetPasswordToken',
]);

/** The body as the log may keep it: secrets replaced, long texts cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 4) return '…';
  if (typeof value === 'string') return value.length > 500 ? `${value.slice(0, 500)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEYS.has(k) ? '[redacted]' : redact(v, depth + 1),
      ]),
    );
  }
  return value;
}

/**
 * Every admin action is in the audit log (issue 14): services record theirs with the record before and after
 * (`recordAudit` / `auditChange`, in the change's transaction). This is the safety net only: any other
 * successful admin write through the API is recorded here after the answer (outside the write's
 * transaction), as `api.<method>` with the path and the body sent (secret fields redacted), so nothing an
 * admin changes goes unrecorded; `test/security/admin-writes-audited.test.ts` keeps every admin write route
 * recorded. Sign-in and two-factor calls are not admin actions. Both the test and the path recorded come
 * from the route the request matched, not the URL's text, so `/%61pi/transactions` is recorded as
 * `/api/transactions` (`test/security/encoded-paths.test.ts`).
 */
export function installAdminAudit(app: FastifyInstance, db: Kysely<DB>): void {
  app.addHook('onResponse', async (req, reply) => {
    const actor = req.actor;
    if (!actor || actor.role !== 'admin' || actor.audited) return;
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    const path = matchedPath(req);
    if (reply.statusCode >= 400 || !path?.startsWith('/api/') || path.startsWith('/api/auth/')) return;
    const body = req.isMultipart() ? '[multipart]' : redact(req.body);
    try {
      await recordAudit(db, actor, `api.${req.method.toLowerCase()}`, path, null, { after: body });
    } catch (err) {
      req.log.error({ err }, 'audit log write failed');
    }
  });
}
