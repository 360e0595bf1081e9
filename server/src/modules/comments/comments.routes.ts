import { ZCommentRequest, ZCommentUpdate } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Access } from '../../http/auth.ts';
import { idParam } from '../../http/query.ts';
import { registerScopedReadRoutes } from '../../http/read-routes.ts';
import { itemResponse } from '../../http/responses.ts';
import { actorOf, engagementRouteOptions } from '../directory/index.ts';
import { TEXT_COLUMN, type PostTable, type TextColumn } from './comments.queries.ts';
import { commentPosts, type AuthoredPosts } from './comments.service.ts';

/** The routes of one kind of post: where, who may read, and the bodies of a create and an update. */
export interface PostRoutes<T extends PostTable> {
  /** `/api/comments`, `/api/messages`. */
  path: string;
  posts: AuthoredPosts<T>;
  /** Anyone (comments) or signed-in accounts only (messages). */
  readers: 'anyone' | 'signedIn';
  createBody: z.ZodType<{ provider: number } & Record<TextColumn<T>, string>>;
  updateBody: z.ZodType<Record<TextColumn<T>, string>>;
}

/**
 * `GET` (list and one), `POST`, `PUT` and `DELETE` of one kind of post: a hobbyist posts on a shown
 * ad; the author or the admin edits or deletes.
 */
export function registerPostRoutes<T extends PostTable>(
  instance: FastifyInstance,
  { db }: AppContext,
  { path, posts, readers, createBody, updateBody }: PostRoutes<T>,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { anyone, signedInOnly, hobbyist, body } = engagementRouteOptions();
  const read: { config: { access: Access }; schema: object } = readers === 'anyone' ? anyone : signedInOnly;
  const text = TEXT_COLUMN[posts.table] as TextColumn<T>;

  registerScopedReadRoutes(app, db, path, posts, read);
  app.post(path, { ...hobbyist, schema: body(createBody) }, async (req) =>
    itemResponse(await posts.create(db, req.actor, req.body.data.provider, req.body.data[text])),
  );
  app.put(`${path}/:id`, { ...signedInOnly, schema: body(updateBody) }, async (req) =>
    itemResponse(await posts.update(db, actorOf(req), idParam(req), req.body.data[text])),
  );
  app.delete(`${path}/:id`, signedInOnly, async (req) =>
    itemResponse(await posts.remove(db, actorOf(req), idParam(req))),
  );
}

/** `/api/comments`: anyone reads them; hobbyists post. */
export async function commentsRoutes(instance: FastifyInstance, ctx: AppContext) {
  registerPostRoutes(instance, ctx, {
    path: '/api/comments',
    posts: commentPosts,
    readers: 'anyone',
    createBody: ZCommentRequest,
    updateBody: ZCommentUpdate,
  });
}
