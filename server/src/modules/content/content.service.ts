import {
  parseReportSubject,
  REPORT_LIMITS,
  reportSubjectOf,
  type ReportReason,
  type ReportStatus,
  type TContactMessage,
  type TContactMessageUpdate,
  type TReportRequest,
  type TReportUpdate,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { auditChange, auditCreate, createAudited, recordAudit } from '../../db/audit-log.ts';
import { lockAccount } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { getWrittenItem, type ItemQuery } from '../../http/items.ts';
import { findMany, type Item } from '../../http/strapi/find.ts';
import type { ParsedQuery } from '../../http/strapi/parse.ts';
import {
  deleteContactMessageById,
  deleteReportById,
  findReportBy,
  insertContactMessage,
  insertReport,
  lockContactMessageHandling,
  lockReportHandling,
  subjectExists,
  updateContactMessageHandling,
  updateReportHandling,
  type StaffHandling,
} from './content.queries.ts';
import { contactMessageResource, reportResource } from './content.resources.ts';

// ---------------------------------------------------------------------------------------------
// Contact messages

/** Stores a Contact Us message from anyone; answers the stored item. */
export async function createContactMessage(
  db: Kysely<DB>,
  actor: Actor | null,
  input: TContactMessage,
): Promise<Item> {
  const id = await createAudited(db, actor, 'contact-message', 'contact_messages', (db) =>
    insertContactMessage(db, { name: input.name, email: input.email, note: input.note }),
  );
  return getWrittenItem(db, contactMessageResource, id);
}

export function listContactMessages(db: Kysely<DB>, q: ParsedQuery) {
  return findMany(db, contactMessageResource, q, { scope: null });
}

export function getContactMessage(db: Kysely<DB>, id: number, q: ItemQuery): Promise<Item> {
  return getWrittenItem(db, contactMessageResource, id, q);
}

/** Deletes a message (admin), recorded as `contact-message.delete` with the message; answers it as it was. */
export async function deleteContactMessage(db: Kysely<DB>, actor: Actor, id: number): Promise<Item> {
  const item = await getWrittenItem(db, contactMessageResource, id);
  await db.transaction().execute(async (trx) => {
    const audit = auditChange(
      actor,
      'contact-message.delete',
      `contact-message:${id}`,
      'contact_messages',
      id,
    );
    await audit?.before(trx);
    if (!(await deleteContactMessageById(trx, id))) throw notFound();
    await audit?.after(trx);
  });
  return item;
}

// ---------------------------------------------------------------------------------------------
// Reports

/**
 * Stores a report from anyone. The reporter is the signed-in caller, if any (never read from the
 * body); empty optional texts are stored as NULL. Answers the stored item.
 */
export async function createReport(
  db: Kysely<DB>,
  actor: Actor | null,
  input: TReportRequest,
  siteHosts: readonly string[] = [],
): Promise<Item> {
  const subject = await findReportSubject(db, input.listing, siteHosts);
  const id = await createAudited(db, actor, 'report', 'reports', (db) =>
    insertReport(db, {
      reason: input.reason,
      details: input.details || null,
      listing: input.listing || null,
      email: input.email ? input.email.toLowerCase() : null,
      reporter_id: actor?.id ?? null,
      subject,
    }),
  );
  return getWrittenItem(db, reportResource, id);
}

/**
 * The record a report's listing names (`reports.subject`), when it exists: the card's prefill
 * (`Provider #12: …`), or a path or URL of this site naming an ad or a place (`reportSubjectOf`).
 */
async function findReportSubject(
  db: Kysely<DB>,
  listing: string | undefined,
  siteHosts: readonly string[],
): Promise<string | null> {
  const subject = reportSubjectOf(listing, siteHosts);
  const parsed = parseReportSubject(subject);
  return parsed && (await subjectExists(db, parsed.type, parsed.id)) ? subject : null;
}

/**
 * A report another area files for a signed-in account (a provider flagging a screening comment):
 * one per reporter and `listing` (what it is about, e.g. `hobbyist-comment:12`); a repeat answers the
 * report already filed. The reporter's account row is locked on PostgreSQL (SQLite runs one write
 * transaction at a time), so parallel flags file one report.
 */
export async function fileReportOnce(
  db: Kysely<DB>,
  reporter: Actor | number,
  input: { reason: ReportReason; details: string; listing: string; subject?: string },
): Promise<{ id: number; status: ReportStatus; created: boolean }> {
  const reporterId = typeof reporter === 'number' ? reporter : reporter.id;
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, reporterId);
    const held = await findReportBy(trx, reporterId, input.listing);
    if (held) return { id: Number(held.id), status: held.status, created: false };
    const id = await insertReport(trx, {
      reason: input.reason,
      details: input.details.slice(0, REPORT_LIMITS.details),
      listing: input.listing.slice(0, REPORT_LIMITS.listing),
      email: null,
      reporter_id: reporterId,
      subject: input.subject ?? null,
    });
    if (typeof reporter !== 'number') await auditCreate(trx, reporter, 'report', 'reports', id);
    return { id, status: 'open' as const, created: true };
  });
}

/** A report filed for another area (a screening flag, a reported message), as its route answers it. */
export type FiledReportAnswer = {
  data: { id: number; attributes: { status: ReportStatus } };
  meta: Record<string, never>;
};

/** The answer of a route that filed a report with `fileReportOnce`: its id and status. */
export function filedReportAnswer(report: { id: number; status: ReportStatus }): FiledReportAnswer {
  return { data: { id: report.id, attributes: { status: report.status } }, meta: {} };
}

export function listReports(db: Kysely<DB>, q: ParsedQuery) {
  return findMany(db, reportResource, q, { scope: null });
}

export function getReport(db: Kysely<DB>, id: number, q: ItemQuery): Promise<Item> {
  return getWrittenItem(db, reportResource, id, q);
}

/** The fields of a staff update that were sent (a note of null clears it). */
function handlingChanges(input: TReportUpdate): Partial<StaffHandling> {
  return {
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.staff_note !== undefined ? { staff_note: input.staff_note } : {}),
  };
}

/**
 * `PUT /api/reports/:id` (admin): the report's status (New, In progress, Closed) and/or internal note; the
 * admin becomes its handler. Recorded as `report.update` with the status and note before and after.
 */
export async function updateReport(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  input: TReportUpdate,
): Promise<Item> {
  await db.transaction().execute(async (trx) => {
    const before = await lockReportHandling(trx, id);
    if (!before) throw notFound();
    const changes = handlingChanges(input);
    await updateReportHandling(trx, id, { ...changes, handled_by: actor.id });
    await recordAudit(trx, actor, 'report.update', `report:${id}`, null, {
      before,
      after: { ...before, ...changes },
    });
  });
  return getWrittenItem(db, reportResource, id);
}

/**
 * `PUT /api/contact-messages/:id` (admin): the message's status and/or internal note, recorded as
 * `contact-message.update` with both before and after.
 */
export async function updateContactMessage(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  input: TContactMessageUpdate,
): Promise<Item> {
  await db.transaction().execute(async (trx) => {
    const before = await lockContactMessageHandling(trx, id);
    if (!before) throw notFound();
    const changes = handlingChanges(input);
    await updateContactMessageHandling(trx, id, changes);
    await recordAudit(trx, actor, 'contact-message.update', `contact-message:${id}`, null, {
      before,
      after: { ...before, ...changes },
    });
  });
  return getWrittenItem(db, contactMessageResource, id);
}

/** Deletes a report (admin), recorded as `report.delete` with the report; answers it as it was. */
export async function deleteReport(db: Kysely<DB>, actor: Actor, id: number): Promise<Item> {
  const item = await getWrittenItem(db, reportResource, id);
  await db.transaction().execute(async (trx) => {
    const audit = auditChange(actor, 'report.delete', `report:${id}`, 'reports', id);
    await audit?.before(trx);
    if (!(await deleteReportById(trx, id))) throw notFound();
    await audit?.after(trx);
  });
  return item;
}
