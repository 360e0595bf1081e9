import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SharedState } from '../../shared-state.ts';
import { AppError } from '../errors.ts';
import { isApiRoute } from '../route-path.ts';

/**
 * A route limit's key per account (`<scope>:user:<id>`), or per address for an anonymous caller: the
 * one key every per-account limit uses. The access hook has resolved `req.actor` when it runs.
 */
export function perAccountKey(scope: string) {
  return (req: FastifyRequest) => (req.actor ? `${scope}:user:${req.actor.id}` : `${scope}:ip:${req.ip}`);
}

/** The global limit on `/api` routes: requests a minute per address. */
export const GLOBAL_RATE_LIMIT = 600;

/**
 * The global limit on `/api` (600 requests a minute per address); a route that needs a tighter one
 * sets its own `config.rateLimit`. Whether a request is limited is decided by the route it matched,
 * never by its URL's text: the router decodes the path first, so `/%61pi/contact-messages` is the
 * contact route and counts against its limit like `/api/contact-messages` (every route's own limit
 * inherits this `allowList`). Each route's own limit is one counter per route, whatever the spelling
 * (in memory a store per route; in Redis keyed by the route's pattern). Refusals are Strapi error bodies (429, from the error handler).
 * Counted in this process's memory, or with Redis (`shared`) in Redis, where every process counts
 * together; while Redis is away requests are let through uncounted (`skipOnError`) rather than refused.
 */
async function rateLimits(app: FastifyInstance, { shared }: { shared?: SharedState | undefined }) {
  await app.register(rateLimit, {
    ...(shared ? { redis: shared.redis, nameSpace: `${shared.prefix}rate-limit:`, skipOnError: true } : {}),
    global: true,
    max: GLOBAL_RATE_LIMIT,
    timeWindow: '1 minute',
    allowList: (req) => !isApiRoute(req),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RateLimitError', `Too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} seconds`),
  });
}

export default fp(rateLimits, { name: 'rate-limits' });
