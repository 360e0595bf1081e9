import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * SQL of the moderation queue: the records waiting for review with their risk scores, their signals, their
 * owners and the owners' other records. The signals' inputs are in `moderation.signals.queries.ts`, the
 * pending revisions in `moderation.revisions.queries.ts`.
 */

export type Db = Kysely<DB> | Transaction<DB>;

/** A record signals are kept for: an ad (`providers`) or a place (`places`). */
export type RecordType = 'provider' | 'vendor';
export interface RecordRef {
  type: RecordType;
  id: number;
}

// ---------------------------------------------------------------------------------------------
// The queue

const tableOf = (type: RecordType) => (type === 'provider' ? 'providers' : 'places');

/** Each record's risk score (the sum of its signals' weights) as a subquery to join. */
const scores = (db: Db, type: RecordType) =>
  db
    .selectFrom('risk_signals')
    .select(['record_id', (eb) => eb.fn.sum<number>('weight').as('score')])
    .where('record_type', '=', type)
    .groupBy('record_id');

/**
 * One page of the records waiting for review: highest risk score first, then the oldest, then by id; and
 * how many there are.
 */
export async function findQueuePage(db: Db, type: RecordType, page: number, pageSize: number) {
  const table = tableOf(type);
  // Both tables have these columns; Kysely cannot narrow a table chosen at run time.
  const q = (db as Kysely<DB>)
    .selectFrom(`${table} as r` as 'providers as r')
    .leftJoin(scores(db, type).as('s'), 's.record_id', 'r.id')
    .where('r.review_state', '=', 'pending');
  const [rows, count] = await Promise.all([
    q
      .select([
        'r.id',
        'r.user_id',
        'r.created_at',
        'r.updated_at',
        sql<number>`coalesce(${sql.ref('s.score')}, 0)`.as('risk_score'),
      ])
      .orderBy('risk_score', 'desc')
      .orderBy('r.created_at', 'asc')
      .orderBy('r.id', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      user_id: Number(r.user_id),
      created_at: r.created_at,
      updated_at: r.updated_at,
      risk_score: Number(r.risk_score),
    })),
    total: Number(count?.n ?? 0),
  };
}

/** The stored signals of records, heaviest first. */
export async function findSignalsOf(db: Db, type: RecordType, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('risk_signals')
    .select(['record_id', 'kind', 'weight', 'explanation'])
    .where('record_type', '=', type)
    .where('record_id', 'in', ids)
    .orderBy('weight', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, record_id: Number(r.record_id), weight: Number(r.weight) }));
}

/** A record's owner id, or undefined when the record does not exist. */
export async function findRecordOwner(db: Db, ref: RecordRef): Promise<number | undefined> {
  const row = await (db as Kysely<DB>)
    .selectFrom(`${tableOf(ref.type)} as r` as 'providers as r')
    .select('r.user_id')
    .where('r.id', '=', ref.id)
    .executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}

/** The accounts of the queue's owners. */
export async function findOwners(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'verification', 'is_active', 'created_at'])
    .where('id', 'in', ids)
    .execute();
}

/** Up to `limit` ads (or places) of each owner, newest first (the caller leaves out the record shown). */
export async function findOwnersRecords(
  db: Db,
  type: RecordType,
  ownerIds: readonly number[],
  limit: number,
) {
  if (!ownerIds.length) return [];
  const numbered = (db as Kysely<DB>)
    .selectFrom(`${tableOf(type)} as r` as 'providers as r')
    .select([
      'r.id',
      'r.user_id',
      'r.name',
      'r.review_state',
      sql<number>`row_number() over (partition by ${sql.ref('r.user_id')} order by ${sql.ref('r.id')} desc)`.as(
        'n',
      ),
    ])
    .where('r.user_id', 'in', ownerIds);
  const rows = await (db as Kysely<DB>)
    .selectFrom(numbered.as('x'))
    .selectAll()
    .where('x.n', '<=', limit)
    .orderBy('x.user_id')
    .orderBy('x.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    user_id: Number(r.user_id),
    name: r.name,
    review: r.review_state,
  }));
}
