import type { Kysely } from 'kysely';

/**
 * Tokens revoked before they expire (`POST /api/auth/logout`): the token's id (its `jti`, or a hash
 * of a token without one), whose account, and when the token would have expired anyway, after
 * which the row may be deleted. The access check reads it in the same statement as the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_tokens_expires_at_index')
    .on('revoked_tokens')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('revoked_tokens_user_id_index')
    .on('revoked_tokens')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revoked_tokens').execute();
}
