import { pageFromTop } from './bitset.ts';
import {
  countByPostings,
  countBySlots,
  countWith,
  lanesOf,
  LANE_COST,
  POSITION_COST,
} from './facet-counts.ts';
import {
  baseOf,
  idsGroup,
  matchOf,
  onesOf,
  rangeGroup,
  termGroup,
  type Base,
  type FacetReader,
  type Group,
} from './facet-groups.ts';
import type { Match } from './match.ts';

/*
 * A facet query's result over the index as it is: its total, pages, disjunctive counts and the totals
 * without or with some groups, each made when first asked and kept with the result.
 */

export interface FacetQuery {
  /** dimension → chosen values (OR within a dimension, AND across dimensions). */
  terms?: Record<string, readonly string[] | undefined>;
  /** dimension → inclusive [min, max]. */
  ranges?: Record<string, readonly [number, number] | undefined>;
  /** Only these providers (a search's matches): `key` names them (the term) where results are kept. */
  only?: { key: string; ids: readonly number[] };
}

export interface FacetResult {
  total: number;
  /** Provider ids of one page, newest (highest id) first. */
  page(offset: number, limit: number): number[];
  /** Disjunctive counts for every value of the given dimensions. */
  counts(dimensions: readonly string[]): Record<string, Record<string, number>>;
  /** The total with these groups cleared and every other kept (a section's N/A). */
  totalWithout(dimensions: readonly string[]): number;
  /** The total if exactly these values were chosen in one dimension, every other group kept. */
  totalWith(dimension: string, values: readonly string[]): number;
}

/**
 * Counts the dimensions not counted yet over their bases (every group but the dimension's own) into
 * `counted`: with nothing else chosen, a value's count is its number of positions; the dimensions with
 * slots are counted together per base, position by position or value by value, whichever reads less.
 */
function countDimensions(
  index: FacetReader,
  groups: Map<string, Group>,
  allBut: (skip: readonly string[]) => Base,
  counted: Map<string, Record<string, number>>,
  dimensions: readonly string[],
): void {
  // The dimensions counted position by position, by base.
  const bySlots = new Map<Base, string[]>();
  for (const dim of new Set(dimensions)) {
    if (counted.has(dim)) continue;
    const byValue = index.terms.get(dim);
    if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
    // Nothing else chosen: the base is every shown position, which holds every value's positions.
    if (groups.size === (groups.has(dim) ? 1 : 0)) {
      const out: Record<string, number> = {};
      for (const [value, postings] of byValue) out[value] = postings.size;
      counted.set(dim, out);
      continue;
    }
    const base = allBut([dim]);
    if (index.slotted(dim)) {
      bySlots.set(base, [...(bySlots.get(base) ?? []), dim]);
    } else counted.set(dim, countByPostings(base, byValue));
  }
  for (const [base, dims] of bySlots) {
    // Word by word, each value reads the base's (non-zero) words; position by position, each
    // position reads its lanes: whichever reads less.
    const visited = base.words ? base.words.length : base.bits.length;
    let byWords = 0;
    for (const dim of dims)
      for (const p of index.terms.get(dim)!.values()) byWords += p.bits ? visited : p.size;
    const byPositions = onesOf(base) * (POSITION_COST + LANE_COST * lanesOf(index, dims).length);
    if (index.counting === 'auto' ? byPositions < byWords : index.counting === 'positions') {
      const out = countBySlots(index, base, dims);
      dims.forEach((dim, i) => counted.set(dim, out[i]!));
    } else for (const dim of dims) counted.set(dim, countByPostings(base, index.terms.get(dim)!));
  }
}

/** The result of a query; reading it after the index changed throws. */
export function makeFacetResult(index: FacetReader, q: FacetQuery): FacetResult {
  // A result reads the index as it is when asked (its match reads the groups' sets, its total is counted
  // when first asked): asked after a change it would mix two states, so it refuses.
  const version = index.version;
  const current = () => {
    if (index.version !== version) throw new Error('A facet result was read after the index changed');
  };
  const groups = new Map<string, Group>();
  for (const [dim, values] of Object.entries(q.terms ?? {})) {
    if (values && values.length) groups.set(dim, termGroup(index, dim, values));
  }
  for (const [dim, range] of Object.entries(q.ranges ?? {})) {
    if (range) groups.set(`#${dim}`, rangeGroup(index, dim, range));
  }
  // A search's matches: a group no count clears (it is not a section of the panel).
  if (q.only) groups.set('#only', idsGroup(index, q.only.ids));
  // Each "every group but these" is made once per result: a section's counts, its N/A and the cum
  // groups ask for the same ones. A sparse one comes with its non-zero words, the only ones counted.
  const bases = new Map<string, Base>();
  const allBut = (skip: readonly string[]): Base => {
    if (skip.length === 1 && !groups.has(skip[0]!) && bases.has('')) return bases.get('')!;
    const used = skip.filter((d) => groups.has(d)).sort();
    const k = used.join(',');
    let base = bases.get(k);
    if (!base) {
      base = baseOf(
        index,
        [...groups].filter(([key]) => !used.includes(key)).map(([, g]) => g),
      );
      bases.set(k, base);
    }
    return base;
  };
  // The result itself is made only when counts need it; a listing's total and page read it unmade.
  let match: Match | null | undefined;
  const matched = () =>
    match === undefined ? (match = matchOf(index, [...groups.values()]) ?? null) : match;
  let total: number | undefined;
  const totalOf = () => (total ??= bases.has('') || !matched() ? onesOf(allBut([])) : matched()!.count());
  const counted = new Map<string, Record<string, number>>();
  const countAll = (dimensions: readonly string[]) =>
    countDimensions(index, groups, allBut, counted, dimensions);
  const totals = new Map<string, number>();
  const memoTotal = (k: string, f: () => number) => {
    let n = totals.get(k);
    if (n === undefined) totals.set(k, (n = f()));
    return n;
  };
  return {
    get total() {
      current();
      return totalOf();
    },
    page: (offset, limit) => {
      current();
      // A made result pages by its words; otherwise the match reads the groups' (page 1: a few blocks).
      const m = bases.has('') ? null : matched();
      const positions = m ? m.page(offset, limit) : pageFromTop(allBut([]).bits, offset, limit);
      return positions.map((pos) => index.ids[pos]!);
    },
    counts: (dimensions) => {
      current();
      countAll(dimensions);
      return Object.fromEntries(dimensions.map((dim) => [dim, counted.get(dim)!]));
    },
    // The N/As come with counts (filterdata), which make the result: it is made here too, and counted.
    totalWithout: (dimensions) => {
      current();
      const base = allBut(dimensions);
      return base === bases.get('')
        ? (total ??= onesOf(base))
        : memoTotal(`-${dimensions.join(',')}`, () => onesOf(base));
    },
    totalWith: (dim, values) => {
      current();
      return memoTotal(`+${dim}:${values.join(',')}`, () => countWith(index, allBut([dim]), dim, values));
    },
  };
}
