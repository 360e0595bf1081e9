import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('users'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull().defaultTo('local'))
      .addColumn('password', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text')
      .addColumn('dob', 'text')
      .addColumn('city', 'text')
      .addColumn('user_type', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('authenticated'))
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('password_changed_at', 'text'),
  ).execute();
  await db.schema.createIndex('users_username_unique').on('users').column('username').unique().execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();

  await withTimestamps(
    withId(db, db.schema.createTable('files'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull().unique())
      .addColumn('ext', 'text', (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('formats', 'text')
      .addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('purpose', 'text')
      .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
  ).execute();
  await db.schema.createIndex('files_owner_id_index').on('files').column('owner_id').execute();

  await db.schema
    .alterTable('users')
    .addColumn('avatar_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('user_docs')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_docs_pk', ['user_id', 'file_id'])
    .execute();

  await withId(db, db.schema.createTable('countries'))
    .addColumn('country_code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('states'))
    .addColumn('state_code', 'text', (c) => c.notNull())
    .addColumn('state_name', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addUniqueConstraint('states_country_state_unique', ['country_code', 'state_code'])
    .execute();

  await withId(db, db.schema.createTable('cities'))
    .addColumn('city_name', 'text', (c) => c.notNull())
    .addColumn('state_code', 'text', (c) => c.notNull())
    .addColumn('state_name', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addUniqueConstraint('cities_country_state_city_unique', ['country_code', 'state_code', 'city_name'])
    .execute();

  await withId(db, db.schema.createTable('languages'))
    .addColumn('lang_name', 'text', (c) => c.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable('races'))
    .addColumn('race_name', 'text', (c) => c.notNull().unique())
    .execute();

  await withId(db, db.schema.createTable('vendor_types'))
    .addColumn('type', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('packages'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('total_price', 'integer', (c) => c.notNull())
      .addColumn('validity', 'integer', (c) => c.notNull())
      .addColumn('number_of_ads_per_day', 'integer', (c) => c.notNull())
      .addColumn('price_per_day', 'integer', (c) => c.notNull()),
  ).execute();

  await withTimestamps(
    withId(db, db.schema.createTable('processing_costs'))
      .addColumn('processing_fee', 'integer', (c) => c.notNull())
      .addColumn('tax', 'real', (c) => c.notNull())
      .addColumn('shipping_cost', 'text', (c) => c.notNull()),
  ).execute();

  await db.schema
    .createTable('seed_log')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'seed_log',
    'processing_costs',
    'packages',
    'vendor_types',
    'races',
    'languages',
    'cities',
    'states',
    'countries',
    'user_docs',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('avatar_id').execute();
  await db.schema.dropTable('files').execute();
  await db.schema.dropTable('users').execute();
}
