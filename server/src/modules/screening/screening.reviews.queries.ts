import type { THobbyistRatingKind } from '@app/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { lockRow } from '../../db/locks.ts';
import { insertRow, updateById } from '../../db/rows.ts';
import type { DB } from '../../db/schema.ts';

/**
 * SQL of screening review requests: the request, the records its number names with their entries, the
 * staff's handling and the retention of closed requests.
 */

type Db = Kysely<DB> | Transaction<DB>;
type ReviewRow = DB['screening_reviews'];

/** How short a number may be and still be matched as the end of a longer one (a country code added). */
const SUFFIX_MIN_DIGITS = 7;
/** How many more digits a country code adds at most. */
const COUNTRY_CODE_MAX_DIGITS = 3;
/** How many records the request's page shows. */
export const REVIEW_RECORDS_MAX = 20;

export function insertReview(
  db: Kysely<DB>,
  values: { phone_number: string; dispute: string; email: string },
): Promise<number> {
  return insertRow(db, 'screening_reviews', values);
}

const REVIEW_COLUMNS = [
  'id',
  'phone_number',
  'dispute',
  'email',
  'status',
  'staff_note',
  'outcome',
  'reply',
  'handled_by',
  'decided_at',
  'mailed_at',
  'created_at',
] as const;

export function findReview(db: Db, id: number) {
  return db.selectFrom('screening_reviews').select(REVIEW_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The request with its row locked (PostgreSQL) for a change of its handling. */
export async function lockReview(trx: Transaction<DB>, id: number) {
  if (!(await lockRow(trx, 'screening_reviews', id))) return undefined;
  return findReview(trx, id);
}

export function updateReview(
  trx: Transaction<DB>,
  id: number,
  changes: Partial<
    Pick<ReviewRow, 'staff_note' | 'outcome' | 'reply' | 'handled_by' | 'decided_at' | 'mailed_at'>
  > & {
    status?: 'open' | 'reviewed' | 'closed';
  },
): Promise<boolean> {
  return updateById(trx, 'screening_reviews', id, changes);
}

/** Notes when the outcome's mail went. */
export async function markReviewMailed(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('screening_reviews').set({ mailed_at: at }).where('id', '=', id).execute();
}

/**
 * The records whose number is `digits`, or is it with a country code written on one side only: one ends with
 * the other, both have at least `SUFFIX_MIN_DIGITS` digits and they differ by at most
 * `COUNTRY_CODE_MAX_DIGITS`. Exact matches first; one more than `REVIEW_RECORDS_MAX`, so the caller knows
 * there are more.
 */
export function findRecordsMatching(db: Db, digits: string) {
  const long = digits.length >= SUFFIX_MIN_DIGITS;
  const shortest = Math.max(SUFFIX_MIN_DIGITS, digits.length - COUNTRY_CODE_MAX_DIGITS);
  const longest = digits.length + COUNTRY_CODE_MAX_DIGITS;
  return db
    .selectFrom('customer_hobbyists')
    .select(['id', 'phone_number', 'created_at'])
    .where((eb) =>
      long
        ? eb.or([
            eb('phone_number', '=', digits),
            eb.and([
              eb(sql`length(phone_number)`, '>=', shortest),
              eb(sql`length(phone_number)`, '<=', longest),
              eb.or([
                eb('phone_number', 'like', `%${digits}`),
                eb(sql`cast(${digits} as text)`, 'like', sql`'%' || phone_number`),
              ]),
            ]),
          ])
        : eb('phone_number', '=', digits),
    )
    .orderBy(sql`case when phone_number = ${digits} then 0 else 1 end`)
    .orderBy('id')
    .limit(REVIEW_RECORDS_MAX + 1)
    .execute();
}

/** The ratings and comments on `recordIds`, oldest first, with their authors' usernames. */
export async function findEntriesOf(db: Db, recordIds: readonly number[]) {
  if (!recordIds.length) return { ratings: [], comments: [] };
  const [ratings, comments] = await Promise.all([
    db
      .selectFrom('hobbyist_ratings as r')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.customer_hobbyist_id', 'r.kind', 'r.created_at', 'r.user_id', 'u.username'])
      .where('r.customer_hobbyist_id', 'in', [...recordIds])
      .orderBy('r.id')
      .execute(),
    db
      .selectFrom('hobbyist_comments as c')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .select([
        'c.id',
        'c.customer_hobbyist_id',
        'c.hobbyist_comment',
        'c.created_at',
        'c.user_id',
        'u.username',
      ])
      .where('c.customer_hobbyist_id', 'in', [...recordIds])
      .orderBy('c.id')
      .execute(),
  ]);
  return {
    ratings: ratings as (Omit<(typeof ratings)[number], 'kind'> & { kind: THobbyistRatingKind })[],
    comments,
  };
}

/** Deletes the requests whose outcome was sent before `before` (ISO); answers how many. */
export async function deleteReviewsDecidedBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('screening_reviews')
    .where('status', '=', 'closed')
    .where('decided_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
