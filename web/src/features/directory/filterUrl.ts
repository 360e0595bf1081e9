import { parseDirectoryQuery, toDirectorySearch } from '@app/domain';
import type { DirectoryQuery } from '@app/domain';

/**
 * The listing's pages and default location. The URL's query string is the contract's facet
 * parameters, written and read by `toDirectorySearch` and `parseDirectoryQuery` from `@app/domain`.
 */

/** The listing's default location (spec 001 §2, §9: default filter country US, state CA). */
export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_STATE = 'CA';

/** Reads `/ad/:page`'s page: a positive integer, else 1 (spec 001 §2). */
export function parsePage(raw: string | undefined): number {
  if (raw === undefined || !/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * The query the listing shows: a URL without any location means the default one, US and CA, so the
 * header's "US > CA" and the listing agree.
 */
export function withDefaultLocation(query: DirectoryQuery): DirectoryQuery {
  const { country, state, city } = query.location;
  if (country || state || city?.length) return query;
  return { ...query, location: { country: DEFAULT_COUNTRY, state: DEFAULT_STATE } };
}

/** A page of the listing: `/ad/{page}?<query>` (pagination links). */
export function pagePath(page: number, search: string): string {
  return search ? `/ad/${page}?${search}` : `/ad/${page}`;
}

/** The first page of the listing for a query string: `/?<query>` (after a filter change). */
export function firstPagePath(search: string): string {
  return search ? `/?${search}` : '/';
}

/** What a listing URL asks for: the query as written, the query shown (with the default location), its key and page. */
export interface ListingRequest {
  asked: DirectoryQuery;
  query: DirectoryQuery;
  /** The canonical query string of `query`: the cache key of its answers. */
  search: string;
  page: number;
}

/** A listing URL's request, from its query string and its `/ad/:page` parameter. */
export function listingRequestOf(rawSearch: string, pageParam: string | undefined): ListingRequest {
  const asked = parseDirectoryQuery(rawSearch);
  const query = withDefaultLocation(asked);
  return { asked, query, search: toDirectorySearch(query), page: parsePage(pageParam) };
}
