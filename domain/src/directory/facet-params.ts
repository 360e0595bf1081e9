import { CUM_TYPES, NA, YES_NO } from './filters.ts';
import { normalizeSearch, SEARCH_LIMITS } from './search.ts';
import {
  FACET_LIMITS,
  ID_SECTIONS,
  LEGACY_RANGE_PARAMS,
  OPTION_SECTIONS,
  type CountSection,
  type IdSection,
  type OptionSection,
} from './filter-contract.ts';

/**
 * The server's reading of the facet parameters (docs/directory-contract.md): location (`country`,
 * `state`, `city`), age and donation ranges, and the filter state as `filter[<key>]` (or, for
 * `/api/filterdata`, as `populate[<key>]` as the original client sent it), from the query object `qs`
 * decoded. Strict: an unknown key or value is a `FacetParamError` naming the parameter (the server
 * answers it as a 400), never a 500. The page reads its own URL forgivingly (filter-url.ts).
 */

/** An inclusive [min, max]; max may be Infinity (a lone minimum). */
export type FacetRange = readonly [number, number];

/** A parsed facet query. Absent keys mean "no filter". */
export interface FacetFilter {
  country?: string[];
  state?: string[];
  /** City names (the state, if given, narrows them). */
  city?: string[];
  /** Chosen options per section (language and race as id strings). */
  sections: Partial<Record<CountSection, string[]>>;
  age?: FacetRange;
  /** Dollars. */
  donation_hour?: FacetRange;
  /** A search term (search.ts), normalized. */
  search?: string;
}

/** A facet parameter the contract does not allow: `path` names it as the query spells it. */
export class FacetParamError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`Invalid parameter ${path}: ${reason}`);
    this.name = 'FacetParamError';
  }
}

function fail(path: string, reason: string): never {
  throw new FacetParamError(path, reason);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A single value or a list (qs gives arrays, or objects with numeric keys past its array limit). */
function asList(v: unknown, path: string): unknown[] {
  if (Array.isArray(v)) return v;
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    if (!keys.every((k) => /^\d+$/.test(k))) fail(path, 'expected a value or a list of values');
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => v[k]);
  }
  return [v];
}

/** The list's words, without N/A and empty values (spec 001 §4: those are ignored). */
function words(v: unknown, path: string, max: number): string[] {
  const list = asList(v, path);
  if (list.length > max) fail(path, `at most ${max} values`);
  const out: string[] = [];
  list.forEach((item, i) => {
    const p = Array.isArray(v) || isPlainObject(v) ? `${path}[${i}]` : path;
    if (typeof item !== 'string' && typeof item !== 'number') fail(p, 'expected a value');
    const s = String(item).trim();
    if (s.length > FACET_LIMITS.maxText) fail(p, `longer than ${FACET_LIMITS.maxText} characters`);
    if (s.includes('\u0000')) fail(p, 'contains a NUL character');
    if (s === '' || s === NA) return;
    if (!out.includes(s)) out.push(s);
  });
  return out;
}

function parseNumber(v: unknown, path: string, bounds: { min: number; max: number }): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') fail(path, 'expected a number');
  const s = String(v).trim();
  if (s === '') return undefined;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(s)) fail(path, 'expected a number');
  const n = Number(s);
  if (n < bounds.min || n > bounds.max) fail(path, `must be between ${bounds.min} and ${bounds.max}`);
  return n;
}

function parseRangeList(
  v: unknown,
  path: string,
  bounds: { min: number; max: number },
): FacetRange | undefined {
  const list = asList(v, path);
  if (list.length === 0) return undefined;
  if (list.length !== 2) fail(path, 'expected two values, [min, max]');
  const lo = parseNumber(list[0], `${path}[0]`, bounds);
  const hi = parseNumber(list[1], `${path}[1]`, bounds);
  return closeRange(lo, hi, path);
}

/** [0, 0] (N/A) and an empty range mean no filter; min above max is an error. */
function closeRange(lo: number | undefined, hi: number | undefined, path: string): FacetRange | undefined {
  if (lo === undefined && hi === undefined) return undefined;
  if (lo === 0 && hi === 0) return undefined;
  const range: FacetRange = [lo ?? 0, hi ?? Number.POSITIVE_INFINITY];
  if (range[0] > range[1]) fail(path, 'min is above max');
  return range;
}

function intersect(a: FacetRange | undefined, b: FacetRange | undefined): FacetRange | undefined {
  if (!a) return b;
  if (!b) return a;
  // Two ranges that do not overlap match nothing: an empty range, not an error.
  return [Math.max(a[0], b[0]), Math.min(a[1], b[1])];
}

function parseState(input: unknown, prefix: string, filter: FacetFilter): void {
  if (input === undefined || input === '') return;
  if (!isPlainObject(input)) fail(prefix, `expected ${prefix}[<key>]=<value>`);
  for (const [key, value] of Object.entries(input)) {
    const path = `${prefix}[${key}]`;
    if ((ID_SECTIONS as readonly string[]).includes(key)) {
      const ids = words(value, path, FACET_LIMITS.maxValues);
      for (const id of ids) if (!/^\d{1,9}$/.test(id)) fail(path, 'expected ids (whole numbers)');
      // Id 0 is the lookups' N/A entry, which clears the selection.
      const chosen = ids.filter((id) => Number(id) > 0).map((id) => String(Number(id)));
      if (chosen.length) filter.sections[key as IdSection] = chosen;
    } else if (Object.hasOwn(OPTION_SECTIONS, key)) {
      const options = OPTION_SECTIONS[key as OptionSection] as readonly string[];
      const yesNo = options === YES_NO;
      const chosen = words(value, path, FACET_LIMITS.maxValues).map((w) => (yesNo ? w.toLowerCase() : w));
      for (const w of chosen)
        if (!options.includes(w)) fail(path, `unknown option ${w}; expected one of ${options.join(', ')}`);
      if (chosen.length) filter.sections[key as OptionSection] = chosen;
    } else if (key === 'cum') {
      // 'any' stands for every cum type (spec 001 §4); cum_type, when sent, says the same.
      const chosen = words(value, path, 1);
      if (chosen.length && chosen[0] !== 'any') fail(path, 'expected any or N/A');
      if (chosen.length && !input.cum_type) filter.sections.cum_type = [...CUM_TYPES];
    } else if (key === 'age') {
      filter.age = intersect(filter.age, parseRangeList(value, path, FACET_LIMITS.age));
    } else if (key === 'donation_hour') {
      filter.donation_hour = intersect(
        filter.donation_hour,
        parseRangeList(value, path, FACET_LIMITS.donation),
      );
    } else {
      fail(path, 'unknown filter');
    }
  }
}

/**
 * Reads the facet parameters of a request's query. `stateParams` names where the filter state may
 * come from (`filter`, and for `/api/filterdata` also `populate`). Throws a `FacetParamError`.
 */
export function parseFacetParams(
  query: Record<string, unknown>,
  stateParams: readonly string[] = ['filter'],
): FacetFilter {
  const filter: FacetFilter = { sections: {} };
  for (const p of stateParams) parseState(query[p], p, filter);

  if (query.country !== undefined) {
    const list = words(query.country, 'country', 5).map((c) => c.toUpperCase());
    for (const c of list) if (!/^[A-Z]{2}$/.test(c)) fail('country', 'expected a country code like US');
    if (list.length) filter.country = list;
  }
  if (query.state !== undefined) {
    const list = words(query.state, 'state', FACET_LIMITS.maxValues).map((s) => s.toUpperCase());
    for (const s of list) if (!/^[A-Z0-9]{1,3}$/.test(s)) fail('state', 'expected a state code like CA');
    if (list.length) filter.state = list;
  }
  if (query.city !== undefined) {
    const list = words(query.city, 'city', FACET_LIMITS.maxCities);
    if (list.length) filter.city = list;
  }
  // The original client's ranges narrow `filter[age]` and `filter[donation_hour]` further.
  for (const [key, bounds] of [
    ['age', FACET_LIMITS.age],
    ['donation_hour', FACET_LIMITS.donation],
  ] as const) {
    const [min, max] = LEGACY_RANGE_PARAMS[key];
    const range = closeRange(parseNumber(query[min], min, bounds), parseNumber(query[max], max, bounds), min);
    filter[key] = intersect(filter[key], range);
  }
  if (!filter.age) delete filter.age;
  if (!filter.donation_hour) delete filter.donation_hour;
  if (query.search !== undefined) {
    if (typeof query.search !== 'string') fail('search', 'expected one term');
    if (query.search.includes('\u0000')) fail('search', 'contains a NUL character');
    const term = normalizeSearch(query.search);
    if (term !== undefined) {
      if (term.length < SEARCH_LIMITS.minLength)
        fail('search', `at least ${SEARCH_LIMITS.minLength} characters`);
      if (term.length > SEARCH_LIMITS.maxLength)
        fail('search', `at most ${SEARCH_LIMITS.maxLength} characters`);
      filter.search = term;
    }
  }
  return filter;
}

/** True when the filter narrows nothing. */
export function isEmptyFilter(f: FacetFilter): boolean {
  return (
    !f.country &&
    !f.state &&
    !f.city &&
    !f.age &&
    !f.donation_hour &&
    !f.search &&
    Object.keys(f.sections).length === 0
  );
}
