import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { shownPlace } from '../../access/index.ts';
import type { AuditHooks } from '../../db/audit-log.ts';
import { nowIso } from '../../db/dialect.ts';
import { forShareOnPostgres, lockRow } from '../../db/locks.ts';
import { deleteById, insertRow, updateById } from '../../db/rows.ts';
import type { AddressesTable, DB, PlacesTable } from '../../db/schema.ts';
import { BACK_TO_REVIEW } from '../moderation/index.ts';

/** SQL of the places area: addresses, places (vendors) and their reviews. */

type Db = Kysely<DB> | Transaction<DB>;

export type AddressColumns = Omit<Insertable<AddressesTable>, 'created_at' | 'updated_at'>;
export type PlaceColumns = Omit<Insertable<PlacesTable>, 'created_at' | 'updated_at'>;
export type PlaceChanges = Omit<Updateable<PlacesTable>, 'id' | 'created_at' | 'updated_at'>;

export const insertAddress = (db: Kysely<DB>, values: AddressColumns) => insertRow(db, 'addresses', values);
export const updateAddress = (db: Kysely<DB>, id: number, changes: Partial<AddressColumns>) =>
  updateById(db, 'addresses', id, changes);
export const deleteAddress = (db: Kysely<DB>, id: number) => deleteById(db, 'addresses', id);

/** Whether a place names the address; `except` leaves one place out (the one being edited). */
export async function addressUsedByPlace(db: Db, addressId: number, except?: number): Promise<boolean> {
  let q = db.selectFrom('places').select('id').where('address_id', '=', addressId);
  if (except !== undefined) q = q.where('id', '<>', except);
  return !!(await q.executeTakeFirst());
}

export async function placeTypeExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('place_types').select('id').where('id', '=', id).executeTakeFirst());
}

export const insertPlace = (db: Kysely<DB>, values: PlaceColumns) => insertRow(db, 'places', values);
export const updatePlace = (db: Kysely<DB>, id: number, changes: PlaceChanges) =>
  updateById(db, 'places', id, changes);

/** The ids of an account's places, in any state. */
export async function findPlaceIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('places').select('id').where('user_id', '=', userId).execute();
  return rows.map((r) => Number(r.id));
}

/** A place's address and its picture and video files, or undefined when it is gone. */
export async function findPlaceFiles(
  db: Db,
  id: number,
): Promise<{ addressId: number | null; files: number[] } | undefined> {
  const row = await db
    .selectFrom('places')
    .select(['address_id', 'image_id', 'video_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    addressId: row.address_id === null ? null : Number(row.address_id),
    files: [row.image_id, row.video_id].filter((f) => f !== null).map(Number),
  };
}

/**
 * A place's row as stored, with its address's public columns as `address.<column>` (an owner's edit
 * compares what it sends with it).
 */
export async function findPlaceRow(db: Db, id: number): Promise<Record<string, unknown> | undefined> {
  const place = await db.selectFrom('places').selectAll().where('id', '=', id).executeTakeFirst();
  if (!place) return undefined;
  const address =
    place.address_id === null
      ? undefined
      : await db
          .selectFrom('addresses')
          .select(ADDRESS_DETAILS)
          .where('id', '=', place.address_id)
          .executeTakeFirst();
  return {
    ...place,
    ...Object.fromEntries(Object.entries(address ?? {}).map(([k, v]) => [`address.${k}`, v])),
  };
}

/** The columns of an address the public reads through its place. */
export const ADDRESS_DETAILS = ['location', 'city', 'state', 'postal_code', 'country'] as const;

/**
 * An address's public columns, read in a write's transaction that copies them into a place's revision
 * (a parallel change or delete of the address waits for it on PostgreSQL); undefined when it is gone.
 */
export function findAddressDetails(
  trx: Transaction<DB>,
  id: number,
): Promise<Record<(typeof ADDRESS_DETAILS)[number], unknown> | undefined> {
  const q = trx.selectFrom('addresses').select(ADDRESS_DETAILS).where('id', '=', id);
  return forShareOnPostgres(trx, q, 'addresses').executeTakeFirst();
}

/** The place that names an address, if any. */
export function findPlaceOfAddress(db: Db, addressId: number) {
  return db
    .selectFrom('places')
    .select(['id', 'user_id', 'review_state'])
    .where('address_id', '=', addressId)
    .executeTakeFirst();
}

/**
 * Deletes a place with its reviews and its address (when no other place names it), in one
 * transaction. True when the place existed.
 */
export async function deletePlaceRows(
  db: Kysely<DB>,
  id: number,
  addressId: number | null,
  /** An admin's delete: the place as it was, recorded in this transaction. */
  audit?: AuditHooks,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The place's row first, as review writes lock it: the two wait for each other, never deadlock.
    await lockRow(trx, 'places', id);
    await audit?.before(trx);
    await trx.deleteFrom('place_reviews').where('place_id', '=', id).execute();
    const gone = await deleteById(trx as unknown as Kysely<DB>, 'places', id);
    if (gone && addressId !== null && !(await addressUsedByPlace(trx, addressId))) {
      await trx.deleteFrom('addresses').where('id', '=', addressId).execute();
    }
    if (gone) await audit?.after(trx);
    return gone;
  });
}

/**
 * Inserts a review unless the hobbyist already reviewed that place (the unique key decides, so a
 * parallel insert waits for the other and then does nothing). Answers the new id, or undefined.
 */
export async function insertReviewIfNone(
  db: Db,
  values: { place_id: number; user_id: number; rating: number; review: string },
): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .insertInto('place_reviews')
    .values({ ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['place_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** The id of the hobbyist's review of the place, if they wrote one. */
export async function findReviewBy(db: Db, placeId: number, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('place_reviews')
    .select('id')
    .where('place_id', '=', placeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function updateReview(
  db: Db,
  id: number,
  changes: { rating?: number | undefined; review?: string | undefined },
): Promise<boolean> {
  const set: Record<string, unknown> = { updated_at: nowIso() };
  if (changes.rating !== undefined) set.rating = changes.rating;
  if (changes.review !== undefined) set.review = changes.review;
  const result = await db.updateTable('place_reviews').set(set).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteReview(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('place_reviews').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Recounts a place's rating (average stars, 2 decimals; 0 when none), review count and newest
 * review time ('' when none) from its reviews, leaving out those of blocked authors: called in
 * the transaction of every review write, and of an account's block or unblock, after that transaction
 * locked the place's row (`lockRow`) so the recount reads every review committed.
 */
export async function recountPlaceRating(db: Db, placeId: number): Promise<void> {
  const reviews = (eb: Db) =>
    eb
      .selectFrom('place_reviews as vr')
      .where('vr.place_id', '=', placeId)
      .where((w) =>
        w.not(
          w.exists(
            w
              .selectFrom('users as author')
              .select('author.id')
              .whereRef('author.id', '=', 'vr.user_id')
              .where('author.is_active', '=', 0),
          ),
        ),
      );
  await db
    .updateTable('places')
    .set({
      rating: sql<number>`coalesce((${reviews(db).select(sql`round(avg(vr.rating), 2)`.as('a'))}), 0)`,
      review_count: sql<number>`(${reviews(db).select(sql`count(*)`.as('n'))})`,
      last_review_at: sql<string>`coalesce((${reviews(db).select(sql`max(vr.created_at)`.as('m'))}), '')`,
    })
    .where('id', '=', placeId)
    .execute();
}

/**
 * Locks the rows of the places an account reviewed, in id order, and answers their ids: blocking or
 * unblocking the account recounts their ratings (`recountPlaceRating`) in the same transaction, the places
 * locked before the account's row is written (db/locks.ts).
 */
export async function lockPlacesReviewedBy(trx: Transaction<DB>, userId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('place_reviews')
    .select('place_id')
    .distinct()
    .where('user_id', '=', userId)
    .orderBy('place_id')
    .execute();
  const ids = rows.map((r) => Number(r.place_id));
  for (const id of ids) await lockRow(trx, 'places', id);
  return ids;
}

/**
 * Sends a place back to review (`BACK_TO_REVIEW`: pending, hidden until an admin approves it again) in the
 * caller's transaction (the reported item leaves the public lists at once: they are SQL, not the providers'
 * facet index, so no directory change is recorded); false when the place does not exist. The caller records the audit and computes the risk signals anew.
 */
export async function sendPlaceBackToReview(trx: Transaction<DB>, id: number): Promise<boolean> {
  if (!(await updateById(trx, 'places', id, BACK_TO_REVIEW))) return false;
  return true;
}

/** The shown places (`shownPlace`) with their type's text, oldest first: the sitemap's place pages. */
export const listPlacePages = (db: Kysely<DB>): Promise<{ id: number; type: string; updated_at: string }[]> =>
  db
    .selectFrom('places as p')
    .innerJoin('place_types as t', 't.id', 'p.place_type_id')
    .select(['p.id', 't.type', 'p.updated_at'])
    .where((eb) => shownPlace(eb, 'p'))
    .orderBy('p.id')
    .execute();
