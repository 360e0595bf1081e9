import type { Kysely } from 'kysely';
import { sql, withId, withTimestamps } from './helpers.ts';

/**
 * Accounts and the public site: a token version on users (a password change revokes older tokens),
 * password reset tokens (only their SHA-256 is stored), contact messages and reports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Logins by username and the registration check compare lower-cased usernames.
  await db.schema
    .createIndex('users_username_lower_index')
    .on('users')
    .expression(sql`lower(username)`)
    .execute();

  await withId(db, db.schema.createTable('password_reset_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_id_index')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('contact_messages'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull()),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('reports'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('details', 'text')
      .addColumn('listing', 'text')
      .addColumn('email', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
  ).execute();
  await db.schema.createIndex('reports_status_index').on('reports').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('contact_messages').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.dropIndex('users_username_lower_index').execute();
  await db.schema.alterTable('users').dropColumn('token_version').execute();
}
