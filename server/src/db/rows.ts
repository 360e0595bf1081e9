import type { Insertable, Kysely, Updateable } from 'kysely';
import { nowIso } from './dialect.ts';
import type { DB } from './schema.ts';

/** Tables with a generated `id` and the `created_at`/`updated_at` pair. */
type Stamped = {
  [T in keyof DB]: DB[T] extends { id: unknown; created_at: string; updated_at: string } ? T : never;
}[keyof DB];

type NewRow<T extends Stamped> = Omit<Insertable<DB[T]>, 'created_at' | 'updated_at'>;
type RowChanges<T extends Stamped> = Omit<Updateable<DB[T]>, 'id' | 'created_at' | 'updated_at'>;

// Kysely's builders cannot narrow a table chosen by a type parameter: the calls go through `any`,
// the signatures above keep the callers typed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const loose = (db: Kysely<DB>) => db as unknown as Kysely<any>;

/** Inserts one row with both timestamps set to now; answers its id. */
export async function insertRow<T extends Stamped>(
  db: Kysely<DB>,
  table: T,
  values: NewRow<T>,
): Promise<number> {
  const now = nowIso();
  const row = await loose(db)
    .insertInto(table as string)
    .values({ ...(values as object), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Changes one row by id and stamps `updated_at`; true when the row exists. */
export async function updateById<T extends Stamped>(
  db: Kysely<DB>,
  table: T,
  id: number,
  changes: RowChanges<T>,
): Promise<boolean> {
  const result = await loose(db)
    .updateTable(table as string)
    .set({ ...(changes as object), updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes one row by id; true when it existed. */
export async function deleteById(db: Kysely<DB>, table: keyof DB, id: number): Promise<boolean> {
  const result = await loose(db)
    .deleteFrom(table as string)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
