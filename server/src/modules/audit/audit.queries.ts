import { AUDIT_CSV_MAX_ROWS, type TAuditCsvQuery } from '@app/domain';
import type { Kysely } from 'kysely';
import { engineOf, textMatch } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';

/** One audit entry with its actor's username, as the CSV export writes it. */
export interface AuditCsvRow {
  id: number;
  created_at: string;
  actor_id: number | null;
  actor: string | null;
  action: string;
  subject: string;
  ip: string | null;
  details: string | null;
  before_value: string | null;
  after_value: string | null;
}

/**
 * The newest entries matching the filters (at most `AUDIT_CSV_MAX_ROWS`): `action` exactly, `actor` by
 * account id, `subject` exactly when it names a record (`provider:12`), else every record of that type
 * (`provider` or `provider:` → `provider:*`).
 */
export async function findAuditRows(db: Kysely<DB>, filters: TAuditCsvQuery): Promise<AuditCsvRow[]> {
  let q = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.created_at',
      'a.actor_id',
      'u.username as actor',
      'a.action',
      'a.subject',
      'a.ip',
      'a.details',
      'a.before_value',
      'a.after_value',
    ]);
  if (filters.action) q = q.where('a.action', '=', filters.action);
  if (filters.actor) q = q.where('a.actor_id', '=', filters.actor);
  if (filters.subject) {
    const subject = filters.subject;
    const colon = subject.indexOf(':');
    if (colon >= 0 && colon < subject.length - 1) q = q.where('a.subject', '=', subject);
    else {
      const prefix = colon >= 0 ? subject : `${subject}:`;
      q = q.where((eb) =>
        textMatch(engineOf(db as unknown as Kysely<unknown>), eb.ref('a.subject'), 'startsWith', prefix),
      );
    }
  }
  const rows = await q.orderBy('a.id', 'desc').limit(AUDIT_CSV_MAX_ROWS).execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    actor_id: r.actor_id === null ? null : Number(r.actor_id),
  }));
}

/** Every action the log holds, sorted (the console's filter). */
export async function findAuditActions(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('action').distinct().orderBy('action').execute();
  return rows.map((r) => r.action);
}
