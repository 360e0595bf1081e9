import { CALL_OPTIONS, CUM_TYPES, GROOMING, NA, PERSONALITY, SUBTYPES, YES_NO } from '@app/domain';
import { badRequest } from '../../http/errors.ts';

/**
 * The directory's facet parameters (docs/directory-contract.md): location (`country`, `state`,
 * `city`), age and donation ranges, and the filter state as `filter[<key>]` (or, for
 * `/api/filterdata`, as `populate[<key>]` as the original client sent it). Parsed strictly: an
 * unknown key or value is a 400 naming the parameter, never a 500.
 */

/** Filter sections whose options are words from a fixed list. */
export const OPTION_SECTIONS = {
  call: CALL_OPTIONS,
  kissing: YES_NO,
  kissing_types: SUBTYPES.kissing.options,
  fellatio: YES_NO,
  fellatio_type: SUBTYPES.fellatio.options,
  cunnilingus: YES_NO,
  anilingus: YES_NO,
  anilingus_act: SUBTYPES.anilingus.options,
  vaginal: YES_NO,
  vaginal_type: SUBTYPES.vaginal.options,
  anal: YES_NO,
  anal_activity: SUBTYPES.anal.options,
  cum_type: CUM_TYPES,
  threesome: YES_NO,
  massage: YES_NO,
  personality: PERSONALITY,
  grooming: GROOMING,
} as const satisfies Record<string, readonly string[]>;
export type OptionSection = keyof typeof OPTION_SECTIONS;
export const OPTION_SECTION_KEYS = Object.keys(OPTION_SECTIONS) as OptionSection[];

/** Sections whose options are reference ids. */
export const ID_SECTIONS = ['language', 'race'] as const;
export type IdSection = (typeof ID_SECTIONS)[number];

/** Every section of `/api/filterdata`'s counts, in the contract's order. */
export const COUNT_SECTIONS = [
  'language',
  'race',
  'call',
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
] as const;
export type CountSection = (typeof COUNT_SECTIONS)[number];

/**
 * What a section's N/A clears (spec 001 §4): the section, its sub-types, or the range. `/api/filterdata`
 * answers, per section, the total that N/A would give (`na`).
 */
export const NA_CLEARS = {
  language: ['language'],
  race: ['race'],
  age: ['#age'],
  donation: ['#donation_hour'],
  kissing: ['kissing', 'kissing_types'],
  fellatio: ['fellatio', 'fellatio_type'],
  cunnilingus: ['cunnilingus'],
  anilingus: ['anilingus', 'anilingus_act'],
  vaginal: ['vaginal', 'vaginal_type'],
  anal: ['anal', 'anal_activity'],
  cum: ['cum_type'],
  threesome: ['threesome'],
  massage: ['massage'],
  personality: ['personality'],
  grooming: ['grooming'],
} as const satisfies Record<string, readonly string[]>;

/** Which list-valued columns hold comma-joined options. */
export const LIST_SECTIONS = new Set<string>([
  'kissing_types',
  'fellatio_type',
  'anilingus_act',
  'vaginal_type',
  'anal_activity',
  'cum_type',
  'personality',
  'grooming',
]);

export type Range = readonly [number, number];

/** A parsed facet query. Absent keys mean "no filter". */
export interface FacetFilter {
  country?: string[];
  state?: string[];
  /** City names (the state, if given, narrows them). */
  city?: string[];
  /** Chosen options per section (language and race as id strings). */
  sections: Partial<Record<CountSection, string[]>>;
  age?: Range;
  /** Dollars. */
  donation_hour?: Range;
}

/** The top-level query parameters this module reads. */
export const FACET_PARAMS = [
  'filter',
  'country',
  'state',
  'city',
  'minValue',
  'maxValue',
  'minValueDonation',
  'maxValueDonation',
] as const;

export const FACET_LIMITS = {
  maxValues: 100,
  maxCities: 200,
  maxText: 120,
  age: { min: 0, max: 200 },
  donation: { min: 0, max: 100_000 },
} as const;

function fail(path: string, message: string): never {
  throw badRequest(`Invalid parameter ${path}: ${message}`, {
    errors: [{ path: path.split(/[[\]]+/).filter(Boolean), message, name: 'ValidationError' }],
  });
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

function parseRangeList(v: unknown, path: string, bounds: { min: number; max: number }): Range | undefined {
  const list = asList(v, path);
  if (list.length === 0) return undefined;
  if (list.length !== 2) fail(path, 'expected two values, [min, max]');
  const lo = parseNumber(list[0], `${path}[0]`, bounds);
  const hi = parseNumber(list[1], `${path}[1]`, bounds);
  return closeRange(lo, hi, path);
}

/** [0, 0] (N/A) and an empty range mean no filter; min above max is a 400. */
function closeRange(lo: number | undefined, hi: number | undefined, path: string): Range | undefined {
  if (lo === undefined && hi === undefined) return undefined;
  if (lo === 0 && hi === 0) return undefined;
  const range: Range = [lo ?? 0, hi ?? Number.POSITIVE_INFINITY];
  if (range[0] > range[1]) fail(path, 'min is above max');
  return range;
}

function intersect(a: Range | undefined, b: Range | undefined): Range | undefined {
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
 * come from (`filter`, and for `/api/filterdata` also `populate`).
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
  const age = closeRange(
    parseNumber(query.minValue, 'minValue', FACET_LIMITS.age),
    parseNumber(query.maxValue, 'maxValue', FACET_LIMITS.age),
    'minValue',
  );
  filter.age = intersect(filter.age, age);
  const donation = closeRange(
    parseNumber(query.minValueDonation, 'minValueDonation', FACET_LIMITS.donation),
    parseNumber(query.maxValueDonation, 'maxValueDonation', FACET_LIMITS.donation),
    'minValueDonation',
  );
  filter.donation_hour = intersect(filter.donation_hour, donation);
  if (!filter.age) delete filter.age;
  if (!filter.donation_hour) delete filter.donation_hour;
  return filter;
}

/** True when the filter narrows nothing. */
export function isEmptyFilter(f: FacetFilter): boolean {
  return (
    !f.country && !f.state && !f.city && !f.age && !f.donation_hour && Object.keys(f.sections).length === 0
  );
}
