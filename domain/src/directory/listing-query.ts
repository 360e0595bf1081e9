import { DEFAULT_COUNTRY, DEFAULT_STATE } from '../constants.ts';
import { toQueryString, type QueryParams } from '../query-string.ts';
import { toFacetParams, type DirectoryQuery } from './filter-url.ts';

/** Listing page size and relations (spec 001 §7, §9). */
export const LISTING_PAGE_SIZE = 10;
export const LISTING_POPULATE = ['images', 'language', 'race', 'user', 'video'] as const;

/** The `GET /api/providers` query for a page of the listing. */
export function listingQuery(query: DirectoryQuery, page: number): QueryParams {
  return {
    pagination: { page, pageSize: LISTING_PAGE_SIZE },
    sort: 'id:desc',
    populate: LISTING_POPULATE,
    ...toFacetParams(query),
  };
}

/** The home page's first call, byte for byte as the web client makes it (`/` without a query: page 1 of the default location). */
export function homeListingUrl(): string {
  const home = { filters: {}, location: { country: DEFAULT_COUNTRY, state: DEFAULT_STATE } };
  return `/api/providers?${toQueryString(listingQuery(home, 1))}`;
}

/** The `GET /api/providers/:id` query of an ad's page: the listing's relations. */
export function adItemQuery(): QueryParams {
  return { populate: LISTING_POPULATE };
}

/** An ad page's first call, as the web client makes it; the server reads it to answer 404 or 301. */
export function adItemUrl(id: number): string {
  return `/api/providers/${id}?${toQueryString(adItemQuery())}`;
}

/** The call for an ad page's related ads and the owner's ID check (`GET /api/providers/:id/related`). */
export function adRelatedUrl(id: number): string {
  return `/api/providers/${id}/related`;
}
