import type { Kysely } from 'kysely';
import { RULES } from '../../access/index.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { plainItem, scopedReads, type ScopedReads } from '../../http/items.ts';
import { findOne, type Item } from '../../http/strapi/find.ts';
import type { ScopeFn } from '../../http/strapi/resource.ts';
import {
  bumpProviderCounter,
  requireAuthorOrAdmin,
  requireHobbyist,
  requireShownProvider,
} from '../directory/index.ts';
import {
  COUNTER_OF,
  deleteReactionById,
  findReaction,
  findReactionById,
  findReactionCounts,
  insertReactionIfNone,
  type ReactionCounts,
} from './reactions.queries.ts';
import { REACTION_KINDS, REACTION_RESOURCES, type ReactionKind } from './reactions.resources.ts';

/** Reactions of one kind: on shown providers, plus the actor's own anywhere; the admin sees all. */
function reactionScope(kind: ReactionKind, actor: Actor | null): ScopeFn {
  const see = RULES['reaction.read'].see(actor);
  return (eb, a) => eb.and([eb(eb.ref(`${a}.kind`), '=', kind), see(eb, a)]);
}

export interface ReactionResult {
  data: Item;
  meta: { counts: ReactionCounts };
}

/** List and get of each kind, within the caller's scope. */
export const REACTION_READS = Object.fromEntries(
  REACTION_KINDS.map((kind) => [
    kind,
    scopedReads(REACTION_RESOURCES[kind], (actor) => reactionScope(kind, actor)),
  ]),
) as Record<ReactionKind, ScopedReads>;

/** The visible reaction `id` of `kind` the actor wrote (or any, for the admin): else a 404 or a 403. */
async function requireOwnReaction(db: Kysely<DB>, actor: Actor, kind: ReactionKind, id: number) {
  const item = await REACTION_READS[kind].get(db, actor, id, plainItem);
  const row = await findReactionById(db, id);
  if (!row) throw notFound();
  requireAuthorOrAdmin(actor, row);
  return { item, row };
}

const MAX_REACTION_ATTEMPTS = 5;

/**
 * Gives the hobbyist's reaction `kind` to a shown provider. In one transaction: the caller's other
 * reaction on it goes (its counter down), the new one comes (its counter up). Holding `kind`
 * already changes nothing. The unique key (user, provider) settles parallel requests: a losing
 * insert does nothing and the attempt starts again from what the winner left.
 */
export async function createReaction(
  db: Kysely<DB>,
  caller: Actor | null,
  kind: ReactionKind,
  providerId: number,
): Promise<ReactionResult> {
  const actor = requireHobbyist(caller);
  await requireShownProvider(db, providerId);
  for (let attempt = 0; attempt < MAX_REACTION_ATTEMPTS; attempt++) {
    const result = await db.transaction().execute(async (trx) => {
      const held = await findReaction(trx, actor.id, providerId);
      let id: number | undefined;
      if (held?.kind === kind) {
        id = held.id;
      } else {
        if (held && (await deleteReactionById(trx, held.id))) {
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
      return item && { data: item, meta: { counts: await findReactionCounts(trx, providerId) } };
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
  const { item, row } = await requireOwnReaction(db, actor, kind, id);
  return { data: item, meta: { counts: await findReactionCounts(db, row.provider_id) } };
}

/** Removes a reaction (its owner or the admin) and lowers its counter; answers it as it was. */
export async function deleteReaction(db: Kysely<DB>, actor: Actor, kind: ReactionKind, id: number) {
  const { item, row } = await requireOwnReaction(db, actor, kind, id);
  await db.transaction().execute(async (trx) => {
    if (await deleteReactionById(trx, id)) {
      await bumpProviderCounter(trx, row.provider_id, COUNTER_OF[row.kind], -1);
    }
  });
  return { data: item, meta: { counts: await findReactionCounts(db, row.provider_id) } };
}
