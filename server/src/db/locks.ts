import type { Kysely, Transaction } from 'kysely';
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
 * check): the account's row is locked until the transaction ends.
 */
export function lockAccount(trx: Transaction<DB>, userId: number): Promise<boolean> {
  return lockRow(trx, 'users', userId);
}
