import type { Kysely } from 'kysely';

/**
 * Anonymous uploads (registration documents) are claimed with a secret, not by their id alone:
 * `claim_token_hash` is the SHA-256 of the token the upload answered (cleared once claimed).
 * `uploader_hash` is a keyed hash of the uploader's address (never the address itself), which caps
 * the bytes one address may leave unclaimed per day; the index serves that sum.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds one column at a time.
  await db.schema.alterTable('files').addColumn('claim_token_hash', 'text').execute();
  await db.schema.alterTable('files').addColumn('uploader_hash', 'text').execute();
  await db.schema
    .createIndex('files_uploader_hash_created_at_index')
    .on('files')
    .columns(['uploader_hash', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('files_uploader_hash_created_at_index').execute();
  await db.schema.alterTable('files').dropColumn('uploader_hash').execute();
  await db.schema.alterTable('files').dropColumn('claim_token_hash').execute();
}
