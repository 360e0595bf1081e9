import type { TModerationItem, TModerationQuery, TRecordSignals, TSignalsQuery } from '@app/domain';
import {
  checkAdText,
  checkPlaceText,
  hammingDistance,
  manyCitiesSignal,
  comparablePhone,
  priceBelowMedianSignal,
  RISK_THRESHOLDS,
  riskScore,
  sharedPhoneSignal,
  sharedPhotoSignal,
  type RiskSignal,
  type RiskSignalKind,
} from '@app/domain/trust';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { RULES } from '../../access/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Pagination } from '../../http/responses.ts';
import type { Item } from '../../http/strapi/find.ts';
import type { ReviewedAreas } from './moderation.review.ts';
import { revisionChanges } from './moderation.revisions.ts';
import {
  findOwners,
  findOwnersRecords,
  findQueuePage,
  findRecordOwner,
  findSignalsOf,
  type RecordRef,
  type RecordType,
} from './moderation.queries.ts';
import { findRevisionPage } from './moderation.revisions.queries.ts';
import {
  findAdForSignals,
  findCandidatePictures,
  findCityHourlyRates,
  findOwnHashes,
  findPhoneMatches,
  findPlaceForSignals,
  findRecentAdCities,
  replaceRiskSignals,
  type AdForSignals,
  type MatchedRecord,
} from './moderation.signals.queries.ts';
import { pagedList } from '../../http/paging.ts';

/**
 * Moderation: the risk signals of ads and places, computed by the server when a record
 * is submitted or goes back to review, and the admin's queue of records waiting for review. The decision
 * itself is the directory's and the places' `PUT` (`review: 'approved' | 'rejected'`).
 */

type Db = Kysely<DB> | Transaction<DB>;

/** How many records of another account a shared phone or photo makes recompute, at most. */
const MAX_REFRESH = 20;

/** The signals one record's own data and the other records give, and the other records involved. */
async function signalsOf(
  db: Db,
  ref: RecordRef,
  overlay?: Record<string, unknown>,
): Promise<{ ownerId: number; signals: RiskSignal[]; matched: MatchedRecord[] } | undefined> {
  const signals: RiskSignal[] = [];
  const matched: MatchedRecord[] = [];
  let ownerId: number;
  let phone: string | null;
  let ad: AdForSignals | undefined;
  if (ref.type === 'provider') {
    ad = withOverlay(await findAdForSignals(db, ref.id), overlay);
    if (!ad) return undefined;
    ownerId = ad.user_id;
    phone = ad.phone;
    signals.push(...checkAdText(ad));
  } else {
    const place = withOverlay(await findPlaceForSignals(db, ref.id), overlay);
    if (!place) return undefined;
    ownerId = place.user_id;
    phone = place.phone;
    signals.push(...checkPlaceText(place));
  }

  // The same phone number on ads or places of other accounts.
  const digits = comparablePhone(phone);
  if (digits) {
    const others = await findPhoneMatches(db, digits, ownerId);
    const signal = sharedPhoneSignal(digits, new Set(others.map((o) => o.user_id)).size);
    if (signal) {
      signals.push(signal);
      matched.push(...others);
    }
  }

  // The same photo on records of other accounts.
  const own = await findOwnHashes(db, ref);
  const candidates = await findCandidatePictures(db, own, ownerId);
  const close = candidates.filter((c) =>
    own.some((h) => hammingDistance(h, c.phash) <= RISK_THRESHOLDS.samePhotoMaxDistance),
  );
  const photo = sharedPhotoSignal(
    own,
    close.map((c) => c.phash),
  );
  if (photo) {
    signals.push(photo);
    matched.push(...close);
  }

  if (ad) {
    // Many distant cities within a day (the account's ads, this one included).
    const since = new Date(Date.now() - RISK_THRESHOLDS.manyCitiesHours * 3600_000).toISOString();
    const cities = manyCitiesSignal(await findRecentAdCities(db, ownerId, since));
    if (cities) signals.push(cities);
    // A price far below the city's median.
    const price = priceBelowMedianSignal(ad.donation_hour, await findCityHourlyRates(db, ad, ad.id));
    if (price) signals.push(price);
  }
  return { ownerId, signals: ordered(signals), matched };
}

/**
 * A record's signal data with a revision's columns over it (only the columns the data has: the signals
 * of the record as the revision would make it). Numbers stay numbers.
 */
function withOverlay<T extends object>(row: T | undefined, overlay?: Record<string, unknown>): T | undefined {
  if (!row || !overlay) return row;
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overlay)) {
    if (!(key in out)) continue;
    out[key] = typeof out[key] === 'number' && value !== null ? Number(value) : value;
  }
  return out as T;
}

/** Signals heaviest first (then in the kinds' order), as stored and answered. */
function ordered(signals: RiskSignal[]): RiskSignal[] {
  return [...signals].sort((a, b) => b.weight - a.weight);
}

/**
 * Computes a record's risk signals and stores them in `risk_signals`, replacing what it had.
 * Call it in the transaction that creates the ad or place or sends it back to review. The records of
 * other accounts this one shares a phone number or a photo with, while they wait for review themselves, are
 * recomputed too (once, not further), so both sides of a match show it. Answers the record's signals.
 */
export async function computeRiskSignals(
  trx: Db,
  ref: { type: RecordType; id: number },
  opts: { refreshMatches?: boolean } = {},
): Promise<RiskSignal[]> {
  const found = await signalsOf(trx, ref);
  if (!found) {
    await replaceRiskSignals(trx, ref, null, []);
    return [];
  }
  await replaceRiskSignals(trx, ref, found.ownerId, found.signals);
  if (opts.refreshMatches !== false) {
    const seen = new Set<string>();
    for (const m of found.matched) {
      const key = `${m.type}:${m.id}`;
      if (m.review_state !== 'pending' || seen.has(key) || seen.size >= MAX_REFRESH) continue;
      seen.add(key);
      await computeRiskSignals(trx, m, { refreshMatches: false });
    }
  }
  return found.signals;
}

/**
 * The risk signals of a record as a pending revision would make it: its columns (`overlay`) over the
 * record's own data. Nothing is stored here (the revision keeps them) and no other record is recomputed.
 */
export async function computeRevisionSignals(
  trx: Db,
  ref: RecordRef,
  overlay: Record<string, unknown>,
): Promise<RiskSignal[]> {
  return (await signalsOf(trx, ref, overlay))?.signals ?? [];
}

// ---------------------------------------------------------------------------------------------
// The admin's reads

const recordType = (type: 'ad' | 'place'): RecordType => (type === 'ad' ? 'provider' : 'vendor');

/** How many of the owner's other records an item lists. */
const OTHER_RECORDS = 20;

/**
 * `GET /api/admin/moderation`: one page of the ads (or places) waiting for review, the highest risk score
 * first, then the oldest; each with its signals, its owner, the owner's other records and the record as the
 * admin's `GET /api/providers/:id?populate=*` (or `/api/vendors/:id`) answers it.
 */
export async function listModerationQueue(
  db: Kysely<DB>,
  records: ReviewedAreas,
  query: TModerationQuery,
): Promise<{ data: TModerationItem[]; meta: { pagination: Pagination } }> {
  if (query.queue === 'changes') return listRevisionQueue(db, records, query);
  const { page, pageSize } = query.pagination;
  const type = recordType(query.type);
  const { rows, total } = await findQueuePage(db, type, page, pageSize);
  const ids = rows.map((r) => r.id);
  const ownerIds = [...new Set(rows.map((r) => r.user_id))];
  const [signals, owners, others] = await Promise.all([
    findSignalsOf(db, type, ids),
    findOwners(db, ownerIds),
    findOwnersRecords(db, type, ownerIds, OTHER_RECORDS + 1),
  ]);
  const read = (id: number): Promise<Item | undefined> => records[type].read(db, id);
  const data: TModerationItem[] = [];
  for (const r of rows) {
    const owner = owners.find((o) => Number(o.id) === r.user_id);
    data.push({
      type: query.type,
      id: r.id,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      risk_score: r.risk_score,
      signals: signals
        .filter((s) => s.record_id === r.id)
        .map((s) => ({ kind: s.kind as RiskSignalKind, weight: s.weight, explanation: s.explanation })),
      owner: queueOwner(owner),
      other_ads: others
        .filter((o) => o.user_id === r.user_id && o.id !== r.id)
        .slice(0, OTHER_RECORDS)
        .map(({ id, name, review }) => ({ id, name, review })),
      // One record at a time: the item reader loads its relations (images full size among them).
      record: (await read(r.id)) ?? null,
    });
  }
  return pagedList(data, query.pagination, total);
}

/** The owner of a queue item, as the moderator sees it. */
function queueOwner(
  owner: Awaited<ReturnType<typeof findOwners>>[number] | undefined,
): TModerationItem['owner'] {
  return owner
    ? {
        id: Number(owner.id),
        username: owner.username,
        email: owner.email,
        verification: owner.verification,
        is_active: Number(owner.is_active) === 1,
        createdAt: owner.created_at,
      }
    : null;
}

/**
 * `GET /api/admin/moderation?queue=changes`: one page of the pending revisions of approved ads (or places),
 * the highest risk score first, then the oldest; each with the record as the public sees it now, the
 * revision field by field against it, and the signals computed on the record as the revision would make it.
 */
async function listRevisionQueue(
  db: Kysely<DB>,
  records: ReviewedAreas,
  query: TModerationQuery,
): Promise<{ data: TModerationItem[]; meta: { pagination: Pagination } }> {
  const { page, pageSize } = query.pagination;
  const type = recordType(query.type);
  const { rows, total } = await findRevisionPage(db, type, page, pageSize);
  const ownerIds = [...new Set(rows.map((r) => r.userId))];
  const [owners, others] = await Promise.all([
    findOwners(db, ownerIds),
    findOwnersRecords(db, type, ownerIds, OTHER_RECORDS + 1),
  ]);
  const data: TModerationItem[] = [];
  for (const r of rows) {
    const record = (await records[type].read(db, r.recordId)) ?? null;
    data.push({
      type: query.type,
      id: r.recordId,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      risk_score: r.riskScore,
      signals: r.signals.map((s) => ({ kind: s.kind, weight: s.weight, explanation: s.explanation })),
      owner: queueOwner(owners.find((o) => Number(o.id) === r.userId)),
      other_ads: others
        .filter((o) => o.user_id === r.userId && o.id !== r.recordId)
        .slice(0, OTHER_RECORDS)
        .map(({ id, name, review }) => ({ id, name, review })),
      record,
      revision: { id: r.id, updatedAt: r.updatedAt, changes: await revisionChanges(db, r, record) },
    });
  }
  return pagedList(data, query.pagination, total);
}

/** `GET /api/admin/signals`: a record's stored signals and score; a 404 for a record that does not exist. */
export async function getRecordSignals(
  db: Kysely<DB>,
  query: TSignalsQuery,
): Promise<{ data: TRecordSignals }> {
  const ref = { type: recordType(query.type), id: query.id };
  if ((await findRecordOwner(db, ref)) === undefined) {
    throw notFound(RULES[query.type === 'ad' ? 'provider.read' : 'place.read'].missing);
  }
  const signals = (await findSignalsOf(db, ref.type, [ref.id])).map((s) => ({
    kind: s.kind as RiskSignalKind,
    weight: s.weight,
    explanation: s.explanation,
  }));
  return { data: { risk_score: riskScore(signals), signals } };
}
