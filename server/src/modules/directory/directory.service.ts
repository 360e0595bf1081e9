import { FACET_PARAMS, toCents, type TProviderUpdate, type TProviderWrite } from '@app/domain';
import type { Kysely, Updateable } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { DB, ProvidersTable } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { badRequest, forbidden, notFound, type ErrorDetailItem } from '../../http/errors.ts';
import { onlyParams } from '../../http/query.ts';
import { findOne, type Item } from '../../http/strapi/find.ts';
import { parseQuery, type ParsedQuery } from '../../http/strapi/parse.ts';
import {
  deleteProvider as deleteProviderRow,
  findOwnedFiles,
  findProviderAccessRow,
  insertProvider,
  updateProvider as updateProviderRow,
  type ProviderColumns,
} from './directory.queries.ts';
import { countFilterData, findListing, type ListingQuery, type ListingView } from './directory.listing.ts';
import { ownProviderResource, providerResource } from './directory.resources.ts';
import { readFacetParams } from './facets/facet-params.ts';
import type { FacetStore } from './facets/facet-store.ts';

/** What the directory's services need: the database and this process's facet index. */
export interface DirectoryContext {
  db: Kysely<DB>;
  engine: Engine;
  store: FacetStore;
}

type Query = Record<string, unknown>;
type ItemQuery = Pick<ParsedQuery, 'populate' | 'fields'>;

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
  return findListing(d, readListingQuery(actor, query));
}

/**
 * The one access check for a provider id. A provider the caller may not see (hidden, and neither
 * theirs nor the caller an admin) is a 404; for `write`, one they see but do not own is a 403.
 */
async function requireProviderAccess(
  db: Kysely<DB>,
  actor: Actor | null,
  id: number,
  action: 'read' | 'write',
) {
  const row = await findProviderAccessRow(db, id);
  const own = !!actor && row?.user_id === actor.id;
  const admin = isAdmin(actor);
  if (!row || (Number(row.shown) !== 1 && !own && !admin)) throw notFound('Provider not found');
  if (action === 'write' && !own && !admin) throw forbidden('Only the owner may change this ad');
  return { row, privileged: own || admin };
}

/** `GET /api/providers/:id`: as the listing decides visibility; owner and admin may populate `docs`. */
export async function getProvider(d: DirectoryContext, actor: Actor | null, id: number, query: Query) {
  const { privileged } = await requireProviderAccess(d.db, actor, id, 'read');
  const def = privileged ? ownProviderResource : providerResource;
  const q = parseQuery(def, query);
  const item = await findOne(d.db, def, id, q, { scope: null });
  if (!item) throw notFound('Provider not found');
  return item;
}

/** `GET /api/filterdata`: the listing's total and the disjunctive count of every option. */
export async function getFilterData(d: DirectoryContext, query: Query) {
  onlyParams(query, [...FACET_PARAMS, 'populate']);
  return { data: await countFilterData(d.store, readFacetParams(query, ['filter', 'populate'])) };
}

// ---------------------------------------------------------------------------------------------
// Writing

function fieldError(field: string, message: string): never {
  const errors: ErrorDetailItem[] = [{ path: ['data', field], message, name: 'ValidationError' }];
  throw badRequest(`data.${field}: ${message}`, { errors });
}

/** Files named in an ad must be the owner's (or the acting admin's), of the right kind. */
async function checkFiles(
  db: Kysely<DB>,
  ownerIds: number[],
  input: { images?: number[] | undefined; video?: number | null | undefined; docs?: number[] | undefined },
): Promise<void> {
  const wanted = [...(input.images ?? []), ...(input.docs ?? []), ...(input.video ? [input.video] : [])];
  const found = new Map((await findOwnedFiles(db, wanted, ownerIds)).map((f) => [f.id, f]));
  for (const id of input.images ?? []) {
    const f = found.get(id);
    if (!f || f.is_private || !f.mime.startsWith('image/'))
      fieldError('images', `File ${id} is not a public image you uploaded`);
  }
  if (input.video) {
    const f = found.get(input.video);
    if (!f || f.is_private || !f.mime.startsWith('video/'))
      fieldError('video', `File ${input.video} is not a video you uploaded`);
  }
  for (const id of input.docs ?? []) {
    const f = found.get(id);
    if (!f || !f.is_private) fieldError('docs', `File ${id} is not a private document you uploaded`);
  }
}

async function checkReferences(db: Kysely<DB>, input: { language?: number | null; race?: number | null }) {
  if (input.language) {
    const hit = await db
      .selectFrom('languages')
      .select('id')
      .where('id', '=', input.language)
      .executeTakeFirst();
    if (!hit) fieldError('language', `Unknown language ${input.language}`);
  }
  if (input.race) {
    const hit = await db.selectFrom('races').select('id').where('id', '=', input.race).executeTakeFirst();
    if (!hit) fieldError('race', `Unknown race ${input.race}`);
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
    switch (key) {
      case 'images':
      case 'docs':
        break;
      case 'language':
      case 'race':
        out[`${key}_id`] = value;
        break;
      case 'video':
        out.video_id = value;
        break;
      case 'isShowed':
        out.is_showed = flag(value as boolean);
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

const plain: ItemQuery = { populate: {}, fields: undefined };

/**
 * Fields that cost money or decide who sees the ad (issue 9, item 4): the server sets them (the
 * packages and review flow), or the admin. What anyone else sends for them is ignored; counters are
 * not in the write schemas at all.
 */
export const SERVER_SET_AD_FIELDS = [
  'ad_bonus_side_panel_ad',
  'duration_ad',
  'duration_ad_unit',
  'isShowed',
] as const;

/** What a new ad gets for the server-set fields when the caller is not the admin. */
const SERVER_SET_AD_DEFAULTS = {
  ad_bonus_side_panel_ad: false,
  duration_ad: 2,
  duration_ad_unit: 'Days',
  isShowed: true,
} as const satisfies Pick<TProviderWrite, (typeof SERVER_SET_AD_FIELDS)[number]>;

/** The input without the server-set fields, unless the admin sent it. */
function withoutServerSetFields<T extends TProviderUpdate>(actor: Actor, input: T): T {
  if (isAdmin(actor)) return input;
  const out = { ...input };
  for (const key of SERVER_SET_AD_FIELDS) delete out[key];
  return out;
}

/** `POST /api/providers`: a new ad owned by the caller (a Provider, or the admin). */
export async function createProvider(d: DirectoryContext, actor: Actor, sent: TProviderWrite): Promise<Item> {
  const input = isAdmin(actor) ? sent : { ...sent, ...SERVER_SET_AD_DEFAULTS };
  await checkReferences(d.db, input);
  await checkFiles(d.db, [actor.id], input);
  const columns = { ...toColumns(input), user_id: actor.id } as ProviderColumns;
  const id = await insertProvider(d.db, columns, { images: input.images, docs: input.docs });
  d.store.invalidate();
  return (await findOne(d.db, ownProviderResource, id, plain, { scope: null }))!;
}

/** `PUT /api/providers/:id`: owner or admin; lists given replace the ad's images or documents. */
export async function updateProvider(
  d: DirectoryContext,
  actor: Actor,
  id: number,
  sent: TProviderUpdate,
): Promise<Item> {
  const input = withoutServerSetFields(actor, sent);
  const { row } = await requireProviderAccess(d.db, actor, id, 'write');
  await checkReferences(d.db, input);
  await checkFiles(d.db, [...new Set([row.user_id, actor.id])], input);
  const updated = await updateProviderRow(d.db, id, toColumns(input), {
    images: input.images,
    docs: input.docs,
  });
  if (!updated) throw notFound('Provider not found');
  d.store.invalidate();
  return (await findOne(d.db, ownProviderResource, id, plain, { scope: null }))!;
}

/** `DELETE /api/providers/:id`: owner or admin; answers the ad as it was. */
export async function deleteProvider(d: DirectoryContext, actor: Actor, id: number): Promise<Item> {
  await requireProviderAccess(d.db, actor, id, 'write');
  const item = await findOne(d.db, ownProviderResource, id, plain, { scope: null });
  if (!item || !(await deleteProviderRow(d.db, id))) throw notFound('Provider not found');
  d.store.invalidate();
  return item;
}
