import type { Kysely } from 'kysely';
import { isPostgres, sql } from './helpers.ts';

/**
 * A provider's likes, dislikes and averages in id order, with the times a listing shows of each, straight
 * from one index: the listing's statement reads each list (its first 100 by id) without sorting it and
 * without visiting the table. On PostgreSQL the list came from a bitmap scan of (provider_id, kind), one
 * table page per reaction, then a sort per provider and kind: about a third of the seed client's listing
 * statement (bench/results/records/2026-11-29.md). SQLite has no INCLUDE: the times are key columns there.
 * The index keeps its name and still serves every lookup by (provider_id, kind).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reactions_provider_index').execute();
  if (isPostgres(db)) {
    await sql`create index reactions_provider_index on reactions (provider_id, kind, id) include (created_at, updated_at)`.execute(
      db,
    );
    return;
  }
  await db.schema
    .createIndex('reactions_provider_index')
    .on('reactions')
    .columns(['provider_id', 'kind', 'id', 'created_at', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reactions_provider_index').execute();
  await db.schema
    .createIndex('reactions_provider_index')
    .on('reactions')
    .columns(['provider_id', 'kind'])
    .execute();
}
