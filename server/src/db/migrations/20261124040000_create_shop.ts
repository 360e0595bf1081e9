import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

/**
 * The online store.
 *
 * - `products`: a vendor's product; `price` in cents (whole dollars as the spec's form has it); a
 *   product with orders is archived (`archived_at`) instead of deleted, so its lines keep it.
 * - `wishlist_items`: one per account and product (unique key).
 * - `carts`: the seed client's server-side cart records (`price` = quantity × unit price, cents).
 * - `orders`: a buyer's order; `status` the state machine's text ('Awaiting Payment' first), `paid`
 *   0/1 as the spec's flag, `payment_status` the check of the typed transaction id as for tips and
 *   subscriptions; every amount is the server's, in cents.
 * - `order_lines` (the API's order-lists): one product of an order, with the vendor, name, picture and
 *   unit price copied when ordered, so an order reads the same after the product changes or goes.
 * - `order_details` (the API's oder-details): the checkout form of an order, one per order.
 * - `order_events`: every change of an order's or a line's state, with who and when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('products'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('picture_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('archived_at', 'text'),
  ).execute();
  await db.schema.createIndex('products_user_index').on('products').column('user_id').execute();
  // The media area's "file in use" rule looks pictures up by file id.
  await db.schema.createIndex('products_picture_index').on('products').column('picture_id').execute();

  await withId(db, db.schema.createTable('wishlist_items'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('wishlist_items_user_product_unique', ['user_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('wishlist_items_product_index')
    .on('wishlist_items')
    .column('product_id')
    .execute();

  await withTimestamps(
    withId(db, db.schema.createTable('carts'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('price', 'integer', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('carts_user_index').on('carts').column('user_id').execute();
  await db.schema.createIndex('carts_product_index').on('carts').column('product_id').execute();

  await withTimestamps(
    withId(db, db.schema.createTable('orders'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('Awaiting Payment'))
      .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('transaction_id', 'text')
      .addColumn('subtotal', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('processing_fee', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('tax', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('shipping', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reviewed_at', 'text'),
  ).execute();
  await db.schema.createIndex('orders_user_index').on('orders').column('user_id').execute();
  await db.schema.createIndex('orders_status_index').on('orders').column('status').execute();

  await withTimestamps(
    withId(db, db.schema.createTable('order_lines'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
      .addColumn('vendor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('picture_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
      .addColumn('price', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('Awaiting Payment'))
      .addColumn('shipped_at', 'text'),
  ).execute();
  await db.schema.createIndex('order_lines_order_index').on('order_lines').column('order_id').execute();
  await db.schema.createIndex('order_lines_user_index').on('order_lines').column('user_id').execute();
  await db.schema.createIndex('order_lines_vendor_index').on('order_lines').column('vendor_id').execute();
  await db.schema.createIndex('order_lines_product_index').on('order_lines').column('product_id').execute();
  await db.schema.createIndex('order_lines_picture_index').on('order_lines').column('picture_id').execute();

  await withTimestamps(
    withId(db, db.schema.createTable('order_details'))
      .addColumn('order_id', 'integer', (c) =>
        c.notNull().unique().references('orders.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email_address', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('town', 'text', (c) => c.notNull())
      .addColumn('postcode', 'text', (c) => c.notNull())
      .addColumn('transaction_id', 'text', (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('order_details_user_index').on('order_details').column('user_id').execute();

  await withId(db, db.schema.createTable('order_events'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_line_id', 'integer', (c) => c.references('order_lines.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order_index').on('order_events').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'order_events',
    'order_details',
    'order_lines',
    'orders',
    'carts',
    'wishlist_items',
    'products',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
