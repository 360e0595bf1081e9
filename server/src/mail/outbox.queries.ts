import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** SQL of the mail outbox (`mail_outbox`, outbox.ts). */

type Db = Kysely<DB>;

/** Stores a message to send, due now; answers its id. */
export async function insertMail(
  db: Db,
  m: { recipient: string; subject: string; body: string; html: string | null; now: string },
): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      html: m.html,
      next_attempt_at: m.now,
      created_at: m.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The ids of waiting messages due at `now` that no process holds, oldest due first. */
export async function findDueMail(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'waiting')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Takes the lease of one message for `holder` until `until` with a conditional UPDATE: only a waiting message,
 * due, that no process holds (or whose holder's lease ran out). Answers the message when this holder has it;
 * of several processes trying at once, one does (PostgreSQL re-checks the conditions on the row it waited for).
 */
export async function claimMail(db: Db, id: number, holder: string, now: string, until: string) {
  const result = await db
    .updateTable('mail_outbox')
    .set({ locked_by: holder, locked_until: until })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'recipient', 'subject', 'body', 'html', 'attempts', 'created_at'])
    .where('id', '=', id)
    .where('locked_by', '=', holder)
    .executeTakeFirst();
}

/** A delivered message: its row goes (it holds an address and maybe a reset link). */
export async function deleteDeliveredMail(db: Db, id: number, holder: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('id', '=', id).where('locked_by', '=', holder).execute();
}

/** A failed attempt: its count, when to try again (or `failed`), the error's code; the lease is given back. */
export async function recordFailedAttempt(
  db: Db,
  id: number,
  holder: string,
  attempt: {
    status: 'waiting' | 'failed';
    attempts: number;
    next_attempt_at: string;
    last_attempt_at: string;
    last_error: string;
  },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ ...attempt, locked_by: null, locked_until: null })
    .where('id', '=', id)
    .where('locked_by', '=', holder)
    .execute();
}

/** How many messages wait to be sent and how many were given up. */
export async function countOutbox(db: Db): Promise<{ waiting: number; failed: number }> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', sql<number | string>`count(*)`.as('n')])
    .groupBy('status')
    .execute();
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { waiting: of('waiting'), failed: of('failed') };
}

/** Deletes the messages given up before `cutoff` (their last attempt); answers how many. */
export async function deleteFailedMailBefore(db: Db, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('status', '=', 'failed')
    .where('last_attempt_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
