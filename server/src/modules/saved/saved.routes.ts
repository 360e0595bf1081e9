import type { FastifyInstance } from 'fastify';
import { hobbyistOnly, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import { listSaved, savedIds, saveProvider, unsaveProvider } from './saved.service.ts';

type Query = Record<string, unknown>;

/** Saved providers: a hobbyist's own list of ads, read and changed by that hobbyist only. */
export async function savedRoutes(app: FastifyInstance, { db }: AppContext) {
  const tags = ['saved'];
  const own = (what: string) =>
    withAccess(hobbyistOnly, {
      config: { notAudited: `one's own saved providers (${what})` },
      schema: { tags },
    });
  app.get('/api/saved-providers', own('the list'), async (req) =>
    listSaved(db, req.actor!, req.query as Query),
  );
  app.get('/api/saved-providers/ids', own('the ids'), async (req) =>
    savedIds(db, req.actor!, req.query as Query),
  );
  app.put('/api/saved-providers/:id', own("the id is an ad's"), async (req) =>
    saveProvider(db, req.actor!, idParam(req)),
  );
  app.delete('/api/saved-providers/:id', own("the id is an ad's"), async (req) =>
    unsaveProvider(db, req.actor!, idParam(req)),
  );
}
