import type { THobbyistRatingKind } from '@app/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import { insertRow } from '../../db/rows.ts';
import type { DB } from '../../db/schema.ts';

/** SQL of screening: records (phone numbers as digits), ratings, comments, the daily allowance. */

type Db = Kysely<DB> | Transaction<DB>;

/** The record of a phone number (its digits), if any. */
export async function findRecordIdByPhone(db: Db, digits: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('customer_hobbyists')
    .select('id')
    .where('phone_number', '=', digits)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/**
 * Inserts a record unless its number is already listed (the unique key decides, so a parallel insert
 * of the same number waits for the other and then does nothing). Answers the new id, or undefined.
 */
export async function insertRecordIfNew(
  db: Db,
  values: { phone_number: string; created_by: number },
): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .insertInto('customer_hobbyists')
    .values({ ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('phone_number').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export interface RecordCounts {
  likes_count: number;
  averages_count: number;
  dislikes_count: number;
  comments_count: number;
  my_rating: THobbyistRatingKind | null;
}

const COUNT_OF = {
  like: 'likes_count',
  average: 'averages_count',
  dislike: 'dislikes_count',
} as const satisfies Record<THobbyistRatingKind, keyof RecordCounts>;

/**
 * The counters of the records `ids` and the rating `userId` gave each: two grouped counts (ratings by
 * kind, comments), read from the record indexes, whatever the number of ratings.
 */
export async function findRecordCounts(
  db: Db,
  ids: readonly number[],
  userId: number,
): Promise<Map<number, RecordCounts>> {
  const out = new Map<number, RecordCounts>();
  if (!ids.length) return out;
  for (const id of ids) {
    out.set(id, { likes_count: 0, averages_count: 0, dislikes_count: 0, comments_count: 0, my_rating: null });
  }
  const [ratings, comments] = await Promise.all([
    db
      .selectFrom('hobbyist_ratings')
      .select((eb) => [
        'customer_hobbyist_id',
        'kind',
        eb.fn.countAll<number>().as('n'),
        sql<number>`max(case when ${eb.ref('user_id')} = ${userId} then 1 else 0 end)`.as('mine'),
      ])
      .where('customer_hobbyist_id', 'in', ids)
      .groupBy(['customer_hobbyist_id', 'kind'])
      .execute(),
    db
      .selectFrom('hobbyist_comments')
      .select((eb) => ['customer_hobbyist_id', eb.fn.countAll<number>().as('n')])
      .where('customer_hobbyist_id', 'in', ids)
      .groupBy('customer_hobbyist_id')
      .execute(),
  ]);
  for (const r of ratings) {
    const counts = out.get(Number(r.customer_hobbyist_id));
    if (!counts || !(r.kind in COUNT_OF)) continue;
    counts[COUNT_OF[r.kind]] = Number(r.n);
    if (Number(r.mine) === 1) counts.my_rating = r.kind;
  }
  for (const c of comments) {
    const counts = out.get(Number(c.customer_hobbyist_id));
    if (counts) counts.comments_count = Number(c.n);
  }
  return out;
}

export interface RatingRow {
  id: number;
  kind: THobbyistRatingKind;
}

/** The rating a provider gave a record, if any (one at the most: the unique key). */
export async function findRating(db: Db, userId: number, recordId: number): Promise<RatingRow | undefined> {
  const row = await db
    .selectFrom('hobbyist_ratings')
    .select(['id', 'kind'])
    .where('user_id', '=', userId)
    .where('customer_hobbyist_id', '=', recordId)
    .executeTakeFirst();
  return row && { id: Number(row.id), kind: row.kind };
}

/**
 * Inserts a rating unless the provider already holds one on that record (the unique key decides, so
 * a parallel insert waits for the other and then does nothing). Answers the new id, or undefined.
 */
export async function insertRatingIfNone(
  db: Db,
  values: { user_id: number; customer_hobbyist_id: number; kind: THobbyistRatingKind },
): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .insertInto('hobbyist_ratings')
    .values({ ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['customer_hobbyist_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export function insertComment(
  db: Kysely<DB>,
  values: { user_id: number; customer_hobbyist_id: number; hobbyist_comment: string },
): Promise<number> {
  return insertRow(db, 'hobbyist_comments', values);
}

/** The numbers a provider added and the comments they posted since `since` (ISO), together. */
export async function countEntriesSince(db: Db, userId: number, since: string): Promise<number> {
  const [records, comments] = await Promise.all([
    db
      .selectFrom('customer_hobbyists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_by', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirst(),
    db
      .selectFrom('hobbyist_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirst(),
  ]);
  return Number(records?.n ?? 0) + Number(comments?.n ?? 0);
}
