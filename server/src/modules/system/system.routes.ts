import { createHash, timingSafeEqual } from 'node:crypto';
import type { HealthResponse } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { anyone, anyoneEvenWithStaleToken, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { errorBody } from '../../http/errors.ts';
import { allowList, isAllowed, METRICS_CONTENT_TYPE, metricsText, watchForMetrics } from '../../metrics.ts';
import { FacetStore } from '../directory/index.ts';

/** A token's SHA-256: equal lengths for a comparison in constant time. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/** How long a readiness check waits for a service before counting it as failed. */
const READY_TIMEOUT_MS = 2_000;

/** A check's outcome within the timeout: 'ok', or why not. */
async function check(run: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The operator's routes: `GET /api/health` (liveness: the process answers and reads its database),
 * `GET /api/health/ready` (whether the database, Redis and the storage's bucket answer; a 503 naming those that do not) and
 * `GET /metrics` (Prometheus's text format, only to `METRICS_ALLOW`'s addresses or `METRICS_TOKEN`'s bearer).
 */
export async function systemRoutes(
  app: FastifyInstance,
  { db, engine, shared, config, storage }: AppContext,
) {
  watchForMetrics({ facets: () => FacetStore.report() });

  app.get('/api/health', withAccess(anyone, { config: { rateLimit: false } }), async (req, reply) => {
    try {
      await sql`select 1`.execute(db);
    } catch (err) {
      req.log.error({ err }, 'health check failed');
      return reply.code(503).send(errorBody(503, 'ServiceUnavailableError', 'Database unavailable'));
    }
    const facets = FacetStore.report();
    const body: HealthResponse = {
      status: 'ok',
      database: engine,
      time: new Date().toISOString(),
      ...(facets ? { facets } : {}),
    };
    return body;
  });

  app.get('/api/health/ready', withAccess(anyone, { config: { rateLimit: false } }), async (req, reply) => {
    const reasons: Record<string, string> = {
      database: await check(() => sql`select 1`.execute(db)),
      ...(shared ? { redis: await check(() => shared.redis.ping()) } : {}),
      // The bucket of the s3 driver (HeadBucket); the disk driver's files are the database's disk.
      ...(storage.driver === 's3' ? { storage: await check(() => storage.check(READY_TIMEOUT_MS)) } : {}),
    };
    // Anyone may ask: the answer names the services, the reasons (driver messages, host names) go to the log.
    const checks = Object.fromEntries(
      Object.entries(reasons).map(([name, reason]) => [name, reason === 'ok' ? 'ok' : 'failed']),
    );
    const failed = Object.keys(checks).filter((name) => checks[name] !== 'ok');
    if (failed.length === 0) return { status: 'ready', checks };
    req.log.warn({ checks: reasons }, 'not ready');
    return reply
      .code(503)
      .send(errorBody(503, 'ServiceUnavailableError', `Not ready: ${failed.join(', ')}`, { failed, checks }));
  });

  const allowed = allowList(config.metricsAllow);
  const token = config.metricsToken === undefined ? undefined : digest(config.metricsToken);
  // The visitor's address as TRUST_PROXY reads it: behind a proxy on this machine every request comes from
  // 127.0.0.1, and the address the proxy reports is the one that counts.
  const mayReadMetrics = (req: FastifyRequest) => {
    const bearer = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (token && bearer && timingSafeEqual(digest(bearer), token)) return true;
    return isAllowed(allowed, req.ip);
  };
  app.get(
    '/metrics',
    // Its own check: the scraper's address or token, not an account (the token is no session's).
    withAccess(anyoneEvenWithStaleToken, { config: { rateLimit: false } }),
    async (req, reply) => {
      if (!mayReadMetrics(req)) {
        return reply.code(403).send(errorBody(403, 'ForbiddenError', 'Metrics are not open to this address'));
      }
      return reply.type(METRICS_CONTENT_TYPE).send(await metricsText());
    },
  );
}
