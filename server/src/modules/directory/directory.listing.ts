import {
  COUNT_SECTIONS,
  CUM_MOUTH,
  CUM_PLACES,
  isEmptyFilter,
  NA_CLEARS,
  RANGE_KEYS,
  type FacetFilter,
  type FilterDataResponse,
  type NaSection,
} from '@app/domain';
import { sql, type Expression, type SqlBool } from 'kysely';
import { shownOrOwnProvider, shownProvider, shownProviderById } from '../../access/index.ts';
import { listResponse } from '../../http/responses.ts';
import { findMany } from '../../http/strapi/find.ts';
import type { ParsedQuery } from '../../http/strapi/parse.ts';
import type { ResourceDef, ScopeFn } from '../../http/strapi/resource.ts';
import { jsonText, readLeanItems } from './directory.page.ts';
import type { DirectoryContext } from './directory.service.ts';
import { facetWhere, shownIdsBySql } from './facets/facet.queries.ts';
import { searchIdsQuery, searchProviderIds } from './search.queries.ts';
import { countsFor } from './facets/facet-snapshot.ts';
import type { FacetMatch, FacetStore } from './facets/facet-store.ts';
import { paginationMeta } from '../../http/paging.ts';

/**
 * The listing's reads (`GET /api/providers`, `GET /api/filterdata`): a request read once into a
 * `ListingQuery` (directory.service.ts), answered from the facet index when nothing but facets
 * narrows or orders it (the home listing), else by SQL with the same facet filter.
 */

/** Whose providers a listing shows: shown ones; shown ones and the caller's own; or all (the admin). */
export type ListingView = { kind: 'public' } | { kind: 'owner'; userId: number } | { kind: 'admin' };

/** A listing request, parsed once. */
export interface ListingQuery {
  view: ListingView;
  /** The resource the caller reads providers through (the owner's and admin's may populate `docs`). */
  def: ResourceDef;
  facets: FacetFilter;
  strapi: ParsedQuery;
}

/** Up to this many ids from the facet index restrict a SQL listing by `id IN (…)`. */
const ID_SET_LIMIT = 5000;

const isDefaultOrder = (q: ParsedQuery) =>
  q.sort.length === 1 && q.sort[0]!.column === 'id' && q.sort[0]!.direction === 'desc';

function andScopes(...scopes: (ScopeFn | undefined)[]): ScopeFn | null {
  const list = scopes.filter((s): s is ScopeFn => !!s);
  if (!list.length) return null;
  return (eb, a) => eb.and(list.map((s) => s(eb, a) as Expression<SqlBool>));
}

const idScope =
  (ids: number[]): ScopeFn =>
  (eb, a) =>
    ids.length ? eb(eb.ref(`${a}.id`), 'in', ids) : sql<SqlBool>`1 = 0`;

/** A search's matches as the facet index reads them (`only`): the ids the full-text index found. */
type SearchMatches = { key: string; ids: readonly number[] } | undefined;

/** The providers a facet filter's search term finds (search.queries.ts); undefined without a term. */
async function searchMatches(d: DirectoryContext, facets: FacetFilter): Promise<SearchMatches> {
  if (!facets.search) return undefined;
  return { key: facets.search, ids: await searchProviderIds(d.db, d.engine, facets.search) };
}

/** A listing's search as SQL: the providers the search's own statement finds (any number of them). */
function searchScope(d: DirectoryContext, facets: FacetFilter): ScopeFn | undefined {
  if (!facets.search) return undefined;
  const found = searchIdsQuery(d.engine, facets.search);
  return (_eb, a) => sql<SqlBool>`${sql.ref(`${a}.id`)} in (${found})`;
}

/** A page of providers for a listing request. */
export async function findListing(d: DirectoryContext, listing: ListingQuery) {
  const { view, def, facets, strapi: q } = listing;
  // While the facet index's first build runs (a server's first seconds: it builds once it listens),
  // listings do not wait for it: SQL finds the same ids and total, at the cost of counting the matches.
  const indexed = !d.store.building;
  if (view.kind === 'public' && !q.filters && isDefaultOrder(q)) {
    if (!indexed) {
      const found = facets.search ? searchIdsQuery(d.engine, facets.search) : undefined;
      const page = await shownIdsBySql(d.db, d.engine, facets, found, q.offset, q.pageSize);
      return pageOf(d, def, q, page);
    }
    return findPageFromIndex(d, def, q, facets, await searchMatches(d, facets));
  }
  const visibility =
    view.kind === 'admin'
      ? undefined
      : view.kind === 'owner'
        ? shownOrOwnProvider(view.userId)
        : shownProvider;
  let facetScope: ScopeFn | undefined;
  if (!isEmptyFilter(facets)) {
    // For shown providers the index knows the matching ids: when they are few, SQL only looks at
    // those rows; otherwise it runs the same filter itself, and the search's matches are a list of ids.
    const ids =
      view.kind === 'public' && indexed
        ? await findMatchingIds(d.store, facets, ID_SET_LIMIT, await searchMatches(d, facets))
        : undefined;
    facetScope = ids
      ? idScope(ids)
      : (andScopes(facetWhere(d.engine, facets), searchScope(d, facets)) ?? undefined);
  }
  return findMany(d.db, def, q, { scope: andScopes(visibility, facetScope) });
}

/** The ids of the shown providers matching a facet filter, or undefined when more than `limit`. */
async function findMatchingIds(store: FacetStore, facets: FacetFilter, limit: number, found: SearchMatches) {
  return store.read(
    facets,
    ({ result }) => (result.total <= limit ? result.page(0, result.total) : undefined),
    found,
  );
}

/**
 * A page of shown providers: ids from the facet index (newest first), rows from the database in one
 * statement with their relations (directory.page.ts), answered as JSON text; a populate the lean read
 * does not know goes through the generic REST layer.
 */
async function findPageFromIndex(
  d: DirectoryContext,
  def: ResourceDef,
  q: ParsedQuery,
  facets: FacetFilter,
  found: SearchMatches,
) {
  const page = await d.store.read(
    facets,
    ({ result }) => ({ ids: result.page(q.offset, q.pageSize), total: result.total }),
    found,
  );
  return pageOf(d, def, q, page);
}

/** The listing's answer for a page of ids and the total. */
async function pageOf(
  d: DirectoryContext,
  def: ResourceDef,
  q: ParsedQuery,
  { ids, total }: { ids: number[]; total: number },
) {
  const pagination = paginationMeta(q, total);
  const items = await findShownItems(d, def, q, ids);
  if (items instanceof JsonItems)
    return jsonText(`{"data":${items.text},"meta":${JSON.stringify({ pagination })}}`);
  return listResponse(items, pagination);
}

/** Items rendered as JSON text by the lean read: `text` is the JSON array. */
class JsonItems {
  constructor(readonly text: string) {}
}

/**
 * The shown providers of `ids`, in that order, with the query's relations: as JSON text from the lean
 * read when it knows the shape, else through the generic REST layer.
 */
async function findShownItems(d: DirectoryContext, def: ResourceDef, q: ParsedQuery, ids: number[]) {
  const lean = ids.length ? await readLeanItems(d.db, d.engine, def, q, ids, 'shown') : [];
  if (lean) return new JsonItems(`[${lean.join(',')}]`);
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
    { scope: shownProviderById },
  );
  return rows.data;
}

/** The shown providers of `ids` as a JSON array's text, newest first. */
export async function shownItemsText(
  d: DirectoryContext,
  def: ResourceDef,
  q: ParsedQuery,
  ids: number[],
): Promise<string> {
  const items = await findShownItems(d, def, q, ids);
  return items instanceof JsonItems ? items.text : JSON.stringify(items);
}

/**
 * The ids of the shown providers in a city, newest first, from the facet index: at most `limit`,
 * those of `except` left out.
 */
export async function findShownIdsInCity(
  store: FacetStore,
  place: { country: string; state: string; city: string },
  except: ReadonlySet<number>,
  limit: number,
): Promise<number[]> {
  const facets: FacetFilter = {
    country: [place.country],
    state: [place.state],
    city: [place.city],
    sections: {},
  };
  const ids = await store.read(facets, ({ result }) =>
    result.page(0, Math.min(result.total, limit + except.size)),
  );
  return ids.filter((id) => !except.has(id)).slice(0, limit);
}

/** The index's name of a filter key's group: range groups are `#<key>`. */
const groupOf = (key: string) => ((RANGE_KEYS as readonly string[]).includes(key) ? `#${key}` : key);

/**
 * `GET /api/filterdata` `data`: the total, every option's disjunctive count, each N/A's total, the cum
 * groups, among the search's matches when there is a term.
 */
export async function countFilterData(d: DirectoryContext, facets: FacetFilter): Promise<FilterDataResponse> {
  return d.store.read(facets, filterData, await searchMatches(d, facets));
}

function filterData({ snapshot, result }: FacetMatch): FilterDataResponse {
  const na = Object.fromEntries(
    Object.entries(NA_CLEARS).map(([section, keys]) => [section, result.totalWithout(keys.map(groupOf))]),
  ) as Record<NaSection, number>;
  // CIM and Anywhere choose a group of cum types at once.
  const cum = {
    CIM: result.totalWith('cum_type', CUM_MOUTH),
    Anywhere: result.totalWith('cum_type', CUM_PLACES),
  };
  return { total: result.total, counts: countsFor(snapshot, result.counts(COUNT_SECTIONS)), na, cum };
}
