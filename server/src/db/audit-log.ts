import type { Kysely, Transaction } from 'kysely';
import { nowIso } from './dialect.ts';
import type { DB } from './schema.ts';

/**
 * Records what a member of the staff did (`audit_log`): who (`actorId`), what (`action`, e.g.
 * `screening.comment.remove`), to which record (`subject`, e.g. `hobbyist-comment:12`) and what it
 * held (`details`, an object stored as JSON text). Call it in the transaction of the change itself,
 * so the change and its record commit together.
 */
export async function recordAudit(
  db: Kysely<DB> | Transaction<DB>,
  actorId: number | null,
  action: string,
  subject: string,
  details?: Record<string, unknown> | string | null,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actorId,
      action,
      subject,
      details: details == null ? null : typeof details === 'string' ? details : JSON.stringify(details),
      created_at: nowIso(),
    })
    .execute();
}
