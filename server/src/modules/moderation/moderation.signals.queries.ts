import { phashBandProbes, type RiskSignal } from '@app/domain/trust';
import { sql, type SqlBool } from 'kysely';
import { shownProvider } from '../../access/index.ts';
import { nowIso } from '../../db/dialect.ts';
import type { Db, RecordRef, RecordType } from './moderation.queries.ts';

/** SQL of the risk signals: what they are computed from (a record, its owner's and others' records), and their rows. */

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
