import { sql, type CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** The `settings` key whose integer value changes with every write to the shown directory. */
export const DIRECTORY_VERSION_KEY = 'directory_version';

/**
 * Increments the directory version. Call it in the same transaction as any write to providers
 * (create, update, delete, show/hide) so every process's facet index notices and rebuilds.
 */
export async function bumpDirectoryVersion(db: Kysely<DB> | Transaction<DB>): Promise<void> {
  await sql`insert into settings (key, value) values (${DIRECTORY_VERSION_KEY}, '1')
    on conflict (key) do update set value = cast(cast(settings.value as integer) + 1 as text)`.execute(db);
}

const compiled = new WeakMap<Kysely<DB>, CompiledQuery<{ value: string }>>();

/**
 * The stored directory version (0 when no write has happened yet). Read on every listing request, so
 * the query is compiled once per database.
 */
export async function readDirectoryVersion(db: Kysely<DB>): Promise<number> {
  let query = compiled.get(db);
  if (!query) {
    query = db.selectFrom('settings').select('value').where('key', '=', DIRECTORY_VERSION_KEY).compile();
    compiled.set(db, query);
  }
  const { rows } = await db.executeQuery(query);
  return rows[0] ? Number(rows[0].value) : 0;
}
