import type { Kysely, Transaction } from 'kysely';
import { lockRow } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { plainItem } from '../../http/items.ts';
import { findOne, type Item } from '../../http/strapi/find.ts';
import type { ResourceDef } from '../../http/strapi/resource.ts';
import { findRow, type LookupTable } from './reference.queries.ts';

/** What the admin's writes of reference data share: conflict answers, a row as the API shows it, a locked row. */

export const conflict = (message: string) => new AppError('ConflictError', message);
export const conflictAt = (field: string, message: string) =>
  fieldError(['data', field], message, { code: 'ConflictError' });

/** A row as the API shows it (the record before and after a change, in the audit log). */
export async function itemOf(db: Kysely<DB> | Transaction<DB>, def: ResourceDef, id: number): Promise<Item> {
  const item = await findOne(db, def, id, plainItem, { scope: null });
  if (!item) throw notFound();
  return item;
}

/** Locks a row for the change (a parallel write of it waits) and reads it; a 404 when it is missing. */
export async function lockedRow(
  trx: Transaction<DB>,
  table: LookupTable | 'packages' | 'processing_costs',
  id: number,
): Promise<Record<string, unknown>> {
  const row = (await lockRow(trx, table, id)) ? await findRow(trx, table, id) : undefined;
  if (!row) throw notFound();
  return row;
}
