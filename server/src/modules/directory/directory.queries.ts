import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { AuditHooks } from '../../db/audit-log.ts';
import { deleteById, insertRow, updateById } from '../../db/rows.ts';
import type { DB, ProvidersTable } from '../../db/schema.ts';
import { recordDirectoryChange } from '../../db/directory-version.ts';
import { forShareOnPostgres } from '../../db/locks.ts';
import { BACK_TO_REVIEW } from '../moderation/index.ts';
import { shownProvider } from '../../access/index.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type ProviderColumns = Omit<Insertable<ProvidersTable>, 'id' | 'created_at' | 'updated_at'>;

async function setFiles(trx: Db, table: 'provider_images' | 'provider_docs', id: number, files: number[]) {
  await trx.deleteFrom(table).where('provider_id', '=', id).execute();
  if (files.length)
    await trx
      .insertInto(table)
      .values(files.map((file_id, position) => ({ provider_id: id, file_id, position })))
      .execute();
}

/** Inserts an ad with its images and documents and records the directory change, in one transaction. */
export async function insertProvider(
  db: Kysely<DB>,
  columns: ProviderColumns,
  files: { images: number[]; docs: number[] },
  /** Runs first in the transaction (taking an ad slot); throwing rolls everything back. */
  before?: (trx: Transaction<DB>) => Promise<void>,
  /** Runs last in the transaction, with the new ad's id (its risk signals). */
  after?: (trx: Transaction<DB>, id: number) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await before?.(trx);
    const id = await insertRow(trx, 'providers', columns);
    await setFiles(trx, 'provider_images', id, files.images);
    await setFiles(trx, 'provider_docs', id, files.docs);
    await recordDirectoryChange(trx, { providerIds: [id] });
    await after?.(trx, id);
    return id;
  });
}

/** The files an ad links to as images and documents, in order. */
export async function findAdFiles(db: Db, id: number): Promise<{ images: number[]; docs: number[] }> {
  const [images, docs] = await Promise.all(
    (['provider_images', 'provider_docs'] as const).map((table) =>
      db.selectFrom(table).select('file_id').where('provider_id', '=', id).orderBy('position').execute(),
    ),
  );
  return { images: images!.map((r) => Number(r.file_id)), docs: docs!.map((r) => Number(r.file_id)) };
}

/** Updates an ad (and replaces its image or document lists when given), recording the directory change. */
export async function updateProvider(
  db: Kysely<DB>,
  id: number,
  columns: Updateable<ProvidersTable>,
  files: { images?: number[] | undefined; docs?: number[] | undefined },
  /** Runs last in the transaction of a real update (the audit record, the risk signals). */
  after?: (trx: Transaction<DB>) => Promise<void>,
  /** An admin's edit: the ad before and after, recorded in this transaction. */
  audit?: AuditHooks,
  /** False when the write changes nothing the listing shows (an owner's edit waiting for review). */
  directoryChange = true,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await audit?.before(trx);
    if (!(await updateById(trx, 'providers', id, columns))) return false;
    if (files.images) await setFiles(trx, 'provider_images', id, files.images);
    if (files.docs) await setFiles(trx, 'provider_docs', id, files.docs);
    if (directoryChange) await recordDirectoryChange(trx, { providerIds: [id] });
    await after?.(trx);
    await audit?.after(trx);
    return true;
  });
}

/** An ad's row as stored (an owner's edit compares what it sends with it). */
export function findProviderRow(db: Db, id: number) {
  return db.selectFrom('providers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes an ad's columns in the caller's transaction, recording the directory change; false when it is gone. */
export async function updateProviderColumns(
  trx: Transaction<DB>,
  id: number,
  columns: Updateable<ProvidersTable>,
  /** A new list of photos, in order (an approved revision's). */
  images?: number[],
): Promise<boolean> {
  if (!(await updateById(trx, 'providers', id, columns))) return false;
  if (images) await setFiles(trx, 'provider_images', id, images);
  await recordDirectoryChange(trx, { providerIds: [id] });
  return true;
}

/** The ids of an account's ads, in any state. */
export async function findAdIdsOf(db: Kysely<DB>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('providers').select('id').where('user_id', '=', userId).execute();
  return rows.map((r) => Number(r.id));
}

/** An ad's video file, or null (also when the ad is gone). */
export async function findAdVideo(db: Kysely<DB>, id: number): Promise<number | null> {
  const row = await db.selectFrom('providers').select('video_id').where('id', '=', id).executeTakeFirst();
  return row?.video_id == null ? null : Number(row.video_id);
}

/** Deletes an ad (its images, reactions, comments, … go with it), recording the directory change. */
export async function deleteProvider(db: Kysely<DB>, id: number, audit?: AuditHooks): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await audit?.before(trx);
    if (!(await deleteById(trx, 'providers', id))) return false;
    await recordDirectoryChange(trx, { providerIds: [id] });
    await audit?.after(trx);
    return true;
  });
}

/** The counters a provider row keeps of what other areas hang off it (reactions, comments). */
export type ProviderCounter = 'likes_count' | 'dislikes_count' | 'averages_count' | 'comments_count';

/**
 * Adds `delta` (+1 or -1) to one of a provider's counters, never below 0. Counters are no facet: no
 * directory change is recorded, and the facet index is untouched.
 */
export async function bumpProviderCounter(
  db: Db,
  providerId: number,
  counter: ProviderCounter,
  delta: 1 | -1,
): Promise<void> {
  const col = sql.ref(counter);
  await db
    .updateTable('providers')
    .set({
      [counter]: delta > 0 ? sql`${col} + 1` : sql`case when ${col} > 0 then ${col} - 1 else 0 end`,
    })
    .where('id', '=', providerId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Lookups

export function findStatesOfCountry(db: Kysely<DB>, countryCode: string) {
  return db
    .selectFrom('states')
    .select(['state_code', 'state_name'])
    .where('country_code', '=', countryCode)
    .execute();
}

export function findState(db: Kysely<DB>, stateCode: string) {
  return db
    .selectFrom('states')
    .select(['state_code', 'state_name', 'country_code'])
    .where('state_code', '=', stateCode)
    .executeTakeFirst();
}

export function findCitiesOfState(db: Kysely<DB>, stateCode: string) {
  return db
    .selectFrom('cities')
    .select(['city_name', 'state_code', 'state_name'])
    .where('state_code', '=', stateCode)
    .execute();
}

/**
 * Sends an ad back to review (`BACK_TO_REVIEW`: pending, hidden until an admin approves it again) in the
 * caller's transaction, recording the directory change; false when the ad does not exist. The caller records
 * the audit and computes the risk signals anew.
 */
export async function sendAdBackToReview(trx: Transaction<DB>, id: number): Promise<boolean> {
  if (!(await updateById(trx, 'providers', id, BACK_TO_REVIEW))) return false;
  await recordDirectoryChange(trx, { providerIds: [id] });
  return true;
}

/** Whether the country has this state (the location lookups' states). */
export async function stateOfCountryExists(db: Kysely<DB>, country: string, state: string): Promise<boolean> {
  return !!(await db
    .selectFrom('states')
    .select('state_code')
    .where('country_code', '=', country)
    .where('state_code', '=', state)
    .executeTakeFirst());
}

/** How many cities of the state are loaded (`all`), and how many of them have this name (`hit`). */
export async function countCitiesNamed(
  db: Kysely<DB>,
  state: string,
  city: string,
): Promise<{ all: number; hit: number }> {
  const row = await db
    .selectFrom('cities')
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn.sum<number>(eb.case().when('city_name', '=', city).then(1).else(0).end()).as('hit'),
    ])
    .where('state_code', '=', state)
    .executeTakeFirst();
  return { all: Number(row?.all ?? 0), hit: Number(row?.hit ?? 0) };
}

/** Whether a language or a race of the reference data has this id. */
export async function referenceRowExists(
  db: Kysely<DB>,
  table: 'languages' | 'races',
  id: number,
): Promise<boolean> {
  return !!(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
}

/** The shown ads of an account, newest first, at most `limit` (an ad page's "more from this provider"). */
export async function findShownAdIdsOf(db: Kysely<DB>, userId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('providers as p')
    .select('p.id')
    .where('p.user_id', '=', userId)
    .where((eb) => shownProvider(eb, 'p'))
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Whether an admin has verified the account's ID (an ad page's "ID verified"). */
export async function isIdVerified(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('verification').where('id', '=', userId).executeTakeFirst();
  return row?.verification === 'verified';
}

/**
 * In a write's transaction: whether the account's ID is verified, its row shared on PostgreSQL until the
 * commit, so an admin asking for the ID again (who locks the account) waits for the write or it for them.
 */
export async function isIdVerifiedForWrite(trx: Transaction<DB>, userId: number): Promise<boolean> {
  const q = trx.selectFrom('users').select('verification').where('id', '=', userId);
  const row = await forShareOnPostgres(trx, q, 'users').executeTakeFirst();
  return row?.verification === 'verified';
}

/** Every shown ad's page: what its address is made of and its last change (the sitemap's ads). */
export const listAdPages = (
  db: Kysely<DB>,
): Promise<{ id: number; name: string; title: string; city: string; updated_at: string }[]> =>
  db
    .selectFrom('providers as p')
    .select(['p.id', 'p.name', 'p.title', 'p.city', 'p.updated_at'])
    .where((eb) => shownProvider(eb, 'p'))
    .orderBy('p.id')
    .execute();

/**
 * The cities with shown ads, each with its country and state and the newest change of its ads (the
 * sitemap's location pages), by country, state and city.
 */
export const listShownCities = (
  db: Kysely<DB>,
): Promise<{ country: string; state: string; city: string; updated_at: string }[]> =>
  db
    .selectFrom('providers as p')
    .select((eb) => ['p.country', 'p.state', 'p.city', eb.fn.max<string>('p.updated_at').as('updated_at')])
    .where((eb) => shownProvider(eb, 'p'))
    .groupBy(['p.country', 'p.state', 'p.city'])
    .orderBy('p.country')
    .orderBy('p.state')
    .orderBy('p.city')
    .execute();
