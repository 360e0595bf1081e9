import {
  FACET_PARAMS,
  MESSAGES,
  SERVER_SET_AD_FIELDS,
  toCents,
  type TProviderUpdate,
  type TProviderWrite,
} from '@app/domain';
import { comparablePhone } from '@app/domain/trust';
import type { Kysely, Transaction, Updateable } from 'kysely';
import { auditChange } from '../../db/audit-log.ts';
import type { Engine } from '../../db/database.ts';
import type { DB, ProvidersTable } from '../../db/schema.ts';
import {
  findAccessRows,
  requireAccess,
  requireOwnedFiles,
  RULES,
  type FileClaim,
} from '../../access/index.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { dataFieldError, forbidden, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { deleteUnusedFiles, fileShownBy, makeFilesPrivate } from '../media/index.ts';
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
  withOwnRevision,
  withRevisionFor,
} from '../moderation/index.ts';
import { findActiveSubscription, takeAdSlot } from '../subscriptions/index.ts';
import { getWrittenItem, plainItem } from '../../http/items.ts';
import { deepFreeze, onlyParams } from '../../http/query.ts';
import { findOne, type Item } from '../../http/strapi/find.ts';
import { LIMITS, parseQuery, type ParsedQuery } from '../../http/strapi/parse.ts';
import type { ResourceDef } from '../../http/strapi/resource.ts';
import { itemResponse } from '../../http/responses.ts';
import {
  deleteProvider as deleteProviderRow,
  findAdFiles,
  findProviderRow,
  insertProvider,
  updateProviderColumns,
  updateProvider as updateProviderRow,
  type ProviderColumns,
} from './directory.queries.ts';
import { jsonText, readLeanItems } from './directory.page.ts';
import { countFilterData, findListing, type ListingQuery, type ListingView } from './directory.listing.ts';
import { ownProviderResource, providerResource } from './directory.resources.ts';
import { readFacetParams } from './facets/facet-params.ts';
import type { FacetStore } from './facets/facet-store.ts';

/** What the directory's services need: the database, this process's facet index, files and mail. */
export interface DirectoryContext {
  db: Kysely<DB>;
  engine: Engine;
  store: FacetStore;
  /** `<DATA_DIR>/uploads`: replaced and deleted ads' files are removed there. */
  storageRoot: string;
  mailer: Mailer;
}

type Query = Record<string, unknown>;

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

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * Reads a listing request once. Anyone sees shown providers; with `filters[user][id][$eq]=<own id>`
 * the owner also sees their hidden ones; the admin sees all. The facet parameters are read first (a
 * bad one is the 400), then the Strapi query through the resource the caller's view allows.
 */
export function readListingQuery(actor: Actor | null, query: Query): ListingQuery {
  const facets = readFacetParams(query);
  const view: ListingView = isAdmin(actor)
    ? { kind: 'admin' }
    : actor && ownerFilterId(query) === actor.id
      ? { kind: 'owner', userId: actor.id }
      : { kind: 'public' };
  const def = view.kind === 'public' ? providerResource : ownProviderResource;
  return { view, def, facets, strapi: parseQuery(def, query, [...FACET_PARAMS]) };
}

/**
 * `GET /api/providers`: the listing for the caller's view, from the facet index when nothing else
 * narrows or orders the list (the home listing); otherwise the same facet filter runs as SQL next to
 * the Strapi filters.
 */
export function listProviders(d: DirectoryContext, actor: Actor | null, query: Query) {
  if (actor || !Object.isFrozen(query)) return findListing(d, readListingQuery(actor, query));
  // An anonymous listing depends on its query alone; a repeated query string is the same frozen object
  // (http/query.ts `parseQueryString`), so its reading is kept with it.
  let listing = anonymousListings.get(query);
  if (!listing) {
    listing = readListingQuery(null, query);
    deepFreeze(listing.facets);
    deepFreeze(listing.strapi);
    anonymousListings.set(query, listing);
  }
  return findListing(d, listing);
}

/** Anonymous listing requests read, by their (frozen, kept) query object. */
const anonymousListings = new WeakMap<Query, ListingQuery>();

const PROVIDER_NOT_FOUND = RULES['provider.read'].missing;

/** The query of a read by id, or undefined when it is not valid (the generic path answers it then). */
function parsedOrUndefined(def: ResourceDef, query: Query): ParsedQuery | undefined {
  try {
    return parseQuery(def, query);
  } catch {
    return undefined;
  }
}

/**
 * `GET /api/providers/:id`: as the listing decides visibility (else a 404); the owner and the admin,
 * who may change the ad, may also populate its `docs`. An anonymous read is one statement
 * (directory.page.ts) that checks visibility too; a bad query or an unknown shape takes the generic
 * path, which answers a hidden ad's 404 before the query's 400.
 */
export async function getProvider(d: DirectoryContext, actor: Actor | null, id: number, query: Query) {
  const q = actor ? undefined : parsedOrUndefined(providerResource, query);
  if (q && Number.isSafeInteger(id) && Math.abs(id) <= LIMITS.maxNumber) {
    const lean = await readLeanItems(d.db, d.engine, providerResource, q, [id], 'shown');
    if (lean?.length === 0) throw notFound(PROVIDER_NOT_FOUND);
    if (lean) return jsonText(`{"data":${lean[0]},"meta":{}}`);
  }
  const [row] = await findAccessRows(d.db, actor, 'provider.update', [id]);
  if (!row) throw notFound(PROVIDER_NOT_FOUND);
  const def = row.allowed ? ownProviderResource : providerResource;
  const parsed = parseQuery(def, query);
  // The owner reads their changes waiting for review over the approved ad (the edit form starts from them).
  const revision =
    row.allowed && actor && !isAdmin(actor) ? await findRevision(d.db, { type: 'provider', id }) : undefined;
  if (!revision) {
    const lean = await readLeanItems(d.db, d.engine, def, parsed, [id], 'all');
    if (lean?.length) return jsonText(`{"data":${lean[0]},"meta":{}}`);
  }
  const item = await findOne(d.db, def, id, parsed, { scope: null });
  if (!item) throw notFound(PROVIDER_NOT_FOUND);
  return itemResponse(await withOwnRevision(d.db, item, revision));
}

/**
 * An ad as the admin's `GET /api/providers/:id?populate=*` answers it (the moderation queue shows it so),
 * or undefined when there is none.
 */
export function readProviderItem(db: Kysely<DB>, id: number): Promise<Item | undefined> {
  return findOne(db, ownProviderResource, id, parseQuery(ownProviderResource, { populate: '*' }), {
    scope: null,
  });
}

/** `GET /api/filterdata`: the listing's total and the disjunctive count of every option. */
export async function getFilterData(d: DirectoryContext, query: Query) {
  onlyParams(query, [...FACET_PARAMS, 'populate']);
  return { data: await countFilterData(d.store, readFacetParams(query, ['filter', 'populate'])) };
}

// ---------------------------------------------------------------------------------------------
// Writing

type FileFields = Pick<TProviderUpdate, 'images' | 'video' | 'docs'>;

/** The files an ad names, as claims on `requireOwnedFiles`: images, then the video, then documents. */
function fileClaims(input: FileFields): FileClaim[] {
  const claim = (field: string, ids: readonly number[], use: FileClaim['use'], what: string): FileClaim => ({
    path: ['data', field],
    ids,
    use,
    message: (id) => `File ${id} is not ${what} you uploaded`,
    title: (id) => `data.${field}: File ${id} is not ${what} you uploaded`,
  });
  return [
    claim('images', input.images ?? [], 'image', 'a public image'),
    claim('video', input.video ? [input.video] : [], 'video', 'a video'),
    claim('docs', input.docs ?? [], 'document', 'a private document'),
  ];
}

/**
 * A public image named as an ID document turns private, so it must not be a picture
 * anything shows: one of this request's images or video, or a file an ad, an account or another
 * record already shows publicly. A 400 at `data.docs` otherwise; private uploads are always fine.
 */
async function requireDocsNotShown(db: Kysely<DB>, input: FileFields): Promise<void> {
  const docs = input.docs ?? [];
  if (!docs.length) return;
  const shownHere = new Set([...(input.images ?? []), ...(input.video ? [input.video] : [])]);
  const inUse = await db
    .selectFrom('files as f')
    .select('f.id')
    .where('f.id', 'in', docs)
    .where('f.is_private', '=', 0)
    .where((eb) => fileShownBy(eb.ref('f.id')))
    .execute();
  const clash = docs.find((id) => shownHere.has(id)) ?? inUse[0]?.id;
  if (clash !== undefined) throw dataFieldError('docs', `${MESSAGES.adErrors.docShown} ${clash}`);
}

/**
 * The ad's place comes from the location lookups (spec 001 §2 "Create ad form"): a state of the
 * country, and a city of that state when the state's cities are loaded (an operator may load only
 * some). A 400 at the field otherwise. `current` is the ad's place before an edit.
 */
export async function checkLocation(
  db: Kysely<DB>,
  input: { country?: string | undefined; state?: string | undefined; city?: string | undefined },
  current?: { country: string; state: string; city: string },
): Promise<void> {
  if (input.country === undefined && input.state === undefined && input.city === undefined) return;
  const country = input.country ?? current?.country ?? 'US';
  const state = input.state ?? current?.state;
  // A new state keeps the stored city only if that city is one of the new state's.
  const city = input.city ?? current?.city;
  if (input.country !== undefined || input.state !== undefined) {
    const known = await db
      .selectFrom('states')
      .select('state_code')
      .where('country_code', '=', country)
      .where('state_code', '=', state ?? '')
      .executeTakeFirst();
    if (!known) throw dataFieldError('state', `${MESSAGES.adErrors.unknownState} ${state ?? ''}`);
  }
  if (city !== undefined && (input.city !== undefined || input.state !== undefined)) {
    const cities = await db
      .selectFrom('cities')
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn.sum<number>(eb.case().when('city_name', '=', city).then(1).else(0).end()).as('hit'),
      ])
      .where('state_code', '=', state ?? '')
      .executeTakeFirst();
    if (Number(cities?.all ?? 0) > 0 && Number(cities?.hit ?? 0) === 0) {
      throw dataFieldError('city', `${MESSAGES.adErrors.unknownCity} ${city}`);
    }
  }
}

async function checkReferences(db: Kysely<DB>, input: { language?: number | null; race?: number | null }) {
  if (input.language) {
    const hit = await db
      .selectFrom('languages')
      .select('id')
      .where('id', '=', input.language)
      .executeTakeFirst();
    if (!hit) throw dataFieldError('language', `Unknown language ${input.language}`);
  }
  if (input.race) {
    const hit = await db.selectFrom('races').select('id').where('id', '=', input.race).executeTakeFirst();
    if (!hit) throw dataFieldError('race', `Unknown race ${input.race}`);
  }
}

const cents = (dollars: number | null) => (dollars === null ? null : toCents(dollars));
const joined = (list: readonly string[]) => (list.length ? list.join(',') : null);
const flag = (b: boolean) => (b ? 1 : 0);

/** The ad's columns for the fields given (undefined ones are left out). */
function toColumns(input: TProviderUpdate): Updateable<ProvidersTable> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    // Files are linked apart; the review's columns come from `reviewColumns` (the admin's decision).
    switch (key) {
      case 'images':
      case 'docs':
      case 'isShowed':
      case 'review':
      case 'review_reason':
        break;
      case 'language':
      case 'race':
        out[`${key}_id`] = value;
        break;
      case 'video':
        out.video_id = value;
        break;
      case 'phone':
        // With the digits the shared-phone risk signal looks up, through their index.
        out.phone = value;
        out.phone_digits = comparablePhone(value as string | null);
        break;
      case 'services_provided_approval':
      case 'ad_bonus_side_panel_ad':
        out[key] = flag(value as boolean);
        break;
      case 'donation_half_hour':
      case 'donation_hour':
        out[key] = cents(value as number | null);
        break;
      default:
        out[key] = Array.isArray(value) ? joined(value as string[]) : value;
    }
  }
  return out as Updateable<ProvidersTable>;
}

/** What a new ad gets for the server-set fields when the caller is not the admin: it waits for review. */
const SERVER_SET_AD_DEFAULTS = {
  ad_bonus_side_panel_ad: false,
  duration_ad: 2,
  duration_ad_unit: 'Days',
  isShowed: false,
  review: 'pending',
  review_reason: null,
} as const satisfies Pick<TProviderWrite, (typeof SERVER_SET_AD_FIELDS)[number]>;

/** The input without the server-set fields, unless the admin sent it. */
function withoutServerSetFields<T extends TProviderUpdate>(actor: Actor, input: T): T {
  if (isAdmin(actor)) return input;
  const out = { ...input };
  for (const key of SERVER_SET_AD_FIELDS) delete out[key];
  return out;
}

/** The admin's decision on an ad as columns (`reviewDecisionColumns`). */
const reviewColumns = (input: TProviderUpdate) =>
  reviewDecisionColumns(input, MESSAGES.review.reasonRequired);

/**
 * `POST /api/providers`: a new ad owned by the caller. A provider needs an active subscription with an
 * ad left (spec 001 §4: the package's number of ads, plus what an admin granted; ads deleted since
 * count too); the slot is taken in the same transaction as the insert, so two posts racing for the
 * last one cannot both win. The ad waits for review. The admin posts without a quota, approved unless
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
    },
    // The risk signals of the new ad, with the ad; an admin's new ad is recorded in the audit log.
    async (trx, newId) => {
      await computeRiskSignals(trx, { type: 'provider', id: newId });
      await adAudit(actor, 'provider.create', newId)?.after(trx);
    },
  );
  await makeFilesPrivate(d.db, d.storageRoot, input.docs);
  d.store.invalidate();
  return getWrittenItem(d.db, ownProviderResource, id);
}

/** The same files, in any order: reordering the photos shows nothing new, so it needs no review. */
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v) => b.includes(v));

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
  const mediaChanged = !admin && (imagesChanged || videoChanged);
  // The owner's edit of an approved ad: what the public sees, its new photos and video included, waits as
  // a pending revision (decision 0015); the ad stays public as approved, and only its private documents
  // (and a new order of the same photos) change now. The staged files are in use while the revision
  // names them; those it named before and names no more are deleted unless something else uses them.
  if (!admin && ad!.review_state === 'approved') {
    const { docs, ...shown } = input;
    const reordered =
      input.images !== undefined && !imagesChanged && !before.images.every((f, i) => input.images![i] === f);
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
    if (docs) await makeFilesPrivate(d.db, d.storageRoot, docs);
    await deleteUnusedFiles(d.db, d.storageRoot, [
      ...(docs ? before.docs.filter((f) => !docs.includes(f)) : []),
      ...stagedFileIds(pending?.fields ?? {}),
    ]);
    return ownView(d.db, actor, id);
  }
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
      if (pending) await takeRevision(trx, ref);
      if (decision) {
        await recordReviewDecision(trx, actor, { kind: 'provider', id }, ad!, decision, Object.keys(sent));
      }
      if (recompute) await computeRiskSignals(trx, { type: 'provider', id });
    },
    edited ? adAudit(actor, 'provider.update', id) : undefined,
  );
  if (!updated) throw notFound(PROVIDER_NOT_FOUND);
  if (input.docs) await makeFilesPrivate(d.db, d.storageRoot, input.docs);
  // What the ad held before and no longer names: deleted unless another record uses it.
  const dropped = [
    ...(input.images ? before.images.filter((f) => !input.images!.includes(f)) : []),
    ...(input.docs ? before.docs.filter((f) => !input.docs!.includes(f)) : []),
    ...(videoChanged && ad!.video_id !== null ? [Number(ad!.video_id)] : []),
  ];
  await deleteUnusedFiles(d.db, d.storageRoot, dropped);
  d.store.invalidate();
  if (decision) {
    await tellOwnerOfReview(d.db, d.mailer, MESSAGES.review, { ownerId, recordId: id, decision });
  }
  return ownView(d.db, actor, id);
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
  const [ad] = await requireAccess(d.db, actor, 'provider.update', [id], ['video_id']);
  const item = await findOne(d.db, ownProviderResource, id, plainItem, { scope: null });
  const files = await findAdFiles(d.db, id);
  // The files its revision stages go with it (the revision is deleted with the ad).
  const staged = stagedFileIds((await findRevision(d.db, { type: 'provider', id }))?.fields ?? {});
  const audit = adAudit(actor, 'provider.delete', id);
  if (!item || !(await deleteProviderRow(d.db, id, audit))) throw notFound(PROVIDER_NOT_FOUND);
  await deleteUnusedFiles(d.db, d.storageRoot, [
    ...staged,
    ...files.images,
    ...files.docs,
    ...(ad!.video_id === null ? [] : [Number(ad!.video_id)]),
  ]);
  d.store.invalidate();
  return item;
}
