import { MESSAGES, type TProviderUpdate, type TProviderWrite } from '@app/domain';
import type { Transaction } from 'kysely';
import { requireAccess, requireOwnedFiles } from '../../access/index.ts';
import { auditChange, type AuditHooks } from '../../db/audit-log.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { dataFieldError, forbidden, notFound } from '../../http/errors.ts';
import { getWrittenItem, plainItem } from '../../http/items.ts';
import { findOne, type Item } from '../../http/strapi/find.ts';
import type { Kysely } from 'kysely';
import { deleteUnusedFiles, makeFilesPrivate } from '../media/index.ts';
import {
  BACK_TO_REVIEW,
  computeRiskSignals,
  findRevision,
  recordReviewDecision,
  requireVerifiedOwner,
  reviewDecisionColumns,
  stageRevision,
  stagedFileIds,
  takeRevision,
  tellOwnerOfReview,
  withRevisionFor,
} from '../moderation/index.ts';
import { findActiveSubscription, takeAdSlot } from '../subscriptions/index.ts';
import { checkLocation, checkReferences, fileClaims, requireDocsNotShown } from './directory.checks.ts';
import { SERVER_SET_AD_DEFAULTS, toColumns, withoutServerSetFields } from './directory.columns.ts';
import {
  deleteProvider as deleteProviderRow,
  findAdFiles,
  findAdIdsOf,
  findAdVideo,
  findProviderRow,
  insertProvider,
  isIdVerifiedForWrite,
  updateProviderColumns,
  updateProvider as updateProviderRow,
  type ProviderColumns,
} from './directory.queries.ts';
import { ownProviderResource } from './directory.resources.ts';
import { PROVIDER_NOT_FOUND, type DirectoryContext } from './directory.service.ts';
import type { Storage } from '../../storage/index.ts';

/*
 * The ads' writes: create (with a subscription's slot), edit (an owner's edit of an approved ad staged as a
 * revision; anything else written at once), an approved revision applied, delete.
 */

/** The admin's decision on an ad as columns (`reviewDecisionColumns`). */
const reviewColumns = (input: TProviderUpdate) =>
  reviewDecisionColumns(input, MESSAGES.review.reasonRequired);

/**
 * `POST /api/providers`: a new ad owned by the caller. A provider needs an active subscription with an
 * ad left (spec 001 §4: the package's number of ads, plus what an admin granted; ads deleted since
 * count too); the slot is taken in the same transaction as the insert, so two posts racing for the
 * last one cannot both win. ID documents are required unless the caller's ID is verified (decision
 * 0034; a 400 at `data.docs`). The ad waits for review. The admin posts without a quota, approved unless
 * they say otherwise. Documents uploaded the plain way become private here.
 */
export async function createProvider(d: DirectoryContext, actor: Actor, sent: TProviderWrite): Promise<Item> {
  const admin = isAdmin(actor);
  const input = admin ? sent : { ...sent, ...SERVER_SET_AD_DEFAULTS };
  await checkReferences(d.db, input);
  await checkLocation(d.db, input);
  await requireOwnedFiles(d.db, [actor.id], fileClaims(input));
  await requireDocsNotShown(d.db, input);
  let slot: number | undefined;
  if (!admin) {
    const active = await findActiveSubscription(d.db, actor.id);
    if (!active) throw forbidden(MESSAGES.subscription.needPackage);
    slot = active.id;
  }
  const review = reviewColumns(admin ? { review: 'approved', ...input } : input) ?? BACK_TO_REVIEW;
  const columns = { ...toColumns(input), ...review, user_id: actor.id } as ProviderColumns;
  const id = await insertProvider(
    d.db,
    columns,
    { images: input.images, docs: input.docs },
    async (trx) => {
      if (slot !== undefined && !(await takeAdSlot(trx, slot))) throw forbidden(MESSAGES.subscription.refill);
      // The first documents stand once the staff verified the ID, until they ask again (decision 0034).
      if (!input.docs.length && !(await isIdVerifiedForWrite(trx, actor.id)))
        throw dataFieldError('docs', MESSAGES.adErrors.docsRequired);
    },
    // The risk signals of the new ad, with the ad; an admin's new ad is recorded in the audit log.
    async (trx, newId) => {
      await computeRiskSignals(trx, { type: 'provider', id: newId });
      await adAudit(actor, 'provider.create', newId)?.after(trx);
    },
  );
  await makeFilesPrivate(d.db, d.storage, input.docs);
  d.store.invalidate();
  return getWrittenItem(d.db, ownProviderResource, id);
}

/** The same files, in any order: reordering the photos shows nothing new, so it needs no review. */
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v) => b.includes(v));

/** What an edit of an ad read and checked before it writes. */
interface AdEdit {
  d: DirectoryContext;
  actor: Actor;
  id: number;
  sent: TProviderUpdate;
  input: TProviderUpdate;
  admin: boolean;
  ad: Record<
    'user_id' | 'video_id' | 'country' | 'state' | 'city' | 'review_state' | 'review_reason',
    unknown
  >;
  ownerId: number;
  ref: { type: 'provider'; id: number };
  /** The owner's changes waiting for review. */
  pending: Awaited<ReturnType<typeof findRevision>>;
  before: { images: number[]; docs: number[] };
  imagesChanged: boolean;
  videoChanged: boolean;
  decision: ReturnType<typeof reviewColumns> | undefined;
}

/** Reads the ad and checks the edit: access, references, place, files, and the owner's verification for an approval. */
async function prepareAdEdit(
  d: DirectoryContext,
  actor: Actor,
  id: number,
  sent: TProviderUpdate,
): Promise<AdEdit> {
  const admin = isAdmin(actor);
  const input = withoutServerSetFields(actor, sent);
  const [ad] = await requireAccess(
    d.db,
    actor,
    'provider.update',
    [id],
    ['user_id', 'video_id', 'country', 'state', 'city', 'review_state', 'review_reason'],
  );
  const ownerId = Number(ad!.user_id);
  const ref = { type: 'provider' as const, id };
  // The owner's changes waiting for review count as the ad's place for the edit's location check.
  const pending = admin ? undefined : await findRevision(d.db, ref);
  const staged = (key: string) => pending?.fields[key] as string | undefined;
  await checkReferences(d.db, input);
  await checkLocation(d.db, input, {
    country: staged('country') ?? String(ad!.country),
    state: staged('state') ?? String(ad!.state),
    city: staged('city') ?? String(ad!.city),
  });
  // The ad's owner's files, or the acting admin's own.
  await requireOwnedFiles(d.db, [ownerId, actor.id], fileClaims(input));
  await requireDocsNotShown(d.db, input);
  const before = await findAdFiles(d.db, id);
  const imagesChanged = input.images !== undefined && !sameIds(input.images, before.images);
  const videoChanged =
    input.video !== undefined && input.video !== (ad!.video_id === null ? null : Number(ad!.video_id));
  const decision = admin ? reviewColumns(input) : undefined;
  if (decision?.review_state === 'approved') {
    await requireVerifiedOwner(d.db, ownerId, MESSAGES.verification.approveNeedsVerified);
  }
  return {
    d,
    actor,
    id,
    sent,
    input,
    admin,
    ad: ad!,
    ownerId,
    ref,
    pending,
    before,
    imagesChanged,
    videoChanged,
    decision,
  };
}

/**
 * The owner's edit of an approved ad: what the public sees, its new photos and video included, waits as a
 * pending revision (decision 0015); the ad stays public as approved, and only its private documents (and a
 * new order of the same photos) change now. The staged files are in use while the revision names them;
 * those it named before and names no more are deleted unless something else uses them.
 */
async function stageOwnerEdit(e: AdEdit): Promise<Item> {
  const { d, id, input, before, ref, ownerId, pending } = e;
  const { docs, ...shown } = input;
  const reordered =
    input.images !== undefined && !e.imagesChanged && !before.images.every((f, i) => input.images![i] === f);
  const updated = await updateProviderRow(
    d.db,
    id,
    {},
    { images: reordered ? input.images : undefined, docs },
    async (trx) => {
      const row = await findProviderRow(trx, id);
      if (row) {
        // The photos compare as a set: a new order of the approved ones applies at once (above).
        const compared = { ...row, images: photoSet(before.images) };
        await stageRevision(trx, ref, ownerId, shown, compared, adStagedColumns);
      }
    },
    undefined,
    reordered,
  );
  if (!updated) throw notFound(PROVIDER_NOT_FOUND);
  if (docs) await makeFilesPrivate(d.db, d.storage, docs);
  await deleteUnusedFiles(d.db, d.storage, [
    ...(docs ? before.docs.filter((f) => !docs.includes(f)) : []),
    ...stagedFileIds(pending?.fields ?? {}),
  ]);
  return ownView(d.db, e.actor, id);
}

/**
 * Any other edit, written to the ad at once: an owner's edit of a pending or rejected ad (a revision waiting
 * is folded into it; new photos or a new video send the ad back to review), or the admin's edit and decision.
 */
async function writeAdEdit(e: AdEdit): Promise<Item> {
  const { d, actor, id, input, admin, pending, decision, before, ad } = e;
  const mediaChanged = !admin && (e.imagesChanged || e.videoChanged);
  const folded = !admin && pending ? toColumns(pending.fields as TProviderUpdate) : {};
  // A revision's staged photos, when it is folded into an edit that sends no list of its own.
  const foldedImages = !admin && pending ? (pending.fields.images as number[] | undefined) : undefined;
  const review = decision ?? (mediaChanged ? BACK_TO_REVIEW : {});
  const columns = { ...folded, ...toColumns(input) };
  // The risk signals are computed again for anything but the admin's bare decision.
  const recompute = !decision || Object.keys(columns).length > 0 || input.images !== undefined;
  // An admin's edit of the ad itself is recorded with the ad before and after, beside any decision.
  const edited = Object.keys(columns).length > 0 || input.images !== undefined || input.docs !== undefined;
  const updated = await updateProviderRow(
    d.db,
    id,
    { ...columns, ...review },
    {
      images: input.images ?? foldedImages,
      docs: input.docs,
    },
    async (trx) => {
      if (pending) await takeRevision(trx, e.ref);
      if (decision) {
        await recordReviewDecision(trx, actor, { kind: 'provider', id }, ad, decision, Object.keys(e.sent));
      }
      if (recompute) await computeRiskSignals(trx, { type: 'provider', id });
    },
    edited ? adAudit(actor, 'provider.update', id) : undefined,
  );
  if (!updated) throw notFound(PROVIDER_NOT_FOUND);
  if (input.docs) await makeFilesPrivate(d.db, d.storage, input.docs);
  // What the ad held before and no longer names: deleted unless another record uses it.
  const dropped = [
    ...(input.images ? before.images.filter((f) => !input.images!.includes(f)) : []),
    ...(input.docs ? before.docs.filter((f) => !input.docs!.includes(f)) : []),
    ...(e.videoChanged && ad.video_id !== null ? [Number(ad.video_id)] : []),
  ];
  await deleteUnusedFiles(d.db, d.storage, dropped);
  d.store.invalidate();
  if (decision) {
    await tellOwnerOfReview(d.db, d.mailer, MESSAGES.review, { ownerId: e.ownerId, recordId: id, decision });
  }
  return ownView(d.db, actor, id);
}

/**
 * `PUT /api/providers/:id`: owner or admin; lists given replace the ad's images or documents, and the
 * files no longer used are deleted. An owner's edit that changes the photos or the video sends the ad
 * back to review; their other changes to an approved ad wait as a pending revision (below), and a
 * pending or rejected ad is edited in place. The admin's edits publish at once; their `review` (or
 * `isShowed`) approves or rejects the ad, and the owner hears of it by e-mail.
 */
export async function updateProvider(
  d: DirectoryContext,
  actor: Actor,
  id: number,
  sent: TProviderUpdate,
): Promise<Item> {
  const edit = await prepareAdEdit(d, actor, id, sent);
  if (!edit.admin && edit.ad.review_state === 'approved') return stageOwnerEdit(edit);
  return writeAdEdit(edit);
}

/** An ad as its owner (or the admin) reads it after a write: with the owner's revision, if any. */
async function ownView(db: Kysely<DB>, actor: Actor, id: number): Promise<Item> {
  const item = await getWrittenItem(db, ownProviderResource, id);
  return withRevisionFor(db, actor, { type: 'provider', id }, item);
}

/** A revision's fields (as the owner sent them) as the ad's columns. */
const adColumns = (fields: Record<string, unknown>) => toColumns(fields as TProviderUpdate);

/** A list of photos as a set, to compare (the ids sorted, comma-joined). */
const photoSet = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');

/** The columns an owner's staged edit compares: the ad's, and its photos as a set (`images`). */
const adStagedColumns = (fields: Record<string, unknown>) => ({
  ...adColumns(fields),
  ...(Array.isArray(fields.images) ? { images: photoSet(fields.images as number[]) } : {}),
});

/**
 * Applies an approved revision's fields to the ad, in the moderator's transaction, recording the
 * directory change (the listing and the facet index see the new values from now on); false when the ad
 * is gone.
 */
export async function applyAdRevision(
  trx: Transaction<DB>,
  id: number,
  fields: Record<string, unknown>,
): Promise<boolean> {
  const images = Array.isArray(fields.images) ? (fields.images as number[]) : undefined;
  return updateProviderColumns(trx, id, adColumns(fields), images);
}

/** An admin's change to an ad, for the audit log: its row with its images and documents. */
const adAudit = (actor: Actor, action: string, id: number) =>
  auditChange(actor, action, `provider:${id}`, 'providers', id, (db) => findAdFiles(db, id));

/** `DELETE /api/providers/:id`: owner or admin; answers the ad as it was, and deletes its files. */
export async function deleteProvider(d: DirectoryContext, actor: Actor, id: number): Promise<Item> {
  await requireAccess(d.db, actor, 'provider.update', [id]);
  const item = await findOne(d.db, ownProviderResource, id, plainItem, { scope: null });
  if (!item || !(await removeAd(d.db, d.storage, id, adAudit(actor, 'provider.delete', id))))
    throw notFound(PROVIDER_NOT_FOUND);
  d.store.invalidate();
  return item;
}

/**
 * Deletes an ad with its files (images, video, ID documents, the files its revision stages) once no other
 * record uses them; false when it was gone. The directory change is recorded, so every process's index
 * drops it.
 */
async function removeAd(db: Kysely<DB>, storage: Storage, id: number, audit?: AuditHooks): Promise<boolean> {
  const video = await findAdVideo(db, id);
  const files = await findAdFiles(db, id);
  const staged = stagedFileIds((await findRevision(db, { type: 'provider', id }))?.fields ?? {});
  if (!(await deleteProviderRow(db, id, audit))) return false;
  await deleteUnusedFiles(db, storage, [
    ...staged,
    ...files.images,
    ...files.docs,
    ...(video === null ? [] : [video]),
  ]);
  return true;
}

/** Deletes every ad of an account with its files (a deleted account); answers how many went. */
export async function deleteAdsOf(db: Kysely<DB>, storage: Storage, userId: number): Promise<number> {
  let deleted = 0;
  for (const id of await findAdIdsOf(db, userId)) if (await removeAd(db, storage, id)) deleted++;
  return deleted;
}
