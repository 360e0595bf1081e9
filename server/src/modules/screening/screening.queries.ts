import type { THobbyistRatingKind } from '@app/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { engineOf, nowIso, textMatch } from '../../db/dialect.ts';
import { insertRow } from '../../db/rows.ts';
import type { DB } from '../../db/schema.ts';

/**
 * SQL of screening: records (phone numbers as digits), ratings, comments, the daily allowance, who may
 * screen, the reads counted per account and day, and the admin's suspensions.
 */

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

/** A record's comments, oldest first: what its removal records in the audit log. */
export function findRecordComments(db: Db, recordId: number) {
  return db
    .selectFrom('hobbyist_comments')
    .select(['id', 'user_id', 'hobbyist_comment'])
    .where('customer_hobbyist_id', '=', recordId)
    .orderBy('id')
    .execute();
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
export async function findEntryTimesSince(
  db: Db,
  userId: number,
  since: string,
  max: number,
): Promise<string[]> {
  const [records, comments] = await Promise.all([
    db
      .selectFrom('customer_hobbyists')
      .select('created_at')
      .where('created_by', '=', userId)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(max)
      .execute(),
    db
      .selectFrom('hobbyist_comments')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(max)
      .execute(),
  ]);
  return [...records, ...comments]
    .map((r) => r.created_at)
    .sort()
    .reverse()
    .slice(0, max);
}

// ---------------------------------------------------------------------------------------------
// Who may screen, reads per day, suspensions

/** What decides whether an account may screen: its verification, whether it is active or suspended. */
export async function findScreeningStanding(db: Db, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['users.verification', 'users.is_active'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('screening_suspensions')
            .select('screening_suspensions.user_id')
            .whereRef('screening_suspensions.user_id', '=', 'users.id'),
        )
        .as('suspended'),
    )
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      verification: row.verification,
      active: Number(row.is_active) === 1,
      suspended: Boolean(Number(row.suspended)),
    }
  );
}

/**
 * Adds `n` (at most `cap`) to the rows an account was answered on `day` unless the total would pass
 * `cap`, and answers whether it did: one atomic upsert whose update holds only while the sum stays
 * within the cap (the row of that account and day is locked by it on both engines, so parallel reads
 * add up and never pass the cap together).
 */
export async function addReadsWithinCap(
  db: Db,
  userId: number,
  day: string,
  n: number,
  cap: number,
): Promise<boolean> {
  const row = await db
    .insertInto('screening_reads')
    .values({ user_id: userId, day, reads: n })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'day'])
        .doUpdateSet((eb) => ({ reads: eb('screening_reads.reads', '+', n) }))
        .where('screening_reads.reads', '<=', cap - n),
    )
    .returning('reads')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One page of provider accounts with their reads today and since `weekStart` (days as `YYYY-MM-DD`),
 * most read over the week first, and when screening was suspended; `q` searches username and e-mail.
 */
export async function findScreeningAccessPage(
  db: Kysely<DB>,
  opts: { q: string | undefined; page: number; pageSize: number; today: string; weekStart: string },
) {
  const engine = engineOf(db as Kysely<unknown>);
  let base = db.selectFrom('users').where('users.user_type', '=', 'Provider');
  if (opts.q) {
    const q = opts.q;
    base = base.where((eb) =>
      eb.or([
        textMatch(engine, eb.ref('users.username'), 'containsi', q),
        textMatch(engine, eb.ref('users.email'), 'containsi', q),
      ]),
    );
  }
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const readsSince = (day: string, op: '=' | '>=') =>
    sql<number>`(select coalesce(sum(r.reads), 0) from screening_reads r where r.user_id = users.id and r.day ${sql.raw(op)} ${day})`;
  const rows = await base
    .select(['users.id', 'users.username', 'users.verification', 'users.is_active'])
    .select([
      readsSince(opts.today, '=').as('reads_today'),
      readsSince(opts.weekStart, '>=').as('reads_7_days'),
      sql<string | null>`(select s.created_at from screening_suspensions s where s.user_id = users.id)`.as(
        'suspended_at',
      ),
    ])
    .orderBy('reads_7_days', 'desc')
    .orderBy('users.id', 'desc')
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize)
    .execute();
  return { rows, total: Number(counted?.n ?? 0) };
}

/** The provider account `id`, if there is one (the suspension's subject). */
export async function findProviderAccount(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'user_type'])
    .where('id', '=', id)
    .where('user_type', '=', 'Provider')
    .executeTakeFirst();
}

/** Suspends an account's screening unless it already is; answers whether a row was written. */
export async function insertSuspension(db: Db, userId: number, by: number): Promise<boolean> {
  const row = await db
    .insertInto('screening_suspensions')
    .values({ user_id: userId, suspended_by: by, created_at: nowIso() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Lifts an account's suspension; answers whether there was one. */
export async function deleteSuspension(db: Db, userId: number): Promise<boolean> {
  const res = await db.deleteFrom('screening_suspensions').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
