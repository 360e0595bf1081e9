import { sql, type Insertable, type Kysely, type SqlBool, type Transaction, type Updateable } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB, ProvidersTable } from '../../db/schema.ts';
import type { ScopeFn } from '../../http/strapi/resource.ts';
import { bumpDirectoryVersion } from './directory.version.ts';

/** The REST layer's expression builder over a table chosen at run time. */
type AnyEB = Parameters<ScopeFn>[0];
type Db = Kysely<DB> | Transaction<DB>;

/**
 * Accounts an admin blocked (`is_active` 0): their ads are not public, whatever their own show/hide
 * says, and come back as they were when the account is unblocked.
 */
const blockedAccountIds = (eb: AnyEB) =>
  eb.selectFrom('users as blocked').select('blocked.id').where('blocked.is_active', '=', 0);

/** Only shown providers: shown by their owner, and the owner not blocked. */
export const shownScope = (eb: AnyEB, a: string) =>
  eb.and([eb(eb.ref(`${a}.is_showed`), '=', 1), eb(eb.ref(`${a}.user_id`), 'not in', blockedAccountIds(eb))]);

/**
 * Only shown providers, for rows fetched by id: written `+is_showed` so that SQLite reads the ids
 * through the primary key rather than the (is_showed, id) index (half the cost of a listing page).
 */
export const shownByIdScope = (eb: AnyEB, a: string) =>
  eb.and([
    sql<SqlBool>`+${sql.ref(`${a}.is_showed`)} = 1`,
    eb(eb.ref(`${a}.user_id`), 'not in', blockedAccountIds(eb)),
  ]);

/** Shown providers and the actor's own, whatever their state. */
export const shownOrOwnScope = (userId: number) => (eb: AnyEB, a: string) =>
  eb.or([shownScope(eb, a), eb(eb.ref(`${a}.user_id`), '=', userId)]);

/** A provider's id, owner and whether it is public (shown, and its owner not blocked). */
export function findProviderAccessRow(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('providers as p')
    .select((eb) => [
      'p.id',
      'p.user_id',
      eb
        .case()
        .when(shownScope(eb as AnyEB, 'p'))
        .then(1)
        .else(0)
        .end()
        .as('shown'),
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/** The files among `ids` that `ownerIds` own, with what decides where they may be used. */
export function findOwnedFiles(db: Kysely<DB>, ids: number[], ownerIds: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('files')
    .select(['id', 'mime', 'is_private'])
    .where('id', 'in', ids)
    .where('owner_id', 'in', ownerIds)
    .execute();
}

export type ProviderColumns = Omit<Insertable<ProvidersTable>, 'id' | 'created_at' | 'updated_at'>;

async function setFiles(trx: Db, table: 'provider_images' | 'provider_docs', id: number, files: number[]) {
  await trx.deleteFrom(table).where('provider_id', '=', id).execute();
  if (files.length)
    await trx
      .insertInto(table)
      .values(files.map((file_id, position) => ({ provider_id: id, file_id, position })))
      .execute();
}

/** Inserts an ad with its images and documents and bumps the directory version, in one transaction. */
export async function insertProvider(
  db: Kysely<DB>,
  columns: ProviderColumns,
  files: { images: number[]; docs: number[] },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('providers')
      .values({ ...columns, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await setFiles(trx, 'provider_images', id, files.images);
    await setFiles(trx, 'provider_docs', id, files.docs);
    await bumpDirectoryVersion(trx);
    return id;
  });
}

/** Updates an ad (and replaces its image or document lists when given), bumping the version. */
export async function updateProvider(
  db: Kysely<DB>,
  id: number,
  columns: Updateable<ProvidersTable>,
  files: { images?: number[] | undefined; docs?: number[] | undefined },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('providers')
      .set({ ...columns, updated_at: nowIso() })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (files.images) await setFiles(trx, 'provider_images', id, files.images);
    if (files.docs) await setFiles(trx, 'provider_docs', id, files.docs);
    await bumpDirectoryVersion(trx);
    return true;
  });
}

/** Deletes an ad (its images, reactions, comments, … go with it), bumping the version. */
export async function deleteProvider(db: Kysely<DB>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('providers').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await bumpDirectoryVersion(trx);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Lookups

export function findLanguageRows(db: Kysely<DB>) {
  return db.selectFrom('languages').select(['id', 'lang_name']).execute();
}

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
