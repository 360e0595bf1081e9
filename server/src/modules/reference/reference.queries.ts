import type { CheckoutCosts } from '@app/domain';
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The processing costs in force: the first entry (spec 000 §7), fee in cents, tax in percent,
 * shipping as the spec's text; zeros and free shipping when there is none. Packages and checkout
 * price from it.
 */
export async function findProcessingCosts(db: Kysely<DB> | Transaction<DB>): Promise<CheckoutCosts> {
  const row = await db
    .selectFrom('processing_costs')
    .select(['processing_fee', 'tax', 'shipping_cost'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return {
    processing_fee: Number(row?.processing_fee ?? 0),
    tax: Number(row?.tax ?? 0),
    shipping_cost: String(row?.shipping_cost ?? '0'),
  };
}

// ---------------------------------------------------------------------------------------------
// The admin's writes

type Db = Kysely<DB> | Transaction<DB>;

// Kysely's builders cannot narrow a table chosen by a parameter (as in db/rows.ts): these calls go
// through `any`, the signatures keep the callers typed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const loose = (db: Db) => db as unknown as Kysely<any>;

/** The lookup tables the admin edits. */
export type LookupTable = 'cities' | 'languages' | 'races' | 'place_types';

/** A row of a lookup table or of `packages`/`processing_costs`, every column. */
export async function findRow(
  db: Db,
  table: LookupTable | 'packages' | 'processing_costs',
  id: number,
): Promise<Record<string, unknown> | undefined> {
  return (await loose(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as
    Record<string, unknown> | undefined;
}

/** Inserts a lookup row (lookups have no timestamps); answers its id. */
export async function insertLookup(
  db: Db,
  table: LookupTable,
  values: Record<string, unknown>,
): Promise<number> {
  const row = await loose(db).insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateLookup(
  db: Db,
  table: LookupTable,
  id: number,
  values: Record<string, unknown>,
): Promise<void> {
  await loose(db).updateTable(table).set(values).where('id', '=', id).execute();
}

export async function deleteRow(
  db: Db,
  table: LookupTable | 'packages' | 'processing_costs',
  id: number,
): Promise<void> {
  await loose(db).deleteFrom(table).where('id', '=', id).execute();
}

/** Whether any row of `table` has `column` = `id` (a record naming a lookup or a package by id). */
export async function isNamedById(
  db: Db,
  table: 'providers' | 'places' | 'subscriptions',
  column: 'language_id' | 'race_id' | 'place_type_id' | 'package_id',
  id: number,
): Promise<boolean> {
  const row = await loose(db)
    .selectFrom(table)
    .select('id')
    .where(column, '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a city is named by an ad, a place's address (by city name, state code and country, as they
 * store it) or an account (accounts keep a city name only). Names compare without case.
 */
export async function isCityNamed(
  db: Db,
  city: { city_name: string; state_code: string; country_code: string },
): Promise<boolean> {
  const name = city.city_name.toLowerCase();
  const [ad, address, account] = await Promise.all([
    db
      .selectFrom('providers')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['city']), '=', name))
      .where('state', '=', city.state_code)
      .where('country', '=', city.country_code)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('addresses')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['city']), '=', name))
      .where('state', '=', city.state_code)
      .where('country', '=', city.country_code)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['city']), '=', name))
      .limit(1)
      .executeTakeFirst(),
  ]);
  return ad !== undefined || address !== undefined || account !== undefined;
}

/** The id of a lookup row whose `column` equals `value` without case (a duplicate name), other than `exceptId`. */
export async function findByName(
  db: Db,
  table: LookupTable,
  where: Record<string, string>,
  exceptId?: number,
): Promise<number | undefined> {
  let q = loose(db).selectFrom(table).select('id');
  for (const [column, value] of Object.entries(where))
    q = q.where(sql<SqlBool>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const row = await q.limit(1).executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/** A state of a country (the cities lookup copies its name). */
export async function findStateName(
  db: Db,
  countryCode: string,
  stateCode: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('states')
    .select('state_name')
    .where('country_code', '=', countryCode)
    .where('state_code', '=', stateCode)
    .executeTakeFirst();
  return row?.state_name;
}

/** Stores a setting, replacing the value it had. */
export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
