import type { Kysely } from 'kysely';
import { withId, withTimestamps } from './helpers.ts';

/**
 * The owner's changes to an approved ad or place that wait for review while the approved version stays
 * public (docs/decisions/0015-pending-revisions.md). One row per record at most: `provider_id` names an ad,
 * `vendor_id` a place (one of the two), and the row goes with its record. `fields` is JSON of the changed
 * public fields as the owner sent them; `state` is `pending` until an admin decides, `rejected` (with
 * `reason`) after a refusal, until the owner edits again; an approval applies the fields and deletes the row.
 * `signals` is JSON of the risk signals computed on the record as the revision would make it, `risk_score`
 * their weights' sum (the queue's order).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withTimestamps(
    withId(db, db.schema.createTable('pending_revisions'))
      .addColumn('provider_id', 'integer', (c) => c.unique().references('providers.id').onDelete('cascade'))
      .addColumn('vendor_id', 'integer', (c) => c.unique().references('vendors.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('fields', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('signals', 'text', (c) => c.notNull())
      .addColumn('risk_score', 'integer', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('pending_revisions_user_index')
    .on('pending_revisions')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_revisions').execute();
}
