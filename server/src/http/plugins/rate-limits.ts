import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { SharedState } from '../../shared-state.ts';
import { AppError } from '../errors.ts';
import { isApiRoute } from '../route-path.ts';

/**
 * A route limit's key per account (`<scope>:user:<id>`), or per address for an anonymous caller: the
 * one key every per-account limit uses. The access hook has resolved `req.actor` when it runs.
 */
function perAccountKey(scope: string) {
  return (req: FastifyRequest) => (req.actor ? `${scope}:user:${req.actor.id}` : `${scope}:ip:${req.ip}`);
}

/** A route's own request limit, declared (`config: { rateLimit: routeLimit({ … }) }`). */
export interface RouteLimit {
  /** Requests allowed in the window: a number, or read per request (a setting, the caller's kind). */
  max: number | ((req: FastifyRequest) => number) | ((req: FastifyRequest) => Promise<number>);
  /** The window. */
  per: 'minute' | 'hour';
  /** Counted per account under this name (per address for a caller without one); else per address. */
  perAccount?: string;
  /** The 429's message, answered with `retryAfter` (seconds); else the global limit's message. */
  message?: string;
}

/**
 * The one way a route limits its requests: the `config.rateLimit` of @fastify/rate-limit (in Redis with
 * `REDIS_URL`, so across processes), from a declaration. A limit that must hold across processes and
 * parallel requests whatever the configuration counts rows in the database (`countedLimit`, db/locks.ts).
 */
export function routeLimit(limit: RouteLimit): RateLimitOptions {
  const { message } = limit;
  return {
    max: limit.max,
    timeWindow: `1 ${limit.per}`,
    ...(limit.perAccount ? { keyGenerator: perAccountKey(limit.perAccount) } : {}),
    ...(message
      ? {
          errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) =>
            new AppError('RateLimitError', message, { retryAfter: Math.ceil(ctx.ttl / 1000) }),
        }
      : {}),
  };
}

/** The global limit on `/api` routes: requests a minute per address. */
export const GLOBAL_RATE_LIMIT = 600;

/**
 * The global limit on `/api` (600 requests a minute per address); a route that needs a tighter one
 * sets its own `config.rateLimit` (`routeLimit`). Refusals are Strapi error bodies (429, from the error handler).
 * Whether a request is limited is decided by the route it matched, never by its URL's text: the router
 * decodes the path first, so `/%61pi/contact-messages` is the contact route and counts against its
 * limit like `/api/contact-messages` (every route's own limit inherits this `allowList`). A route's own
 * limit is one counter whatever the spelling (in memory a store per route; in Redis keyed by the
 * route's pattern). Counted in this process's memory, or with Redis (`shared`) in Redis, where every
 * process counts together; while Redis is away requests are let through uncounted (`skipOnError`)
 * rather than refused.
 */
async function rateLimits(
  app: FastifyInstance,
  { shared, max = GLOBAL_RATE_LIMIT }: { shared?: SharedState | undefined; max?: number | undefined },
) {
  const before = headSharesGetLimit(app);
  await app.register(rateLimit, {
    ...(shared ? { redis: shared.redis, nameSpace: `${shared.prefix}rate-limit:`, skipOnError: true } : {}),
    global: true,
    max,
    timeWindow: '1 minute',
    allowList: (req) => !isApiRoute(req),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RateLimitError', `Too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} seconds`),
  });
  before.done();
}

type Hooks = RouteOptions['onRequest'];
const hookList = (hooks: Hooks) => [hooks ?? []].flat() as unknown[];

/**
 * A `HEAD` request counts against its `GET` route's own limit. Fastify answers `HEAD` for every `GET`
 * route through a route of its own, for which the plugin makes a separate counter: a limited read
 * (a screening record) would otherwise get its limit again by `HEAD` (its status and length). The
 * plugin adds a route's limit as an `onRequest` hook that runs once per request; the `GET` route's
 * hook is put first on its `HEAD` route, so that one counts and the `HEAD` route's own stays unused.
 * Installs an `onRoute` hook before the plugin's (to see the route's hooks before it adds its own) and,
 * at `done()`, one after it.
 */
function headSharesGetLimit(app: FastifyInstance) {
  const hooksBefore = new WeakMap<object, Set<unknown>>();
  const getLimits = new Map<string, unknown[]>();
  const ownLimit = (route: RouteOptions) => typeof route.config?.rateLimit === 'object';
  app.addHook('onRoute', (route) => {
    if (ownLimit(route)) hooksBefore.set(route, new Set(hookList(route.onRequest)));
  });
  return {
    done() {
      app.addHook('onRoute', (route) => {
        const seen = hooksBefore.get(route);
        if (!seen || !ownLimit(route)) return;
        const hooks = hookList(route.onRequest);
        if (route.method === 'GET')
          getLimits.set(
            route.url,
            hooks.filter((h) => !seen.has(h)),
          );
        const getLimit = route.method === 'HEAD' ? getLimits.get(route.url) : undefined;
        if (getLimit?.length) route.onRequest = [...getLimit, ...hooks] as Hooks;
      });
    },
  };
}

export default fp(rateLimits, { name: 'rate-limits' });
