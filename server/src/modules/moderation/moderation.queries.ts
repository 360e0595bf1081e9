import { phashBandProbes, type RiskSignal } from '@app/domain/trust';
import { sql, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import { shownProvider } from '../../access/index.ts';
import { nowIso } from '../../db/dialect.ts';
import type { DB, PendingRevisionsTable } from '../../db/schema.ts';

/** SQL of the moderation area: risk signals, what they are computed from, and the moderation queue. */

type Db = Kysely<DB> | Transaction<DB>;

/** A record signals are kept for: an ad (`providers`) or a place (`vendors`). */
export type RecordType = 'provider' | 'vendor';
export interface RecordRef {
  type: RecordType;
  id: number;
}
type ReviewState = 'pending' | 'approved' | 'rejected';

// ---------------------------------------------------------------------------------------------
// What the signals are computed from

export interface AdForSignals {
  id: number;
  user_id: number;
  title: string;
  name: string;
  message: string | null;
  discount_code: string | null;
  age: number;
  phone: string | null;
  country: string;
  state: string;
  city: string;
  donation_hour: number | null;
}

export async function findAdForSignals(db: Db, id: number): Promise<AdForSignals | undefined> {
  const row = await db
    .selectFrom('providers')
    .select([
      'id',
      'user_id',
      'title',
      'name',
      'message',
      'discount_code',
      'age',
      'phone',
      'country',
      'state',
      'city',
      'donation_hour',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    age: Number(row.age),
    donation_hour: row.donation_hour === null ? null : Number(row.donation_hour),
  };
}

export interface PlaceForSignals {
  id: number;
  user_id: number;
  name: string;
  phone: string;
}

export async function findPlaceForSignals(db: Db, id: number): Promise<PlaceForSignals | undefined> {
  const row = await db
    .selectFrom('places')
    .select(['id', 'user_id', 'name', 'phone'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id), user_id: Number(row.user_id) };
}

/** Another account's record a cross-record signal found. */
export interface MatchedRecord extends RecordRef {
  user_id: number;
  review_state: ReviewState;
}

/**
 * The ads and places of accounts other than `ownerId` whose phone number has these digits (`comparablePhone`:
 * the US country code 1 in front is not part of them). Through the `phone_digits` indexes, which the
 * directory and the places write with the phone.
 */
export async function findPhoneMatches(db: Db, digits: string, ownerId: number): Promise<MatchedRecord[]> {
  const [ads, places] = await Promise.all([
    db
      .selectFrom('providers as p')
      .select(['p.id', 'p.user_id', 'p.review_state'])
      .where('p.phone_digits', '=', digits)
      .where('p.user_id', '<>', ownerId)
      .execute(),
    db
      .selectFrom('places as v')
      .select(['v.id', 'v.user_id', 'v.review_state'])
      .where('v.phone_digits', '=', digits)
      .where('v.user_id', '<>', ownerId)
      .execute(),
  ]);
  return [
    ...ads.map((r) => ({
      type: 'provider' as const,
      id: Number(r.id),
      user_id: Number(r.user_id),
      review_state: r.review_state,
    })),
    ...places.map((r) => ({
      type: 'vendor' as const,
      id: Number(r.id),
      user_id: Number(r.user_id),
      review_state: r.review_state,
    })),
  ];
}

/** The perceptual hashes of a record's pictures: an ad's images, a place's picture. */
export async function findOwnHashes(db: Db, ref: RecordRef): Promise<string[]> {
  const rows =
    ref.type === 'provider'
      ? await db
          .selectFrom('provider_images as pi')
          .innerJoin('files as f', 'f.id', 'pi.file_id')
          .select('f.phash')
          .where('pi.provider_id', '=', ref.id)
          .where('f.phash', 'is not', null)
          .execute()
      : await db
          .selectFrom('places as v')
          .innerJoin('files as f', 'f.id', 'v.image_id')
          .select('f.phash')
          .where('v.id', '=', ref.id)
          .where('f.phash', 'is not', null)
          .execute();
  return [...new Set(rows.map((r) => r.phash!))];
}

/** A picture of another account's record, with its hash. */
export interface HashedPicture extends MatchedRecord {
  phash: string;
}

/**
 * At most this many candidate pictures are read for one record (a few dozen is usual: each probe matches about
 * 1 in 65,536 pictures); a bound on the statement's size, should some band value be very common.
 */
const MAX_PHOTO_CANDIDATES = 2000;

/**
 * The pictures of other accounts' ads and places that may be within a few bits of one of `hashes`: a hash
 * within 6 bits of another differs in at most one bit in one of its 4 bands of 16 bits, so the band values
 * `phashBandProbes` gives find it in `file_phash_bands` through its (band, value) index. The exact distance
 * is the caller's.
 */
export async function findCandidatePictures(
  db: Db,
  hashes: readonly string[],
  ownerId: number,
): Promise<HashedPicture[]> {
  const probes = hashes.map(phashBandProbes);
  const perBand = Array.from({ length: 4 }, (_, band) => [...new Set(probes.flatMap((p) => p[band] ?? []))]);
  if (!perBand.some((values) => values.length)) return [];
  // First the files with a band at most one bit from one of the hashes' (one index probe a value), then
  // the records showing them by those ids: two short index reads, not a join the planner might scan.
  const files = await db
    .selectFrom('file_phash_bands as b')
    .select('b.file_id')
    .distinct()
    .where((eb) =>
      eb.or(
        perBand.flatMap((values, band) =>
          values.length ? [eb.and([eb('b.band', '=', band), eb('b.value', 'in', values)])] : [],
        ),
      ),
    )
    .limit(MAX_PHOTO_CANDIDATES)
    .execute();
  const ids = files.map((f) => Number(f.file_id));
  if (!ids.length) return [];
  const [ads, places] = await Promise.all([
    db
      .selectFrom('provider_images as pi')
      .innerJoin('files as f', 'f.id', 'pi.file_id')
      .innerJoin('providers as p', 'p.id', 'pi.provider_id')
      .select(['f.phash', 'p.id', 'p.user_id', 'p.review_state'])
      .where('pi.file_id', 'in', ids)
      .where('p.user_id', '<>', ownerId)
      .where('f.phash', 'is not', null)
      .execute(),
    db
      .selectFrom('places as v')
      .innerJoin('files as f', 'f.id', 'v.image_id')
      .select(['f.phash', 'v.id', 'v.user_id', 'v.review_state'])
      .where('v.image_id', 'in', ids)
      .where('v.user_id', '<>', ownerId)
      .where('f.phash', 'is not', null)
      .execute(),
  ]);
  const row = (type: RecordType) => (r: (typeof ads)[number]) => ({
    type,
    id: Number(r.id),
    user_id: Number(r.user_id),
    review_state: r.review_state,
    phash: r.phash!,
  });
  return [...ads.map(row('provider')), ...places.map(row('vendor'))];
}

/**
 * The cities of an account's ads created since `since` (ISO), with the coordinates the lookups hold for
 * each (null when the city is not among them or has none), oldest first.
 */
export async function findRecentAdCities(db: Db, ownerId: number, since: string) {
  const rows = await db
    .selectFrom('providers as p')
    .leftJoin('cities as c', (join) =>
      join
        .onRef('c.state_code', '=', 'p.state')
        .onRef('c.country_code', '=', 'p.country')
        // `cities_city_key_index`: (country_code, state_code, lower(city_name)).
        .on(sql<SqlBool>`lower(${sql.ref('c.city_name')}) = lower(${sql.ref('p.city')})`),
    )
    .select(['p.city', 'p.state', 'c.latitude', 'c.longitude'])
    .where('p.user_id', '=', ownerId)
    .where('p.created_at', '>=', since)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    city: r.city,
    state: r.state,
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
  }));
}

/**
 * The hourly rates (cents, above 0) of the public ads in a city, but `exceptId`'s. The city is compared
 * without regard to case through `providers_city_key_index`: (country, state, lower(city)).
 */
export async function findCityHourlyRates(
  db: Db,
  place: { country: string; state: string; city: string },
  exceptId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('providers as p')
    .select('p.donation_hour')
    .where('p.country', '=', place.country)
    .where('p.state', '=', place.state)
    .where(sql<SqlBool>`lower(${sql.ref('p.city')}) = ${place.city.toLowerCase()}`)
    .where('p.id', '<>', exceptId)
    .where('p.donation_hour', '>', 0)
    .where((eb) => shownProvider(eb, 'p'))
    .execute();
  return rows.map((r) => Number(r.donation_hour));
}

/** Replaces a record's signals with `signals` (none: the record has no signal any more). */
export async function replaceRiskSignals(
  trx: Db,
  ref: RecordRef,
  userId: number | null,
  signals: readonly RiskSignal[],
): Promise<void> {
  await trx
    .deleteFrom('risk_signals')
    .where('record_type', '=', ref.type)
    .where('record_id', '=', ref.id)
    .execute();
  if (!signals.length) return;
  const now = nowIso();
  await trx
    .insertInto('risk_signals')
    .values(
      signals.map((s) => ({
        record_type: ref.type,
        record_id: ref.id,
        user_id: userId,
        kind: s.kind,
        weight: s.weight,
        explanation: s.explanation,
        created_at: now,
      })),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------
// The queue

const tableOf = (type: RecordType) => (type === 'provider' ? 'providers' : 'places');

/** Each record's risk score (the sum of its signals' weights) as a subquery to join. */
const scores = (db: Db, type: RecordType) =>
  db
    .selectFrom('risk_signals')
    .select(['record_id', (eb) => eb.fn.sum<number>('weight').as('score')])
    .where('record_type', '=', type)
    .groupBy('record_id');

/**
 * One page of the records waiting for review: highest risk score first, then the oldest, then by id; and
 * how many there are.
 */
export async function findQueuePage(db: Db, type: RecordType, page: number, pageSize: number) {
  const table = tableOf(type);
  // Both tables have these columns; Kysely cannot narrow a table chosen at run time.
  const q = (db as Kysely<DB>)
    .selectFrom(`${table} as r` as 'providers as r')
    .leftJoin(scores(db, type).as('s'), 's.record_id', 'r.id')
    .where('r.review_state', '=', 'pending');
  const [rows, count] = await Promise.all([
    q
      .select([
        'r.id',
        'r.user_id',
        'r.created_at',
        'r.updated_at',
        sql<number>`coalesce(${sql.ref('s.score')}, 0)`.as('risk_score'),
      ])
      .orderBy('risk_score', 'desc')
      .orderBy('r.created_at', 'asc')
      .orderBy('r.id', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      user_id: Number(r.user_id),
      created_at: r.created_at,
      updated_at: r.updated_at,
      risk_score: Number(r.risk_score),
    })),
    total: Number(count?.n ?? 0),
  };
}

/** The stored signals of records, heaviest first. */
export async function findSignalsOf(db: Db, type: RecordType, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('risk_signals')
    .select(['record_id', 'kind', 'weight', 'explanation'])
    .where('record_type', '=', type)
    .where('record_id', 'in', ids)
    .orderBy('weight', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, record_id: Number(r.record_id), weight: Number(r.weight) }));
}

/** A record's owner id, or undefined when the record does not exist. */
export async function findRecordOwner(db: Db, ref: RecordRef): Promise<number | undefined> {
  const row = await (db as Kysely<DB>)
    .selectFrom(`${tableOf(ref.type)} as r` as 'providers as r')
    .select('r.user_id')
    .where('r.id', '=', ref.id)
    .executeTakeFirst();
  return row ? Number(row.user_id) : undefined;
}

/** The accounts of the queue's owners. */
export async function findOwners(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'verification', 'is_active', 'created_at'])
    .where('id', 'in', ids)
    .execute();
}

/** Up to `limit` ads (or places) of each owner, newest first (the caller leaves out the record shown). */
export async function findOwnersRecords(
  db: Db,
  type: RecordType,
  ownerIds: readonly number[],
  limit: number,
) {
  if (!ownerIds.length) return [];
  const numbered = (db as Kysely<DB>)
    .selectFrom(`${tableOf(type)} as r` as 'providers as r')
    .select([
      'r.id',
      'r.user_id',
      'r.name',
      'r.review_state',
      sql<number>`row_number() over (partition by ${sql.ref('r.user_id')} order by ${sql.ref('r.id')} desc)`.as(
        'n',
      ),
    ])
    .where('r.user_id', 'in', ownerIds);
  const rows = await (db as Kysely<DB>)
    .selectFrom(numbered.as('x'))
    .selectAll()
    .where('x.n', '<=', limit)
    .orderBy('x.user_id')
    .orderBy('x.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    user_id: Number(r.user_id),
    name: r.name,
    review: r.review_state,
  }));
}

// ---------------------------------------------------------------------------------------------
// Pending revisions: an owner's changes to an approved record, waiting for review

/** A pending (or rejected) revision, its JSON read. */
export interface RevisionRow {
  id: number;
  type: RecordType;
  recordId: number;
  userId: number;
  fields: Record<string, unknown>;
  state: 'pending' | 'rejected';
  reason: string | null;
  signals: RiskSignal[];
  riskScore: number;
  createdAt: string;
  updatedAt: string;
}

const recordColumn = (type: RecordType) => (type === 'provider' ? 'provider_id' : 'place_id');

const revisionColumns = [
  'id',
  'provider_id',
  'place_id',
  'user_id',
  'fields',
  'state',
  'reason',
  'signals',
  'risk_score',
  'created_at',
  'updated_at',
] as const;

function toRevision(r: Selectable<PendingRevisionsTable>): RevisionRow {
  return {
    id: Number(r.id),
    type: r.provider_id !== null ? 'provider' : 'vendor',
    recordId: Number(r.provider_id ?? r.place_id),
    userId: Number(r.user_id),
    fields: JSON.parse(r.fields) as Record<string, unknown>,
    state: r.state,
    reason: r.reason,
    signals: JSON.parse(r.signals) as RiskSignal[],
    riskScore: Number(r.risk_score),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The revisions of these records (at most one each). */
export async function findRevisionsOf(
  db: Db,
  type: RecordType,
  recordIds: readonly number[],
): Promise<RevisionRow[]> {
  if (!recordIds.length) return [];
  const rows = await db
    .selectFrom('pending_revisions')
    .select(revisionColumns)
    .where(recordColumn(type), 'in', recordIds)
    .execute();
  return rows.map(toRevision);
}

/** One revision by its id. */
export async function findRevisionById(db: Db, id: number): Promise<RevisionRow | undefined> {
  const row = await db
    .selectFrom('pending_revisions')
    .select(revisionColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRevision(row);
}

/** An account's revisions of one kind of record, newest first. */
export async function findOwnRevisions(db: Db, userId: number, type: RecordType): Promise<RevisionRow[]> {
  const rows = await db
    .selectFrom('pending_revisions')
    .select(revisionColumns)
    .where('user_id', '=', userId)
    .where(recordColumn(type), 'is not', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRevision);
}

/**
 * Writes a record's revision as pending: the existing row (pending or rejected) is replaced in place,
 * keeping its id and creation time, else a new row.
 */
export async function saveRevision(
  trx: Db,
  ref: RecordRef,
  userId: number,
  fields: Record<string, unknown>,
  signals: readonly RiskSignal[],
): Promise<void> {
  const now = nowIso();
  const values = {
    fields: JSON.stringify(fields),
    state: 'pending' as const,
    reason: null,
    signals: JSON.stringify(signals),
    risk_score: signals.reduce((sum, s) => sum + s.weight, 0),
    updated_at: now,
  };
  const updated = await trx
    .updateTable('pending_revisions')
    .set(values)
    .where(recordColumn(ref.type), '=', ref.id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await trx
      .insertInto('pending_revisions')
      .values({
        ...values,
        provider_id: ref.type === 'provider' ? ref.id : null,
        place_id: ref.type === 'vendor' ? ref.id : null,
        user_id: userId,
        created_at: now,
      })
      .execute();
  }
  await saveRevisionFiles(trx, ref, fields);
}

/** The file ids a revision's fields stage: an ad's `images` and `video`, a place's `image` and `video`. */
export function stagedFileIds(fields: Record<string, unknown>): number[] {
  const ids = [...(Array.isArray(fields.images) ? fields.images : []), fields.image, fields.video].filter(
    (v): v is number => typeof v === 'number',
  );
  return [...new Set(ids)];
}

/** Names the files a record's revision stages (in use while it waits: `fileUsedBy`), in place of the old. */
async function saveRevisionFiles(trx: Db, ref: RecordRef, fields: Record<string, unknown>): Promise<void> {
  const row = await trx
    .selectFrom('pending_revisions')
    .select('id')
    .where(recordColumn(ref.type), '=', ref.id)
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('pending_revision_files').where('revision_id', '=', row.id).execute();
  const ids = stagedFileIds(fields);
  if (ids.length) {
    await trx
      .insertInto('pending_revision_files')
      .values(ids.map((file_id) => ({ revision_id: row.id, file_id })))
      .execute();
  }
}

/** Deletes a record's revision, if it has one. */
export async function deleteRevision(trx: Db, ref: RecordRef): Promise<void> {
  // Its staged files are no longer in use through it (the foreign key would do it too).
  await trx
    .deleteFrom('pending_revision_files')
    .where('revision_id', 'in', (eb) =>
      eb.selectFrom('pending_revisions').select('id').where(recordColumn(ref.type), '=', ref.id),
    )
    .execute();
  await trx.deleteFrom('pending_revisions').where(recordColumn(ref.type), '=', ref.id).execute();
}

/** Marks a pending revision rejected with the reason; false when it is no longer pending. */
export async function rejectRevisionRow(trx: Db, id: number, reason: string): Promise<boolean> {
  const result = await trx
    .updateTable('pending_revisions')
    .set({ state: 'rejected', reason, updated_at: nowIso() })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One page of the pending revisions of one kind: highest risk score first, then the oldest, then by id. */
export async function findRevisionPage(db: Db, type: RecordType, page: number, pageSize: number) {
  const q = db
    .selectFrom('pending_revisions')
    .where(recordColumn(type), 'is not', null)
    .where('state', '=', 'pending');
  const [rows, count] = await Promise.all([
    q
      .select(revisionColumns)
      .orderBy('risk_score', 'desc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows.map(toRevision), total: Number(count?.n ?? 0) };
}

/** The files a record shows now: an ad's photos and video, a place's picture and video. */
export async function findRecordFiles(db: Db, ref: RecordRef): Promise<number[]> {
  if (ref.type === 'provider') {
    const [images, ad] = await Promise.all([
      db.selectFrom('provider_images').select('file_id').where('provider_id', '=', ref.id).execute(),
      db.selectFrom('providers').select('video_id').where('id', '=', ref.id).executeTakeFirst(),
    ]);
    return [...images.map((r) => Number(r.file_id)), ad?.video_id].filter((v) => v != null).map(Number);
  }
  const place = await db
    .selectFrom('places')
    .select(['image_id', 'video_id'])
    .where('id', '=', ref.id)
    .executeTakeFirst();
  return [place?.image_id, place?.video_id].filter((v) => v != null).map(Number);
}
