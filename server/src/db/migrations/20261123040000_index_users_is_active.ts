import type { Kysely } from 'kysely';

/**
 * Every public read of the directory hides the ads of blocked accounts with
 * `user_id not in (select id from users where is_active = 0)`. Without an index that subquery walks
 * the whole users table, so each new account made every page slower. With (is_active, id) it reads
 * the blocked accounts only, from the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('users_is_active_id_index').on('users').columns(['is_active', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_is_active_id_index').execute();
}
