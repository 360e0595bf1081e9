import {
  MESSAGES,
  packagePricePerDayCents,
  toCents,
  type TCityCreate,
  type TCityUpdate,
  type TLanguageWrite,
  type TPackageCreate,
  type TPackageUpdate,
  type TProcessingCostCreate,
  type TProcessingCostUpdate,
  type TRaceWrite,
  type TVendorTypeCreate,
  type TVendorTypeUpdate,
} from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../../db/audit-log.ts';
import { lockRow } from '../../db/locks.ts';
import { insertRow, updateById } from '../../db/rows.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { plainItem } from '../../http/items.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import { parseQuery } from '../../http/strapi/parse.ts';
import type { ResourceDef } from '../../http/strapi/resource.ts';
import {
  deleteRow,
  findByName,
  findRow,
  findStateName,
  insertLookup,
  isCityNamed,
  isNamedById,
  updateLookup,
  type LookupTable,
} from './reference.queries.ts';
import {
  adminPackageResource,
  cityResource,
  languageResource,
  packageResource,
  processingCostResource,
  raceResource,
  vendorTypeResource,
} from './reference.resources.ts';

const M = MESSAGES.adminSettings;

const conflict = (message: string) => new AppError('ConflictError', message);
const conflictAt = (field: string, message: string) =>
  fieldError(['data', field], message, { code: 'ConflictError' });

/** A row as the API shows it (the record before and after a change, in the audit log). */
async function itemOf(db: Kysely<DB> | Transaction<DB>, def: ResourceDef, id: number): Promise<Item> {
  const item = await findOne(db, def, id, plainItem, { scope: null });
  if (!item) throw notFound();
  return item;
}

/** Locks a row for the change (a parallel write of it waits) and reads it; a 404 when it is missing. */
async function lockedRow(
  trx: Transaction<DB>,
  table: LookupTable | 'packages' | 'processing_costs',
  id: number,
): Promise<Record<string, unknown>> {
  const row = (await lockRow(trx, table, id)) ? await findRow(trx, table, id) : undefined;
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Packages

/**
 * `GET /api/packages`: anyone reads the packages on offer; the admin reads every package, retired ones
 * too, with `retired`.
 */
export function listPackages(db: Kysely<DB>, actor: Actor | null, query: unknown) {
  if (isAdmin(actor)) return findMany(db, adminPackageResource, parseQuery(adminPackageResource, query));
  return findMany(db, packageResource, parseQuery(packageResource, query), {
    scope: (eb, a) => eb(eb.ref(`${a}.retired`), '=', 0),
  });
}

/**
 * `GET /api/packages/:id`: any package, retired ones too (the subscriptions that have one still name
 * it); `retired` for the admin.
 */
export async function getPackage(db: Kysely<DB>, actor: Actor | null, id: number, query: unknown) {
  const def = isAdmin(actor) ? adminPackageResource : packageResource;
  const item = await findOne(db, def, id, parseQuery(def, query), { scope: null });
  if (!item) throw notFound();
  return item;
}

/** `POST /api/packages` (admin): the price per day is computed here. */
export async function createPackage(db: Kysely<DB>, actor: Actor, input: TPackageCreate): Promise<Item> {
  return db.transaction().execute(async (trx) => {
    const totalCents = toCents(input.total_price);
    const id = await insertRow(trx, 'packages', {
      name: input.name,
      total_price: totalCents,
      validity: input.validity,
      number_of_ads_per_day: input.number_of_ads_per_day,
      price_per_day: packagePricePerDayCents(totalCents, input.validity),
    });
    const after = await itemOf(trx, adminPackageResource, id);
    await recordAudit(trx, actor, 'package.create', `package:${id}`, null, { after: after.attributes });
    return after;
  });
}

/**
 * `PUT /api/packages/:id` (admin): name, price, validity, ads per day, `retired`. A price changes new
 * purchases only: a subscription keeps the price and amounts it was bought at. A retired package is no
 * longer sold and stays on the subscriptions that have it.
 */
export async function updatePackage(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  input: TPackageUpdate,
): Promise<Item> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedRow(trx, 'packages', id);
    const before = await itemOf(trx, adminPackageResource, id);
    const totalCents = input.total_price === undefined ? Number(row.total_price) : toCents(input.total_price);
    const validity = input.validity ?? Number(row.validity);
    await updateById(trx, 'packages', id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.number_of_ads_per_day !== undefined && {
        number_of_ads_per_day: input.number_of_ads_per_day,
      }),
      ...(input.retired !== undefined && { retired: input.retired ? 1 : 0 }),
      total_price: totalCents,
      validity,
      price_per_day: packagePricePerDayCents(totalCents, validity),
    });
    const after = await itemOf(trx, adminPackageResource, id);
    const wasRetired = before.attributes.retired === true;
    const action =
      input.retired === true && !wasRetired
        ? 'package.retire'
        : input.retired === false && wasRetired
          ? 'package.unretire'
          : 'package.update';
    await recordAudit(trx, actor, action, `package:${id}`, null, {
      before: before.attributes,
      after: after.attributes,
    });
    return after;
  });
}

/** `DELETE /api/packages/:id` (admin): only a package nobody bought (else 409: retire it). */
export async function deletePackage(db: Kysely<DB>, actor: Actor, id: number): Promise<Item> {
  return db.transaction().execute(async (trx) => {
    await lockedRow(trx, 'packages', id);
    if (await isNamedById(trx, 'subscriptions', 'package_id', id)) throw conflict(M.packageInUse);
    const before = await itemOf(trx, adminPackageResource, id);
    await deleteRow(trx, 'packages', id);
    await recordAudit(trx, actor, 'package.delete', `package:${id}`, null, { before: before.attributes });
    return before;
  });
}

// ---------------------------------------------------------------------------------------------
// Processing costs (spec 000 §7: POST, PUT, DELETE /processing-costs; the first entry is in force)

/** `POST /api/processing-costs` (admin). */
export async function createProcessingCost(
  db: Kysely<DB>,
  actor: Actor,
  input: TProcessingCostCreate,
): Promise<Item> {
  return db.transaction().execute(async (trx) => {
    const id = await insertRow(trx, 'processing_costs', {
      processing_fee: toCents(input.processing_fee),
      tax: input.tax,
      shipping_cost: input.shipping_cost,
    });
    const after = await itemOf(trx, processingCostResource, id);
    await recordAudit(trx, actor, 'processing-cost.create', `processing-cost:${id}`, null, {
      after: after.attributes,
    });
    return after;
  });
}

/** `PUT /api/processing-costs/:id` (admin): new checkouts and purchases price from it. */
export async function updateProcessingCost(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  input: TProcessingCostUpdate,
): Promise<Item> {
  return db.transaction().execute(async (trx) => {
    await lockedRow(trx, 'processing_costs', id);
    const before = await itemOf(trx, processingCostResource, id);
    await updateById(trx, 'processing_costs', id, {
      ...(input.processing_fee !== undefined && { processing_fee: toCents(input.processing_fee) }),
      ...(input.tax !== undefined && { tax: input.tax }),
      ...(input.shipping_cost !== undefined && { shipping_cost: input.shipping_cost }),
    });
    const after = await itemOf(trx, processingCostResource, id);
    await recordAudit(trx, actor, 'processing-cost.update', `processing-cost:${id}`, null, {
      before: before.attributes,
      after: after.attributes,
    });
    return after;
  });
}

/** `DELETE /api/processing-costs/:id` (admin): the next entry, if any, is in force then. */
export async function deleteProcessingCost(db: Kysely<DB>, actor: Actor, id: number): Promise<Item> {
  return db.transaction().execute(async (trx) => {
    await lockedRow(trx, 'processing_costs', id);
    const before = await itemOf(trx, processingCostResource, id);
    await deleteRow(trx, 'processing_costs', id);
    await recordAudit(trx, actor, 'processing-cost.delete', `processing-cost:${id}`, null, {
      before: before.attributes,
    });
    return before;
  });
}

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
const VENDOR_TYPE: Lookup = {
  table: 'vendor_types',
  resource: () => vendorTypeResource,
  subject: 'vendor-type',
  values: asIs,
  unique: { field: 'type', columns: ['type'] },
  inUse: (trx, row) => isNamedById(trx, 'vendors', 'vendor_type_id', Number(row.id)),
  guarded: ['type'],
};

export const LOOKUPS = { city: CITY, language: LANGUAGE, race: RACE, vendorType: VENDOR_TYPE } as const;
export type LookupKind = keyof typeof LOOKUPS;
export type LookupInput =
  TCityCreate | TCityUpdate | TLanguageWrite | TRaceWrite | TVendorTypeCreate | TVendorTypeUpdate;

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
