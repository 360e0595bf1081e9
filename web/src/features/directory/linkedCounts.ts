import { PARENT_KEYS, SUBTYPES } from '@app/domain';
import type { FilterState } from '@app/domain';
import type { FilterCounts } from './api.ts';

/**
 * The server's counts are disjunctive per section: an option's count keeps every other section as
 * it is. Parents and sub-types are linked (spec 001 §4), so for them that is not what a click does:
 * choosing Yes or No on a parent drops its sub-types, and ticking a sub-type while the parent is No
 * makes the parent Yes. Those sections' counts are read from a second query without the section
 * the click would change, so the number beside an option is the total the click leads to.
 */
export interface LinkedCountQuery {
  /** The filter state to count with. */
  filters: FilterState;
  /** The sections whose counts are taken from it. */
  sections: string[];
}

export function getLinkedCountQueries(filters: FilterState): LinkedCountQuery[] {
  const queries: LinkedCountQuery[] = [];
  for (const parent of PARENT_KEYS) {
    const subKey = SUBTYPES[parent].key;
    if (filters[subKey]?.length) {
      const rest: FilterState = { ...filters };
      delete rest[subKey];
      queries.push({ filters: rest, sections: [parent] });
    } else if (filters[parent] === 'no') {
      const rest: FilterState = { ...filters };
      delete rest[parent];
      queries.push({ filters: rest, sections: [subKey] });
    }
  }
  return queries;
}

/** The base counts with the linked sections replaced by their own queries' counts, once known. */
export function mergeLinkedCounts(
  base: FilterCounts | undefined,
  linked: { sections: string[]; counts: FilterCounts | undefined }[],
): FilterCounts | undefined {
  if (!base) return base;
  const merged: FilterCounts = { ...base };
  for (const { sections, counts } of linked) {
    for (const section of sections) merged[section] = counts ? counts[section] : undefined;
  }
  return merged;
}
