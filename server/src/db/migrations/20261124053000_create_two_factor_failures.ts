import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Wrong two-factor codes counted in the database, so the caps hold across processes and
 * restarts (`auth/two-factor.service.ts`).
 * - `two_factor_failures`: one row per code attempt on an enrolled account, written before the code is
 *   checked (a right code deletes its row again), with the sign-in challenge it came with (`token_id`, none
 *   for the profile's code checks). A challenge dies after a few; many for one account lock its code step.
 *   Rows older than the counting window are deleted when a new one is written.
 * - `two_factor_locks`: the account's code step is locked until `locked_until`; one row per account, taken
 *   over by the next lock once it has ended (so each lock e-mails the owner once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('two_factor_failures'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_failures_user_created_index')
    .on('two_factor_failures')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('two_factor_failures_token_index')
    .on('two_factor_failures')
    .column('token_id')
    .execute();
  await db.schema
    .createIndex('two_factor_failures_created_index')
    .on('two_factor_failures')
    .column('created_at')
    .execute();
  await db.schema
    .createTable('two_factor_locks')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_locks').execute();
  await db.schema.dropTable('two_factor_failures').execute();
}
