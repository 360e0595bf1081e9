import type { Kysely } from 'kysely';
import { requireAccess, RULES, type Permission } from '../../access/index.ts';
import { auditChange } from '../../db/audit-log.ts';
import { deleteById } from '../../db/rows.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { getWrittenItem, scopedReads } from '../../http/items.ts';
import type { Item } from '../../http/strapi/find.ts';
import type { ResourceDef } from '../../http/strapi/resource.ts';
import { bumpProviderCounter, type ProviderCounter } from '../directory/index.ts';
import { insertPost, updatePostText, type PostTable } from './comments.queries.ts';
import { commentResource } from './comments.resources.ts';

/** One kind of author-owned text on a provider's ad: where it lives and who may read and change it. */
export interface PostKind<T extends PostTable = PostTable> {
  table: T;
  resource: ResourceDef;
  /** The posts an actor may read (any other is a 404). */
  read: Permission;
  /** Of those, the posts an actor may edit and delete (any other is a 403). */
  update: Permission;
  /** The provider's counter these posts are counted in, if any. */
  counter?: ProviderCounter;
  /** A further check before a post is edited or deleted (a message: not while a block stands). */
  guard?: (db: Kysely<DB>, actor: Actor, id: number) => Promise<void>;
}

/**
 * List, get, create, update and delete for one kind of author-owned text on a provider's ad (the
 * comments here, the messages in messages/): a hobbyist writes on a shown ad (the route lets
 * hobbyists only through); what an actor may read is `kind.read`; the author or the admin edits and
 * deletes (`kind.update`: a post the actor may not read is a 404, one they read but did not write a
 * 403).
 */
export function authoredPosts<T extends PostTable>(kind: PostKind<T>) {
  const { table, resource, read, update, counter, guard } = kind;
  /** An admin's change to an author's post (`comment:<id>`, `message:<id>`); none for the author's own. */
  const thing = table === 'comments' ? 'comment' : 'message';
  const postAudit = (actor: Actor, verb: 'update' | 'delete', id: number) =>
    auditChange(actor, `${thing}.${verb}`, `${thing}:${id}`, table, id);

  return {
    table,
    ...scopedReads(resource, (actor) => RULES[read].see(actor)),

    /** A hobbyist's post on a shown provider; raises the provider's counter, if any. */
    async create(db: Kysely<DB>, actor: Actor, providerId: number, text: string): Promise<Item> {
      await requireAccess(db, actor, 'provider.engage', [providerId]);
      const id = await db.transaction().execute(async (trx) => {
        const created = await insertPost(trx, table, { user_id: actor.id, provider_id: providerId, text });
        if (counter) await bumpProviderCounter(trx, providerId, counter, 1);
        return created;
      });
      return getWrittenItem(db, resource, id);
    },

    /** Replaces the text: one access read, then the write. */
    async update(db: Kysely<DB>, actor: Actor, id: number, text: string): Promise<Item> {
      await requireAccess(db, actor, update, [id]);
      await guard?.(db, actor, id);
      const audit = postAudit(actor, 'update', id);
      await db.transaction().execute(async (trx) => {
        await audit?.before(trx);
        if (!(await updatePostText(trx, table, id, text))) throw notFound();
        await audit?.after(trx);
      });
      return getWrittenItem(db, resource, id);
    },

    /** Deletes a post (author or admin), lowering the provider's counter; answers it as it was. */
    async remove(db: Kysely<DB>, actor: Actor, id: number): Promise<Item> {
      const [row] = await requireAccess(db, actor, update, [id], ['provider_id']);
      await guard?.(db, actor, id);
      const item = await getWrittenItem(db, resource, id);
      const audit = postAudit(actor, 'delete', id);
      const deleted = await db.transaction().execute(async (trx) => {
        await audit?.before(trx);
        const gone = await deleteById(trx, table, id);
        if (gone && counter) await bumpProviderCounter(trx, Number(row!.provider_id), counter, -1);
        if (gone) await audit?.after(trx);
        return gone;
      });
      // A parallel delete got there first: an uncounted post (a message) answers 404, as it always has.
      if (!deleted && !counter) throw notFound();
      return item;
    },
  };
}

/**
 * Comments: public on shown providers (the author's own anywhere), counted in `comments_count`. A
 * function, so the resource is read when routes are registered, not while the modules load (the
 * areas' resources point at each other).
 */
export const commentPosts = (): PostKind<'comments'> => ({
  table: 'comments',
  resource: commentResource,
  read: 'comment.read',
  update: 'comment.update',
  counter: 'comments_count',
});
