import { FACET_PARAMS, toCents, type TProviderUpdate, type TProviderWrite } from '@app/domain';
import type { Kysely, Updateable } from 'kysely';
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
import { fieldError, notFound } from '../../http/errors.ts';
import { getWrittenItem, plainItem } from '../../http/items.ts';
import { onlyParams } from '../../http/query.ts';
import { findOne, type Item } from '../../http/strapi/find.ts';
import { parseQuery } from '../../http/strapi/parse.ts';
import {
  deleteProvider as deleteProviderRow,
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

const PROVIDER_NOT_FOUND = RULES['provider.read'].missing;

/**
 * `GET /api/providers/:id`: as the listing decides visibility (else a 404); the owner and the admin,
 * who may change the ad, may also populate its `docs`.
 */
export async function getProvider(d: DirectoryContext, actor: Actor | null, id: number, query: Query) {
  const [row] = await findAccessRows(d.db, actor, 'provider.update', [id]);
  if (!row) throw notFound(PROVIDER_NOT_FOUND);
  const def = row.allowed ? ownProviderResource : providerResource;
  const q = parseQuery(def, query);
  const item = await findOne(d.db, def, id, q, { scope: null });
  if (!item) throw notFound(PROVIDER_NOT_FOUND);
  return item;
}

/** `GET /api/filterdata`: the listing's total and the disjunctive count of every option. */
export async function getFilterData(d: DirectoryContext, query: Query) {
  onlyParams(query, [...FACET_PARAMS, 'populate']);
  return { data: await countFilterData(d.store, readFacetParams(query, ['filter', 'populate'])) };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** A 400 at `data.<field>`, its message naming the field (the directory's writes answer so). */
const dataFieldError = (field: string, message: string) =>
  fieldError(['data', field], message, { title: `data.${field}: ${message}` });

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
  await requireOwnedFiles(d.db, [actor.id], fileClaims(input));
  const columns = { ...toColumns(input), user_id: actor.id } as ProviderColumns;
  const id = await insertProvider(d.db, columns, { images: input.images, docs: input.docs });
  d.store.invalidate();
  return getWrittenItem(d.db, ownProviderResource, id);
}

/** `PUT /api/providers/:id`: owner or admin; lists given replace the ad's images or documents. */
export async function updateProvider(
  d: DirectoryContext,
  actor: Actor,
  id: number,
  sent: TProviderUpdate,
): Promise<Item> {
  const input = withoutServerSetFields(actor, sent);
  const [ad] = await requireAccess(d.db, actor, 'provider.update', [id], ['user_id']);
  await checkReferences(d.db, input);
  // The ad's owner's files, or the acting admin's own.
  await requireOwnedFiles(d.db, [Number(ad!.user_id), actor.id], fileClaims(input));
  const updated = await updateProviderRow(d.db, id, toColumns(input), {
    images: input.images,
    docs: input.docs,
  });
  if (!updated) throw notFound(PROVIDER_NOT_FOUND);
  d.store.invalidate();
  return getWrittenItem(d.db, ownProviderResource, id);
}

/** `DELETE /api/providers/:id`: owner or admin; answers the ad as it was. */
export async function deleteProvider(d: DirectoryContext, actor: Actor, id: number): Promise<Item> {
  await requireAccess(d.db, actor, 'provider.update', [id]);
  const item = await findOne(d.db, ownProviderResource, id, plainItem, { scope: null });
  if (!item || !(await deleteProviderRow(d.db, id))) throw notFound(PROVIDER_NOT_FOUND);
  d.store.invalidate();
  return item;
}
