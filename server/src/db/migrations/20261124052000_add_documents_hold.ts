import type { Kysely } from 'kysely';

/**
 * ID documents' retention: a legal hold on one account. While `documents_hold_until`
 * (`YYYY-MM-DD`) is today or later, the daily job `delete-decided-id-documents` keeps the account's ID
 * documents; once the day has passed they are deleted as any others. Null: no hold.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('documents_hold_until', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('documents_hold_until').execute();
}
