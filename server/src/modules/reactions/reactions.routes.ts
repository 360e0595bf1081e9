import { REACTION_PATHS, REACTION_TYPES, ZReactionRequest, ZReactionUpdate } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyone, hobbyistOnly, ownerOrAdmin, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import { registerScopedReadRoutes } from '../../http/read-routes.ts';
import { createReaction, deleteReaction, reactionReads, updateReaction } from './reactions.service.ts';

/** The OpenAPI tag of this area's routes. */
const tags = ['reactions'];

/**
 * `/api/likes`, `/api/dislikes` and `/api/averages`: anyone reads them; a hobbyist posts one (the
 * server keeps one reaction per hobbyist and provider); the author or the admin puts or deletes it.
 */
export async function reactionsRoutes(instance: FastifyInstance, { db }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  for (const kind of REACTION_TYPES) {
    const path = `/api/${REACTION_PATHS[kind]}`;
    registerScopedReadRoutes(app, db, path, reactionReads(kind), withAccess(anyone, { schema: { tags } }));
    app.post(
      path,
      withAccess(hobbyistOnly, { schema: { tags, body: z.object({ data: ZReactionRequest }) } }),
      async (req) => createReaction(db, req.actor!, kind, req.body.data.provider),
    );
    app.put(
      `${path}/:id`,
      withAccess(ownerOrAdmin, {
        config: { notAudited: 'a reaction has nothing to edit: the call changes nothing' },
        schema: { tags, body: z.object({ data: ZReactionUpdate.optional() }).nullish() },
      }),
      async (req) => updateReaction(db, req.actor!, kind, idParam(req)),
    );
    app.delete(`${path}/:id`, withAccess(ownerOrAdmin, { schema: { tags } }), async (req) =>
      deleteReaction(db, req.actor!, kind, idParam(req)),
    );
  }
}
