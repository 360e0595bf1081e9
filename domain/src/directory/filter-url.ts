import { toQueryString, type QueryParams } from '../query-string.ts';
import { normalizeSearch, SEARCH_LIMITS } from './search.ts';
import {
  FILTER_KEYS,
  ID_SECTIONS,
  LEGACY_RANGE_PARAMS,
  OPTION_SECTIONS,
  YES_NO_KEYS,
  type RangeKey,
} from './filter-contract.ts';
import {
  AGE_RANGE,
  DONATION_RANGE,
  NA,
  normalizeFilters,
  YES_NO,
  type FilterState,
  type Range,
} from './filters.ts';

/**
 * The listing's query string ⇄ its filter state and location (spec 001 §2, §3; docs/directory-contract.md).
 * The page's URL holds exactly the contract's facet parameters, so the same string feeds the page,
 * `GET /api/providers` and `GET /api/filterdata`:
 * `filter[kissing]=yes&filter[call][0]=Incall&filter[age][0]=20&filter[age][1]=30&country=US&state=CA&city[0]=San%20Jose`.
 * Reading is forgiving (any URL gives a valid state); the server reads strictly (facet-params.ts).
 */

/** The location part of the listing's query: country and state codes, city names. */
export interface LocationFilter {
  country?: string;
  state?: string;
  city?: string[];
}

/** Everything the listing is filtered by. */
export interface DirectoryQuery {
  filters: FilterState;
  location: LocationFilter;
  /** The header's search term (search.ts), normalized. */
  search?: string;
}

const FILTER_PARAM = /^filter\[([a-z_]+)\](?:\[(\d*)\])?$/;
const CITY_PARAM = /^city(?:\[(\d*)\])?$/;
/** Codes as the server takes them: a two-letter country, a state of up to three letters or digits. */
const COUNTRY_CODE = /^[A-Za-z]{2}$/;
const STATE_CODE = /^[A-Za-z0-9]{1,3}$/;
const LEGACY_PARAMS: readonly string[] = Object.values(LEGACY_RANGE_PARAMS).flat();

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
  const legacyRange: Record<string, string> = {};
  let term: string | undefined;

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
    else if (LEGACY_PARAMS.includes(key)) legacyRange[key] = value;
    else if (key === 'search') term = normalizeSearch(value.slice(0, SEARCH_LIMITS.maxLength));
  }

  const valuesOf = (name: string): string[] =>
    (lists.get(name) ?? [])
      .sort((a, b) => a.index - b.index || a.order - b.order)
      .map((entry) => entry.value);

  const filters: Record<string, unknown> = {};
  for (const key of ID_SECTIONS) {
    const ids = unique(
      valuesOf(key)
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    );
    if (ids.length) filters[key] = ids;
  }
  for (const [key, options] of Object.entries(OPTION_SECTIONS)) {
    if (options === YES_NO) continue;
    const chosen = unique(valuesOf(key).filter((v) => (options as readonly string[]).includes(v)));
    if (chosen.length) filters[key] = chosen;
  }
  for (const key of YES_NO_KEYS) {
    const value = valuesOf(key)[0]?.toLowerCase();
    if (value && (YES_NO as readonly string[]).includes(value)) filters[key] = value;
  }
  // `filter[age]` wins over the original client's `minValue`/`maxValue`; the same for donation.
  for (const [key, bounds] of [
    ['age', AGE_RANGE],
    ['donation_hour', DONATION_RANGE],
  ] as const satisfies readonly (readonly [RangeKey, unknown])[]) {
    const [min, max] = LEGACY_RANGE_PARAMS[key];
    const legacy = [legacyRange[min] ?? '', legacyRange[max] ?? ''].filter(Boolean);
    const range = parseRange(valuesOf(key), bounds) ?? parseRange(legacy, bounds);
    if (range) filters[key] = range;
  }

  const location: LocationFilter = {};
  if (country) location.country = country;
  if (state) location.state = state;
  const cityNames = unique(
    cities.sort((a, b) => a.index - b.index || a.order - b.order).map((entry) => entry.value),
  );
  if (cityNames.length) location.city = cityNames;

  const query: DirectoryQuery = { filters: filters as FilterState, location };
  if (term !== undefined && term.length >= SEARCH_LIMITS.minLength) query.search = term;
  return query;
}

/**
 * The contract's facet parameters for a filter state and location: `filter[...]` in a fixed key
 * order (N/A, empty values and [0, 0] ranges left out), then `country`, `state`, `city[i]`, `search`.
 * `cum` ('any') is not sent: `cum_type` already lists what it stands for.
 */
export function toFacetParams({ filters, location, search }: DirectoryQuery): QueryParams {
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
  if (search) params.search = search;
  return params;
}

/** The query string (without `?`) for a filter state and location; '' when nothing is chosen. */
export function toDirectorySearch(query: DirectoryQuery): string {
  return toQueryString(toFacetParams(query));
}
