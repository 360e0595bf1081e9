import type { Kysely } from 'kysely';
import { requireAccess, RULES } from '../../access/index.ts';
import { auditChange } from '../../db/audit-log.ts';
import { deleteById } from '../../db/rows.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { getWrittenItem, plainItem, scopedReads, type ScopedReads } from '../../http/items.ts';
import { findOne, type Item } from '../../http/strapi/find.ts';
import { bumpProviderCounter } from '../directory/index.ts';
import {
  COUNTER_OF,
  findReaction,
  findReactionCounts,
  insertReactionIfNone,
  type ReactionCounts,
} from './reactions.queries.ts';
import { REACTION_RESOURCES, type ReactionKind } from './reactions.resources.ts';

export interface ReactionResult {
  data: Item;
  meta: { counts: ReactionCounts };
}

/**
 * List and get of one kind, within what the caller may see (`<kind>.read`). Built when routes are
 * registered, not while the modules load (the areas' resources point at each other).
 */
export const reactionReads = (kind: ReactionKind): ScopedReads =>
  scopedReads(REACTION_RESOURCES[kind], (actor) => RULES[`${kind}.read`].see(actor));

/**
 * The reaction `id` of `kind` as the actor may change it (the author, or the admin): else a 404 or a
 * 403. Answers it as it is and its provider, from one access read.
 */
async function requireOwnReaction(db: Kysely<DB>, actor: Actor, kind: ReactionKind, id: number) {
  const [row] = await requireAccess(db, actor, `${kind}.update`, [id], ['provider_id']);
  return {
    item: await getWrittenItem(db, REACTION_RESOURCES[kind], id),
    providerId: Number(row!.provider_id),
  };
}

const MAX_REACTION_ATTEMPTS = 5;

/**
 * Gives the hobbyist's reaction `kind` to a shown provider (the route lets hobbyists only through).
 * In one transaction: the caller's other reaction on it goes (its counter down), the new one comes
 * (its counter up). Holding `kind` already changes nothing. The unique key (user, provider) settles
 * parallel requests: a losing insert does nothing and the attempt starts again from what the winner
 * left.
 */
export async function createReaction(
  db: Kysely<DB>,
  actor: Actor,
  kind: ReactionKind,
  providerId: number,
): Promise<ReactionResult> {
  await requireAccess(db, actor, 'provider.engage', [providerId]);
  for (let attempt = 0; attempt < MAX_REACTION_ATTEMPTS; attempt++) {
    const result = await db.transaction().execute(async (trx) => {
      const held = await findReaction(trx, actor.id, providerId);
      let id: number | undefined;
      if (held?.kind === kind) {
        id = held.id;
      } else {
        if (held && (await deleteById(trx, 'reactions', held.id))) {
          await bumpProviderCounter(trx, providerId, COUNTER_OF[held.kind], -1);
        }
        id = await insertReactionIfNone(trx, { user_id: actor.id, provider_id: providerId, kind });
        if (id !== undefined) await bumpProviderCounter(trx, providerId, COUNTER_OF[kind], 1);
      }
      // Read back in the transaction: a parallel request may replace the reaction once this commits.
      const item =
        id === undefined
          ? undefined
          : await findOne(trx, REACTION_RESOURCES[kind], id, plainItem, { scope: null });
      return item && withCounts(trx, item, providerId);
    });
    if (result) return result;
  }
  throw new AppError('ConflictError', 'The reaction changed meanwhile, please try again');
}

/**
 * `PUT /api/<reactions>/:id`: a reaction has nothing to edit (switching kind is a POST to the
 * other path), so this checks access and answers the item and the counters unchanged.
 */
export async function updateReaction(db: Kysely<DB>, actor: Actor, kind: ReactionKind, id: number) {
  const { item, providerId } = await requireOwnReaction(db, actor, kind, id);
  return withCounts(db, item, providerId);
}

/** Removes a reaction (its owner or the admin) and lowers its counter; answers it as it was. */
export async function deleteReaction(db: Kysely<DB>, actor: Actor, kind: ReactionKind, id: number) {
  const { item, providerId } = await requireOwnReaction(db, actor, kind, id);
  // An admin's removal of a hobbyist's reaction is recorded with the reaction as it was.
  const audit = auditChange(actor, 'reaction.delete', `reaction:${id}`, 'reactions', id);
  await db.transaction().execute(async (trx) => {
    await audit?.before(trx);
    if (await deleteById(trx, 'reactions', id)) {
      await bumpProviderCounter(trx, providerId, COUNTER_OF[kind], -1);
      await audit?.after(trx);
    }
  });
  return withCounts(db, item, providerId);
}

/** A reaction's answer: the item and its provider's counters as they are now. */
async function withCounts(db: Kysely<DB>, item: Item, providerId: number): Promise<ReactionResult> {
  return { data: item, meta: { counts: await findReactionCounts(db, providerId) } };
}
