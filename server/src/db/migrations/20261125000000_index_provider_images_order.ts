import type { Kysely } from 'kysely';

/**
 * A provider's pictures in their order (`position`, then the file) straight from an index, so the
 * listing's statement reads each provider's pictures in order instead of sorting them per provider (about
 * 8 % of the SQLite statement's instructions; bench/results/records/2026-11-25.md, "After the record"). The file id makes
 * it covering for the join to `files`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('provider_images_order_index')
    .on('provider_images')
    .columns(['provider_id', 'position', 'file_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('provider_images_order_index').execute();
}
