import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import { locksRows } from './dialect.ts';
import type { DB } from './schema.ts';

/** Tables whose rows have an `id`. */
type TableWithId = {
  [T in keyof DB]: DB[T] extends { id: unknown } ? T : never;
}[keyof DB];

// Kysely's builders cannot narrow a table chosen by a type parameter (as in rows.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const loose = (trx: Transaction<DB>) => trx as unknown as Kysely<any>;

/**
 * Locks one row until the transaction ends, as its first statement: on PostgreSQL a
 * `SELECT … FOR UPDATE`, so a parallel transaction locking (or changing, or deleting) the same row
 * waits, and reads the committed state after it; SQLite runs one write transaction at a time anyway
 * (one process per database, docs/deployment.md: a second process writing at the same moment would get
 * SQLITE_BUSY from a transaction that began with this read). Answers whether the row exists (a row deleted meanwhile is a miss, read inside the transaction).
 */
export async function lockRow(trx: Transaction<DB>, table: TableWithId, id: number): Promise<boolean> {
  const q = loose(trx)
    .selectFrom(table as string)
    .select('id')
    .where('id', '=', id);
  const row = await (locksRows(trx as unknown as Kysely<unknown>) ? q.forUpdate() : q).executeTakeFirst();
  return row !== undefined;
}

/**
 * Serializes one account's writes that read before they write (a daily count, a wallet, a "once"
 * check, the hourly orders): the account's row is locked until the transaction ends. On PostgreSQL
 * `FOR NO KEY UPDATE`: the lockers of one account wait for each other, while rows that merely name
 * the account (an order line naming its seller, whose foreign key check takes `FOR KEY SHARE`) are
 * still written, so two accounts buying from each other at once cannot deadlock.
 */
export async function lockAccount(trx: Transaction<DB>, userId: number): Promise<boolean> {
  const q = trx.selectFrom('users').select('id').where('id', '=', userId);
  const row = await (
    locksRows(trx as unknown as Kysely<unknown>) ? q.forNoKeyUpdate() : q
  ).executeTakeFirst();
  return row !== undefined;
}

/**
 * A read, inside a write's transaction, of rows the write copies or relies on without changing them
 * (the products an order is priced from): on PostgreSQL `FOR SHARE OF <of>`, so a parallel delete,
 * archive or price change of such a row (which locks it, db/locks.ts `lockRow`, or updates it) waits
 * until this transaction ends, and a read that meets such a lock waits for it and then reads the
 * committed row (a deleted row is left out, a changed one is read anew). Readers do not wait for
 * each other. SQLite runs one write transaction at a time: the query as it is.
 */
export function forShareOnPostgres<D, TB extends keyof D, O>(
  trx: Transaction<DB>,
  q: SelectQueryBuilder<D, TB, O>,
  of: TB & string,
): SelectQueryBuilder<D, TB, O> {
  return locksRows(trx as unknown as Kysely<unknown>) ? q.forShare(of) : q;
}

/** A limit counted in the database: at most `max` of an account's rows within `windowMs`. */
export interface CountedLimit {
  max: number;
  windowMs: number;
  /** The times (ISO) of the account's rows made since `since`, newest first, at most `max` of them. */
  rowTimes: (trx: Transaction<DB>, userId: number, since: string, max: number) => Promise<string[]>;
}

/**
 * The one way a limit holds across processes and parallel requests whatever the configuration: the
 * account's rows counted under its lock (`lockAccount`, taken after the rows the write reads), in the
 * write's transaction, so two requests cannot both take the last place. Answers undefined within the
 * limit, else the seconds until the oldest counted row leaves the window (the 429's `retryAfter`).
 */
export async function countedLimit(
  trx: Transaction<DB>,
  userId: number,
  limit: CountedLimit,
): Promise<number | undefined> {
  await lockAccount(trx, userId);
  const now = Date.now();
  const times = await limit.rowTimes(trx, userId, new Date(now - limit.windowMs).toISOString(), limit.max);
  if (times.length < limit.max) return undefined;
  const frees = Date.parse(times[limit.max - 1]!) + limit.windowMs;
  return Math.max(1, Math.ceil((frees - now) / 1000));
}
