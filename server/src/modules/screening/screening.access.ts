import {
  MESSAGES,
  SCREENING_LIMITS,
  type TScreeningAccessItem,
  type TScreeningAccessQuery,
  type TScreeningRefusal,
} from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../../db/audit-log.ts';
import { countedLimit, lockAccount } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { paginationMeta } from '../../http/paging.ts';
import type { Pagination } from '../../http/responses.ts';
import { type ScopedReads } from '../../http/items.ts';
import { type Item } from '../../http/strapi/find.ts';
import { readScreeningReadsPerDay } from '../reference/index.ts';
import {
  addReadsWithinCap,
  findEntryTimesSince,
  deleteSuspension,
  findProviderAccount,
  findScreeningAccessPage,
  findScreeningStanding,
  insertSuspension,
} from './screening.queries.ts';

/**
 * Who may screen and how much: a provider whose ID an admin verified, whose account is active and whose
 * screening is not suspended (the admin's suspensions, listed and set here); the rows each account may
 * read per day; and the new numbers and comments each provider may add per day, counted in the database.
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
export function rowsAnswered(items: Item[]): number {
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

export async function countReads(db: Kysely<DB>, actor: Actor | null, rows: number): Promise<void> {
  if (!actor || isAdmin(actor)) return;
  const n = Math.max(1, rows);
  const cap = await readScreeningReadsPerDay(db);
  if (n > cap || !(await addReadsWithinCap(db, actor.id, dayOf(Date.now()), n, cap))) {
    throw new AppError('RateLimitError', MESSAGES.screening.readLimit);
  }
}

/** `reads` with each list and item counted against the caller's daily cap before it is answered. */
export function countedReads(reads: ScopedReads): ScopedReads {
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
export async function requireDailyAllowance(trx: Transaction<DB>, actor: Actor): Promise<void> {
  if (isAdmin(actor)) return;
  const limit = { max: SCREENING_LIMITS.entriesPerDay, windowMs: DAY, rowTimes: findEntryTimesSince };
  if (await countedLimit(trx, actor.id, limit)) {
    throw new AppError('RateLimitError', MESSAGES.screening.dailyLimit);
  }
}
