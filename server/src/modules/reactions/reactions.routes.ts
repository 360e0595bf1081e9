import { REACTION_PATHS, REACTION_TYPES, ZReactionRequest, ZReactionUpdate } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import { registerScopedReadRoutes } from '../../http/read-routes.ts';
import { actorOf, engagementRouteOptions } from '../directory/index.ts';
import { createReaction, deleteReaction, REACTION_READS, updateReaction } from './reactions.service.ts';

/**
 * `/api/likes`, `/api/dislikes` and `/api/averages`: anyone reads them; a hobbyist posts one (the
 * server keeps one reaction per hobbyist and provider); the author or the admin puts or deletes it.
 */
export async function reactionsRoutes(instance: FastifyInstance, { db }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { anyone, bearer, signedInOnly, hobbyist, body } = engagementRouteOptions();

  for (const kind of REACTION_TYPES) {
    const path = `/api/${REACTION_PATHS[kind]}`;
    registerScopedReadRoutes(app, db, path, REACTION_READS[kind], anyone);
    app.post(path, { ...hobbyist, schema: body(ZReactionRequest) }, async (req) =>
      createReaction(db, req.actor, kind, req.body.data.provider),
    );
    app.put(
      `${path}/:id`,
      {
        ...signedInOnly,
        schema: { ...bearer, body: z.object({ data: ZReactionUpdate.optional() }).nullish() },
      },
      async (req) => updateReaction(db, actorOf(req), kind, idParam(req)),
    );
    app.delete(`${path}/:id`, signedInOnly, async (req) =>
      deleteReaction(db, actorOf(req), kind, idParam(req)),
    );
  }
}
