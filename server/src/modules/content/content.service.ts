import {
  REPORT_LIMITS,
  type ReportReason,
  type ReportStatus,
  type TContactMessage,
  type TReportRequest,
  type TReportUpdate,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { lockAccount } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { plainItem, type ItemQuery } from '../../http/items.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import type { ParsedQuery } from '../../http/strapi/parse.ts';
import type { ResourceDef } from '../../http/strapi/resource.ts';
import {
  deleteContactMessageById,
  deleteReportById,
  findReportBy,
  insertContactMessage,
  insertReport,
  updateReportStatus,
} from './content.queries.ts';
import { contactMessageResource, reportResource } from './content.resources.ts';

/** These resources are admin-only (the routes say so), so no row scope applies. */
async function getItem(
  db: Kysely<DB>,
  def: ResourceDef,
  id: number,
  q: ItemQuery = plainItem,
): Promise<Item> {
  const item = await findOne(db, def, id, q, { scope: null });
  if (!item) throw notFound();
  return item;
}

// ---------------------------------------------------------------------------------------------
// Contact messages

/** Stores a Contact Us message from anyone; answers the stored item. */
export async function createContactMessage(db: Kysely<DB>, input: TContactMessage): Promise<Item> {
  const id = await insertContactMessage(db, { name: input.name, email: input.email, note: input.note });
  return getItem(db, contactMessageResource, id);
}

export function listContactMessages(db: Kysely<DB>, q: ParsedQuery) {
  return findMany(db, contactMessageResource, q, { scope: null });
}

export function getContactMessage(db: Kysely<DB>, id: number, q: ItemQuery): Promise<Item> {
  return getItem(db, contactMessageResource, id, q);
}

/** Deletes a message; answers it as it was. */
export async function deleteContactMessage(db: Kysely<DB>, id: number): Promise<Item> {
  const item = await getItem(db, contactMessageResource, id);
  if (!(await deleteContactMessageById(db, id))) throw notFound();
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
): Promise<Item> {
  const id = await insertReport(db, {
    reason: input.reason,
    details: input.details || null,
    listing: input.listing || null,
    email: input.email ? input.email.toLowerCase() : null,
    reporter_id: actor?.id ?? null,
  });
  return getItem(db, reportResource, id);
}

/**
 * A report another area files for a signed-in account (a provider flagging a screening comment):
 * one per reporter and `listing` (what it is about, e.g. `hobbyist-comment:12`); a repeat answers the
 * report already filed. The reporter's account row is locked on PostgreSQL (SQLite runs one write
 * transaction at a time), so parallel flags file one report.
 */
export async function fileReportOnce(
  db: Kysely<DB>,
  reporterId: number,
  input: { reason: ReportReason; details: string; listing: string },
): Promise<{ id: number; status: ReportStatus; created: boolean }> {
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
    });
    return { id, status: 'open' as const, created: true };
  });
}

export function listReports(db: Kysely<DB>, q: ParsedQuery) {
  return findMany(db, reportResource, q, { scope: null });
}

export function getReport(db: Kysely<DB>, id: number, q: ItemQuery): Promise<Item> {
  return getItem(db, reportResource, id, q);
}

/** Sets a report's review status (admin). */
export async function updateReport(db: Kysely<DB>, id: number, input: TReportUpdate): Promise<Item> {
  if (!(await updateReportStatus(db, id, input.status))) throw notFound();
  return getItem(db, reportResource, id);
}

export async function deleteReport(db: Kysely<DB>, id: number): Promise<Item> {
  const item = await getItem(db, reportResource, id);
  if (!(await deleteReportById(db, id))) throw notFound();
  return item;
}
