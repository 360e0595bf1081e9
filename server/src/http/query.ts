import { ID_MESSAGE, ZIdText } from '@app/domain';
import type { FastifyRequest } from 'fastify';
import { parseQuery, type ParsedQuery } from './strapi/parse.ts';
import type { ResourceDef } from './strapi/resource.ts';
import { fieldError } from './errors.ts';

/** Parses the request's Strapi query for a resource (see strapi/parse.ts). */
export function strapiQuery(req: FastifyRequest, def: ResourceDef, extra: string[] = []): ParsedQuery {
  return parseQuery(def, req.query, extra);
}

/**
 * An id from the path, by the one id schema of `domain/` (a positive whole number within the 32-bit
 * range of the id columns): anything else is a 400 naming the parameter, never a database error.
 */
export function idParam(req: FastifyRequest, name = 'id'): number {
  const raw = (req.params as Record<string, string>)[name];
  const parsed = ZIdText.safeParse(raw ?? '');
  if (!parsed.success) {
    const message = `Invalid parameter ${name}: ${ID_MESSAGE}`;
    throw fieldError([name], message, { plain: true });
  }
  return parsed.data;
}

/** A 400 for one top-level query parameter: `Invalid parameter <name>: <message>`. */
export function badParam(name: string, message: string): never {
  throw fieldError([name], message, { title: `Invalid parameter ${name}: ${message}` });
}

/** Refuses top-level query parameters other than `allowed` (a 400 naming the first other one). */
export function onlyParams(query: Record<string, unknown>, allowed: readonly string[]): void {
  for (const key of Object.keys(query)) if (!allowed.includes(key)) badParam(key, 'unknown parameter');
}
