import {
  MESSAGES,
  packagePricePerDayCents,
  toCents,
  type TPackageCreate,
  type TPackageUpdate,
  type TProcessingCostCreate,
  type TProcessingCostUpdate,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../db/audit-log.ts';
import { insertRow, updateById } from '../../db/rows.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import { parseQuery } from '../../http/strapi/parse.ts';
import { deleteRow, isNamedById } from './reference.queries.ts';
import { adminPackageResource, packageResource, processingCostResource } from './reference.resources.ts';

import { conflict, itemOf, lockedRow } from './reference.rows.ts';

const M = MESSAGES.adminSettings;

/** The admin's packages and processing costs, and the packages' reads (visitors see those on offer). */

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
