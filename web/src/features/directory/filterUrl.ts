import {
  AGE_RANGE,
  CALL_OPTIONS,
  CUM_TYPES,
  DONATION_RANGE,
  GROOMING,
  NA,
  normalizeFilters,
  PERSONALITY,
  SUBTYPES,
  YES_NO,
} from '@app/domain';
import type { FilterState, Range } from '@app/domain';
import { toQueryString } from '../../api/client.ts';
import type { QueryParams } from '../../api/client.ts';

/**
 * The listing's query string ⇄ its filter state and location (spec 001 §2, §3; docs/directory-contract.md).
 * The URL holds exactly the contract's facet parameters, so the same string feeds the page,
 * `GET /api/providers` and `GET /api/filterdata`:
 * `filter[kissing]=yes&filter[call][0]=Incall&filter[age][0]=20&filter[age][1]=30&country=US&state=CA&city[0]=San%20Jose`.
 */

/** The location part of the listing's query: country and state codes, city names. */
export interface LocationFilter {
  country?: string;
  state?: string;
  city?: string[];
}

/** The listing's default location (spec 001 §2, §9: default filter country US, state CA). */
export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_STATE = 'CA';

/** Everything the listing is filtered by. */
export interface DirectoryQuery {
  filters: FilterState;
  location: LocationFilter;
}

/** The order keys are written in, so equal states always give the same URL (and the same cache key). */
export const FILTER_KEYS = [
  'language',
  'race',
  'call',
  'age',
  'donation_hour',
  'kissing',
  'kissing_types',
  'fellatio',
  'fellatio_type',
  'cunnilingus',
  'anilingus',
  'anilingus_act',
  'vaginal',
  'vaginal_type',
  'anal',
  'anal_activity',
  'cum_type',
  'threesome',
  'massage',
  'personality',
  'grooming',
] as const satisfies readonly (keyof FilterState)[];

type FilterKey = (typeof FILTER_KEYS)[number];

const YES_NO_KEYS = [
  'kissing',
  'fellatio',
  'cunnilingus',
  'anilingus',
  'vaginal',
  'anal',
  'threesome',
  'massage',
] as const;

/** Allowed values of each string-list key; anything else in a URL is dropped. */
const LIST_OPTIONS: Partial<Record<FilterKey, readonly string[]>> = {
  call: CALL_OPTIONS,
  kissing_types: SUBTYPES.kissing.options,
  fellatio_type: SUBTYPES.fellatio.options,
  anilingus_act: SUBTYPES.anilingus.options,
  vaginal_type: SUBTYPES.vaginal.options,
  anal_activity: SUBTYPES.anal.options,
  cum_type: CUM_TYPES,
  personality: PERSONALITY,
  grooming: GROOMING,
};

const FILTER_PARAM = /^filter\[([a-z_]+)\](?:\[(\d*)\])?$/;
const CITY_PARAM = /^city(?:\[(\d*)\])?$/;
/** Codes as the server takes them: a two-letter country, a state of up to three letters or digits. */
const COUNTRY_CODE = /^[A-Za-z]{2}$/;
const STATE_CODE = /^[A-Za-z0-9]{1,3}$/;

function unique<T>(list: T[]): T[] {
  return [...new Set(list)];
}

function parseRange(values: string[], bounds: { min: number; max: number }): Range | undefined {
  if (values.length !== 2) return undefined;
  const [lo, hi] = values.map(Number) as [number, number];
  if (!Number.isInteger(lo) || !Number.isInteger(hi)) return undefined;
  if (lo === 0 && hi === 0) return undefined; // N/A: no filter
  const min = Math.max(bounds.min, Math.min(lo, hi));
  const max = Math.min(bounds.max, Math.max(lo, hi));
  return min <= max ? [min, max] : undefined;
}

/**
 * Reads the filter state and location from a query string (with or without `?`). Unknown keys,
 * unknown option values, N/A and empty values are dropped, so any URL gives a valid state.
 */
export function parseDirectoryQuery(search: string | URLSearchParams): DirectoryQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  // Indexed list entries are ordered by their index, as `qs` does (`[]` entries keep their place).
  const lists = new Map<string, { index: number; order: number; value: string }[]>();
  const cities: { index: number; order: number; value: string }[] = [];
  let order = 0;
  let country: string | undefined;
  let state: string | undefined;
  const legacyAge: Record<string, string> = {};

  for (const [key, rawValue] of params) {
    const value = rawValue.trim();
    order += 1;
    if (value === '' || value === NA) continue;
    const filter = FILTER_PARAM.exec(key);
    if (filter) {
      const name = filter[1]!;
      const index = filter[2] === undefined || filter[2] === '' ? Number.MAX_SAFE_INTEGER : Number(filter[2]);
      lists.set(name, [...(lists.get(name) ?? []), { index, order, value }]);
      continue;
    }
    const city = CITY_PARAM.exec(key);
    if (city) {
      const index = city[1] === undefined || city[1] === '' ? Number.MAX_SAFE_INTEGER : Number(city[1]);
      cities.push({ index, order, value });
      continue;
    }
    if (key === 'country' && COUNTRY_CODE.test(value)) country = value.toUpperCase();
    else if (key === 'state' && STATE_CODE.test(value)) state = value.toUpperCase();
    else if (['minValue', 'maxValue', 'minValueDonation', 'maxValueDonation'].includes(key))
      legacyAge[key] = value;
  }

  const valuesOf = (name: string): string[] =>
    (lists.get(name) ?? [])
      .sort((a, b) => a.index - b.index || a.order - b.order)
      .map((entry) => entry.value);

  const filters: Record<string, unknown> = {};
  for (const key of ['language', 'race'] as const) {
    const ids = unique(
      valuesOf(key)
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    );
    if (ids.length) filters[key] = ids;
  }
  for (const [key, options] of Object.entries(LIST_OPTIONS)) {
    const chosen = unique(valuesOf(key).filter((v) => options.includes(v)));
    if (chosen.length) filters[key] = chosen;
  }
  for (const key of YES_NO_KEYS) {
    const value = valuesOf(key)[0]?.toLowerCase();
    if (value && (YES_NO as readonly string[]).includes(value)) filters[key] = value;
  }
  const age =
    parseRange(valuesOf('age'), AGE_RANGE) ??
    parseRange([legacyAge.minValue ?? '', legacyAge.maxValue ?? ''].filter(Boolean), AGE_RANGE);
  if (age) filters.age = age;
  const donation =
    parseRange(valuesOf('donation_hour'), DONATION_RANGE) ??
    parseRange(
      [legacyAge.minValueDonation ?? '', legacyAge.maxValueDonation ?? ''].filter(Boolean),
      DONATION_RANGE,
    );
  if (donation) filters.donation_hour = donation;

  const location: LocationFilter = {};
  if (country) location.country = country;
  if (state) location.state = state;
  const cityNames = unique(
    cities.sort((a, b) => a.index - b.index || a.order - b.order).map((entry) => entry.value),
  );
  if (cityNames.length) location.city = cityNames;

  return { filters: filters as FilterState, location };
}

/**
 * The contract's facet parameters for a filter state and location: `filter[...]` in a fixed key
 * order (N/A, empty values and [0, 0] ranges left out), then `country`, `state`, `city[i]`.
 * `cum` ('any') is not sent: `cum_type` already lists what it stands for.
 */
export function toFacetParams({ filters, location }: DirectoryQuery): QueryParams {
  const normalized = normalizeFilters(filters) as Record<string, unknown>;
  const filter: Record<string, string | number | readonly (string | number)[]> = {};
  for (const key of FILTER_KEYS) {
    const value = normalized[key];
    if (value !== undefined) filter[key] = value as string | number | readonly (string | number)[];
  }
  const params: Record<string, QueryParams[string]> = {};
  if (Object.keys(filter).length) params.filter = filter;
  if (location.country) params.country = location.country;
  if (location.state) params.state = location.state;
  const city = (location.city ?? []).filter((c) => c.trim() !== '');
  if (city.length) params.city = city;
  return params;
}

/** The query string (without `?`) for a filter state and location; '' when nothing is chosen. */
export function toDirectorySearch(query: DirectoryQuery): string {
  return toQueryString(toFacetParams(query));
}

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
