import type { Kysely } from 'kysely';

/**
 * The directory's change log, so every process updates its facet index by the providers a
 * write changed instead of rebuilding it (docs/decisions/0011-incremental-facet-index.md).
 * - `directory_changes`: one row per change, written in the writing transaction. `id` is the directory
 *   version the change made (`settings.directory_version`, whose row lock orders the writers), so ids are
 *   contiguous and commit in order. `provider_id` names one changed provider, `user_id` every provider of an
 *   account; neither: anything may have changed (a rebuild). Old rows are pruned as new ones come.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('directory_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('provider_id', 'integer')
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('directory_changes').execute();
}
