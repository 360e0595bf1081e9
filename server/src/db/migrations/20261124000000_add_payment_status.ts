import type { Kysely } from 'kysely';

/**
 * A payment state on the ledger: `pending`, `verified` or `rejected`. A credit made
 * from a transaction ID a person typed (a tip) is `pending` until an admin checks the payment
 * (`PUT /api/tips/:id`); a wallet counts `verified` rows only. The tip carries the same state as its
 * ledger row, so the tipper and the provider see it in `GET /api/tips` and the admin can list the
 * tips still to check (`filters[payment_status][$eq]=pending`).
 *
 * New rows are `pending` unless the server says otherwise. Rows already there: every tip and every
 * tip credit is `pending` (nobody ever checked those payments); the other ledger rows (admin
 * adjustments, which no customer typed) are `verified`, so balances built from them stay as they were.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['tips', 'transactions']) {
    await db.schema
      .alterTable(table)
      .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
      .execute();
  }
  await db
    .updateTable('transactions')
    .set({ payment_status: 'verified' })
    .where('tip_id', 'is', null)
    .where('order_type', '<>', 'tip')
    .execute();
  await db.schema.createIndex('tips_payment_status_index').on('tips').column('payment_status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tips_payment_status_index').execute();
  for (const table of ['transactions', 'tips']) {
    await db.schema.alterTable(table).dropColumn('payment_status').execute();
  }
}
