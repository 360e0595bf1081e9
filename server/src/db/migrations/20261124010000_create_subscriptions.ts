import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

/**
 * Subscriptions bought from packages, one register of the transaction ids that paid for
 * something, and the ad's review before publication.
 *
 * - `subscriptions`: what the server computed at purchase (price, wallet part, amount paid, start and
 *   end, the package's name and number of ads, all in cents where money), the payment's state and who
 *   checked it, extra ads an admin granted, the ads posted under it (deleted ones too: the quota), and
 *   when the end-of-subscription reminder went out. Whether it is active is computed, never stored.
 * - `payment_references`: a transaction id pays for one thing (a subscription, a tip, later an order);
 *   its primary key (the id without white space, lower-cased) makes a second use fail in the database, also
 *   under a race. Tips already there are registered.
 * - `providers.review_state` (`pending`, `approved`, `rejected`) with the reason and the time of the
 *   decision; `is_showed` stays the approval flag the listing's index reads. Ads shown until now are
 *   approved; hidden ones wait for review.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('subscriptions'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('package_id', 'integer', (c) => c.references('packages.id').onDelete('set null'))
      .addColumn('package_name', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('transaction_id', 'text')
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('wallet_amount', 'integer', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('ads_allowed', 'integer', (c) => c.notNull())
      .addColumn('extra_ads', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ads_posted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reviewed_at', 'text')
      .addColumn('reminder_sent_at', 'text'),
  ).execute();
  await db.schema
    .createIndex('subscriptions_user_end_index')
    .on('subscriptions')
    .columns(['user_id', 'end_date'])
    .execute();
  await db.schema.createIndex('subscriptions_end_index').on('subscriptions').column('end_date').execute();
  await db.schema.createIndex('subscriptions_start_index').on('subscriptions').column('start_date').execute();
  await db.schema
    .createIndex('transactions_subscription_index')
    .on('transactions')
    .column('subscription_id')
    .execute();

  await db.schema
    .createTable('payment_references')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const tips = await db.selectFrom('tips').select(['transaction_id', 'created_at']).execute();
  for (const tip of tips) {
    await db
      .insertInto('payment_references')
      .values({
        transaction_id: String(tip.transaction_id).replace(/\s+/g, '').toLowerCase(),
        kind: 'tip',
        created_at: tip.created_at,
      })
      .onConflict((oc: any) => oc.column('transaction_id').doNothing())
      .execute();
  }

  await db.schema
    .alterTable('providers')
    .addColumn('review_state', 'text', (c) => c.notNull().defaultTo('approved'))
    .execute();
  await db.schema.alterTable('providers').addColumn('review_reason', 'text').execute();
  await db.schema.alterTable('providers').addColumn('reviewed_at', 'text').execute();
  await db.updateTable('providers').set({ review_state: 'pending' }).where('is_showed', '=', 0).execute();
  await db.schema
    .createIndex('providers_review_index')
    .on('providers')
    .columns(['review_state', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('providers_review_index').execute();
  for (const column of ['reviewed_at', 'review_reason', 'review_state']) {
    await db.schema.alterTable('providers').dropColumn(column).execute();
  }
  await db.schema.dropTable('payment_references').execute();
  await db.schema.dropIndex('transactions_subscription_index').execute();
  await db.schema.dropTable('subscriptions').execute();
}
