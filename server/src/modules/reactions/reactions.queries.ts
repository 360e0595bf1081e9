import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import type { ProviderCounter } from '../directory/index.ts';
import type { ReactionKind } from './reactions.resources.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The counter column on providers for each reaction kind. */
export const COUNTER_OF = {
  like: 'likes_count',
  dislike: 'dislikes_count',
  average: 'averages_count',
} as const satisfies Record<ReactionKind, ProviderCounter>;

export interface ReactionCounts {
  likes: number;
  dislikes: number;
  averages: number;
}

/** A provider's three reaction counters, as a reaction's answer carries them (`meta.counts`). */
export async function findReactionCounts(db: Db, providerId: number): Promise<ReactionCounts> {
  const row = await db
    .selectFrom('providers')
    .select(['likes_count', 'dislikes_count', 'averages_count'])
    .where('id', '=', providerId)
    .executeTakeFirst();
  return {
    likes: Number(row?.likes_count ?? 0),
    dislikes: Number(row?.dislikes_count ?? 0),
    averages: Number(row?.averages_count ?? 0),
  };
}

export interface ReactionRow {
  id: number;
  user_id: number;
  provider_id: number;
  kind: ReactionKind;
}

/** The reaction a user holds on a provider, if any (one at the most: the unique key). */
export async function findReaction(
  db: Db,
  userId: number,
  providerId: number,
): Promise<ReactionRow | undefined> {
  return db
    .selectFrom('reactions')
    .select(['id', 'user_id', 'provider_id', 'kind'])
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

/**
 * Inserts a reaction unless the user already holds one on that provider (the unique key decides,
 * so a parallel insert waits for the other and then does nothing). Answers the new id, or undefined.
 */
export async function insertReactionIfNone(
  db: Db,
  values: { user_id: number; provider_id: number; kind: ReactionKind },
): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .insertInto('reactions')
    .values({ ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'provider_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}
