import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

/**
 * Places (the spec's vendors) with their addresses, and hobbyists' reviews of them.
 *
 * - `addresses`: location, city, state (a state code), postal code and country, owned by a user.
 * - `vendors`: a place of one type (`vendor_types`) at one address, with a public picture and an
 *   optional short video; reviewed before publication as ads are (`review_state`, `is_showed`). The
 *   rating, review count and newest review time are kept on the row by the review writes (in their
 *   transaction) so the venue pages sort on them; `last_review_at` is '' when there is none, so both
 *   engines order it last; `has_video` is 0/1 for the Videos sort.
 * - `vendor_reviews`: one per hobbyist and place (unique key), 1-5 stars and a text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('addresses'))
      .addColumn('location', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('postal_code', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull().defaultTo('US'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade')),
  ).execute();
  await db.schema.createIndex('addresses_user_index').on('addresses').column('user_id').execute();
  await db.schema
    .createIndex('addresses_state_city_index')
    .on('addresses')
    .columns(['state', 'city'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('vendors'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('vendor_type_id', 'integer', (c) => c.notNull().references('vendor_types.id'))
      .addColumn('address_id', 'integer', (c) => c.references('addresses.id').onDelete('set null'))
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('website', 'text')
      .addColumn('image_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
      .addColumn('video_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
      .addColumn('has_video', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('is_showed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('review_state', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('review_reason', 'text')
      .addColumn('reviewed_at', 'text')
      .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
      .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_review_at', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema.createIndex('vendors_user_index').on('vendors').column('user_id').execute();
  await db.schema
    .createIndex('vendors_type_shown_index')
    .on('vendors')
    .columns(['vendor_type_id', 'is_showed'])
    .execute();
  await db.schema.createIndex('vendors_address_index').on('vendors').column('address_id').execute();

  await withTimestamps(
    withId(db, db.schema.createTable('vendor_reviews'))
      .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('review', 'text', (c) => c.notNull())
      .addUniqueConstraint('vendor_reviews_vendor_user_unique', ['vendor_id', 'user_id']),
  ).execute();
  await db.schema.createIndex('vendor_reviews_user_index').on('vendor_reviews').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vendor_reviews').execute();
  await db.schema.dropTable('vendors').execute();
  await db.schema.dropTable('addresses').execute();
}
