import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { listingQuery, toDirectorySearch, toFacetParams } from '@app/domain';
import type {
  ApiList,
  CityCount,
  CountryCount,
  DirectoryQuery,
  FilterDataResponse,
  LanguageAttributes,
  ProviderList,
  RaceAttributes,
  StateCount,
} from '@app/domain';
import { apiGet } from '../../api/client.ts';
import type { ListingRequest } from './filterUrl.ts';
import { getLinkedCountQueries, mergeLinkedCounts } from './linkedCounts.ts';

/**
 * The directory's calls (docs/directory-contract.md): the listing, its filter counts and the lookups
 * of the Categories panel and the location picker. The answers' shapes are the domain's.
 */

/**
 * The Categories panel's counts by section and option (`counts.call.Incall`), every option present;
 * `counts.na` holds each section's N/A total and `counts.cum` the CIM and Anywhere groups' totals.
 */
export type FilterCounts = Record<string, Record<string, number> | undefined>;

/** `GET /api/filterdata` as the panel reads it: the total and the counts. */
export interface FilterData {
  total: number;
  counts: FilterCounts;
}

// ---- calls -------------------------------------------------------------------------------------

/** The `GET /api/providers` query for a page of the listing (the domain's, shared with the server's preload). */
export const buildProvidersQuery = listingQuery;

export function fetchProviders(query: DirectoryQuery, page: number, signal?: AbortSignal) {
  return apiGet<ProviderList>('/providers', buildProvidersQuery(query, page), { signal, auth: false });
}

export async function fetchFilterData(query: DirectoryQuery, signal?: AbortSignal): Promise<FilterData> {
  const body = await apiGet<{ data: FilterDataResponse }>('/filterdata', toFacetParams(query), {
    signal,
    auth: false,
  });
  const { total, counts, na, cum } = body.data;
  return { total, counts: { ...counts, na, cum } };
}

export async function fetchLanguages(signal?: AbortSignal) {
  const body = await apiGet<ApiList<LanguageAttributes>>(
    '/languages',
    { pagination: { pageSize: 100 } },
    { signal, auth: false },
  );
  return body.data;
}

export async function fetchRaces(signal?: AbortSignal) {
  const body = await apiGet<ApiList<RaceAttributes>>(
    '/races',
    { pagination: { pageSize: 100 } },
    { signal, auth: false },
  );
  return body.data;
}

export async function fetchStatesByCountry(countryCode: string, signal?: AbortSignal) {
  const body = await apiGet<{ data: StateCount[] }>(
    '/state-by-country',
    { country_code: countryCode },
    { signal, auth: false },
  );
  return body.data;
}

export async function fetchCitiesByState(stateCode: string, signal?: AbortSignal) {
  const body = await apiGet<{ data: CityCount[] }>(
    '/cityByState',
    { state_code: stateCode },
    { signal, auth: false },
  );
  return body.data;
}

export async function fetchProviderCountByCountry(countryCode: string, signal?: AbortSignal) {
  const body = await apiGet<{ data: CountryCount[] }>(
    '/provider-count-by-country',
    { country_code: countryCode },
    { signal, auth: false },
  );
  return body.data[0]?.provider ?? 0;
}

// ---- hooks -------------------------------------------------------------------------------------

/** Query keys carry the facet query string, so any filter change is a new fetch. */
export const directoryKeys = {
  all: ['directory'] as const,
  providers: (search: string, page: number) => ['directory', 'providers', search, page] as const,
  filterData: (search: string) => ['directory', 'filterdata', search] as const,
  languages: ['directory', 'languages'] as const,
  races: ['directory', 'races'] as const,
  states: (country: string) => ['directory', 'states', country] as const,
  cities: (state: string) => ['directory', 'cities', state] as const,
  countryCount: (country: string) => ['directory', 'country-count', country] as const,
};

/**
 * A page of the listing. `search` is the canonical query string of `query` (the cache key); the
 * previous page stays on screen while the next one loads.
 */
export function useProviders(query: DirectoryQuery, search: string, page: number) {
  return useQuery({ ...providersQuery(query, search, page), placeholderData: keepPreviousData });
}

const providersQuery = (query: DirectoryQuery, search: string, page: number) =>
  queryOptions({
    queryKey: directoryKeys.providers(search, page),
    queryFn: ({ signal }) => fetchProviders(query, page, signal),
  });

/** The Categories panel's counts, refetched on any filter change (spec 001 §4). */
export function useFilterData(query: DirectoryQuery, search: string) {
  return useQuery({ ...filterDataQuery(query, search), placeholderData: keepPreviousData });
}

const filterDataQuery = (query: DirectoryQuery, search: string) =>
  queryOptions({
    queryKey: directoryKeys.filterData(search),
    queryFn: ({ signal }) => fetchFilterData(query, signal),
  });

/**
 * The counts the Categories panel shows: the query's, with the linked parent and sub-type sections
 * counted as a click on them would filter (see linkedCounts.ts). `isFetching` is true while any of
 * them is on its way.
 */
export function useFilterCounts(query: DirectoryQuery, search: string) {
  const base = useFilterData(query, search);
  const linked = getLinkedCountQueries(query.filters).map((entry) => {
    const linkedQuery: DirectoryQuery = { filters: entry.filters, location: query.location };
    return { ...entry, query: linkedQuery, search: toDirectorySearch(linkedQuery) };
  });
  const results = useQueries({
    queries: linked.map((entry) => filterDataQuery(entry.query, entry.search)),
  });
  const counts = mergeLinkedCounts(
    base.data?.counts,
    linked.map((entry, index) => ({ sections: entry.sections, counts: results[index]?.data?.counts })),
  );
  const isFetching = base.isFetching || results.some((result) => result.isFetching);
  return { counts, total: base.data?.total, isFetching };
}

const languagesQuery = queryOptions({
  queryKey: directoryKeys.languages,
  queryFn: ({ signal }) => fetchLanguages(signal),
  staleTime: 5 * 60_000,
});

const racesQuery = queryOptions({
  queryKey: directoryKeys.races,
  queryFn: ({ signal }) => fetchRaces(signal),
  staleTime: 5 * 60_000,
});

export function useLanguages() {
  return useQuery(languagesQuery);
}

export function useRaces() {
  return useQuery(racesQuery);
}

/**
 * Fetches what a listing page shows before the server renders it (the route's `prefetch`, run by
 * entry-server.tsx): the page of providers, the panel's counts and its languages and races, so one render
 * draws the page instead of a render that only asks and a second that draws. The linked counts of a
 * chosen service, rarer, are still asked by the render.
 */
export function prefetchListing(queryClient: QueryClient, request: ListingRequest): Promise<unknown> {
  const { query, search, page } = request;
  return Promise.all([
    queryClient.prefetchQuery(providersQuery(query, search, page)),
    queryClient.prefetchQuery(filterDataQuery(query, search)),
    queryClient.prefetchQuery(languagesQuery),
    queryClient.prefetchQuery(racesQuery),
  ]);
}

export function useStatesByCountry(countryCode: string, enabled = true) {
  return useQuery({
    queryKey: directoryKeys.states(countryCode),
    queryFn: ({ signal }) => fetchStatesByCountry(countryCode, signal),
    enabled: enabled && countryCode !== '',
  });
}

export function useCitiesByState(stateCode: string, enabled = true) {
  return useQuery({
    queryKey: directoryKeys.cities(stateCode),
    queryFn: ({ signal }) => fetchCitiesByState(stateCode, signal),
    enabled: enabled && stateCode !== '',
  });
}

export function useProviderCountByCountry(countryCode: string, enabled = true) {
  return useQuery({
    queryKey: directoryKeys.countryCount(countryCode),
    queryFn: ({ signal }) => fetchProviderCountByCountry(countryCode, signal),
    enabled: enabled && countryCode !== '',
  });
}
