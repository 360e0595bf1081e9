import type { Kysely, Transaction } from 'kysely';
import { nowIso } from './dialect.ts';
import type { DB } from './schema.ts';

/** Who acted, as the access hook resolved them: an account id and the address the request came from. */
export interface AuditActor {
  id: number;
  ip?: string | undefined;
  /** Set once an action of this request is recorded, so the app's fallback does not record it twice. */
  audited?: boolean;
}

/** The record before and after an action (any JSON-able values; secrets left out by the caller). */
export interface AuditChange {
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value);

/**
 * Records what a member of the staff (or a job, `actor` null) did (`audit_log`, issue 14): who, from which
 * address, what (`action`, e.g. `provider.review`), to which record (`subject`, e.g. `provider:12`), what it
 * held before and after, and free `details`. Call it in the transaction of the change itself, so the change
 * and its record commit together. The table is append-only (triggers refuse UPDATE and DELETE).
 */
export async function recordAudit(
  db: Kysely<DB> | Transaction<DB>,
  actor: AuditActor | number | null,
  action: string,
  subject: string,
  details?: Record<string, unknown> | string | null,
  change: AuditChange = {},
): Promise<void> {
  const who = typeof actor === 'number' ? { id: actor } : actor;
  if (who) who.audited = true;
  await db
    .insertInto('audit_log')
    .values({
      actor_id: who?.id ?? null,
      action,
      subject,
      details: details == null ? null : typeof details === 'string' ? details : JSON.stringify(details),
      ip: who?.ip ?? null,
      before_value: json(change.before),
      after_value: json(change.after),
      created_at: nowIso(),
    })
    .execute();
}
