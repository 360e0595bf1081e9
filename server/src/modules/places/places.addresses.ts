import { MESSAGES, type TAddressRequest, type TAddressUpdate } from '@app/domain';
import type { Transaction } from 'kysely';
import { requireAccess, RULES } from '../../access/index.ts';
import { auditChange, createAudited } from '../../db/audit-log.ts';
import { lockRow } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { getWrittenItem, scopedReads, type ScopedReads } from '../../http/items.ts';
import type { Item } from '../../http/strapi/find.ts';
import { checkLocation } from '../directory/index.ts';
import { findRevision, findRevisionMovingTo, stageRevision } from '../moderation/index.ts';
import {
  addressUsedByPlace,
  deleteAddress as deleteAddressRow,
  findAddressDetails,
  findPlaceOfAddress,
  findPlaceRow,
  insertAddress,
  updateAddress as updateAddressRow,
} from './places.queries.ts';
import { addressResource } from './places.resources.ts';
import { comparedRow, placeColumns, revisionAddress } from './places.revisions.ts';
import type { PlacesContext } from './places.service.ts';

/** Addresses: a provider's own, named by at most one of their places. */

const E = MESSAGES.placeErrors;
const ADDRESS_NOT_FOUND = RULES['address.read'].missing;

type PlaceRef = { type: 'vendor'; id: number };

/** List and get of addresses: one's own; the admin all. */
export const addressReads = (): ScopedReads =>
  scopedReads(addressResource, (actor) => RULES['address.read'].see(actor));

const upper = (v: string | undefined) => (v === undefined ? undefined : v.toUpperCase());

/**
 * `POST /api/addresses`: the caller's new address; the state and city must be the lookups'. The country
 * comes as its code (the schema reads a name as its code).
 */
export async function createAddress(p: PlacesContext, actor: Actor, sent: TAddressRequest): Promise<Item> {
  const input = { ...sent, state: sent.state.toUpperCase() };
  await checkLocation(p.db, input);
  const id = await createAudited(p.db, actor, 'address', 'addresses', (db) =>
    insertAddress(db, { ...input, user_id: actor.id }),
  );
  return getWrittenItem(p.db, addressResource, id);
}

/** An admin's change to a provider's address, for the audit log; none for the owner's own. */
const addressAudit = (actor: Actor, action: string, id: number) =>
  auditChange(actor, action, `address:${id}`, 'addresses', id);

/**
 * `PUT /api/addresses/:id`: owner or admin. The owner's change to an address the public reads through a
 * place waits for review in that place's revision: the address of an approved place, or the address a
 * place's revision moves it to (its details as approved are what the place shows once public).
 */
export async function updateAddress(
  p: PlacesContext,
  actor: Actor,
  id: number,
  sent: TAddressUpdate,
): Promise<Item> {
  const [row] = await requireAccess(
    p.db,
    actor,
    'address.update',
    [id],
    ['country', 'state', 'city', 'user_id'],
  );
  const input = { ...sent, state: upper(sent.state) };
  await checkLocation(p.db, input, {
    country: String(row!.country),
    state: String(row!.state),
    city: String(row!.city),
  });
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const owner = Number(row!.user_id);
  // The place whose revision the change may join (the admin's edits publish at once).
  const placeId = isAdmin(actor)
    ? undefined
    : ((await findPlaceOfAddress(p.db, id))?.id ?? (await findRevisionMovingTo(p.db, owner, id))?.recordId);
  const audit = addressAudit(actor, 'address.update', id);
  const staged = await p.db.transaction().execute(async (trx) => {
    if (placeId !== undefined && (await lockRow(trx, 'places', Number(placeId)))) {
      const ref = { type: 'vendor' as const, id: Number(placeId) };
      if (await stageAddressChange(trx, ref, id, changes)) return ref;
    }
    await audit?.before(trx);
    if (!(await updateAddressRow(trx, id, changes))) throw notFound(ADDRESS_NOT_FOUND);
    await audit?.after(trx);
    return undefined;
  });
  const item = await getWrittenItem(p.db, addressResource, id);
  return staged ? withPendingAddress(p, id, item, staged) : item;
}

/**
 * Stages an owner's change to the address `id` in the place's revision, when the public reads that address
 * through the place (after the place's row was locked); false when the change goes straight to the address.
 */
async function stageAddressChange(
  trx: Transaction<DB>,
  ref: PlaceRef,
  id: number,
  changes: Record<string, unknown>,
): Promise<boolean> {
  // The place's state and revision as they are now, read after its row is locked.
  const place = await findPlaceRow(trx, ref.id);
  const revision = await findRevision(trx, ref);
  const names = !!place && Number(place.address_id) === id && place.review_state === 'approved';
  const target = place ? revisionAddress(place, revision) : undefined;
  // The approved place's public address while its revision moves it to another: that one is edited.
  if (names && target !== id) throw new AppError('ConflictError', E.addressBeingReplaced);
  if (!place || !(names || target === id)) return false;
  const stored = await findAddressDetails(trx, id);
  if (!stored) throw notFound(ADDRESS_NOT_FOUND);
  const pending = revision?.fields.address_details as Record<string, unknown> | undefined;
  const details = { ...stored, ...pending, ...changes };
  const owner = Number(place.user_id);
  await stageRevision(trx, ref, owner, { address_details: details }, comparedRow(place, id), placeColumns);
  return true;
}

/** An address as its owner reads it while the place's revision changes it: the pending details over it. */
async function withPendingAddress(p: PlacesContext, id: number, item: Item, ref: PlaceRef): Promise<Item> {
  const details = (await findRevision(p.db, ref))?.fields.address_details;
  if (!details || typeof details !== 'object') return item;
  return { id, attributes: { ...item.attributes, ...(details as Record<string, unknown>) } };
}

/**
 * `DELETE /api/addresses/:id`: owner or admin; an address a place names is refused (409): deleting
 * the place deletes its address.
 */
export async function deleteAddress(p: PlacesContext, actor: Actor, id: number): Promise<Item> {
  const [row] = await requireAccess(p.db, actor, 'address.update', [id], ['user_id']);
  // Named by a place, or by a place's revision that moves the place to it.
  if ((await addressUsedByPlace(p.db, id)) || (await findRevisionMovingTo(p.db, Number(row!.user_id), id))) {
    throw new AppError('ConflictError', E.addressInUse);
  }
  const item = await getWrittenItem(p.db, addressResource, id);
  const audit = addressAudit(actor, 'address.delete', id);
  await p.db.transaction().execute(async (trx) => {
    await audit?.before(trx);
    await deleteAddressRow(trx, id);
    await audit?.after(trx);
  });
  return item;
}
