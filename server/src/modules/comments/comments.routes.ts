import { ZCommentRequest, ZCommentUpdate } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anyone, hobbyistOnly, ownerOrAdmin, withAccess, type RoutePreset } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../http/auth.ts';
import type { Item } from '../../http/strapi/find.ts';
import type { routeLimit } from '../../http/plugins/rate-limits.ts';
import { idParam } from '../../http/query.ts';
import { registerScopedReadRoutes } from '../../http/read-routes.ts';
import { itemResponse } from '../../http/responses.ts';
import { TEXT_COLUMN, type PostTable, type TextColumn } from './comments.queries.ts';
import { authoredPosts, commentPosts, type PostKind } from './comments.service.ts';

/** The routes of one kind of post: where, who may read, and the bodies of a create and an update. */
export interface PostRoutes<T extends PostTable> {
  /** `/api/comments`, `/api/messages`. */
  path: string;
  /**
   * The kind of post. Its use cases are made when the routes are registered: messages/ declares its
   * kind while this module may still be loading (the areas import each other's index.ts).
   */
  kind: PostKind<T>;
  /** Who may read: anyone (comments) or signed-in accounts only (messages). */
  readers: RoutePreset;
  createBody: z.ZodType<{ provider: number } & Record<TextColumn<T>, string>>;
  updateBody: z.ZodType<Record<TextColumn<T>, string>>;
  /** How a post is written, when not as a plain post (a message joins its conversation). */
  create?: (actor: Actor, providerId: number, text: string) => Promise<Item>;
  /** The limit on writing posts, if any (messages count with the Mail panel's). */
  createRateLimit?: ReturnType<typeof routeLimit>;
}

/** The OpenAPI tag of this area's routes. */
const tags = ['comments'];

/**
 * `GET` (list and one), `POST`, `PUT` and `DELETE` of one kind of post: a hobbyist posts on a shown
 * ad; the author or the admin edits or deletes.
 */
export function registerPostRoutes<T extends PostTable>(
  instance: FastifyInstance,
  { db }: AppContext,
  { path, kind, readers, createBody, updateBody, create, createRateLimit }: PostRoutes<T>,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const posts = authoredPosts(kind);
  const text = TEXT_COLUMN[posts.table] as TextColumn<T>;
  const write =
    create ?? ((actor: Actor, providerId: number, body: string) => posts.create(db, actor, providerId, body));

  registerScopedReadRoutes(app, db, path, posts, withAccess(readers, { schema: { tags } }));
  app.post(
    path,
    withAccess(hobbyistOnly, {
      ...(createRateLimit ? { config: { rateLimit: createRateLimit } } : {}),
      schema: { tags, body: z.object({ data: createBody }) },
    }),
    async (req) => itemResponse(await write(req.actor!, req.body.data.provider, req.body.data[text])),
  );
  app.put(
    `${path}/:id`,
    withAccess(ownerOrAdmin, { schema: { tags, body: z.object({ data: updateBody }) } }),
    async (req) => itemResponse(await posts.update(db, req.actor!, idParam(req), req.body.data[text])),
  );
  app.delete(`${path}/:id`, withAccess(ownerOrAdmin, { schema: { tags } }), async (req) =>
    itemResponse(await posts.remove(db, req.actor!, idParam(req))),
  );
}

/** `/api/comments`: anyone reads them; hobbyists post. */
export async function commentsRoutes(instance: FastifyInstance, ctx: AppContext) {
  registerPostRoutes(instance, ctx, {
    path: '/api/comments',
    kind: commentPosts(),
    readers: anyone,
    createBody: ZCommentRequest,
    updateBody: ZCommentUpdate,
  });
}
