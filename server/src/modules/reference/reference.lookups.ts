import {
  MESSAGES,
  type TCityCreate,
  type TCityUpdate,
  type TLanguageWrite,
  type TRaceWrite,
  type TPlaceTypeCreate,
  type TPlaceTypeUpdate,
} from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../../db/audit-log.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { type Item } from '../../http/strapi/find.ts';
import type { ResourceDef } from '../../http/strapi/resource.ts';
import {
  deleteRow,
  findByName,
  findStateName,
  insertLookup,
  isCityNamed,
  isNamedById,
  updateLookup,
  type LookupTable,
} from './reference.queries.ts';
import { cityResource, languageResource, raceResource, placeTypeResource } from './reference.resources.ts';

import { conflict, conflictAt, itemOf, lockedRow } from './reference.rows.ts';

const M = MESSAGES.adminSettings;

/** The admin's lookups: cities, languages, races and place types, each name unique without case. */

// ---------------------------------------------------------------------------------------------
// Lookups: cities, languages, races, place types

type Values = Record<string, string>;

interface Lookup {
  table: LookupTable;
  resource: () => ResourceDef;
  /** The audit subject's and action's prefix (`city:12`, `city.create`). */
  subject: 'city' | 'language' | 'race' | 'vendor-type';
  /** The columns a write stores, from the request (`current`: the row a change starts from). */
  values(trx: Transaction<DB>, input: Values, current?: Values): Promise<Values>;
  /** The unique names: the field a duplicate is reported at, and the columns that make it one. */
  unique: { field: string; columns: readonly string[] };
  inUse(trx: Transaction<DB>, row: Values): Promise<boolean>;
  /** Columns that may not change while the row is in use (other records name the row by them). */
  guarded: readonly string[];
}

const asIs = async (_trx: Transaction<DB>, input: Values) => input;

/**
 * Cities are named by text (an ad's city and state code, an address's, an account's city name), so a
 * city in use keeps its name, state and country; its state's name comes from the states lookup.
 */
const CITY: Lookup = {
  table: 'cities',
  resource: () => cityResource,
  subject: 'city',
  values: async (trx, input, current) => {
    const country = input.country_code ?? current?.country_code ?? 'US';
    const state = input.state_code ?? current?.state_code ?? '';
    if (input.state_code === undefined && input.country_code === undefined) return input;
    const stateName = await findStateName(trx, country, state);
    if (!stateName) throw fieldError(['data', 'state_code'], M.unknownState);
    return { ...input, state_code: state, country_code: country, state_name: stateName };
  },
  unique: { field: 'city_name', columns: ['city_name', 'state_code', 'country_code'] },
  inUse: (trx, row) =>
    isCityNamed(trx, {
      city_name: row.city_name!,
      state_code: row.state_code!,
      country_code: row.country_code!,
    }),
  guarded: ['city_name', 'state_code', 'country_code'],
};

const LANGUAGE: Lookup = {
  table: 'languages',
  resource: () => languageResource,
  subject: 'language',
  values: asIs,
  unique: { field: 'lang_name', columns: ['lang_name'] },
  inUse: (trx, row) => isNamedById(trx, 'providers', 'language_id', Number(row.id)),
  guarded: [],
};

const RACE: Lookup = {
  table: 'races',
  resource: () => raceResource,
  subject: 'race',
  values: asIs,
  unique: { field: 'race_name', columns: ['race_name'] },
  inUse: (trx, row) => isNamedById(trx, 'providers', 'race_id', Number(row.id)),
  guarded: [],
};

/** A place type's `type` is the venue directory's path segment: it stays while places have the type. */
const PLACE_TYPE: Lookup = {
  table: 'place_types',
  resource: () => placeTypeResource,
  subject: 'vendor-type',
  values: asIs,
  unique: { field: 'type', columns: ['type'] },
  inUse: (trx, row) => isNamedById(trx, 'places', 'place_type_id', Number(row.id)),
  guarded: ['type'],
};

export const LOOKUPS = { city: CITY, language: LANGUAGE, race: RACE, vendorType: PLACE_TYPE } as const;
export type LookupKind = keyof typeof LOOKUPS;
export type LookupInput =
  TCityCreate | TCityUpdate | TLanguageWrite | TRaceWrite | TPlaceTypeCreate | TPlaceTypeUpdate;

const defined = (input: object): Values =>
  Object.fromEntries(
    Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
const textRow = (row: Record<string, unknown>): Values =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)]));

/** The row holding the same unique name (without case), other than `exceptId`: a duplicate. */
async function requireFreeName(
  db: Kysely<DB> | Transaction<DB>,
  lookup: Lookup,
  row: Values,
  exceptId?: number,
) {
  const where = Object.fromEntries(lookup.unique.columns.map((c) => [c, row[c] ?? '']));
  if ((await findByName(db, lookup.table, where, exceptId)) !== undefined)
    throw conflictAt(lookup.unique.field, M.lookupExists);
}

/**
 * Runs a lookup write; a unique key that refused it (two admins adding the same name at once) is the
 * same 409 as a duplicate found first.
 */
async function uniquely<T>(
  db: Kysely<DB>,
  lookup: Lookup,
  row: () => Values | undefined,
  exceptId: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const values = row();
    if (err instanceof AppError || !values) throw err;
    await requireFreeName(db, lookup, values, exceptId);
    throw err;
  }
}

/** `POST /api/<lookup>` (admin). */
export async function createLookup(
  db: Kysely<DB>,
  actor: Actor,
  kind: LookupKind,
  input: LookupInput,
): Promise<Item> {
  const lookup = LOOKUPS[kind];
  let values: Values | undefined;
  return uniquely(
    db,
    lookup,
    () => values,
    undefined,
    () =>
      db.transaction().execute(async (trx) => {
        values = await lookup.values(trx, defined(input));
        await requireFreeName(trx, lookup, values);
        const id = await insertLookup(trx, lookup.table, values);
        const after = await itemOf(trx, lookup.resource(), id);
        await recordAudit(trx, actor, `${lookup.subject}.create`, `${lookup.subject}:${id}`, null, {
          after: after.attributes,
        });
        return after;
      }),
  );
}

/** `PUT /api/<lookup>/:id` (admin): a 409 when it renames a row other records name by text. */
export async function updateLookupRow(
  db: Kysely<DB>,
  actor: Actor,
  kind: LookupKind,
  id: number,
  input: LookupInput,
): Promise<Item> {
  const lookup = LOOKUPS[kind];
  let merged: Values | undefined;
  return uniquely(
    db,
    lookup,
    () => merged,
    id,
    () =>
      db.transaction().execute(async (trx) => {
        const current = textRow(await lockedRow(trx, lookup.table, id));
        const values = await lookup.values(trx, defined(input), current);
        const changes = Object.fromEntries(Object.entries(values).filter(([k, v]) => current[k] !== v));
        merged = { ...current, ...values };
        if (lookup.guarded.some((c) => c in changes) && (await lookup.inUse(trx, current)))
          throw conflict(M.lookupInUse);
        await requireFreeName(trx, lookup, merged, id);
        const before = await itemOf(trx, lookup.resource(), id);
        if (Object.keys(changes).length) await updateLookup(trx, lookup.table, id, changes);
        const after = await itemOf(trx, lookup.resource(), id);
        await recordAudit(trx, actor, `${lookup.subject}.update`, `${lookup.subject}:${id}`, null, {
          before: before.attributes,
          after: after.attributes,
        });
        return after;
      }),
  );
}

/** `DELETE /api/<lookup>/:id` (admin): a 409 while an ad, a place or an account names it. */
export async function deleteLookup(
  db: Kysely<DB>,
  actor: Actor,
  kind: LookupKind,
  id: number,
): Promise<Item> {
  const lookup = LOOKUPS[kind];
  return db.transaction().execute(async (trx) => {
    const current = textRow(await lockedRow(trx, lookup.table, id));
    if (await lookup.inUse(trx, current)) throw conflict(M.lookupInUse);
    const before = await itemOf(trx, lookup.resource(), id);
    await deleteRow(trx, lookup.table, id);
    await recordAudit(trx, actor, `${lookup.subject}.delete`, `${lookup.subject}:${id}`, null, {
      before: before.attributes,
    });
    return before;
  });
}
