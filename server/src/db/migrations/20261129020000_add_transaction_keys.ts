import type { Kysely } from 'kysely';
// The one function that computes the key: this migration uses it, not a copy, so the keys it writes are the
// ones the register computes from now on.
import { paymentKey } from '@app/domain/payment-key';

/** The tables whose rows quote a payer's transaction id. */
const PAYING_TABLES = ['tips', 'orders', 'subscriptions'] as const;

/** Register entries kept first when several old keys make one new key: those never given back. */
const KEEP_FIRST: Record<string, number> = { subscription: 0, tip: 0, order: 1 };

/**
 * A transaction id's key becomes its confusable skeleton (`paymentKey`: NFKC, format characters dropped,
 * Unicode TS #39 skeleton, lower case, no white space or dashes), so an id and a look-alike of it are one
 * payment.
 *
 * - `tips`, `orders` and `subscriptions` get `transaction_key` (the key of their `transaction_id`, filled here
 *   for every row) and an index on it: the admin's payments queue finds the payments sharing a key.
 * - `payment_references` keys are recomputed. Where old keys make one new key (ids that paid twice by
 *   looking different), one entry is kept, so the id stays used: a subscription's or a tip's first (they are
 *   never given back, an unchecked order's entry is when the order is cancelled), then the oldest. The
 *   payments themselves are left as they were; the queue shows them together, flagged, for the admin.
 *
 * `down` drops the columns; the register keeps the new keys (the old ones cannot be told from them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of PAYING_TABLES) {
    await db.schema.alterTable(table).addColumn('transaction_key', 'text').execute();
    const rows = await db
      .selectFrom(table)
      .select(['id', 'transaction_id'])
      .where('transaction_id', 'is not', null)
      .execute();
    for (const row of rows) {
      await db
        .updateTable(table)
        .set({ transaction_key: paymentKey(String(row.transaction_id)) })
        .where('id', '=', row.id)
        .execute();
    }
    await db.schema
      .createIndex(`${table}_transaction_key_index`)
      .on(table)
      .column('transaction_key')
      .execute();
  }

  const entries: { transaction_id: string; kind: string; created_at: string }[] = await db
    .selectFrom('payment_references')
    .select(['transaction_id', 'kind', 'created_at'])
    .execute();
  const kept = new Map<string, { kind: string; created_at: string }>();
  for (const entry of entries) {
    const key = paymentKey(entry.transaction_id);
    const before = kept.get(key);
    const first =
      !before ||
      (KEEP_FIRST[entry.kind] ?? 1) < (KEEP_FIRST[before.kind] ?? 1) ||
      ((KEEP_FIRST[entry.kind] ?? 1) === (KEEP_FIRST[before.kind] ?? 1) &&
        entry.created_at < before.created_at);
    if (first) kept.set(key, { kind: entry.kind, created_at: entry.created_at });
  }
  await db.deleteFrom('payment_references').execute();
  for (const [transaction_id, entry] of kept) {
    await db
      .insertInto('payment_references')
      .values({ transaction_id, kind: entry.kind, created_at: entry.created_at })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of PAYING_TABLES) {
    await db.schema.dropIndex(`${table}_transaction_key_index`).execute();
    await db.schema.alterTable(table).dropColumn('transaction_key').execute();
  }
}
