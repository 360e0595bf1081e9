import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

/**
 * The directory: providers (the ads as listed) with their images, video and ID documents; reactions
 * (like, dislike, average: one per hobbyist and provider, enforced by a unique key), comments,
 * messages, tips and wallet transactions; settings (payment address, directory version).
 * Money is integer cents; list-valued attributes are comma-joined text, indexed in memory
 * (docs/decisions/0003-directory-facet-index.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('providers'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull().defaultTo('US'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('age', 'integer', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('language_id', 'integer', (c) => c.references('languages.id').onDelete('set null'))
      .addColumn('race_id', 'integer', (c) => c.references('races.id').onDelete('set null'))
      .addColumn('call', 'text')
      .addColumn('massage', 'text')
      .addColumn('threesome', 'text')
      .addColumn('kissing', 'text')
      .addColumn('kissing_types', 'text')
      .addColumn('fellatio', 'text')
      .addColumn('fellatio_type', 'text')
      .addColumn('cunnilingus', 'text')
      .addColumn('anilingus', 'text')
      .addColumn('anilingus_act', 'text')
      .addColumn('vaginal', 'text')
      .addColumn('vaginal_type', 'text')
      .addColumn('anal', 'text')
      .addColumn('anal_activity', 'text')
      .addColumn('cum', 'text')
      .addColumn('cum_type', 'text')
      .addColumn('personality', 'text')
      .addColumn('grooming', 'text')
      .addColumn('donation_half_hour', 'integer')
      .addColumn('donation_hour', 'integer')
      .addColumn('message', 'text')
      .addColumn('services_provided_approval', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duration_ad', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('duration_ad_unit', 'text', (c) => c.notNull().defaultTo('Days'))
      .addColumn('ad_bonus_side_panel_ad', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('discount_code', 'text')
      .addColumn('is_showed', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('video_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
      .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('dislikes_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('averages_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('providers_shown_id_index')
    .on('providers')
    .columns(['is_showed', 'id'])
    .execute();
  await db.schema.createIndex('providers_user_id_index').on('providers').column('user_id').execute();
  await db.schema
    .createIndex('providers_location_index')
    .on('providers')
    .columns(['country', 'state', 'city'])
    .execute();

  for (const table of ['provider_images', 'provider_docs']) {
    await db.schema
      .createTable(table)
      .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
      .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(`${table}_pk`, ['provider_id', 'file_id'])
      .execute();
  }

  // One reaction per hobbyist and provider: the unique key makes like, dislike and average exclusive.
  await withTimestamps(
    withId(db, db.schema.createTable('reactions'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addUniqueConstraint('reactions_user_provider_unique', ['user_id', 'provider_id']),
  ).execute();
  await db.schema
    .createIndex('reactions_provider_index')
    .on('reactions')
    .columns(['provider_id', 'kind'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('comments'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
      .addColumn('comment', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('comments_provider_index')
    .on('comments')
    .columns(['provider_id', 'id'])
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('messages'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
      .addColumn('text', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('messages_provider_index')
    .on('messages')
    .columns(['provider_id', 'id'])
    .execute();
  await db.schema.createIndex('messages_user_index').on('messages').column('user_id').execute();

  await withTimestamps(
    withId(db, db.schema.createTable('tips'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
      .addColumn('transaction_id', 'text', (c) => c.notNull())
      .addColumn('tip_amount', 'integer', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('tips_provider_index').on('tips').column('provider_id').execute();

  await withTimestamps(
    withId(db, db.schema.createTable('transactions'))
      .addColumn('transaction_uid', 'text', (c) => c.notNull())
      .addColumn('transaction_amount', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('tip_id', 'integer', (c) => c.references('tips.id').onDelete('set null'))
      .addColumn('subscription_id', 'integer')
      .addColumn('order_type', 'text', (c) => c.notNull())
      .addColumn('transaction_type', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('transactions_user_index').on('transactions').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'settings',
    'transactions',
    'tips',
    'messages',
    'comments',
    'reactions',
    'provider_docs',
    'provider_images',
    'providers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
