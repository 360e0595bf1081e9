import {
  MESSAGES,
  phoneDigits,
  SCREENING_LIMITS,
  type THobbyistRatingKind,
  type TScreeningAccessItem,
  type TScreeningAccessQuery,
  type TScreeningRefusal,
} from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { requireAccess, RULES, type Permission } from '../../access/index.ts';
import { auditCreate, recordAudit } from '../../db/audit-log.ts';
import { countedLimit, lockAccount, lockRow } from '../../db/locks.ts';
import { deleteById, updateById } from '../../db/rows.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, badRequest, fieldError, notFound } from '../../http/errors.ts';
import type { Pagination } from '../../http/responses.ts';
import {
  getWrittenItem,
  plainItem,
  scopedReads,
  type ItemQuery,
  type ScopedReads,
} from '../../http/items.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import type { FilterNode, ParsedQuery } from '../../http/strapi/parse.ts';
import type { ResourceDef } from '../../http/strapi/resource.ts';
import { fileReportOnce } from '../content/index.ts';
import { readScreeningReadsPerDay } from '../reference/index.ts';
import {
  addReadsWithinCap,
  findEntryTimesSince,
  deleteSuspension,
  findProviderAccount,
  findRating,
  findScreeningAccessPage,
  findScreeningStanding,
  insertSuspension,
  findRecordCounts,
  findRecordIdByPhone,
  insertComment,
  insertRatingIfNone,
  insertRecordIfNew,
  type RecordCounts,
} from './screening.queries.ts';
import {
  customerHobbyistResource,
  HOBBYIST_RATING_RESOURCES,
  hobbyistCommentResource,
} from './screening.resources.ts';
import { paginationMeta } from '../../http/paging.ts';

/**
 * Screening of hobbyists by providers. The routes let provider accounts and the
 * admin through, and `requireScreeningAccess` only providers whose ID an admin verified, whose account
 * is active and whose screening is not suspended; every record, rating and comment is shared among them
 * (`customerHobbyist.read` …),
 * each provider changes only their own ratings and comments, the admin removes anything (recorded in
 * `audit_log`). New numbers and comments are limited per provider and day, counted in the database.
 */

const DAY = 24 * 3600 * 1000;

// ---------------------------------------------------------------------------------------------
// Who may screen

const REFUSED: Record<TScreeningRefusal, string> = {
  verification_pending: MESSAGES.screening.verificationPending,
  verification_rejected: MESSAGES.screening.verificationRejected,
  suspended: MESSAGES.screening.suspended,
};

/**
 * The one check every screening route runs after the route's own (providers and the admin): a provider
 * screens only while an admin has verified their ID, their account is active and the admin has not
 * suspended their screening. Read from the database on every request, so a verification set back to
 * rejected, a block or a suspension takes effect on the next request. A refusal is a 403 whose message
 * says why and whose `details.code` names it (`TScreeningRefusal`). The admin passes; other callers
 * never reach here (the route's preset refused them).
 */
export async function requireScreeningAccess(db: Kysely<DB>, actor: Actor | null): Promise<void> {
  if (!actor || isAdmin(actor) || actor.userType !== 'Provider') return;
  const standing = await findScreeningStanding(db, actor.id);
  const refusal: TScreeningRefusal | undefined =
    standing?.verification === 'rejected' || !standing?.active
      ? 'verification_rejected'
      : standing.verification !== 'verified'
        ? 'verification_pending'
        : standing.suspended
          ? 'suspended'
          : undefined;
  if (refusal) throw new AppError('ForbiddenError', REFUSED[refusal], { code: refusal });
}

// ---------------------------------------------------------------------------------------------
// Reads per account and day

/** Today's UTC day, `YYYY-MM-DD`, the key of `screening_reads`. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Counts a read of `rows` screening rows (`rowsAnswered`; a request that answers none counts as one) against the
 * provider's cap of the day, `screening_reads_per_day`, before they are answered: one atomic upsert adds
 * them unless the day's total would pass the cap, which is a 429 (the rows are neither answered nor
 * counted). The admin is not counted.
 */
/**
 * The screening rows an answer holds: each item, and each item populated under it (a record's ratings
 * and comments, a rating's record), however deep; the provider who wrote an entry (`user_provider`) is
 * not screening data and is not counted. Counting what `populate` adds keeps a page of 20 records with
 * all their comments from passing as 20 rows.
 */
function rowsAnswered(items: Item[]): number {
  let rows = 0;
  for (const item of items) {
    rows += 1;
    for (const [name, value] of Object.entries(item.attributes)) {
      if (name === 'user_provider' || !value || typeof value !== 'object' || !('data' in value)) continue;
      const data = (value as { data: unknown }).data;
      if (Array.isArray(data)) rows += rowsAnswered(data as Item[]);
      else if (data && typeof data === 'object' && 'attributes' in data) rows += rowsAnswered([data as Item]);
    }
  }
  return rows;
}

async function countReads(db: Kysely<DB>, actor: Actor | null, rows: number): Promise<void> {
  if (!actor || isAdmin(actor)) return;
  const n = Math.max(1, rows);
  const cap = await readScreeningReadsPerDay(db);
  if (n > cap || !(await addReadsWithinCap(db, actor.id, dayOf(Date.now()), n, cap))) {
    throw new AppError('RateLimitError', MESSAGES.screening.readLimit);
  }
}

/** `reads` with each list and item counted against the caller's daily cap before it is answered. */
function countedReads(reads: ScopedReads): ScopedReads {
  return {
    resource: reads.resource,
    list: async (db, actor, q) => {
      const page = await reads.list(db, actor, q);
      await countReads(db, actor, rowsAnswered(page.data));
      return page;
    },
    get: async (db, actor, id, q) => {
      const item = await reads.get(db, actor, id, q);
      await countReads(db, actor, rowsAnswered([item]));
      return item;
    },
  };
}

/**
 * `GET /api/admin/screening-access`: provider accounts with the rows they were answered today and over
 * the last 7 days (most first) and whether their screening is suspended; `meta.reads_per_day` is the cap.
 */
export async function listScreeningAccess(
  db: Kysely<DB>,
  query: TScreeningAccessQuery,
): Promise<{ data: TScreeningAccessItem[]; meta: { pagination: Pagination; reads_per_day: number } }> {
  const now = Date.now();
  const { page, pageSize } = query.pagination;
  const { rows, total } = await findScreeningAccessPage(db, {
    q: query.q,
    page,
    pageSize,
    today: dayOf(now),
    weekStart: dayOf(now - 6 * DAY),
  });
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      username: r.username,
      verification: r.verification,
      is_active: Number(r.is_active) === 1,
      reads_today: Number(r.reads_today),
      reads_7_days: Number(r.reads_7_days),
      suspended_at: r.suspended_at ?? null,
    })),
    meta: {
      pagination: paginationMeta(query.pagination, total),
      reads_per_day: await readScreeningReadsPerDay(db),
    },
  };
}

/**
 * `PUT /api/admin/screening-access/:id`: the admin suspends (`suspended: true`) or restores a provider
 * account's screening; a change is recorded (`screening.suspend`, `screening.restore`, subject
 * `user:<id>`) in its transaction, a repeat changes and records nothing. Not a provider account: a 404.
 */
export async function setScreeningSuspended(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  suspended: boolean,
): Promise<{ data: { id: number; suspended: boolean }; meta: Record<string, never> }> {
  await db.transaction().execute(async (trx) => {
    await lockAccount(trx, id);
    if (!(await findProviderAccount(trx, id))) throw notFound(MESSAGES.screening.accountNotFound);
    const changed = suspended ? await insertSuspension(trx, id, actor.id) : await deleteSuspension(trx, id);
    if (changed) {
      await recordAudit(
        trx,
        actor,
        suspended ? 'screening.suspend' : 'screening.restore',
        `user:${id}`,
        null,
        { before: { suspended: !suspended }, after: { suspended } },
      );
    }
  });
  // A repeat changes nothing and has nothing to record (the admin-write fallback neither).
  actor.audited = true;
  return { data: { id, suspended }, meta: {} };
}

// ---------------------------------------------------------------------------------------------
// The daily allowance

/**
 * Within the account's lock (db/locks.ts): refuses with a 429 once the provider added
 * `SCREENING_LIMITS.entriesPerDay` numbers and comments in the last 24 hours. The admin is exempt.
 */
async function requireDailyAllowance(trx: Transaction<DB>, actor: Actor): Promise<void> {
  if (isAdmin(actor)) return;
  const limit = { max: SCREENING_LIMITS.entriesPerDay, windowMs: DAY, rowTimes: findEntryTimesSince };
  if (await countedLimit(trx, actor.id, limit)) {
    throw new AppError('RateLimitError', MESSAGES.screening.dailyLimit);
  }
}

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
function withPhoneDigits(def: ResourceDef, q: ParsedQuery): ParsedQuery {
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
    const comments = await trx
      .selectFrom('hobbyist_comments')
      .select(['id', 'user_id', 'hobbyist_comment'])
      .where('customer_hobbyist_id', '=', id)
      .orderBy('id')
      .execute();
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

// ---------------------------------------------------------------------------------------------
// Ratings (hobbyist-likes, -averages, -dislikes)

const RATING_PERMISSION = {
  like: { read: 'hobbyistLike.read', update: 'hobbyistLike.update' },
  average: { read: 'hobbyistAverage.read', update: 'hobbyistAverage.update' },
  dislike: { read: 'hobbyistDislike.read', update: 'hobbyistDislike.update' },
} as const satisfies Record<THobbyistRatingKind, { read: Permission; update: Permission }>;

export interface RatingCounts {
  likes: number;
  averages: number;
  dislikes: number;
}
export interface RatingResult {
  data: Item;
  meta: { counts: RatingCounts };
}

/**
 * List and get of one kind (`hobbyist<Kind>.read`). Built when routes are registered, not while the
 * modules load.
 */
export const ratingReads = (kind: THobbyistRatingKind): ScopedReads => {
  const reads = countedReads(
    scopedReads(HOBBYIST_RATING_RESOURCES[kind], (actor) => RULES[RATING_PERMISSION[kind].read].see(actor)),
  );
  return { ...reads, list: (db, actor, q) => reads.list(db, actor, withPhoneDigits(reads.resource, q)) };
};

/** A rating's answer: the item and its record's three counters as they are now. */
async function withRatingCounts(db: Kysely<DB>, item: Item, recordId: number): Promise<RatingResult> {
  const c = (await findRecordCounts(db, [recordId], 0)).get(recordId)!;
  return {
    data: item,
    meta: { counts: { likes: c.likes_count, averages: c.averages_count, dislikes: c.dislikes_count } },
  };
}

const MAX_RATING_ATTEMPTS = 12;

/**
 * The access check of a write that names a record, as the first statements of its transaction: the
 * record's row is locked, so it cannot be deleted between the check and the insert (which would break
 * the foreign key: a 500); a record deleted before is the check's 404.
 */
async function requireRecordInTransaction(trx: Transaction<DB>, actor: Actor, recordId: number) {
  await lockRow(trx, 'customer_hobbyists', recordId);
  await requireAccess(trx, actor, 'customerHobbyist.read', [recordId]);
}

/**
 * Gives the caller's rating `kind` to a record. In one transaction the caller's other rating of it
 * goes and the new one comes; holding `kind` already changes nothing. The unique key (record,
 * provider) settles parallel clicks: a losing insert does nothing and the attempt starts again from
 * what the winner left, so exactly one rating remains.
 */
export async function createRating(
  db: Kysely<DB>,
  actor: Actor,
  kind: THobbyistRatingKind,
  recordId: number,
): Promise<RatingResult> {
  const resource = HOBBYIST_RATING_RESOURCES[kind];
  for (let attempt = 0; attempt < MAX_RATING_ATTEMPTS; attempt++) {
    const result = await db.transaction().execute(async (trx) => {
      await requireRecordInTransaction(trx, actor, recordId);
      const held = await findRating(trx, actor.id, recordId);
      let id: number | undefined;
      if (held?.kind === kind) {
        id = held.id;
      } else {
        if (held) await deleteById(trx, 'hobbyist_ratings', held.id);
        id = await insertRatingIfNone(trx, { user_id: actor.id, customer_hobbyist_id: recordId, kind });
        if (id !== undefined) await auditCreate(trx, actor, `hobbyist-${kind}`, 'hobbyist_ratings', id);
      }
      // Read back in the transaction: a parallel request may replace the rating once this commits.
      const item =
        id === undefined ? undefined : await findOne(trx, resource, id, plainItem, { scope: null });
      return item && withRatingCounts(trx, item, recordId);
    });
    if (result) return result;
  }
  throw new AppError('ConflictError', MESSAGES.screening.ratingChanged);
}

/** The rating `id` of `kind` as the actor may change it (its provider, or the admin). */
async function requireOwnRating(db: Kysely<DB>, actor: Actor, kind: THobbyistRatingKind, id: number) {
  const [row] = await requireAccess(
    db,
    actor,
    RATING_PERMISSION[kind].update,
    [id],
    ['customer_hobbyist_id', 'user_id'],
  );
  return {
    item: await getWrittenItem(db, HOBBYIST_RATING_RESOURCES[kind], id),
    recordId: Number(row!.customer_hobbyist_id),
    userId: Number(row!.user_id),
  };
}

/** `PUT /:id`: nothing to edit (switching is a POST to the other path); checks access, answers it. */
export async function updateRating(db: Kysely<DB>, actor: Actor, kind: THobbyistRatingKind, id: number) {
  const { item, recordId } = await requireOwnRating(db, actor, kind, id);
  return withRatingCounts(db, item, recordId);
}

/** Removes a rating (its provider, or the admin: recorded); answers it as it was. */
export async function deleteRating(db: Kysely<DB>, actor: Actor, kind: THobbyistRatingKind, id: number) {
  const { item, recordId, userId } = await requireOwnRating(db, actor, kind, id);
  await db.transaction().execute(async (trx) => {
    const gone = await deleteById(trx, 'hobbyist_ratings', id);
    if (gone && isAdmin(actor)) {
      await recordAudit(trx, actor, 'screening.rating.remove', `hobbyist-${kind}:${id}`, {
        kind,
        customer_hobbyist: recordId,
        user_provider: userId,
      });
    }
  });
  return withRatingCounts(db, item, recordId);
}

// ---------------------------------------------------------------------------------------------
// Comments

export const commentReads = (): ScopedReads => {
  const reads = countedReads(
    scopedReads(hobbyistCommentResource, (actor) => RULES['hobbyistComment.read'].see(actor)),
  );
  return { ...reads, list: (db, actor, q) => reads.list(db, actor, withPhoneDigits(reads.resource, q)) };
};

/** A provider's comment on a record (trimmed by the schema); counts towards the daily allowance. */
export async function createComment(
  db: Kysely<DB>,
  actor: Actor,
  recordId: number,
  text: string,
): Promise<Item> {
  const id = await db.transaction().execute(async (trx) => {
    await requireRecordInTransaction(trx, actor, recordId);
    await requireDailyAllowance(trx, actor);
    const newId = await insertComment(trx, {
      user_id: actor.id,
      customer_hobbyist_id: recordId,
      hobbyist_comment: text,
    });
    await auditCreate(trx, actor, 'hobbyist-comment', 'hobbyist_comments', newId);
    return newId;
  });
  return getWrittenItem(db, hobbyistCommentResource, id);
}

/** Replaces a comment's text (its author, or the admin: recorded with the text it had). */
export async function updateComment(db: Kysely<DB>, actor: Actor, id: number, text: string): Promise<Item> {
  const [row] = await requireAccess(
    db,
    actor,
    'hobbyistComment.update',
    [id],
    ['hobbyist_comment', 'user_id'],
  );
  await db.transaction().execute(async (trx) => {
    if (!(await updateById(trx, 'hobbyist_comments', id, { hobbyist_comment: text }))) throw notFound();
    if (isAdmin(actor) && Number(row!.user_id) !== actor.id) {
      await recordAudit(trx, actor, 'screening.comment.update', `hobbyist-comment:${id}`, {
        user_provider: Number(row!.user_id),
        text: row!.hobbyist_comment,
        new_text: text,
      });
    }
  });
  return getWrittenItem(db, hobbyistCommentResource, id);
}

/** Deletes a comment (its author, or the admin: recorded with its text); answers it as it was. */
export async function deleteComment(db: Kysely<DB>, actor: Actor, id: number): Promise<Item> {
  const [row] = await requireAccess(
    db,
    actor,
    'hobbyistComment.update',
    [id],
    ['hobbyist_comment', 'user_id', 'customer_hobbyist_id'],
  );
  const item = await getWrittenItem(db, hobbyistCommentResource, id);
  await db.transaction().execute(async (trx) => {
    if (!(await deleteById(trx, 'hobbyist_comments', id))) throw notFound();
    if (isAdmin(actor)) {
      await recordAudit(trx, actor, 'screening.comment.remove', `hobbyist-comment:${id}`, {
        customer_hobbyist: Number(row!.customer_hobbyist_id),
        user_provider: Number(row!.user_id),
        text: row!.hobbyist_comment,
      });
    }
  });
  return item;
}

/**
 * `POST /api/hobbyist-comments/:id/flag`: another provider's comment goes to the admin's report queue
 * (`GET /api/reports`), about `hobbyist-comment:<id>`, with the comment's text. One report per
 * provider and comment: a repeat answers the report already filed. One's own comment is a 400.
 */
export async function flagComment(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  details: string | undefined,
): Promise<{ data: { id: number; attributes: { status: string } }; meta: Record<string, never> }> {
  const [row] = await requireAccess(db, actor, 'hobbyistComment.read', [id], ['hobbyist_comment', 'user_id']);
  if (Number(row!.user_id) === actor.id) throw badRequest(MESSAGES.screening.ownFlag);
  const report = await fileReportOnce(db, actor, {
    reason: 'Offensive or illegal content',
    details: [MESSAGES.screening.flagReason, details, `"${String(row!.hobbyist_comment)}"`]
      .filter(Boolean)
      .join('\n'),
    listing: `hobbyist-comment:${id}`,
    // The reported record, for the console's reports queue and link.
    subject: `hobbyist-comment:${id}`,
  });
  return { data: { id: report.id, attributes: { status: report.status } }, meta: {} };
}
