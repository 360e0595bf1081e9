import type { Kysely } from 'kysely';

/**
 * A provider's answer to a hobbyist's message, written on the site (Review Mail) and relayed by mail
 * from the site's address, so neither side learns the other's e-mail. One answer per message: `reply`
 * holds its text and `replied_at` when it was sent; both null until the provider answers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('reply', 'text').execute();
  await db.schema.alterTable('messages').addColumn('replied_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('replied_at').execute();
  await db.schema.alterTable('messages').dropColumn('reply').execute();
}
