import { ID_MESSAGE, ZIdText } from '@app/domain';
import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import { isPlainObject } from './strapi/input.ts';
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

/** Freezes a value of plain objects and arrays through and through (answers it). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The last query strings parsed, by their text: a site's pages ask for the same few URLs over and over. */
const parsedQueries = new Map<string, Record<string, unknown>>();
const PARSED_QUERIES = 32;
const PARSED_QUERY_MAX_LENGTH = 2048;

/**
 * Fastify's query string parser: qs with bounded depth and sizes, objects without a prototype. The value
 * of a text of at most 2 KB is kept (the last 32) and frozen, so it can be handed to every request asking
 * it: nothing may change a request's query (a route that tried would fail its tests, whose queries are
 * short, with a TypeError), and what is computed from one may be kept by it (directory.service.ts
 * `listProviders`, for frozen queries only).
 */
export function parseQueryString(str: string): Record<string, unknown> {
  const kept = parsedQueries.get(str);
  if (kept) return kept;
  const parsed = qs.parse(str, {
    depth: 8,
    arrayLimit: 200,
    parameterLimit: 500,
    plainObjects: true,
  }) as Record<string, unknown>;
  // Only a value kept is shared, so only that one is frozen: a text over 2 KB is neither kept nor frozen.
  if (str.length > PARSED_QUERY_MAX_LENGTH) return parsed;
  if (parsedQueries.size >= PARSED_QUERIES) parsedQueries.delete(parsedQueries.keys().next().value!);
  parsedQueries.set(str, deepFreeze(parsed));
  return parsed;
}

/**
 * The user id of `filters[user][id][$eq]=<id>` (or `filters[user][id]=<id>`), when the query has it: an
 * owner's listing of their own ads or places asks for it, and is then read unscoped.
 */
export function ownerFilterId(query: Record<string, unknown>): number | undefined {
  const filters = query.filters;
  if (!isPlainObject(filters) || !isPlainObject(filters.user)) return undefined;
  const idSpec = filters.user.id;
  const v = isPlainObject(idSpec) ? idSpec.$eq : idSpec;
  return typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : undefined;
}
