import type { Kysely } from 'kysely';

/**
 * Screening access counted and controlled in the database, so it holds across processes and restarts:
 * - `screening_reads`: how many screening rows one account was answered on one UTC day (`day`,
 *   `YYYY-MM-DD`); one row per account and day, incremented by an atomic upsert in the read's transaction.
 *   The daily cap and the admin's read volume (today, last 7 days) read it.
 * - `screening_suspensions`: an account the admin shut out of screening (one row per account; removing
 *   it gives access back), with who did it and when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('screening_reads')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('reads', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('screening_reads_pk', ['user_id', 'day'])
    .execute();
  await db.schema.createIndex('screening_reads_day_index').on('screening_reads').column('day').execute();
  await db.schema
    .createTable('screening_suspensions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('suspended_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('screening_suspensions').execute();
  await db.schema.dropTable('screening_reads').execute();
}
