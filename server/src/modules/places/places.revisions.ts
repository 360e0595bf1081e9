import type { TAddressRequest, TPlaceUpdate } from '@app/domain';
import { comparablePhone } from '@app/domain/trust';
import type { Transaction } from 'kysely';
import { RULES } from '../../access/index.ts';
import { lockRow } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import type { Item } from '../../http/strapi/find.ts';
import { deleteUnusedFiles } from '../media/index.ts';
import { findRevision, stageRevision, stagedFileIds } from '../moderation/index.ts';
import {
  findAddressDetails,
  findPlaceRow,
  updateAddress as updateAddressRow,
  updatePlace as updatePlaceRow,
  type PlaceChanges,
} from './places.queries.ts';
import { ownPlaceView, PLACE_NOT_FOUND, type PlacesContext } from './places.service.ts';

/**
 * An owner's changes to an approved place wait as a pending revision (decision 0015) until a moderator
 * approves them: how a place's fields become its columns, how a revision is staged and how it is applied.
 */

/** The place's columns for the detail fields given (undefined ones are left out). */
export function detailColumns(input: TPlaceUpdate): PlaceChanges {
  const out: PlaceChanges = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.phone !== undefined) {
    out.phone = input.phone;
    // With the digits the shared-phone risk signal looks up, through their index.
    out.phone_digits = comparablePhone(input.phone);
  }
  if (input.email !== undefined) out.email = input.email;
  if (input.website !== undefined) out.website = input.website || null;
  if (input.vendor_type !== undefined) out.place_type_id = input.vendor_type;
  if (input.address !== undefined) out.address_id = input.address;
  if (input.image !== undefined) out.image_id = input.image;
  if (input.video !== undefined) {
    out.video_id = input.video;
    out.has_video = input.video === null ? 0 : 1;
  }
  return out;
}

/**
 * The address a place names once its revision is approved: the one the owner sends now, else the
 * revision's, else its own.
 */
export function revisionAddress(
  place: Record<string, unknown>,
  revision: { fields: Record<string, unknown> } | undefined,
  sent?: number,
): number {
  return Number(sent ?? revision?.fields.address ?? place.address_id);
}

/**
 * The place's row a revision is compared with, for a revision whose place names the address `target`:
 * another address's details compare with none, so they are always part of the revision and the moderator
 * reads exactly what the place will show.
 */
export function comparedRow(place: Record<string, unknown>, target: number): Record<string, unknown> {
  if (target === Number(place.address_id)) return place;
  return Object.fromEntries(Object.entries(place).filter(([k]) => !k.startsWith('address.')));
}

/** The place fields of an update (the admin's review fields left out). */
function placeFields(input: TPlaceUpdate): Record<string, unknown> {
  const { review: _r, review_reason: _rr, isShowed: _s, ...fields } = input;
  return fields;
}

/**
 * A revision's fields (as the owner sent them) as the place's columns; `address_details` (an owner's change
 * to the address the approved place names) as `address.<column>`.
 */
export function placeColumns(fields: Record<string, unknown>): Record<string, unknown> {
  const { address_details: details, ...rest } = fields;
  const address = details && typeof details === 'object' ? (details as Record<string, unknown>) : {};
  return {
    ...detailColumns(rest as TPlaceUpdate),
    ...Object.fromEntries(Object.entries(address).map(([k, v]) => [`address.${k}`, v])),
  };
}

/**
 * The owner's edit of an approved place: what the public sees, a new picture or video included, waits
 * as a pending revision and the place stays public as approved; a removed video goes at once (it shows
 * less). The staged files are in use while the revision names them; those it named before and names no
 * more are deleted unless something else uses them.
 */
export async function stageOwnerEdit(
  p: PlacesContext,
  actor: Actor,
  id: number,
  input: TPlaceUpdate,
  owner: { ownerId: number; oldVideo: number | null },
): Promise<Item> {
  const ref = { type: 'vendor' as const, id };
  const video = input.video;
  const videoRemoved = video === null && owner.oldVideo !== null;
  let held: number[] = [];
  await p.db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, 'places', id))) throw notFound(PLACE_NOT_FOUND);
    if (videoRemoved) await updatePlaceRow(trx, id, detailColumns({ video }));
    const row = await findPlaceRow(trx, id);
    if (!row) return;
    const revision = await findRevision(trx, ref);
    held = stagedFileIds(revision?.fields ?? {});
    // A move to another address is staged with that address's details as they are now: the moderator
    // reads them, and approval publishes them (its later edits join the revision, updateAddress).
    const target = revisionAddress(row, revision, input.address);
    const moved =
      input.address !== undefined && target !== revisionAddress(row, revision)
        ? { address_details: await findAddressDetails(trx, target) }
        : {};
    if ('address_details' in moved && !moved.address_details) throw notFound(RULES['address.read'].missing);
    const fields = { ...placeFields(input), ...moved };
    await stageRevision(trx, ref, owner.ownerId, fields, comparedRow(row, target), placeColumns);
  });
  await deleteUnusedFiles(p.db, p.storage, [...(videoRemoved ? [owner.oldVideo!] : []), ...held]);
  return ownPlaceView(p, actor, id);
}

/** Applies an approved revision's fields to the place, in the moderator's transaction; false when it is gone. */
export async function applyPlaceRevision(
  trx: Transaction<DB>,
  id: number,
  fields: Record<string, unknown>,
): Promise<boolean> {
  const place = await findPlaceRow(trx, id);
  if (!place) return false;
  const { address_details: details, ...rest } = fields;
  // The address's details go to the address the place names once approved (the one it moves to, if any).
  if (details && typeof details === 'object' && (rest.address != null || place.address_id !== null)) {
    await updateAddressRow(trx, revisionAddress(place, { fields }), details as Partial<TAddressRequest>);
  }
  return updatePlaceRow(trx, id, detailColumns(rest as TPlaceUpdate));
}
