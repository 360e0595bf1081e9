import type { Kysely, Transaction } from 'kysely';
import { isAdmin, type Actor } from '../http/auth.ts';
import { nowIso } from './dialect.ts';
import type { DB } from './schema.ts';

/** Who acted, as the access hook resolved them: an account id and the address the request came from. */
export interface AuditActor {
  id: number;
  ip?: string | undefined;
  /** Set once an action of this request is recorded: the app flags an admin write that recorded nothing. */
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
 * The one way an action enters the audit log. Records what a member of the staff (or a job, `actor`
 * null) did (`audit_log`): who, from which
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
 * An admin's change to one record, recorded in the change's own transaction: `before(trx)`
 * reads the row before the write, `after(trx)` (once the write succeeded) records `action` on `subject`
 * with the row before and, unless the row is gone, after. Query functions that open their own
 * transaction take these hooks and call them inside it.
 */
export interface AuditHooks {
  before(trx: Kysely<DB> | Transaction<DB>): Promise<void>;
  after(trx: Kysely<DB> | Transaction<DB>): Promise<void>;
}

/**
 * The hooks of `action` on `subject` (row `id` of `table`) when the actor is an admin, else undefined
 * (an owner's change to their own record is not audited); `extra` adds what the row does not hold.
 */
export function auditChange(
  actor: Actor | null,
  action: string,
  subject: string,
  table: keyof DB,
  id: number,
  extra?: (db: Kysely<DB> | Transaction<DB>) => Promise<Record<string, unknown>>,
): AuditHooks | undefined {
  if (!actor || !isAdmin(actor)) return undefined;
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

/**
 * An admin's new record, in the transaction that wrote it: `<thing>.create` on `<thing>:<id>` with
 * the row as written; nothing when the actor is not an admin.
 */
export async function auditCreate(
  trx: Kysely<DB> | Transaction<DB>,
  actor: Actor | null,
  thing: string,
  table: keyof DB,
  id: number,
): Promise<void> {
  await auditChange(actor, `${thing}.create`, `${thing}:${id}`, table, id)?.after(trx);
}

/**
 * Runs `write` (which answers the new row's id) and, when the actor is an admin, records the new record
 * in the same transaction (`auditCreate`); for anyone else it is the plain write.
 */
export async function createAudited(
  db: Kysely<DB>,
  actor: Actor | null,
  thing: string,
  table: keyof DB,
  write: (db: Kysely<DB>) => Promise<number>,
): Promise<number> {
  if (!actor || !isAdmin(actor)) return write(db);
  return db.transaction().execute(async (trx) => {
    const id = await write(trx);
    await auditCreate(trx, actor, thing, table, id);
    return id;
  });
}
