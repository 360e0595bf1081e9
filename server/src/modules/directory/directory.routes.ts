import { ZProviderUpdate, ZProviderWrite } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import {
  citiesByState,
  getLanguage,
  getRace,
  listLanguages,
  listRaces,
  providerCountByCountry,
  statesByCountry,
} from './directory.lookups.ts';
import {
  createProvider,
  deleteProvider,
  getFilterData,
  getProvider,
  listProviders,
  updateProvider,
  type DirectoryContext,
} from './directory.service.ts';
import { FacetStore } from './facets/facet-store.ts';

type Query = Record<string, unknown>;

/**
 * The directory (docs/directory-contract.md): the provider listing and its filter counts, ad writes,
 * and the lookups with provider counts. The facet index lives per app instance.
 */
export async function directoryRoutes(
  instance: FastifyInstance,
  { db, engine, responseCache: cache }: AppContext,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const d: DirectoryContext = { db, engine, store: new FacetStore(db, engine) };
  // Public reads: a stale token left in the browser must not break the home page.
  const read = {
    config: { access: 'public' as const, ignoreBadToken: true },
    schema: { tags: ['directory'] },
  };
  const owners = {
    config: { access: { userTypes: ['Provider'] as const } },
    schema: { tags: ['directory'], security: [{ bearer: [] }] },
  };

  // The home page's reads: anonymous answers are kept while nothing is written (http/response-cache.ts).
  app.get('/api/providers', read, async (req, reply) =>
    cache.serve(req, reply, () => listProviders(d, req.actor, req.query as Query)),
  );
  app.get('/api/providers/:id', read, async (req, reply) =>
    cache.serve(req, reply, async () => ({
      data: await getProvider(d, req.actor, idParam(req), req.query as Query),
      meta: {},
    })),
  );
  app.post(
    '/api/providers',
    { ...owners, schema: { ...owners.schema, body: z.object({ data: ZProviderWrite }) } },
    async (req) => ({ data: await createProvider(d, req.actor!, req.body.data), meta: {} }),
  );
  app.put(
    '/api/providers/:id',
    {
      config: { access: 'authenticated' },
      schema: { ...owners.schema, body: z.object({ data: ZProviderUpdate }) },
    },
    async (req) => ({ data: await updateProvider(d, req.actor!, idParam(req), req.body.data), meta: {} }),
  );
  app.delete(
    '/api/providers/:id',
    { config: { access: 'authenticated' }, schema: owners.schema },
    async (req) => ({ data: await deleteProvider(d, req.actor!, idParam(req)), meta: {} }),
  );

  app.get('/api/filterdata', read, async (req, reply) =>
    cache.serve(req, reply, () => getFilterData(d, req.query as Query)),
  );

  app.get('/api/languages', read, async (req) => listLanguages(d, req.query as Query));
  app.get('/api/languages/:id', read, async (req) => ({
    data: await getLanguage(d, idParam(req), req.query as Query),
    meta: {},
  }));
  app.get('/api/races', read, async (req) => listRaces(d, req.query as Query));
  app.get('/api/races/:id', read, async (req) => ({
    data: await getRace(d, idParam(req), req.query as Query),
    meta: {},
  }));
  app.get('/api/state-by-country', read, async (req) => statesByCountry(d, req.query as Query));
  app.get('/api/cityByState', read, async (req) => citiesByState(d, req.query as Query));
  app.get('/api/provider-count-by-country', read, async (req) =>
    providerCountByCountry(d, req.query as Query),
  );
}
