import { ZProviderUpdate, ZProviderWrite } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountTypes, anyoneEvenWithStaleToken, ownerOrAdmin, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import { itemResponse } from '../../http/responses.ts';
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
  getFilterData,
  getProvider,
  getRelatedAds,
  listProviders,
  type DirectoryContext,
} from './directory.service.ts';
import { createProvider, deleteProvider, updateProvider } from './directory.writes.ts';
import { postgresUrlOf } from '../../db/database.ts';
import { FacetStore } from './facets/facet-store.ts';
import { sendJson } from './directory.page.ts';

type Query = Record<string, unknown>;

/**
 * The directory (docs/directory-contract.md): the provider listing and its filter counts, ad writes,
 * and the lookups with provider counts. The facet index lives per app instance.
 */
export async function directoryRoutes(
  instance: FastifyInstance,
  { db, engine, responseCache: cache, mailer, afterWrite, warmUps, storage }: AppContext,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // On PostgreSQL the index hears of other processes' changes on a connection of its own (LISTEN).
  const store = new FacetStore(db, engine, { listenUrl: postgresUrlOf(db), log: instance.log });
  instance.addHook('onClose', () => store.close());
  // A server builds the index once it listens (a million providers take seconds to read); listings ask
  // SQL until it is built (directory.listing.ts).
  warmUps.add(() => store.get());
  // Writes of other areas change who is shown too (an account blocked, a package bought): after any
  // write this process answers, the next request reads the change log rather than wait for its announcement.
  afterWrite.add(() => store.invalidate());
  const d: DirectoryContext = {
    db,
    engine,
    store,
    storage,
    mailer,
  };
  const tags = ['directory'];
  // Public reads: a stale token left in the browser must not break the home page.
  const read = withAccess(anyoneEvenWithStaleToken, { schema: { tags } });
  // Kept answers end when a subscription next starts or ends (the shown set changes then).
  const validUntil = () => d.store.validUntil();

  // The home page's reads: anonymous answers are kept while nothing is written (http/response-cache.ts).
  // Their computed answers may be JSON text already (directory.page.ts), sent as is.
  app.get('/api/providers', read, async (req, reply) =>
    sendJson(
      reply,
      await cache.serve(req, reply, () => listProviders(d, req.actor, req.query as Query), validUntil),
    ),
  );
  app.get('/api/providers/:id', read, async (req, reply) =>
    sendJson(
      reply,
      await cache.serve(
        req,
        reply,
        () => getProvider(d, req.actor, idParam(req), req.query as Query),
        validUntil,
      ),
    ),
  );
  app.get('/api/providers/:id/related', read, async (req, reply) =>
    sendJson(
      reply,
      await cache.serve(req, reply, () => getRelatedAds(d, req.actor, idParam(req)), validUntil),
    ),
  );
  app.post(
    '/api/providers',
    withAccess(accountTypes('Provider'), { schema: { tags, body: z.object({ data: ZProviderWrite }) } }),
    async (req) => itemResponse(await createProvider(d, req.actor!, req.body.data)),
  );
  app.put(
    '/api/providers/:id',
    withAccess(ownerOrAdmin, { schema: { tags, body: z.object({ data: ZProviderUpdate }) } }),
    async (req) => itemResponse(await updateProvider(d, req.actor!, idParam(req), req.body.data)),
  );
  app.delete('/api/providers/:id', withAccess(ownerOrAdmin, { schema: { tags } }), async (req) =>
    itemResponse(await deleteProvider(d, req.actor!, idParam(req))),
  );

  app.get('/api/filterdata', read, async (req, reply) =>
    cache.serve(req, reply, () => getFilterData(d, req.query as Query), validUntil),
  );

  app.get('/api/languages', read, async (req) => listLanguages(d, req.query as Query));
  app.get('/api/languages/:id', read, async (req) =>
    itemResponse(await getLanguage(d, idParam(req), req.query as Query)),
  );
  app.get('/api/races', read, async (req) => listRaces(d, req.query as Query));
  app.get('/api/races/:id', read, async (req) =>
    itemResponse(await getRace(d, idParam(req), req.query as Query)),
  );
  app.get('/api/state-by-country', read, async (req) => statesByCountry(d, req.query as Query));
  app.get('/api/cityByState', read, async (req) => citiesByState(d, req.query as Query));
  app.get('/api/provider-count-by-country', read, async (req) =>
    providerCountByCountry(d, req.query as Query),
  );
}
