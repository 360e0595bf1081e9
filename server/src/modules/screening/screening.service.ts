import { MESSAGES, phoneDigits } from '@app/domain';
import type { Kysely } from 'kysely';
import { requireAccess, RULES } from '../../access/index.ts';
import { auditCreate, recordAudit } from '../../db/audit-log.ts';
import { deleteById, updateById } from '../../db/rows.ts';
import type { DB } from '../../db/schema.ts';
import { type Actor } from '../../http/auth.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { getWrittenItem, type ItemQuery } from '../../http/items.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import type { FilterNode, ParsedQuery } from '../../http/strapi/parse.ts';
import type { ResourceDef } from '../../http/strapi/resource.ts';
import {
  findRecordComments,
  findRecordCounts,
  findRecordIdByPhone,
  insertRecordIfNew,
  type RecordCounts,
} from './screening.queries.ts';
import { customerHobbyistResource } from './screening.resources.ts';
import { countReads, requireDailyAllowance, rowsAnswered } from './screening.access.ts';

/**
 * Screening of hobbyists by providers. The routes let provider accounts and the
 * admin through, and `requireScreeningAccess` only providers whose ID an admin verified, whose account
 * is active and whose screening is not suspended; every record, rating and comment is shared among them
 * (`customerHobbyist.read` …),
 * each provider changes only their own ratings and comments, the admin removes anything (recorded in
 * `audit_log`). New numbers and comments are limited per provider and day, counted in the database.
 */

// ---------------------------------------------------------------------------------------------
// Records (customer-hobbyists)

/**
 * Phone numbers are stored as digits, so a filter on `phone_number` (on the records, or through a
 * rating's or comment's `customer_hobbyist`) compares digits too: `555-12` searches `55512`. A value
 * with no digit at all stays as it is (and finds nothing).
 */
export function normalizePhoneFilters(node: FilterNode, def: ResourceDef): FilterNode {
  switch (node.kind) {
    case 'and':
    case 'or':
      return { ...node, items: node.items.map((item) => normalizePhoneFilters(item, def)) };
    case 'not':
      return { ...node, item: normalizePhoneFilters(node.item, def) };
    case 'rel':
      return { ...node, sub: normalizePhoneFilters(node.sub, node.def.relations![node.relation]!.target()) };
    case 'cmp': {
      if (def !== customerHobbyistResource || node.column !== 'phone_number') return node;
      const digits = (v: string | number) => (typeof v === 'string' ? phoneDigits(v) || v : v);
      if (typeof node.value === 'boolean') return node;
      return { ...node, value: Array.isArray(node.value) ? node.value.map(digits) : digits(node.value) };
    }
  }
}

/** A query with its phone-number filters in digits. */
export function withPhoneDigits(def: ResourceDef, q: ParsedQuery): ParsedQuery {
  return q.filters ? { ...q, filters: normalizePhoneFilters(q.filters, def) } : q;
}

/** Adds each record's counters and the caller's own rating to its attributes (one grouped read). */
async function withCounts(db: Kysely<DB>, actor: Actor, items: Item[]): Promise<Item[]> {
  const counts = await findRecordCounts(
    db,
    items.map((i) => i.id),
    actor.id,
  );
  for (const item of items) {
    const c = counts.get(item.id) as RecordCounts;
    item.attributes = { ...item.attributes, ...c };
  }
  return items;
}

const seeRecords = (actor: Actor | null) => RULES['customerHobbyist.read'].see(actor);

export async function listRecords(db: Kysely<DB>, actor: Actor, q: ParsedQuery) {
  const list = await findMany(db, customerHobbyistResource, withPhoneDigits(customerHobbyistResource, q), {
    scope: seeRecords(actor),
  });
  await countReads(db, actor, rowsAnswered(list.data));
  await withCounts(db, actor, list.data);
  return list;
}

export async function getRecord(db: Kysely<DB>, actor: Actor, id: number, q: ItemQuery): Promise<Item> {
  const item = await findOne(db, customerHobbyistResource, id, q, { scope: seeRecords(actor) });
  if (!item) throw notFound(RULES['customerHobbyist.read'].missing);
  await countReads(db, actor, rowsAnswered([item]));
  const [withC] = await withCounts(db, actor, [item]);
  return withC!;
}

async function writtenRecord(db: Kysely<DB>, actor: Actor, id: number): Promise<Item> {
  const [item] = await withCounts(db, actor, [await getWrittenItem(db, customerHobbyistResource, id)]);
  return item!;
}

/**
 * `POST /api/customer-hobbyists`: a number already listed answers that record (`meta.existing`),
 * free of the daily allowance of new entries but counted as a read (it is a look-up); a new one counts
 * towards the allowance. Two providers adding the same new number
 * at once settle on the unique key: one inserts, the other answers the same record.
 */
export async function createRecord(
  db: Kysely<DB>,
  actor: Actor,
  digits: string,
): Promise<{ data: Item; meta: { existing: boolean } }> {
  const listed = await findRecordIdByPhone(db, digits);
  if (listed !== undefined) {
    await countReads(db, actor, 1);
    return { data: await writtenRecord(db, actor, listed), meta: { existing: true } };
  }
  const { id, existing } = await db.transaction().execute(async (trx) => {
    const raced = await findRecordIdByPhone(trx, digits);
    if (raced !== undefined) return { id: raced, existing: true };
    await requireDailyAllowance(trx, actor);
    const created = await insertRecordIfNew(trx, { phone_number: digits, created_by: actor.id });
    if (created !== undefined) {
      await auditCreate(trx, actor, 'customer-hobbyist', 'customer_hobbyists', created);
      return { id: created, existing: false };
    }
    const winner = await findRecordIdByPhone(trx, digits);
    if (winner === undefined) throw new AppError('ConflictError', MESSAGES.screening.phoneTaken);
    return { id: winner, existing: true };
  });
  if (existing) await countReads(db, actor, 1);
  return { data: await writtenRecord(db, actor, id), meta: { existing } };
}

/** `PUT /api/customer-hobbyists/:id` (admin): corrects the number; another record's number is a 409. */
export async function updateRecord(db: Kysely<DB>, actor: Actor, id: number, digits: string): Promise<Item> {
  const [row] = await requireAccess(db, actor, 'customerHobbyist.update', [id], ['phone_number']);
  const taken = () =>
    fieldError('data.phone_number', MESSAGES.screening.phoneTaken, { code: 'ConflictError' });
  const other = await findRecordIdByPhone(db, digits);
  if (other !== undefined && other !== id) throw taken();
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await updateById(trx, 'customer_hobbyists', id, { phone_number: digits }))) throw notFound();
      await recordAudit(trx, actor, 'screening.record.update', `customer-hobbyist:${id}`, {
        phone_number: row!.phone_number,
        new_phone_number: digits,
      });
    });
  } catch (err) {
    // Two corrections raced for the same number: the unique key refused the second.
    if (err instanceof AppError) throw err;
    const again = await findRecordIdByPhone(db, digits);
    if (again !== undefined && again !== id) throw taken();
    throw err;
  }
  return writtenRecord(db, actor, id);
}

/** `DELETE /api/customer-hobbyists/:id` (admin): the record with its ratings and comments, recorded. */
export async function deleteRecord(db: Kysely<DB>, actor: Actor, id: number): Promise<Item> {
  const [row] = await requireAccess(db, actor, 'customerHobbyist.update', [id], ['phone_number']);
  const item = await writtenRecord(db, actor, id);
  await db.transaction().execute(async (trx) => {
    const comments = await findRecordComments(trx, id);
    if (!(await deleteById(trx, 'customer_hobbyists', id))) throw notFound();
    const a = item.attributes;
    await recordAudit(trx, actor, 'screening.record.remove', `customer-hobbyist:${id}`, {
      phone_number: row!.phone_number,
      likes_count: a.likes_count,
      averages_count: a.averages_count,
      dislikes_count: a.dislikes_count,
      comments: comments.map((c) => ({ id: c.id, user_id: c.user_id, text: c.hobbyist_comment })),
    });
  });
  return item;
}
