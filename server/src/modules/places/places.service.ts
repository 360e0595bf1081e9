import {
  MESSAGES,
  type TAddressRequest,
  type TAddressUpdate,
  type TPlaceRequest,
  type TPlaceUpdate,
  type TVenueReviewRequest,
  type TVenueReviewUpdate,
  ZPlaceRequest,
} from '@app/domain';
import { comparablePhone } from '@app/domain/trust';
import type { Kysely, Transaction } from 'kysely';
import {
  findAccessRows,
  requireAccess,
  requireOwnedFiles,
  RULES,
  shownOrOwnPlace,
  type FileClaim,
} from '../../access/index.ts';
import { auditChange, auditCreate, createAudited } from '../../db/audit-log.ts';
import { lockRow } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, dataFieldError, fieldError, notFound, parseData } from '../../http/errors.ts';
import { getWrittenItem, plainItem, scopedReads, type ScopedReads } from '../../http/items.ts';
import { findNul } from '../../http/nul-guard.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import { parseQuery } from '../../http/strapi/parse.ts';
import type { ScopeFn } from '../../http/strapi/resource.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { checkLocation } from '../directory/index.ts';
import {
  deleteUnusedFiles,
  readParts,
  uploadFiles,
  type MediaContext,
  type UploadPart,
} from '../media/index.ts';
import {
  BACK_TO_REVIEW,
  computeRiskSignals,
  findRevision,
  findRevisionMovingTo,
  recordReviewDecision,
  reviewDecisionColumns,
  stageRevision,
  stagedFileIds,
  takeRevision,
  tellOwnerOfReview,
  withRevisionFor,
} from '../moderation/index.ts';
import {
  addressUsedByPlace,
  deletePlaceRows,
  deleteReview,
  findAddressDetails,
  findPlaceOfAddress,
  findPlaceRow,
  insertAddress,
  insertPlace,
  insertReviewIfNone,
  recountPlaceRating,
  updateAddress as updateAddressRow,
  updatePlace as updatePlaceRow,
  updateReview,
  placeTypeExists,
  type PlaceChanges,
  type PlaceColumns,
} from './places.queries.ts';
import { addressResource, ownPlaceResource, placeResource, venueReviewResource } from './places.resources.ts';

/** What the places area's services need: the database, the upload pipeline and the mailer. */
export interface PlacesContext {
  db: Kysely<DB>;
  /** `<DATA_DIR>/uploads`: replaced and deleted places' files are removed there. */
  storageRoot: string;
  media: MediaContext;
  mailer: Mailer;
}

type Query = Record<string, unknown>;

const E = MESSAGES.placeErrors;
const PLACE_NOT_FOUND = RULES['place.read'].missing;

/** The create's missing picture: 'Required' at `image` (spec 000 §5 "Vendor create"). */
const imageRequired = () =>
  fieldError(['image'], MESSAGES.placeForm.required, { title: `image: ${MESSAGES.placeForm.required}` });

// ---------------------------------------------------------------------------------------------
// Addresses

/** List and get of addresses: one's own; the admin all. */
export const addressReads = (): ScopedReads =>
  scopedReads(addressResource, (actor) => RULES['address.read'].see(actor));

const upper = (v: string | undefined) => (v === undefined ? undefined : v.toUpperCase());

/** `POST /api/addresses`: the caller's new address; the state and city must be the lookups'. */
export async function createAddress(p: PlacesContext, actor: Actor, sent: TAddressRequest): Promise<Item> {
  const input = { ...sent, state: sent.state.toUpperCase(), country: sent.country.toUpperCase() };
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
  const input = { ...sent, state: upper(sent.state), country: upper(sent.country) };
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
      // The place's state and revision as they are now, read after its row is locked.
      const ref = { type: 'vendor' as const, id: Number(placeId) };
      const place = await findPlaceRow(trx, ref.id);
      const revision = await findRevision(trx, ref);
      const names = !!place && Number(place.address_id) === id && place.review_state === 'approved';
      const target = place ? revisionAddress(place, revision) : undefined;
      // The approved place's public address while its revision moves it to another: that one is edited.
      if (names && target !== id) throw new AppError('ConflictError', E.addressBeingReplaced);
      if (place && (names || target === id)) {
        const stored = await findAddressDetails(trx, id);
        if (!stored) throw notFound(RULES['address.read'].missing);
        const pending = revision?.fields.address_details as Record<string, unknown> | undefined;
        const details = { ...stored, ...pending, ...changes };
        await stageRevision(
          trx,
          ref,
          Number(place.user_id),
          { address_details: details },
          comparedRow(place, id),
          placeColumns,
        );
        return ref;
      }
    }
    await audit?.before(trx);
    if (!(await updateAddressRow(trx, id, changes))) throw notFound(RULES['address.read'].missing);
    await audit?.after(trx);
    return undefined;
  });
  const item = await getWrittenItem(p.db, addressResource, id);
  return staged ? withPendingAddress(p, id, item, staged) : item;
}

/**
 * The address a place names once its revision is approved: the one the owner sends now, else the
 * revision's, else its own.
 */
function revisionAddress(
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
function comparedRow(place: Record<string, unknown>, target: number): Record<string, unknown> {
  if (target === Number(place.address_id)) return place;
  return Object.fromEntries(Object.entries(place).filter(([k]) => !k.startsWith('address.')));
}

/** An address as its owner reads it while the place's revision changes it: the pending details over it. */
async function withPendingAddress(
  p: PlacesContext,
  id: number,
  item: Item,
  ref: { type: 'vendor'; id: number },
): Promise<Item> {
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
    await trx.deleteFrom('addresses').where('id', '=', id).execute();
    await audit?.after(trx);
  });
  return item;
}

// ---------------------------------------------------------------------------------------------
// Reading places

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The user id of `filters[user][id][$eq]=<id>` (or `filters[user][id]=<id>`), when the query has it. */
function ownerFilterId(query: Query): number | undefined {
  const filters = query.filters;
  if (!isPlainObject(filters) || !isPlainObject(filters.user)) return undefined;
  const idSpec = filters.user.id;
  const v = isPlainObject(idSpec) ? idSpec.$eq : idSpec;
  return typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : undefined;
}

/**
 * `GET /api/vendors`: public places for anyone; an owner who filters on their own id (My Places)
 * also sees their places in any state, with the review's state and reason; the admin sees all.
 */
export function listPlaces(p: PlacesContext, actor: Actor | null, query: Query) {
  if (isAdmin(actor))
    return findMany(p.db, ownPlaceResource, parseQuery(ownPlaceResource, query), { scope: null });
  if (actor && ownerFilterId(query) === actor.id) {
    const scope: ScopeFn = shownOrOwnPlace(actor.id);
    return findMany(p.db, ownPlaceResource, parseQuery(ownPlaceResource, query), { scope });
  }
  return findMany(p.db, placeResource, parseQuery(placeResource, query));
}

/** `GET /api/vendors/:id`: a pending or rejected place is a 404 but to its owner and the admin. */
export async function getPlace(p: PlacesContext, actor: Actor | null, id: number, query: Query) {
  const [row] = await findAccessRows(p.db, actor, 'place.update', [id]);
  if (!row) throw notFound(PLACE_NOT_FOUND);
  const def = row.allowed ? ownPlaceResource : placeResource;
  const item = await findOne(p.db, def, id, parseQuery(def, query), { scope: null });
  if (!item) throw notFound(PLACE_NOT_FOUND);
  // The owner reads their changes waiting for review over the approved place.
  return row.allowed && !isAdmin(actor) ? withRevisionFor(p.db, actor, { type: 'vendor', id }, item) : item;
}

/**
 * A place as the admin's `GET /api/vendors/:id?populate=*` answers it (the moderation queue shows it so), or
 * undefined when there is none.
 */
export function readPlaceItem(db: Kysely<DB>, id: number): Promise<Item | undefined> {
  return findOne(db, ownPlaceResource, id, parseQuery(ownPlaceResource, { populate: '*' }), { scope: null });
}

// ---------------------------------------------------------------------------------------------
// Writing places

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

/** The place's columns for the detail fields given (undefined ones are left out). */
function detailColumns(input: TPlaceUpdate): PlaceChanges {
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
    if (imageId !== undefined) await deleteUnusedFiles(p.db, p.storageRoot, [imageId]);
    throw err;
  }
}

/**
 * `PUT /api/vendors/:id`: owner or admin. The owner's new picture or video (or any edit of a
 * rejected place) sends the place back to review; the old files are deleted. The owner's other changes to
 * an approved place wait as a pending revision (below). The admin's edits publish at once; their `review`
 * or `isShowed` approves or rejects the place, and the owner hears of it by e-mail.
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
  const [place] = await requireAccess(
    p.db,
    actor,
    'place.update',
    [id],
    ['user_id', 'image_id', 'video_id', 'review_state', 'review_reason'],
  );
  const ownerId = Number(place!.user_id);
  const oldImage = place!.image_id === null ? null : Number(place!.image_id);
  const oldVideo = place!.video_id === null ? null : Number(place!.video_id);
  await checkType(p.db, input.vendor_type);
  await checkAddress(p, actor, ownerId, input.address, id);
  // The place's owner's files, or the acting admin's own.
  await requireOwnedFiles(p.db, [ownerId, actor.id], fileClaims(input));
  const imageChanged = input.image !== undefined && input.image !== oldImage;
  const videoChanged = input.video !== undefined && input.video !== oldVideo;
  const ref = { type: 'vendor' as const, id };
  // The owner's edit of an approved place: what the public sees, a new picture or video included, waits
  // as a pending revision (decision 0015) and the place stays public as approved; a removed video goes at
  // once (it shows less). The staged files are in use while the revision names them; those it named before
  // and names no more are deleted unless something else uses them.
  if (!admin && place!.review_state === 'approved') {
    const shown = placeFields(input);
    const video = input.video;
    let held: number[] = [];
    await p.db.transaction().execute(async (trx) => {
      if (!(await lockRow(trx, 'places', id))) throw notFound(PLACE_NOT_FOUND);
      if (video === null && oldVideo !== null) await updatePlaceRow(trx, id, detailColumns({ video }));
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
      await stageRevision(trx, ref, ownerId, { ...shown, ...moved }, comparedRow(row, target), placeColumns);
    });
    await deleteUnusedFiles(p.db, p.storageRoot, [
      ...(video === null && oldVideo !== null ? [oldVideo] : []),
      ...held,
    ]);
    return ownPlaceView(p, actor, id);
  }
  const details = detailColumns(input);
  const decision = admin ? reviewColumns(input) : undefined;
  const ownerEdit = !admin && Object.keys(details).length > 0;
  const backToReview =
    ownerEdit &&
    (imageChanged || (videoChanged && input.video !== null) || place!.review_state === 'rejected');
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
    const pending = admin ? undefined : await takeRevision(trx, ref);
    if (pending && !(await applyPlaceRevision(trx, id, pending))) throw notFound(PLACE_NOT_FOUND);
    if (!(await updatePlaceRow(trx, id, { ...details, ...review }))) throw notFound(PLACE_NOT_FOUND);
    if (decision) {
      await recordReviewDecision(trx, actor, { kind: 'vendor', id }, place!, decision, Object.keys(sent));
    }
    if (recompute) await computeRiskSignals(trx, { type: 'vendor', id });
    await audit?.after(trx);
  });
  await deleteUnusedFiles(p.db, p.storageRoot, [
    ...(imageChanged && oldImage !== null ? [oldImage] : []),
    ...(videoChanged && oldVideo !== null ? [oldVideo] : []),
  ]);
  if (decision) {
    await tellOwnerOfReview(p.db, p.mailer, MESSAGES.placeReview, { ownerId, recordId: id, decision });
  }
  return ownPlaceView(p, actor, id);
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
function placeColumns(fields: Record<string, unknown>): Record<string, unknown> {
  const { address_details: details, ...rest } = fields;
  const address = details && typeof details === 'object' ? (details as Record<string, unknown>) : {};
  return {
    ...detailColumns(rest as TPlaceUpdate),
    ...Object.fromEntries(Object.entries(address).map(([k, v]) => [`address.${k}`, v])),
  };
}

/** A place as its owner (or the admin) reads it after a write: with the owner's revision, if any. */
async function ownPlaceView(p: PlacesContext, actor: Actor, id: number): Promise<Item> {
  const item = await getWrittenItem(p.db, ownPlaceResource, id);
  return withRevisionFor(p.db, actor, { type: 'vendor', id }, item);
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

/**
 * `DELETE /api/vendors/:id`: owner or admin; deletes the place's reviews and address too, then its
 * picture and video files. Answers the place as it was.
 */
export async function deletePlace(p: PlacesContext, actor: Actor, id: number): Promise<Item> {
  const [place] = await requireAccess(
    p.db,
    actor,
    'place.update',
    [id],
    ['address_id', 'image_id', 'video_id'],
  );
  const item = await findOne(p.db, ownPlaceResource, id, plainItem, { scope: null });
  const addressId = place!.address_id === null ? null : Number(place!.address_id);
  // The files its revision stages go with it (the revision is deleted with the place).
  const staged = stagedFileIds((await findRevision(p.db, { type: 'vendor', id }))?.fields ?? {});
  const audit = auditChange(actor, 'vendor.delete', `vendor:${id}`, 'places', id);
  if (!item || !(await deletePlaceRows(p.db, id, addressId, audit))) throw notFound(PLACE_NOT_FOUND);
  await deleteUnusedFiles(p.db, p.storageRoot, [
    ...staged,
    ...[place!.image_id, place!.video_id].filter((f) => f !== null).map(Number),
  ]);
  return item;
}

// ---------------------------------------------------------------------------------------------
// Reviews

/** List and get of reviews: those on public places for anyone, one's own anywhere; the admin all. */
export const reviewReads = (): ScopedReads =>
  scopedReads(venueReviewResource, (actor) => RULES['placeReview.read'].see(actor));

/**
 * The first statement of every review write's transaction: the place's row is locked, so parallel
 * review writes on one place run one after the other and each recount reads every review committed
 * before it (PostgreSQL's read committed would otherwise let a waiting recount keep its old snapshot
 * and lose the other's review); a place deleted meanwhile cascades its reviews away.
 */
const lockPlace = (trx: Parameters<typeof lockRow>[0], placeId: number) => lockRow(trx, 'places', placeId);

/**
 * `POST /api/vendor-reviews`: a hobbyist's review of a public place (the route lets hobbyists only
 * through). One per hobbyist and place: the unique key settles parallel posts, the loser is a 409.
 * The place is checked after its lock, in the transaction, so it cannot go between the check and the
 * insert; the place's rating, count and newest review time are recounted in the same transaction.
 */
export async function createReview(
  p: PlacesContext,
  actor: Actor,
  input: TVenueReviewRequest,
): Promise<Item> {
  const alreadyReviewed = () => new AppError('ConflictError', MESSAGES.venueReviews.alreadyReviewed);
  const id = await p.db
    .transaction()
    .execute(async (trx) => {
      await lockPlace(trx, input.vendor);
      await requireAccess(trx, actor, 'place.engage', [input.vendor]);
      const created = await insertReviewIfNone(trx, {
        place_id: input.vendor,
        user_id: actor.id,
        rating: input.rating,
        review: input.review,
      });
      if (created === undefined) throw alreadyReviewed();
      await recountPlaceRating(trx, input.vendor);
      return created;
    })
    .catch(async (err: unknown) => {
      if (err instanceof AppError) throw err;
      // A unique violation the insert did not absorb (an engine's race): the review exists now.
      const held = await p.db
        .selectFrom('place_reviews')
        .select('id')
        .where('place_id', '=', input.vendor)
        .where('user_id', '=', actor.id)
        .executeTakeFirst();
      throw held ? alreadyReviewed() : err;
    });
  return getWrittenItem(p.db, venueReviewResource, id);
}

/** An admin's change to a hobbyist's review, for the audit log; none for the author's own. */
const reviewAudit = (actor: Actor, action: string, id: number) =>
  auditChange(actor, action, `vendor-review:${id}`, 'place_reviews', id);

/** `PUT /api/vendor-reviews/:id`: the author or the admin; the place's rating is recounted. */
export async function updateVenueReview(
  p: PlacesContext,
  actor: Actor,
  id: number,
  input: TVenueReviewUpdate,
): Promise<Item> {
  const [row] = await requireAccess(p.db, actor, 'placeReview.update', [id], ['place_id']);
  const audit = reviewAudit(actor, 'vendor-review.update', id);
  await p.db.transaction().execute(async (trx) => {
    await lockPlace(trx, Number(row!.place_id));
    await audit?.before(trx);
    if (!(await updateReview(trx, id, input))) throw notFound(RULES['placeReview.read'].missing);
    await recountPlaceRating(trx, Number(row!.place_id));
    await audit?.after(trx);
  });
  return getWrittenItem(p.db, venueReviewResource, id);
}

/** `DELETE /api/vendor-reviews/:id`: the author or the admin; answers the review as it was. */
export async function deleteVenueReview(p: PlacesContext, actor: Actor, id: number): Promise<Item> {
  const [row] = await requireAccess(p.db, actor, 'placeReview.update', [id], ['place_id']);
  const item = await getWrittenItem(p.db, venueReviewResource, id);
  const audit = reviewAudit(actor, 'vendor-review.delete', id);
  await p.db.transaction().execute(async (trx) => {
    await lockPlace(trx, Number(row!.place_id));
    await audit?.before(trx);
    if (!(await deleteReview(trx, id))) throw notFound(RULES['placeReview.read'].missing);
    await recountPlaceRating(trx, Number(row!.place_id));
    await audit?.after(trx);
  });
  return item;
}
