import type { Kysely } from 'kysely';

/**
 * A payment's transaction ID pays for one tip: a second tip quoting the same ID would credit the
 * provider twice for one payment. The unique index settles two submissions racing each other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('tips_transaction_id_unique')
    .on('tips')
    .column('transaction_id')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tips_transaction_id_unique').execute();
}
