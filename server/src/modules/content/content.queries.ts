import type { ReportStatus } from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { lockRow } from '../../db/locks.ts';
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
    /** The reported record when known (`provider:12`, `vendor:3`, `hobbyist-comment:5`). */
    subject?: string | null;
  },
): Promise<number> {
  return insertRow(db, 'reports', { ...values, status: 'open' });
}

/** Whether the record a subject names exists (an ad, a place, a screening comment or a message). */
export async function subjectExists(
  db: Kysely<DB>,
  type: 'provider' | 'vendor' | 'hobbyist-comment' | 'message',
  id: number,
): Promise<boolean> {
  const table =
    type === 'provider'
      ? 'providers'
      : type === 'vendor'
        ? 'places'
        : type === 'message'
          ? 'messages'
          : 'hobbyist_comments';
  return !!(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
}

/** The staff's handling of a report or a contact message: its status and note, as before a change. */
export interface StaffHandling {
  status: ReportStatus;
  staff_note: string | null;
}

/** A report's status and note, read with its row locked (PostgreSQL), so two changes are recorded in turn. */
export async function lockReportHandling(
  trx: Transaction<DB>,
  id: number,
): Promise<StaffHandling | undefined> {
  if (!(await lockRow(trx, 'reports', id))) return undefined;
  return trx.selectFrom('reports').select(['status', 'staff_note']).where('id', '=', id).executeTakeFirst();
}

/** Sets a report's status and/or note, and the admin who handled it. */
export async function updateReportHandling(
  trx: Transaction<DB>,
  id: number,
  changes: Partial<StaffHandling> & { handled_by: number },
): Promise<void> {
  await updateById(trx, 'reports', id, changes);
}

/** A contact message's status and note, read with its row locked (PostgreSQL). */
export async function lockContactMessageHandling(
  trx: Transaction<DB>,
  id: number,
): Promise<StaffHandling | undefined> {
  if (!(await lockRow(trx, 'contact_messages', id))) return undefined;
  return trx
    .selectFrom('contact_messages')
    .select(['status', 'staff_note'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Sets a contact message's status and/or note. */
export async function updateContactMessageHandling(
  trx: Transaction<DB>,
  id: number,
  changes: Partial<StaffHandling>,
): Promise<void> {
  await updateById(trx, 'contact_messages', id, changes);
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
