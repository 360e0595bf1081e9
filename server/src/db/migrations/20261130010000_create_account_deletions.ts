import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Exports and deletions of accounts. `data_exports`: an account's data prepared as one zip file in
 * `DATA_DIR/exports` by a job, offered for 7 days (`expires_at`), asked by the account or the admin.
 *
 * Deleting an account. The account's row stays as "deleted account" (`users.deleted_at`, its names, address
 * and phone gone), so the orders another party must ship and the ledger keep their rows. `account_deletions`:
 * one row per deleted account, until the job has removed what one transaction cannot (files): `files` holds
 * the stored names still to remove from disk (JSON), so a run after a crash finishes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
  await withId(db, db.schema.createTable('account_deletions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique())
    .addColumn('requested_by', 'integer')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('files', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await withId(db, db.schema.createTable('data_exports'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('requested_by', 'integer')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('file', 'text')
    .addColumn('size', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('data_exports_user_index').on('data_exports').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('data_exports').execute();
  await db.schema.dropTable('account_deletions').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
