import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

/**
 * Screening of hobbyists by providers, and a record of what the staff does.
 *
 * - `customer_hobbyists`: a phone number, stored as its digits (unique), with the provider who added it.
 * - `hobbyist_ratings`: like, average or dislike, one per provider and record (unique key: the kinds
 *   are exclusive, also under parallel clicks); served under three paths as the listing's reactions are.
 * - `hobbyist_comments`: a provider's comment on a record.
 * - `audit_log`: who did what to which record (an admin removing a screening entry; a later migration adds the
 *   rest of the staff's actions and the screen).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('customer_hobbyists'))
      .addColumn('phone_number', 'text', (c) => c.notNull().unique())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null')),
  ).execute();
  await db.schema
    .createIndex('customer_hobbyists_created_by_index')
    .on('customer_hobbyists')
    .columns(['created_by', 'created_at'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('hobbyist_ratings'))
      .addColumn('customer_hobbyist_id', 'integer', (c) =>
        c.notNull().references('customer_hobbyists.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addUniqueConstraint('hobbyist_ratings_record_user_unique', ['customer_hobbyist_id', 'user_id']),
  ).execute();
  await db.schema
    .createIndex('hobbyist_ratings_user_index')
    .on('hobbyist_ratings')
    .column('user_id')
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('hobbyist_comments'))
      .addColumn('customer_hobbyist_id', 'integer', (c) =>
        c.notNull().references('customer_hobbyists.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('hobbyist_comment', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('hobbyist_comments_record_index')
    .on('hobbyist_comments')
    .column('customer_hobbyist_id')
    .execute();
  await db.schema
    .createIndex('hobbyist_comments_user_index')
    .on('hobbyist_comments')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_index').on('audit_log').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('hobbyist_comments').execute();
  await db.schema.dropTable('hobbyist_ratings').execute();
  await db.schema.dropTable('customer_hobbyists').execute();
}
