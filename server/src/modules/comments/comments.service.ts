import type { Kysely } from 'kysely';
import { RULES } from '../../access/index.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { getWrittenItem, plainItem, scopedReads } from '../../http/items.ts';
import type { Item } from '../../http/strapi/find.ts';
import type { ResourceDef, ScopeFn } from '../../http/strapi/resource.ts';
import {
  bumpProviderCounter,
  requireAuthorOrAdmin,
  requireHobbyist,
  requireShownProvider,
  type ProviderCounter,
} from '../directory/index.ts';
import {
  deletePostById,
  findPostById,
  insertPost,
  updatePostText,
  type PostRow,
  type PostTable,
} from './comments.queries.ts';
import { commentResource } from './comments.resources.ts';

/** One kind of author-owned text on a provider's ad: where it lives and who may read it. */
export interface PostKind<T extends PostTable = PostTable> {
  table: T;
  resource: ResourceDef;
  /** The rows an actor may read (any other is a 404). */
  see: (actor: Actor | null) => ScopeFn;
  /** The provider's counter these posts are counted in, if any. */
  counter?: ProviderCounter;
}

/** The use cases of one kind of post, as `authoredPosts` makes them. */
export type AuthoredPosts<T extends PostTable = PostTable> = ReturnType<typeof authoredPosts<T>>;

/**
 * List, get, create, update and delete for one kind of author-owned text on a provider's ad (the
 * comments here, the messages in messages/): a hobbyist writes on a shown ad; what an actor may read
 * is `kind.see`; the author or the admin edits and deletes (a post the actor may not read is a 404,
 * one they read but did not write a 403).
 */
export function authoredPosts<T extends PostTable>(kind: PostKind<T>) {
  const { table, resource, see, counter } = kind;

  const reads = scopedReads(resource, see);

  /** A visible post the actor wrote (or any, for the admin): else a 404 or a 403. */
  async function requireOwnPost(db: Kysely<DB>, actor: Actor, id: number): Promise<PostRow> {
    await reads.get(db, actor, id, plainItem);
    const row = await findPostById(db, table, id);
    if (!row) throw notFound();
    requireAuthorOrAdmin(actor, row);
    return row;
  }

  return {
    table,
    ...reads,

    /** A hobbyist's post on a shown provider; raises the provider's counter, if any. */
    async create(db: Kysely<DB>, caller: Actor | null, providerId: number, text: string): Promise<Item> {
      const actor = requireHobbyist(caller);
      await requireShownProvider(db, providerId);
      const id = await db.transaction().execute(async (trx) => {
        const created = await insertPost(trx, table, { user_id: actor.id, provider_id: providerId, text });
        if (counter) await bumpProviderCounter(trx, providerId, counter, 1);
        return created;
      });
      return getWrittenItem(db, resource, id);
    },

    async update(db: Kysely<DB>, actor: Actor, id: number, text: string): Promise<Item> {
      await requireOwnPost(db, actor, id);
      if (!(await updatePostText(db, table, id, text))) throw notFound();
      return getWrittenItem(db, resource, id);
    },

    /** Deletes a post (author or admin), lowering the provider's counter; answers it as it was. */
    async remove(db: Kysely<DB>, actor: Actor, id: number): Promise<Item> {
      const row = await requireOwnPost(db, actor, id);
      const item = await getWrittenItem(db, resource, id);
      const deleted = await db.transaction().execute(async (trx) => {
        const gone = await deletePostById(trx, table, id);
        if (gone && counter) await bumpProviderCounter(trx, row.provider_id, counter, -1);
        return gone;
      });
      // A parallel delete got there first: an uncounted post (a message) answers 404, as it always has.
      if (!deleted && !counter) throw notFound();
      return item;
    },
  };
}

/** Comments: public on shown providers (the author's own anywhere), counted in `comments_count`. */
export const commentPosts = authoredPosts({
  table: 'comments',
  resource: commentResource,
  see: (actor) => RULES['comment.read'].see(actor),
  counter: 'comments_count',
});
