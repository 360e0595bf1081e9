/**
 * The directory's filter state (spec 001 §3 "Filter state keys") and its linkage rules (§4 "Filters"),
 * as pure functions: the Categories panel calls them, the URL stores their result, the server reads it.
 */

export const YES_NO = ['yes', 'no'] as const;
export const NA = 'N/A';

export const CALL_OPTIONS = ['Incall', 'Outcall', 'Outcall/Incall'] as const;
export type CallOption = (typeof CALL_OPTIONS)[number];

/** Sub-types of the tri-state services, by parent (spec 001 §2, §3). */
export const SUBTYPES = {
  kissing: { key: 'kissing_types', options: ['Light', 'Moderate', 'Heavy'] },
  fellatio: { key: 'fellatio_type', options: ['CBJ', 'BBJ'] },
  anilingus: { key: 'anilingus_act', options: ['Give', 'Receive', 'Both'] },
  vaginal: { key: 'vaginal_type', options: ['CFS', 'BFS'] },
  anal: { key: 'anal_activity', options: ['CAS', 'BAS'] },
} as const;
export type ParentKey = keyof typeof SUBTYPES;
export type SubtypeKey = (typeof SUBTYPES)[ParentKey]['key'];
export const PARENT_KEYS = Object.keys(SUBTYPES) as ParentKey[];

/** Cum options: CIM stands for the three mouth options; the rest are finishing places. */
export const CUM_MOUTH = ['Swallow', 'Drool', 'Spit'] as const;
export const CUM_PLACES = ['CIP', 'COF', 'COT', 'COB', 'COA', 'CIA'] as const;
export const CUM_FILTER_OPTIONS = ['CIM', ...CUM_MOUTH, ...CUM_PLACES] as const;
export const CUM_TYPES = [...CUM_MOUTH, ...CUM_PLACES] as const;
export type CumType = (typeof CUM_TYPES)[number];

export const PERSONALITY = ['Submissive', 'Confident', 'Dominant'] as const;
export const GROOMING = ['Natural', 'Trimmed', 'Bare'] as const;

export const AGE_RANGE = { min: 18, max: 100, debounceMs: 500 } as const;
export const DONATION_RANGE = { min: 1, max: 1000, debounceMs: 100 } as const;

export type YesNo = (typeof YES_NO)[number];
export type Range = [number, number];

/** The filter state. Absent keys mean "no filter"; a [0, 0] range means N/A (no filter). */
export interface FilterState {
  language?: number[];
  race?: number[];
  call?: CallOption[];
  age?: Range;
  donation_hour?: Range;
  kissing?: YesNo;
  kissing_types?: string[];
  fellatio?: YesNo;
  fellatio_type?: string[];
  cunnilingus?: YesNo;
  anilingus?: YesNo;
  anilingus_act?: string[];
  vaginal?: YesNo;
  vaginal_type?: string[];
  anal?: YesNo;
  anal_activity?: string[];
  cum?: 'any';
  cum_type?: CumType[];
  threesome?: YesNo;
  massage?: YesNo;
  personality?: string[];
  grooming?: string[];
}

export type ListKey = 'language' | 'race' | 'personality' | 'grooming';
export type RadioKey = 'threesome' | 'massage' | 'cunnilingus' | ParentKey;

function without<T extends object, K extends keyof T>(state: T, ...keys: K[]): T {
  const next = { ...state };
  for (const k of keys) delete next[k];
  return next;
}

function toggle<T>(list: readonly T[] | undefined, value: T, on: boolean): T[] {
  const rest = (list ?? []).filter((v) => v !== value);
  return on ? [...rest, value] : rest;
}

/**
 * Call: Incall and Outcall exclude each other; Both selects Incall, Outcall and Outcall/Incall, and
 * unticking Both clears the list.
 */
export function setCall(state: FilterState, option: CallOption | 'Both', on: boolean): FilterState {
  if (option === 'Both') return on ? { ...state, call: [...CALL_OPTIONS] } : without(state, 'call');
  if (!on) {
    const call = (state.call ?? []).filter((c) => c !== option && c !== 'Outcall/Incall');
    return call.length ? { ...state, call } : without(state, 'call');
  }
  return { ...state, call: [option] };
}

/** Radio groups store the chosen value; N/A (or empty) clears it; No or N/A clears a parent's sub-types. */
export function setRadio(state: FilterState, key: RadioKey, value: YesNo | typeof NA | ''): FilterState {
  const sub = (SUBTYPES as Record<string, { key: SubtypeKey }>)[key]?.key;
  if (value === NA || value === '') return sub ? without(state, key, sub) : without(state, key);
  // Choosing a parent as a radio deletes its sub-type list (spec 001 §4).
  return sub ? { ...without(state, sub), [key]: value } : { ...state, [key]: value };
}

/** Ticking a sub-type sets its parent to yes; with no sub-types left the parent is cleared. */
export function setSubtype(state: FilterState, parent: ParentKey, option: string, on: boolean): FilterState {
  const key = SUBTYPES[parent].key;
  const list = toggle(state[key], option, on);
  if (list.length) return { ...state, [parent]: 'yes', [key]: list };
  return without(state, parent, key);
}

/** Checkbox groups (language, race, personality, grooming): N/A or empty clears the group. */
export function setListOption<K extends ListKey>(
  state: FilterState,
  key: K,
  value: NonNullable<FilterState[K]>[number] | typeof NA,
  on: boolean,
): FilterState {
  if (value === NA) return without(state, key);
  const list = toggle(state[key] as (string | number)[] | undefined, value, on);
  return list.length ? { ...state, [key]: list } : without(state, key);
}

/**
 * Cum: CIM selects (or clears) Swallow, Drool and Spit; any other option toggles itself; 'any' sets all
 * cum types; N/A clears all.
 */
export function setCum(
  state: FilterState,
  option: (typeof CUM_FILTER_OPTIONS)[number] | 'any' | typeof NA,
  on = true,
): FilterState {
  if (option === NA) return without(state, 'cum', 'cum_type');
  if (option === 'any')
    return on ? { ...state, cum: 'any', cum_type: [...CUM_TYPES] } : without(state, 'cum', 'cum_type');
  const options: CumType[] = option === 'CIM' ? [...CUM_MOUTH] : [option];
  let list = (state.cum_type ?? []).filter((c) => !options.includes(c));
  if (on) list = [...list, ...options];
  const next = without(state, 'cum');
  return list.length
    ? { ...next, cum_type: CUM_TYPES.filter((c) => list.includes(c)) }
    : without(next, 'cum_type');
}

/** The second cum control: all finishing places at once. */
export function setCumPlaces(state: FilterState, on: boolean): FilterState {
  let next = state;
  for (const place of CUM_PLACES) next = setCum(next, place, on);
  return next;
}

/** Age and Donation: N/A collapses the range to [0, 0], meaning no filter. */
export function setRange(
  state: FilterState,
  key: 'age' | 'donation_hour',
  range: Range | typeof NA,
): FilterState {
  if (range === NA) return { ...state, [key]: [0, 0] };
  const bounds = key === 'age' ? AGE_RANGE : DONATION_RANGE;
  const lo = Math.max(bounds.min, Math.min(range[0], range[1]));
  const hi = Math.min(bounds.max, Math.max(range[0], range[1]));
  return { ...state, [key]: [lo, hi] };
}

export function isActiveRange(range: Range | undefined): range is Range {
  return !!range && !(range[0] === 0 && range[1] === 0);
}

/** The state without N/A and empty values, as it is sent to the server (spec 001 §4). */
export function normalizeFilters(state: FilterState): FilterState {
  const out: FilterState = {};
  for (const [k, v] of Object.entries(state) as [keyof FilterState, unknown][]) {
    if (v === undefined || v === '' || v === NA) continue;
    if (Array.isArray(v)) {
      if (k === 'age' || k === 'donation_hour') {
        if (isActiveRange(v as Range)) (out as Record<string, unknown>)[k] = v;
        continue;
      }
      const list = v.filter((x) => x !== NA && x !== '');
      if (list.length) (out as Record<string, unknown>)[k] = list;
      continue;
    }
    (out as Record<string, unknown>)[k] = v;
  }
  return out;
}
