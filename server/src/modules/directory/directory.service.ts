import { CUM_MOUTH, CUM_PLACES, type TProviderUpdate, type TProviderWrite } from '@app/domain';
import { sql, type Expression, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { DB, ProvidersTable } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { badRequest, forbidden, notFound, type ErrorDetailItem } from '../../http/errors.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import { parseQuery, type ParsedQuery } from '../../http/strapi/parse.ts';
import type { ResourceDef, ScopeFn } from '../../http/strapi/resource.ts';
import { languageResource, raceResource } from '../reference/reference.resources.ts';
import {
  deleteProvider as deleteProviderRow,
  facetWhere,
  findCitiesOfState,
  findOwnedFiles,
  findProviderAccessRow,
  findState,
  findStatesOfCountry,
  insertProvider,
  shownByIdScope,
  shownOrOwnScope,
  shownScope,
  updateProvider as updateProviderRow,
  type ProviderColumns,
} from './directory.queries.ts';
import { ownProviderResource, providerResource } from './directory.resources.ts';
import {
  COUNT_SECTIONS,
  FACET_PARAMS,
  isEmptyFilter,
  NA_CLEARS,
  parseFacetParams,
  type FacetFilter,
} from './facet-params.ts';
import { countsFor, toFacetQuery, type FacetStore } from './facet-store.ts';

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

function fail(path: string, message: string): never {
  throw badRequest(`Invalid parameter ${path}: ${message}`, {
    errors: [{ path: [path], message, name: 'ValidationError' }],
  });
}

/** Refuses top-level query parameters other than `allowed`. */
function onlyParams(query: Query, allowed: readonly string[]): void {
  for (const key of Object.keys(query)) if (!allowed.includes(key)) fail(key, 'unknown parameter');
}

/** The user id of `filters[user][id][$eq]=<id>` (or `filters[user][id]=<id>`), when the query has it. */
function ownerFilterId(query: Query): number | undefined {
  const filters = query.filters;
  if (!isPlainObject(filters) || !isPlainObject(filters.user)) return undefined;
  const idSpec = filters.user.id;
  const v = isPlainObject(idSpec) ? idSpec.$eq : idSpec;
  return typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : undefined;
}

function andScopes(...scopes: (ScopeFn | undefined)[]): ScopeFn | null {
  const list = scopes.filter((s): s is ScopeFn => !!s);
  if (!list.length) return null;
  return (eb, a) => eb.and(list.map((s) => s(eb, a) as Expression<SqlBool>));
}

const isDefaultOrder = (q: ParsedQuery) =>
  q.sort.length === 1 && q.sort[0]!.column === 'id' && q.sort[0]!.direction === 'desc';

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * `GET /api/providers`. Anyone sees shown providers; with `filters[user][id][$eq]=<own id>` the
 * owner also sees their hidden ones; the admin sees all. Facet parameters are answered from the
 * facet index when nothing else narrows or orders the list (the home listing); otherwise the same
 * facet filter runs as SQL next to the Strapi filters.
 */
export async function listProviders(d: DirectoryContext, actor: Actor | null, query: Query) {
  const facets = parseFacetParams(query);
  const admin = isAdmin(actor);
  const ownerView = !!actor && ownerFilterId(query) === actor.id;
  const def = admin || ownerView ? ownProviderResource : providerResource;
  const q = parseQuery(def, query, [...FACET_PARAMS]);
  if (!admin && !ownerView && !q.filters && isDefaultOrder(q)) return listFromIndex(d, def, q, facets);
  const visibility = admin ? undefined : ownerView ? shownOrOwnScope(actor.id) : shownScope;
  let facetScope: ScopeFn | undefined;
  if (!isEmptyFilter(facets)) {
    // For shown providers the index knows the matching ids: when they are few, SQL only looks at
    // those rows; otherwise it runs the same filter itself.
    const ids = visibility === shownScope ? await matchingIds(d, facets, ID_SET_LIMIT) : undefined;
    facetScope = ids ? idScope(ids) : facetWhere(d.engine, facets);
  }
  return findMany(d.db, def, q, { scope: andScopes(visibility, facetScope) });
}

/** Up to this many ids from the facet index restrict a SQL listing by `id IN (…)`. */
const ID_SET_LIMIT = 5000;

/** The ids of the shown providers matching a facet filter, or undefined when more than `limit`. */
async function matchingIds(d: DirectoryContext, facets: FacetFilter, limit: number) {
  const snapshot = await d.store.get();
  const result = snapshot.index.query(toFacetQuery(snapshot, facets));
  return result.total <= limit ? result.page(0, result.total) : undefined;
}

const idScope =
  (ids: number[]): ScopeFn =>
  (eb, a) =>
    ids.length ? eb(eb.ref(`${a}.id`), 'in', ids) : sql<SqlBool>`1 = 0`;

/** A page of shown providers: ids from the facet index (newest first), rows from the database. */
async function listFromIndex(d: DirectoryContext, def: ResourceDef, q: ParsedQuery, facets: FacetFilter) {
  const snapshot = await d.store.get();
  const result = snapshot.index.query(toFacetQuery(snapshot, facets));
  const ids = result.page(q.offset, q.pageSize);
  let data: Item[] = [];
  if (ids.length) {
    const rows = await findMany(
      d.db,
      def,
      {
        ...q,
        filters: { kind: 'cmp', column: 'id', op: '$in', value: ids },
        page: 1,
        offset: 0,
        pageSize: ids.length,
        withCount: false,
      },
      { scope: shownByIdScope },
    );
    data = rows.data;
  }
  const total = result.total;
  return {
    data,
    meta: {
      pagination: { page: q.page, pageSize: q.pageSize, pageCount: Math.ceil(total / q.pageSize), total },
    },
  };
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
  const facets = parseFacetParams(query, ['filter', 'populate']);
  const snapshot = await d.store.get();
  const result = snapshot.index.query(toFacetQuery(snapshot, facets));
  const na = Object.fromEntries(
    Object.entries(NA_CLEARS).map(([section, dims]) => [section, result.totalWithout(dims)]),
  );
  // CIM and Anywhere choose a group of cum types at once.
  const cum = {
    CIM: result.totalWith('cum_type', CUM_MOUTH),
    Anywhere: result.totalWith('cum_type', CUM_PLACES),
  };
  return {
    data: { total: result.total, counts: countsFor(snapshot, result.counts(COUNT_SECTIONS)), na, cum },
  };
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

const cents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));
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

// ---------------------------------------------------------------------------------------------
// Lookups with provider counts (docs/directory-contract.md "Lookups")

function countryParam(query: Query): string {
  const raw = query.country_code ?? 'US';
  if (typeof raw !== 'string' || !/^[A-Za-z]{2}$/.test(raw.trim()))
    fail('country_code', 'expected a country code like US');
  return raw.trim().toUpperCase();
}

function stateParam(query: Query): string {
  const raw = query.state_code;
  if (typeof raw !== 'string' || !/^[A-Za-z0-9]{1,3}$/.test(raw.trim()))
    fail('state_code', 'expected a state code like CA');
  return raw.trim().toUpperCase();
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/**
 * `GET /api/languages` and `/api/races`: the Strapi list with each item's count of shown providers
 * (`provider`) and, on an unfiltered list's last page, an N/A item counting those without one.
 */
async function listWithCounts(
  d: DirectoryContext,
  def: ResourceDef,
  section: 'language' | 'race',
  nameField: string,
  query: Query,
) {
  const q = parseQuery(def, query);
  const [list, snapshot] = await Promise.all([findMany(d.db, def, q), d.store.get()]);
  const all = snapshot.index.query({});
  const counts = all.counts([section])[section]!;
  const data: Item[] = list.data.map((item) => ({
    id: item.id,
    attributes: { ...item.attributes, provider: counts[String(item.id)] ?? 0 },
  }));
  // The N/A item closes an unfiltered list: on its last page (without a count, on a short page).
  const n = list.data.length;
  const last =
    (n > 0 || q.offset === 0) && (q.withCount ? q.offset + n >= list.meta.pagination.total : n < q.pageSize);
  if (!q.filters && last) {
    const withOne = Object.values(counts).reduce((a, b) => a + b, 0);
    data.push({ id: 0, attributes: { [nameField]: 'N/A', provider: all.total - withOne } });
  }
  return { data, meta: list.meta };
}

async function getWithCount(
  d: DirectoryContext,
  def: ResourceDef,
  section: 'language' | 'race',
  id: number,
  query: Query,
) {
  const item = await findOne(d.db, def, id, parseQuery(def, query));
  if (!item) throw notFound();
  const snapshot = await d.store.get();
  const counts = snapshot.index.query({ terms: { [section]: [String(id)] } });
  return { id: item.id, attributes: { ...item.attributes, provider: counts.total } };
}

export const listLanguages = (d: DirectoryContext, query: Query) =>
  listWithCounts(d, languageResource, 'language', 'lang_name', query);
export const listRaces = (d: DirectoryContext, query: Query) =>
  listWithCounts(d, raceResource, 'race', 'race_name', query);
export const getLanguage = (d: DirectoryContext, id: number, query: Query) =>
  getWithCount(d, languageResource, 'language', id, query);
export const getRace = (d: DirectoryContext, id: number, query: Query) =>
  getWithCount(d, raceResource, 'race', id, query);

/** `GET /api/state-by-country?country_code=US`: every state of the country with its count. */
export async function statesByCountry(d: DirectoryContext, query: Query) {
  onlyParams(query, ['country_code']);
  const country = countryParam(query);
  const [states, snapshot] = await Promise.all([findStatesOfCountry(d.db, country), d.store.get()]);
  const counts = snapshot.index.query({ terms: { country: [country] } }).counts(['state']).state!;
  return {
    data: states
      .map((s) => ({
        state_code: s.state_code,
        state_name: s.state_name,
        provider: counts[s.state_code] ?? 0,
      }))
      .sort((a, b) => byName(a.state_name, b.state_name)),
  };
}

/**
 * `GET /api/cityByState?state_code=CA`: the state's cities with shown providers and their counts
 * (`all=true`: every city of the state, 0 included).
 */
export async function citiesByState(d: DirectoryContext, query: Query) {
  onlyParams(query, ['state_code', 'all']);
  const stateCode = stateParam(query);
  if (query.all !== undefined && query.all !== 'true' && query.all !== 'false')
    fail('all', 'expected true or false');
  const all = query.all === 'true';
  const [state, snapshot, cities] = await Promise.all([
    findState(d.db, stateCode),
    d.store.get(),
    all ? findCitiesOfState(d.db, stateCode) : Promise.resolve([]),
  ]);
  const stateName = state?.state_name ?? stateCode;
  const counted = snapshot.index.query({ terms: { state: [stateCode] } }).counts(['city']).city!;
  const byCity = new Map<string, number>();
  for (const c of cities) byCity.set(c.city_name, 0);
  for (const [key, n] of Object.entries(counted)) {
    if (n > 0 && key.startsWith(`${stateCode}|`)) byCity.set(key.slice(stateCode.length + 1), n);
  }
  return {
    data: [...byCity]
      .map(([city_name, provider]) => ({ city_name, state_code: stateCode, state_name: stateName, provider }))
      .sort((a, b) => byName(a.city_name, b.city_name)),
  };
}

/** `GET /api/provider-count-by-country?country_code=US`. */
export async function providerCountByCountry(d: DirectoryContext, query: Query) {
  onlyParams(query, ['country_code']);
  const country = countryParam(query);
  const snapshot = await d.store.get();
  const provider = snapshot.index.query({ terms: { country: [country] } }).total;
  return { data: [{ country_code: country, provider }] };
}
