import type { FastifyRequest } from 'fastify';

/**
 * Decisions about a request are made from the route the router matched, never from the URL's text:
 * the router decodes the path before matching (`/%61pi/contact-messages` is `/api/contact-messages`),
 * so a test of `req.url` would treat one route two ways depending on how its path was spelled.
 */

/** Whether the request matched an `/api` route (the router's pattern, as `installAccessControl` reads it). */
export function isApiRoute(req: FastifyRequest): boolean {
  return req.routeOptions.url?.startsWith('/api') ?? false;
}

/**
 * The path of the route the request matched, its parameters filled in as the router decoded them
 * (each written back percent-encoded): one spelling for every way of writing the same call, so
 * `/%61pi/ads/5` and `/api/ads/5` both read `/api/ads/5`. Undefined when no route matched.
 */
export function matchedPath(req: FastifyRequest): string | undefined {
  const pattern = req.routeOptions.url;
  if (pattern === undefined) return undefined;
  const params = (req.params ?? {}) as Record<string, unknown>;
  const value = (name: string) => encodeURIComponent(String(params[name] ?? ''));
  return pattern.replace(/:(\w+)/g, (_, name: string) => value(name)).replace(/\*$/, () => value('*'));
}

/**
 * A path no route answers, read loosely: percent-escapes decoded (again, while any are left, up to a
 * few times), backslashes read as slashes, runs of slashes as one, and lower case. The not-found
 * handler tells with it whether an unknown path is meant for the API or the uploads (a JSON 404)
 * however it is spelled, rather than answering the web app's page to `/%61pi/…` or `/API/…`.
 */
export function loosePath(url: string): string {
  let path = url.split(/[?#]/, 1)[0]!;
  for (let i = 0; i < 3 && path.includes('%'); i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  return path
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
}
