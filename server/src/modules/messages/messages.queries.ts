import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The address, username and activity of an account (server-side only; never answered). The address
 * is only ever the mail's `to`; the username is what the other side of a message sees.
 */
export async function findUserContact(
  db: Kysely<DB>,
  userId: number,
): Promise<{ email: string; username: string; is_active: number } | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'username', 'is_active'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The public title of an ad, for the subject of a relayed answer. */
export async function findAdTitle(db: Kysely<DB>, providerId: number): Promise<string | null> {
  const row = await db
    .selectFrom('providers')
    .select('title')
    .where('id', '=', providerId)
    .executeTakeFirst();
  return row?.title ?? null;
}

/**
 * Stores the provider's answer to a message, once: false when the message is gone or already
 * answered (the condition settles two answers sent at the same time, on both engines).
 */
export async function saveReply(db: Kysely<DB>, messageId: number, reply: string): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('messages')
    .set({ reply, replied_at: now, updated_at: now })
    .where('id', '=', messageId)
    .where('reply', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the messages (with their replies) written before `cutoff` (an ISO time); answers how many. */
export async function deleteMessagesBefore(
  db: Kysely<DB> | Transaction<DB>,
  cutoff: string,
): Promise<number> {
  const result = await db.deleteFrom('messages').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
