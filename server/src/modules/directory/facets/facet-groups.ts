import { andAll, count, countAndAt, createBitset, hasBit, nonZeroWords, type Bitset } from './bitset.ts';
import { Match, type MatchSets } from './match.ts';
import type { Postings } from './postings.ts';
import type { NumberColumn } from './ranges.ts';

/*
 * A facet query's groups (the values chosen in a dimension, or a range) and what is made of them: the shown
 * positions in every group but some (a base, counted over) and the match a listing's total and page read.
 */

/** What the query side reads of the index (facets.ts `FacetIndex`), as it is when read. */
export interface FacetReader {
  /** Positions in use (shown or not). */
  readonly size: number;
  /** The length of every bitset of the index. */
  readonly words: number;
  readonly ids: Int32Array;
  readonly shown: Bitset;
  readonly terms: Map<string, Map<string, Postings>>;
  readonly numbers: Map<string, NumberColumn>;
  readonly lanes: Uint32Array[];
  /** Room for a base's non-zero words while it is made. */
  scratch: Uint32Array;
  readonly blocks: [Uint32Array, Uint32Array];
  readonly counting: 'auto' | 'positions' | 'values';
  /** Moves at every change of the index. */
  readonly version: number;
  /** Whether every value of a dimension has a slot. */
  slotted(dim: string): boolean;
}

/** The set bits of a base, reading only its listed non-zero words when it has the list. */
export const countWords = (b: Bitset, words: Uint32Array | undefined) =>
  words ? countAndAt(b, b, words) : count(b);

/** One group of a query (the values chosen in a dimension, or a range), as a base is made from it. */
export interface Group {
  /** Its positions as a bitset, made when first needed (read it, never write it). */
  bits(): Bitset;
  /** Whether a position is in it. */
  has(pos: number): boolean;
  /** A group of few positions: its postings' sorted lists, which a base can start from. */
  lists: Int32Array[] | undefined;
  /** How many positions the lists hold. */
  listed: number;
  /**
   * Adds its sets to a match's (match.ts), its own when it has them (a dense value's, a range's buckets),
   * else its bitset made; false when it holds nothing (no value it names is known, an empty range).
   */
  reads(into: MatchSets): boolean;
}

/** The shown positions in every group of a query but some: what counts and totals are taken over. */
export interface Base {
  bits: Bitset;
  /** Its non-zero words when they are few (only those are read), else undefined. */
  words: Uint32Array | undefined;
  /** Its set bits, once counted. */
  ones?: number;
}

/** The group of the values chosen in a dimension. */
export function termGroup(index: FacetReader, dim: string, values: readonly string[]): Group {
  const byValue = index.terms.get(dim);
  if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
  const found = [...new Set(values.flatMap((v) => byValue.get(v) ?? []))];
  const words = index.words;
  let bits: Bitset | undefined;
  // Groups are only read (ANDed into copies): one dense value's own bitset serves as is.
  const make = () => {
    if (bits) return bits;
    if (found.length === 1) return (bits = found[0]!.asBitset(words));
    bits = createBitset(words * 32);
    for (const p of found) p.orInto(bits);
    return bits;
  };
  const lists = found.map((p) => p.positions());
  const sparse = lists.every((l) => l !== undefined);
  return {
    bits: make,
    has: (pos) => hasBit(make(), pos),
    lists: sparse ? (lists as Int32Array[]) : undefined,
    listed: sparse ? lists.reduce((n, l) => n + l!.length, 0) : Infinity,
    reads: (into) => {
      if (!found.length) return false;
      // Dense values are read as they are (ORed word by word when several); a list is made a bitset.
      if (bits || found.some((p) => !p.bits)) into.and.push(make());
      else if (found.length === 1) into.and.push(found[0]!.bits!);
      else into.or.push(found.map((p) => p.bits!));
      return true;
    },
  };
}

/**
 * The group of the providers of these ids (a search's matches, from the full-text index): their positions,
 * one sorted list, the bitset made when first needed. Ids the index does not hold are left out.
 */
export function idsGroup(index: FacetReader, ids: readonly number[]): Group {
  const sorted = Int32Array.from(ids).sort();
  const positions: number[] = [];
  let from = 0;
  for (const id of sorted) {
    // Binary search in the ids from the last one found: both ascend.
    let lo = from;
    let hi = index.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (index.ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    if (lo < index.size && index.ids[lo] === id && positions[positions.length - 1] !== lo) positions.push(lo);
    from = lo;
  }
  const list = Int32Array.from(positions);
  let bits: Bitset | undefined;
  const make = () => {
    if (bits) return bits;
    bits = createBitset(index.words * 32);
    for (let i = 0; i < list.length; i++) bits[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
    return bits;
  };
  return {
    bits: make,
    has: (pos) => hasBit(make(), pos),
    lists: [list],
    listed: list.length,
    reads: (into) => {
      if (!list.length) return false;
      into.and.push(make());
      return true;
    },
  };
}

/** The group of a numeric range. */
export function rangeGroup(index: FacetReader, dim: string, [lo, hi]: readonly [number, number]): Group {
  const column = index.numbers.get(dim);
  if (!column) throw new Error(`Unknown range dimension ${dim}`);
  let bits: Bitset | undefined;
  return {
    bits: () => (bits ??= column.range(lo, hi, index.size, index.words)),
    // The column itself while the bitset is not made: a few positions cost less than making it, but
    // each is a read from a different part of an 8-byte-a-position column.
    has: (pos) => {
      if (bits) return hasBit(bits, pos);
      const v = column.values[pos]!;
      return v >= lo && v <= hi;
    },
    lists: undefined,
    listed: Infinity,
    // Whole buckets are read as they are (`upTo[last] ∧ ¬upTo[first − 1]`), else the bitset is made.
    reads: (into) => {
      const span = bits ? undefined : column.span(lo, hi, index.size, index.words);
      if (span === null) return false;
      if (!span) into.and.push((bits ??= column.range(lo, hi, index.size, index.words)));
      else {
        into.and.push(span.top);
        if (span.below) into.not.push(span.below);
      }
      return true;
    },
  };
}

/**
 * The shown positions in every one of these groups, as a match reads them without making them
 * (match.ts): by the positions of the group with the fewest when its few are one list (as `base`
 * chooses), else word by word. Undefined when that group is several lists (cities of one name in
 * several states): `base` makes the result then.
 */
export function matchOf(index: FacetReader, groups: readonly Group[]): Match | undefined {
  let driver: Group | undefined;
  for (const g of groups) if (g.listed <= index.words && (!driver || g.listed < driver.listed)) driver = g;
  if (driver && driver.lists!.length > 1) return undefined;
  const sets: MatchSets = { and: [index.shown], not: [], or: [] };
  const nothing = new Int32Array(0);
  for (const g of groups) if (g !== driver && !g.reads(sets)) return new Match(sets, nothing, index.blocks);
  return new Match(sets, driver ? (driver.lists![0] ?? nothing) : undefined, index.blocks);
}

/**
 * The shown positions in every one of these groups. When one group has few positions (a state other
 * than California: sorted lists), only those are tested against the others (a range by its column);
 * otherwise the shown bitset is ANDed with each group's bitset.
 */
export function baseOf(index: FacetReader, groups: readonly Group[]): Base {
  const words = index.words;
  let driver: Group | undefined;
  for (const g of groups) if (g.listed <= words && (!driver || g.listed < driver.listed)) driver = g;
  if (!driver) {
    if (index.scratch.length !== words) index.scratch = new Uint32Array(words);
    const { bits, ones, nonZero } = andAll([index.shown, ...groups.map((g) => g.bits())], index.scratch);
    return { bits, ones, words: nonZero.length * 2 < words ? nonZero.slice() : undefined };
  }
  const others = groups.filter((g) => g !== driver);
  // Past a few thousand positions, testing bits (neighbours share a cache line) beats reading a
  // range's column (a line each): the others' bitsets are made first (a range's: one pass over the
  // words) and the shown bitset joins them.
  const tested = driver.listed * 8 > words ? [index.shown, ...others.map((g) => g.bits())] : undefined;
  const shown = index.shown;
  const bits = createBitset(words * 32);
  // One list's positions ascend, and so do their words: the base's non-zero words come in order.
  const lists = driver.lists!;
  let nonZero: Uint32Array = new Uint32Array(lists.length === 1 ? driver.listed : 0);
  let n = 0;
  let last = -1;
  let ones = 0;
  for (const list of lists) {
    next: for (let i = 0; i < list.length; i++) {
      const p = list[i]!;
      const w = p >>> 5;
      const bit = 1 << (p & 31);
      if (tested) {
        for (let j = 0; j < tested.length; j++) if (!(tested[j]![w]! & bit)) continue next;
      } else {
        if (!(shown[w]! & bit)) continue;
        for (const g of others) if (!g.has(p)) continue next;
      }
      if (bits[w]! & bit) continue;
      bits[w]! |= bit;
      ones++;
      if (w !== last) nonZero[n++] = last = w;
    }
  }
  nonZero = lists.length === 1 ? nonZero.subarray(0, n) : nonZeroWords(bits);
  return { bits, ones, words: nonZero.length * 2 < bits.length ? nonZero : undefined };
}

/** A base's set bits (counted once). */
export function onesOf(base: Base): number {
  return (base.ones ??= countWords(base.bits, base.words));
}
