import { MESSAGES, type TPlaceRequest, type TPlaceUpdate, ZPlaceRequest } from '@app/domain';
import type { Kysely } from 'kysely';
import { requireAccess, requireOwnedFiles, type AccessRow, type FileClaim } from '../../access/index.ts';
import { auditChange, auditCreate, type AuditHooks } from '../../db/audit-log.ts';
import { lockRow } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, dataFieldError, fieldError, notFound, parseData } from '../../http/errors.ts';
import { getWrittenItem, plainItem } from '../../http/items.ts';
import { findNul } from '../../http/nul-guard.ts';
import { findOne, type Item } from '../../http/strapi/find.ts';
import { deleteUnusedFiles, readParts, uploadFiles, type UploadPart } from '../media/index.ts';
import {
  BACK_TO_REVIEW,
  computeRiskSignals,
  findRevision,
  findRevisionMovingTo,
  recordReviewDecision,
  reviewDecisionColumns,
  stagedFileIds,
  takeRevision,
  tellOwnerOfReview,
} from '../moderation/index.ts';
import {
  addressUsedByPlace,
  deletePlaceRows,
  findPlaceFiles,
  findPlaceIdsOf,
  insertPlace,
  placeTypeExists,
  updatePlace as updatePlaceRow,
  type PlaceColumns,
} from './places.queries.ts';
import { ownPlaceResource } from './places.resources.ts';
import { applyPlaceRevision, detailColumns, stageOwnerEdit } from './places.revisions.ts';
import { imageRequired, ownPlaceView, PLACE_NOT_FOUND, type PlacesContext } from './places.service.ts';
import type { Storage } from '../../storage/index.ts';

/** The writes of places: create (JSON or multipart), update and delete. */

const E = MESSAGES.placeErrors;

/** The picture and the video a place names, as claims on `requireOwnedFiles`. */
function fileClaims(input: { image?: number | undefined; video?: number | null | undefined }): FileClaim[] {
  const claim = (field: string, id: number | null | undefined, use: FileClaim['use'], what: string) => ({
    path: ['data', field],
    ids: id ? [id] : [],
    use,
    message: (fid: number) => `${what} ${fid}`,
    title: (fid: number) => `data.${field}: ${what} ${fid}`,
  });
  return [
    claim('image', input.image, 'image', E.imageInvalid),
    claim('video', input.video, 'video', E.videoInvalid),
  ];
}

/** The place's type must exist: a 400 at `data.vendor_type` otherwise. */
async function checkType(db: Kysely<DB>, id: number | undefined): Promise<void> {
  if (id !== undefined && !(await placeTypeExists(db, id)))
    throw dataFieldError('vendor_type', `${E.unknownType} ${id}`);
}

/**
 * The place's address must be one of the place owner's (another account's is a 404 to a provider, a
 * 403 to the admin) and named by no other place (a 400).
 */
async function checkAddress(
  p: PlacesContext,
  actor: Actor,
  ownerId: number,
  addressId: number | undefined,
  placeId?: number,
): Promise<void> {
  if (addressId === undefined) return;
  const [row] = await requireAccess(p.db, actor, 'address.update', [addressId], ['user_id']);
  if (Number(row!.user_id) !== ownerId) throw new AppError('ForbiddenError', E.addressNotYours);
  if (await addressUsedByPlace(p.db, addressId, placeId)) throw dataFieldError('address', E.addressTaken);
  // Nor the address another place's revision moves that place to.
  const moving = await findRevisionMovingTo(p.db, ownerId, addressId);
  if (moving && moving.recordId !== placeId) throw dataFieldError('address', E.addressTaken);
}

/** The admin's decision on a place as columns (as for ads: `reviewDecisionColumns`). */
const reviewColumns = (input: TPlaceUpdate) =>
  reviewDecisionColumns(input, MESSAGES.placeReview.reasonRequired);

/**
 * `POST /api/vendors` (JSON): a new place owned by the caller, with a picture they uploaded. A
 * provider's place waits for review; the admin's is approved.
 */
export async function createPlace(p: PlacesContext, actor: Actor, input: TPlaceRequest): Promise<Item> {
  if (input.image === undefined) throw imageRequired();
  await checkType(p.db, input.vendor_type);
  await checkAddress(p, actor, actor.id, input.address);
  await requireOwnedFiles(p.db, [actor.id], fileClaims(input));
  const review = isAdmin(actor) ? reviewColumns({ review: 'approved' })! : BACK_TO_REVIEW;
  const id = await p.db.transaction().execute(async (trx) => {
    const newId = await insertPlace(trx, {
      ...(detailColumns(input) as PlaceColumns),
      ...review,
      user_id: actor.id,
    });
    // The risk signals of the new place, with the place.
    await computeRiskSignals(trx, { type: 'vendor', id: newId });
    await auditCreate(trx, actor, 'vendor', 'places', newId);
    return newId;
  });
  return getWrittenItem(p.db, ownPlaceResource, id);
}

/** One multipart file part as the only file of an upload (its field named as uploads name it). */
async function* onePart(part: UploadPart): AsyncGenerator<UploadPart> {
  yield { ...part, fieldname: 'files' };
}

/** The multipart create's `data` field: JSON text of the place (without its picture). */
function parsePartData(text: string | undefined): TPlaceRequest {
  let value: unknown;
  if (text !== undefined) {
    try {
      value = JSON.parse(text);
    } catch {
      throw fieldError(['data'], E.dataNotJson, { title: `data: ${E.dataNotJson}` });
    }
    const at = findNul(value, ['data']);
    if (at) throw fieldError(at, 'value contains a NUL character');
  }
  return parseData(ZPlaceRequest, { data: value });
}

/**
 * `POST /api/vendors` (multipart, as the spec's client sends it): the `data` field (JSON) and one
 * picture in `files.image`, stored through the upload pipeline (sniffed, re-encoded, metadata
 * stripped). The data is checked before the picture is stored when it comes first; any refusal
 * after the picture was stored deletes it again.
 */
export async function createPlaceFromParts(
  p: PlacesContext,
  actor: Actor,
  parts: () => AsyncIterable<UploadPart>,
): Promise<Item> {
  let text: string | undefined;
  let input: TPlaceRequest | undefined;
  let imageId: number | undefined;
  try {
    for await (const part of readParts(parts())) {
      if (part.type === 'field') {
        if (part.fieldname === 'data') text = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'files.image' || imageId !== undefined) {
        throw fieldError([part.fieldname], E.oneImageOnly, { plain: true });
      }
      if (text !== undefined) input = parsePartData(text);
      const [stored] = await uploadFiles(p.media, actor, () => onePart(part));
      imageId = stored!.item.id;
      if (!String(stored!.item.attributes.mime ?? '').startsWith('image/')) {
        throw fieldError(['image'], `${E.imageInvalid} ${imageId}`);
      }
    }
    input ??= parsePartData(text);
    if (imageId === undefined) throw imageRequired();
    return await createPlace(p, actor, { ...input, image: imageId });
  } catch (err) {
    if (imageId !== undefined) await deleteUnusedFiles(p.db, p.storage, [imageId]);
    throw err;
  }
}

/** The columns of a place an update reads first. */
const UPDATE_COLUMNS = ['user_id', 'image_id', 'video_id', 'review_state', 'review_reason'] as const;
type PlaceBefore = AccessRow<(typeof UPDATE_COLUMNS)[number]>;

/** A file column's id, or null. */
const fileId = (v: unknown) => (v === null ? null : Number(v));

/**
 * `PUT /api/vendors/:id`: owner or admin. The owner's new picture or video (or any edit of a
 * rejected place) sends the place back to review; the old files are deleted. The owner's other changes to
 * an approved place wait as a pending revision (`stageOwnerEdit`). The admin's edits publish at once; their
 * `review` or `isShowed` approves or rejects the place, and the owner hears of it by e-mail.
 */
export async function updatePlace(
  p: PlacesContext,
  actor: Actor,
  id: number,
  sent: TPlaceUpdate,
): Promise<Item> {
  const admin = isAdmin(actor);
  const input: TPlaceUpdate = admin
    ? sent
    : { ...sent, review: undefined, review_reason: undefined, isShowed: undefined };
  const [place] = await requireAccess(p.db, actor, 'place.update', [id], UPDATE_COLUMNS);
  const ownerId = Number(place!.user_id);
  await checkType(p.db, input.vendor_type);
  await checkAddress(p, actor, ownerId, input.address, id);
  // The place's owner's files, or the acting admin's own.
  await requireOwnedFiles(p.db, [ownerId, actor.id], fileClaims(input));
  if (!admin && place!.review_state === 'approved') {
    return stageOwnerEdit(p, actor, id, input, { ownerId, oldVideo: fileId(place!.video_id) });
  }
  return publishPlaceEdit(p, actor, id, input, { place: place!, sentKeys: Object.keys(sent) });
}

/**
 * An edit that changes the place itself: the admin's (with their decision, if any), or the owner's of a
 * place not approved (back to review with a new picture or video, or when it was rejected).
 */
async function publishPlaceEdit(
  p: PlacesContext,
  actor: Actor,
  id: number,
  input: TPlaceUpdate,
  { place, sentKeys }: { place: PlaceBefore; sentKeys: string[] },
): Promise<Item> {
  const admin = isAdmin(actor);
  const ownerId = Number(place.user_id);
  const oldImage = fileId(place.image_id);
  const oldVideo = fileId(place.video_id);
  const imageChanged = input.image !== undefined && input.image !== oldImage;
  const videoChanged = input.video !== undefined && input.video !== oldVideo;
  const details = detailColumns(input);
  const decision = admin ? reviewColumns(input) : undefined;
  const ownerEdit = !admin && Object.keys(details).length > 0;
  const backToReview =
    ownerEdit &&
    (imageChanged || (videoChanged && input.video !== null) || place.review_state === 'rejected');
  const review = decision ?? (backToReview ? BACK_TO_REVIEW : {});
  // The risk signals are computed again for anything but the admin's bare decision.
  const recompute = !decision || Object.keys(details).length > 0;
  // An admin's edit of the place itself is recorded with the place before and after, beside any decision.
  const audit =
    Object.keys(details).length > 0
      ? auditChange(actor, 'vendor.update', `vendor:${id}`, 'places', id)
      : undefined;
  await p.db.transaction().execute(async (trx) => {
    // The place's row first, as the owner's staging and the moderator's decision take it.
    if (!(await lockRow(trx, 'places', id))) throw notFound(PLACE_NOT_FOUND);
    await audit?.before(trx);
    // The owner's waiting revision is applied first (its address's details to the address), the edit's
    // own fields over it: the place goes back to review with both.
    const pending = admin ? undefined : await takeRevision(trx, { type: 'vendor', id });
    if (pending && !(await applyPlaceRevision(trx, id, pending))) throw notFound(PLACE_NOT_FOUND);
    if (!(await updatePlaceRow(trx, id, { ...details, ...review }))) throw notFound(PLACE_NOT_FOUND);
    if (decision) await recordReviewDecision(trx, actor, { kind: 'vendor', id }, place, decision, sentKeys);
    if (recompute) await computeRiskSignals(trx, { type: 'vendor', id });
    await audit?.after(trx);
  });
  await deleteUnusedFiles(p.db, p.storage, [
    ...(imageChanged && oldImage !== null ? [oldImage] : []),
    ...(videoChanged && oldVideo !== null ? [oldVideo] : []),
  ]);
  if (decision) {
    await tellOwnerOfReview(p.db, p.mailer, MESSAGES.placeReview, { ownerId, recordId: id, decision });
  }
  return ownPlaceView(p, actor, id);
}

/**
 * `DELETE /api/vendors/:id`: owner or admin; deletes the place's reviews and address too, then its
 * picture and video files. Answers the place as it was.
 */
export async function deletePlace(p: PlacesContext, actor: Actor, id: number): Promise<Item> {
  await requireAccess(p.db, actor, 'place.update', [id]);
  const item = await findOne(p.db, ownPlaceResource, id, plainItem, { scope: null });
  const audit = auditChange(actor, 'vendor.delete', `vendor:${id}`, 'places', id);
  if (!item || !(await removePlace(p.db, p.storage, id, audit))) throw notFound(PLACE_NOT_FOUND);
  return item;
}

/** Deletes a place with its reviews, address and files (those its revision stages too); false when gone. */
async function removePlace(
  db: Kysely<DB>,
  storage: Storage,
  id: number,
  audit?: AuditHooks,
): Promise<boolean> {
  const place = await findPlaceFiles(db, id);
  if (!place) return false;
  const staged = stagedFileIds((await findRevision(db, { type: 'vendor', id }))?.fields ?? {});
  if (!(await deletePlaceRows(db, id, place.addressId, audit))) return false;
  await deleteUnusedFiles(db, storage, [...staged, ...place.files]);
  return true;
}

/** Deletes every place of an account with its files (a deleted account); answers how many went. */
export async function deletePlacesOf(db: Kysely<DB>, storage: Storage, userId: number): Promise<number> {
  let deleted = 0;
  for (const id of await findPlaceIdsOf(db, userId)) if (await removePlace(db, storage, id)) deleted++;
  return deleted;
}
