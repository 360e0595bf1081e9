import {
  CALL_OPTIONS,
  CUM_TYPES,
  GROOMING,
  PERSONALITY,
  SUBTYPES,
  YES_NO,
  type FilterState,
  type ParentKey,
} from './filters.ts';

/**
 * The directory's filter contract (spec 001 §3, §4; docs/directory-contract.md): the Categories
 * panel's sections, the filter keys each one sets on the wire, the options of every key and what a
 * section's N/A clears. The server's parser and counts, the page's URL and panel, the tests and the
 * benchmark all read these tables; the linkage between keys (Call Both, sub-type → parent yes) is
 * in filters.ts.
 */

/**
 * The sixteen sections of the Categories panel in the spec's order, each with the filter keys it
 * sets, as they go on the wire (Cum's `any` shorthand travels as the cum types it stands for).
 */
export const SECTION_KEYS = {
  language: ['language'],
  race: ['race'],
  call: ['call'],
  age: ['age'],
  donation: ['donation_hour'],
  kissing: ['kissing', SUBTYPES.kissing.key],
  fellatio: ['fellatio', SUBTYPES.fellatio.key],
  cunnilingus: ['cunnilingus'],
  anilingus: ['anilingus', SUBTYPES.anilingus.key],
  vaginal: ['vaginal', SUBTYPES.vaginal.key],
  anal: ['anal', SUBTYPES.anal.key],
  cum: ['cum_type'],
  threesome: ['threesome'],
  massage: ['massage'],
  personality: ['personality'],
  grooming: ['grooming'],
} as const satisfies Record<string, readonly (keyof FilterState)[]>;
export type FilterSection = keyof typeof SECTION_KEYS;
export const FILTER_SECTIONS = Object.keys(SECTION_KEYS) as FilterSection[];

/** A filter key on the wire (`filter[<key>]`). */
export type FilterKey = (typeof SECTION_KEYS)[FilterSection][number];

/** Every filter key, in the order the URL writes them (so equal states give equal URLs and cache keys). */
export const FILTER_KEYS = FILTER_SECTIONS.flatMap((s) => SECTION_KEYS[s]) as FilterKey[];

/** Keys whose options are reference ids (the lookups' id 0 is their N/A entry). */
export const ID_SECTIONS = ['language', 'race'] as const;
export type IdSection = (typeof ID_SECTIONS)[number];

/** Keys holding an inclusive [min, max] range; [0, 0] is N/A. */
export const RANGE_KEYS = ['age', 'donation_hour'] as const;
export type RangeKey = (typeof RANGE_KEYS)[number];

/** A parent service's keys: Yes/No, and its sub-type list (`kissing`, `kissing_types`). */
function parentOptions<P extends ParentKey>(parent: P) {
  const { key, options } = SUBTYPES[parent];
  return { [parent]: YES_NO, [key]: options } as { [K in P]: typeof YES_NO } & {
    [K in (typeof SUBTYPES)[P]['key']]: (typeof SUBTYPES)[P]['options'];
  };
}

/** Keys whose options are words from a fixed list: the list, in the order counts answer them. */
export const OPTION_SECTIONS = {
  call: CALL_OPTIONS,
  ...parentOptions('kissing'),
  ...parentOptions('fellatio'),
  cunnilingus: YES_NO,
  ...parentOptions('anilingus'),
  ...parentOptions('vaginal'),
  ...parentOptions('anal'),
  cum_type: CUM_TYPES,
  threesome: YES_NO,
  massage: YES_NO,
  personality: PERSONALITY,
  grooming: GROOMING,
} as const satisfies Record<Exclude<FilterKey, IdSection | RangeKey>, readonly string[]>;
export type OptionSection = keyof typeof OPTION_SECTIONS;

/** Every key counted by `/api/filterdata`, in the contract's order: all but the ranges. */
export type CountSection = Exclude<FilterKey, RangeKey>;
export const COUNT_SECTIONS = FILTER_KEYS.filter(
  (k): k is CountSection => !(RANGE_KEYS as readonly string[]).includes(k),
);

/** The option keys in the contract's order. */
export const OPTION_SECTION_KEYS = COUNT_SECTIONS.filter(
  (k): k is OptionSection => !(ID_SECTIONS as readonly string[]).includes(k),
);

/** Yes/No keys: one value, `yes` or `no` (lowercase on the wire, any case accepted). */
export const YES_NO_KEYS = OPTION_SECTION_KEYS.filter((k) => OPTION_SECTIONS[k] === YES_NO);

/**
 * Keys a provider holds several options of, as comma-joined text (`kissing_types: "Light,Heavy"`):
 * the sub-types, the cum types, personality and grooming.
 */
export const LIST_SECTIONS = new Set<string>([
  ...Object.values(SUBTYPES).map((s) => s.key),
  'cum_type',
  'personality',
  'grooming',
]);

/**
 * What each section's N/A clears (spec 001 §4): its keys, sub-types and ranges included. Every section
 * has an N/A but Call. `/api/filterdata` answers, per section, the total that N/A would give (`na`).
 */
export type NaSection = Exclude<FilterSection, 'call'>;
export const NA_CLEARS = Object.fromEntries(
  FILTER_SECTIONS.filter((s) => s !== 'call').map((s) => [s, SECTION_KEYS[s]]),
) as { [S in NaSection]: (typeof SECTION_KEYS)[S] };

/** The cum section's two group controls: CIM (the mouth options) and Anywhere (the finishing places). */
export const CUM_GROUPS = ['CIM', 'Anywhere'] as const;

/** The original client's age and donation ranges: `minValue=25&maxValue=35`, and so on. */
export const LEGACY_RANGE_PARAMS = {
  age: ['minValue', 'maxValue'],
  donation_hour: ['minValueDonation', 'maxValueDonation'],
} as const satisfies Record<RangeKey, readonly [string, string]>;

/**
 * The top-level query parameters of the facet contract: the filter state (`filter[<key>]`), the
 * location, the search term, and the original client's ranges.
 */
export const FACET_PARAMS = [
  'filter',
  'country',
  'state',
  'city',
  'search',
  ...LEGACY_RANGE_PARAMS.age,
  ...LEGACY_RANGE_PARAMS.donation_hour,
] as const;

/** What the server accepts in facet parameters (more is a 400). */
export const FACET_LIMITS = {
  maxValues: 100,
  maxCities: 200,
  maxText: 120,
  age: { min: 0, max: 200 },
  donation: { min: 0, max: 100_000 },
} as const;
