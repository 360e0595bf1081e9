import type { ReportStatus } from '@app/domain';
import type { Kysely } from 'kysely';
import { deleteById, insertRow, updateById } from '../../db/rows.ts';
import type { DB } from '../../db/schema.ts';

export function insertContactMessage(
  db: Kysely<DB>,
  values: { name: string; email: string; note: string },
): Promise<number> {
  return insertRow(db, 'contact_messages', values);
}

/** Deletes one message; true when it existed. */
export function deleteContactMessageById(db: Kysely<DB>, id: number): Promise<boolean> {
  return deleteById(db, 'contact_messages', id);
}

export function insertReport(
  db: Kysely<DB>,
  values: {
    reason: string;
    details: string | null;
    listing: string | null;
    email: string | null;
    reporter_id: number | null;
  },
): Promise<number> {
  return insertRow(db, 'reports', { ...values, status: 'open' });
}

/** Sets a report's status; true when the report exists. */
export function updateReportStatus(db: Kysely<DB>, id: number, status: ReportStatus): Promise<boolean> {
  return updateById(db, 'reports', id, { status });
}

/** The report `reporterId` filed about `listing`, if any (the oldest). */
export function findReportBy(
  db: Kysely<DB>,
  reporterId: number,
  listing: string,
): Promise<{ id: number; status: ReportStatus } | undefined> {
  return db
    .selectFrom('reports')
    .select(['id', 'status'])
    .where('reporter_id', '=', reporterId)
    .where('listing', '=', listing)
    .orderBy('id')
    .executeTakeFirst();
}

export function deleteReportById(db: Kysely<DB>, id: number): Promise<boolean> {
  return deleteById(db, 'reports', id);
}
