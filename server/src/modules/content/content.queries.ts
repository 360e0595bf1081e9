import type { ReportStatus } from '@app/domain';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';

export async function insertContactMessage(
  db: Kysely<DB>,
  values: { name: string; email: string; note: string },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('contact_messages')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes one message; true when it existed. */
export async function deleteContactMessageById(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertReport(
  db: Kysely<DB>,
  values: {
    reason: string;
    details: string | null;
    listing: string | null;
    email: string | null;
    reporter_id: number | null;
  },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('reports')
    .values({ ...values, status: 'open', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets a report's status; true when the report exists. */
export async function updateReportStatus(db: Kysely<DB>, id: number, status: ReportStatus): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ status, updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteReportById(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('reports').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
