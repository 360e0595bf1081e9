import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { anyone, withAccess, type RoutePreset } from '../access/presets.ts';
import { notFound } from './errors.ts';
import type { ScopedReads } from './items.ts';
import { idParam, strapiQuery } from './query.ts';
import { itemResponse } from './responses.ts';
import { findMany, findOne } from './strapi/find.ts';
import type { ResourceDef } from './strapi/resource.ts';

/**
 * `GET /api/<path>` (Strapi list) and `GET /api/<path>/:id` (Strapi item) for a read-only resource,
 * for the callers `preset` lets through (access/presets.ts).
 */
export function registerReadRoutes(
  app: FastifyInstance,
  db: Kysely<any>,
  path: string,
  def: ResourceDef,
  preset: RoutePreset = anyone,
): void {
  const options = withAccess(preset);
  app.get(`/api/${path}`, options, async (req) => findMany(db, def, strapiQuery(req, def)));
  app.get(`/api/${path}/:id`, options, async (req) => {
    const q = strapiQuery(req, def);
    const item = await findOne(db, def, idParam(req), q);
    if (!item) throw notFound();
    return itemResponse(item);
  });
}

/**
 * `GET <path>` and `GET <path>/:id` of a resource read within the caller's scope (`scopedReads`):
 * `options` say who may call (a preset, `withAccess(preset, { schema })`) and document the route.
 */
export function registerScopedReadRoutes(
  app: FastifyInstance,
  db: Kysely<any>,
  path: string,
  reads: ScopedReads,
  options: { config: RoutePreset['config']; schema?: object },
): void {
  app.get(path, options, async (req) => reads.list(db, req.actor, strapiQuery(req, reads.resource)));
  app.get(`${path}/:id`, options, async (req) =>
    itemResponse(await reads.get(db, req.actor, idParam(req), strapiQuery(req, reads.resource))),
  );
}
