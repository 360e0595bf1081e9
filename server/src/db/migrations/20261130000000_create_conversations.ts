import { sql, type Kysely } from 'kysely';
import { withId } from './helpers.ts';

/**
 * Two-way messages. A conversation is one hobbyist's thread with one ad (`conversations`, one row per
 * pair): its messages are the `messages` rows of that hobbyist (`user_id`) and ad, each written by the
 * hobbyist or, `from_provider = 1`, by the ad's owner. Each side's last read message id gives the unread
 * counts. `message_blocks`: an account that blocked another (no new messages either way while it
 * stands). `users.message_mail`: whether a new message is announced by mail (on unless turned off).
 *
 * The provider's one answer per message (`messages.reply`) becomes a message of the thread, written when
 * the answer was; existing messages count as read on both sides.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('from_provider', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into messages (user_id, provider_id, text, from_provider, created_at, updated_at)
    select user_id, provider_id, reply, 1, replied_at, replied_at from messages where reply is not null`.execute(
    db,
  );
  await db.schema.alterTable('messages').dropColumn('replied_at').execute();
  await db.schema.alterTable('messages').dropColumn('reply').execute();
  await db.schema
    .createIndex('messages_thread_index')
    .on('messages')
    .columns(['user_id', 'provider_id', 'created_at', 'id'])
    .execute();

  await withId(db, db.schema.createTable('conversations'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('last_message_at', 'text', (c) => c.notNull())
    .addColumn('hobbyist_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('conversations_user_provider_unique', ['user_id', 'provider_id'])
    .execute();
  await db.schema
    .createIndex('conversations_provider_index')
    .on('conversations')
    .columns(['provider_id', 'last_message_at'])
    .execute();
  await sql`insert into conversations
      (user_id, provider_id, last_message_at, hobbyist_read_id, provider_read_id, created_at)
    select user_id, provider_id, max(created_at), max(id), max(id), min(created_at)
    from messages group by user_id, provider_id`.execute(db);

  await withId(db, db.schema.createTable('message_blocks'))
    .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('message_blocks_pair_unique', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema
    .createIndex('message_blocks_blocked_index')
    .on('message_blocks')
    .column('blocked_id')
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('message_mail', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('message_mail').execute();
  await db.schema.dropTable('message_blocks').execute();
  await db.schema.dropTable('conversations').execute();
  await db.schema.dropIndex('messages_thread_index').execute();
  await db.schema.alterTable('messages').addColumn('reply', 'text').execute();
  await db.schema.alterTable('messages').addColumn('replied_at', 'text').execute();
  await sql`delete from messages where from_provider = 1`.execute(db);
  await db.schema.alterTable('messages').dropColumn('from_provider').execute();
}
