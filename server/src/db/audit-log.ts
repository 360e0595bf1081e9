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

/** Columns an audit entry never copies from a row (credentials and one-time secrets). */
const SECRET_COLUMNS = new Set([
  'password',
  'two_factor_secret',
  'claim_token_hash',
  'uploader_hash',
  'token_hash',
  'code_hash',
]);

/** A row as an audit entry keeps it: every column but the secret ones. */
export function auditable(row: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET_COLUMNS.has(k)));
}

/** The row `id` of `table` as it is now (every column but secrets), for an audit entry; null when gone. */
export async function auditRow(
  db: Kysely<DB> | Transaction<DB>,
  table: keyof DB,
  id: number,
): Promise<Record<string, unknown> | null> {
  // Kysely cannot narrow a table chosen at run time: the read goes through `any`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const row = await (db as unknown as Kysely<any>)
    .selectFrom(table as string)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return auditable(row as Record<string, unknown> | undefined);
}

/**
 * An admin's change to one record, recorded in the change's own transaction (issue 14): `before(trx)`
 * reads the row before the write, `after(trx)` (once the write succeeded) records `action` on `subject`
 * with the row before and, unless the row is gone, after. Query functions that open their own
 * transaction take these hooks and call them inside it.
 */
export interface AuditHooks {
  before(trx: Kysely<DB> | Transaction<DB>): Promise<void>;
  after(trx: Kysely<DB> | Transaction<DB>): Promise<void>;
}

/** The hooks of `action` on `subject` (row `id` of `table`); `extra` adds what the row does not hold. */
export function auditChange(
  actor: AuditActor,
  action: string,
  subject: string,
  table: keyof DB,
  id: number,
  extra?: (db: Kysely<DB> | Transaction<DB>) => Promise<Record<string, unknown>>,
): AuditHooks {
  let before: Record<string, unknown> | null = null;
  const read = async (db: Kysely<DB> | Transaction<DB>) => {
    const row = await auditRow(db, table, id);
    return row && extra ? { ...row, ...(await extra(db)) } : row;
  };
  return {
    async before(trx) {
      before = await read(trx);
    },
    async after(trx) {
      const after = await read(trx);
      await recordAudit(trx, actor, action, subject, null, { before, ...(after ? { after } : {}) });
    },
  };
}
