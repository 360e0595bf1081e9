import type { TAuditCsvQuery } from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { findAuditActions, findAuditRows, type AuditCsvRow } from './audit.queries.ts';

/** The CSV export's columns, in order (the header row). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'created_at',
  'actor_id',
  'actor',
  'action',
  'subject',
  'ip',
  'details',
  'before',
  'after',
] as const;

/**
 * One CSV cell (RFC 4180): always quoted, quotes doubled. A text a spreadsheet would run as a formula
 * (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with `'` so it stays text.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

function csvLine(row: AuditCsvRow): string {
  return [
    row.id,
    row.created_at,
    row.actor_id,
    row.actor,
    row.action,
    row.subject,
    row.ip,
    row.details,
    row.before_value,
    row.after_value,
  ]
    .map(csvCell)
    .join(',');
}

/**
 * `GET /api/admin/audit-logs.csv`: the newest matching entries (10,000 at most) as CSV, a header row
 * first, lines ended with CRLF (RFC 4180).
 */
export async function exportAuditCsv(db: Kysely<DB>, filters: TAuditCsvQuery): Promise<string> {
  const rows = await findAuditRows(db, filters);
  return [AUDIT_CSV_COLUMNS.join(','), ...rows.map(csvLine)].join('\r\n') + '\r\n';
}

/** `GET /api/admin/audit-actions`: the distinct actions, for the console's filter. */
export async function listAuditActions(db: Kysely<DB>): Promise<{ data: string[] }> {
  return { data: await findAuditActions(db) };
}
