import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * The mail outbox: every message the site sends is first a row here, written in the request that sends it, and
 * a sender delivers it (server/src/mail/outbox.ts). `status` is `waiting` until it is delivered (the row is then
 * deleted) or given up (`failed`, kept 30 days). `attempts`, `next_attempt_at` and `last_error` (an SMTP reply
 * code or a connection error's code, never the server's text) say where the retries are; `locked_by` and
 * `locked_until` are the lease of the process sending it now, so two processes never send it at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_index')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
