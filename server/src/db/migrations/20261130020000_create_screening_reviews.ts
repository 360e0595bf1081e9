import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Screening review requests: anyone asks the staff to review the entries about a phone number (`phone_number`,
 * its digits), says what they dispute and gives an address for the outcome. The staff handle it in the reports
 * queue (`status` as a report's, the internal `staff_note`) and close it by sending the `outcome` (with an
 * optional `reply` for the mail; `mailed_at` once the mail went). Kept a year after the outcome (the job `delete-old-screening-reviews`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('screening_reviews'))
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('dispute', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('staff_note', 'text')
    .addColumn('outcome', 'text')
    .addColumn('reply', 'text')
    .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('mailed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('screening_reviews_status_index')
    .on('screening_reviews')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('screening_reviews').execute();
}
