import type { FastifyRequest } from 'fastify';
import { parseQuery, type ParsedQuery } from './strapi/parse.ts';
import type { ResourceDef } from './strapi/resource.ts';
import { badRequest } from './errors.ts';

/** Parses the request's Strapi query for a resource (see strapi/parse.ts). */
export function strapiQuery(req: FastifyRequest, def: ResourceDef, extra: string[] = []): ParsedQuery {
  return parseQuery(def, req.query, extra);
}

/** A positive integer id from the path, or a 404-safe 400. */
export function idParam(req: FastifyRequest, name = 'id'): number {
  const raw = (req.params as Record<string, string>)[name];
  if (!raw || !/^\d{1,12}$/.test(raw))
    throw badRequest(`Invalid parameter ${name}: expected a positive whole number`);
  return Number(raw);
}
