import { count, setBit, type Bitset } from './bitset.ts';
import { BLOCK } from './match.ts';
import { insertZeroBit, Postings } from './postings.ts';
import { NumberColumn } from './ranges.ts';
import type { FacetReader } from './facet-groups.ts';
import { makeFacetResult, type FacetQuery, type FacetResult } from './facet-result.ts';

/**
 * An in-memory facet index over the providers, in ascending id order: a position per provider (shown or
 * not), a bitset of the shown ones, the positions of each (dimension, value) (`Postings`: a list or a
 * bitset) and a column per numeric range. A query is an AND of groups, each group an OR of values (or a
 * range), over the shown positions; the count of an option is disjunctive: the total the query would have
 * if that option were chosen, with every other group kept (docs/decisions/0003-directory-facet-index.md).
 * Providers are updated in place: a change clears a position's values and sets the new ones
 * (docs/decisions/0011-incremental-facet-index.md). Only shown positions hold values (`clear` hides a
 * position and forgets them; a row's values are set once it is shown): an option's count with nothing else
 * chosen is its number of positions. What keeps a fresh query cheap at a million (bench/facet-counts.mjs):
 * range groups from bucket bitsets (ranges.ts), a base started from a small group's lists, and counts of
 * the dimensions with few values position by position when the base is sparse enough (`lanes`); a
 * listing's total and page read the groups' sets word by word, the result itself never made (match.ts).
 */
export interface FacetRow {
  id: number;
  /** Multi- or single-valued dimensions: every value the row has. */
  terms: Record<string, readonly string[]>;
  /** Numeric dimensions (age, donation); null when unknown. */
  numbers: Record<string, number | null>;
}

/** A single-valued dimension's values, their numbers (1-based) and each position's (0: none). */
interface SingleValues {
  of: Uint16Array;
  values: Postings[];
  numbers: Map<string, number>;
}

/** Past this many values a single-valued dimension's positions no longer fit 16 bits: clearing probes every list. */
const SINGLE_LIMIT = 0xffff;

/** Spare positions kept past the last one, so new providers rarely make every bitset grow. */
const slack = (size: number) => Math.max(1024, size >>> 3);

/** How many recent queries' results the index keeps (until its next change). */
const MEMO_SIZE = 8;

/** A dimension with more values than this has no slots (the cities): its counts read its postings. */
const SLOT_VALUES = 32;

/** At most this many 32-bit lanes of slots (each costs 4 bytes a position). */
const MAX_LANES = 4;

export class FacetIndex implements FacetReader {
  /** Positions in use (shown or not). */
  size = 0;
  ids: Int32Array;
  /** Each position's owner: an account's change finds its providers here, even deleted ones. */
  private users: Int32Array;
  shown: Bitset;
  readonly terms = new Map<string, Map<string, Postings>>();
  /**
   * For a dimension a row has at most one value of (a state, a city, a language): each position's value, so
   * clearing a row removes it from one list instead of probing the 1,400 cities' lists.
   */
  private readonly single = new Map<string, SingleValues>();
  /** The numeric columns, bucketed for range groups (ranges.ts). */
  readonly numbers = new Map<string, NumberColumn>();
  /**
   * For the dimensions with few values (the options, languages, races; not states or cities): a bit per
   * (dimension, value) and position, in 32-bit lanes (`Postings.slot` is its bit). A base's counts of all
   * of them are then one pass over its positions, each adding its lanes' four bytes to histograms, where
   * the postings would each read the base's every word; clearing a position finds its values at once.
   * Each lane is an array of its own: a base's positions ascend, so each lane is read in order (side by
   * side, a position's lanes would skip cache lines, which the processor does not read ahead).
   */
  lanes: Uint32Array[] = [];
  /** Room for a base's non-zero words while it is made. */
  scratch = new Uint32Array(0);
  /** A match's blocks (match.ts): a fresh listing allocates nothing but its page. */
  readonly blocks: [Uint32Array, Uint32Array] = [new Uint32Array(BLOCK), new Uint32Array(BLOCK)];
  /** The postings of each slot (a slot whose postings' `slot` is no longer it is unused). */
  private readonly slots: Postings[] = [];
  /** Dimensions that had too many values for slots: cleared and counted through their postings. */
  private readonly unslotted = new Set<string>();
  /** How counts are taken: by the cheaper way (`auto`), or always one way (tests check both). */
  counting: 'auto' | 'positions' | 'values' = 'auto';

  /** `expectedRows`: how many rows will come, about (a count just before); a good guess saves copies. */
  constructor(
    readonly termDimensions: readonly string[],
    readonly numberDimensions: readonly string[],
    expectedRows = 0,
    singleValued: readonly string[] = [],
  ) {
    const words = Math.ceil((expectedRows + slack(expectedRows)) / 32);
    this.ids = new Int32Array(words * 32);
    this.users = new Int32Array(words * 32);
    this.shown = new Uint32Array(words);
    for (const dim of termDimensions) this.terms.set(dim, new Map());
    for (const dim of singleValued)
      this.single.set(dim, { of: new Uint16Array(words * 32), values: [], numbers: new Map() });
    for (const dim of numberDimensions) this.numbers.set(dim, new NumberColumn(words * 32));
  }

  /** An index of these rows, every one shown. */
  static fromRows(
    rows: readonly FacetRow[],
    termDimensions: readonly string[],
    numberDimensions: readonly string[],
  ): FacetIndex {
    const index = new FacetIndex(termDimensions, numberDimensions, rows.length);
    for (const row of [...rows].sort((a, b) => a.id - b.id)) {
      const pos = index.place(row.id, 0);
      index.show(pos);
      for (const dim of termDimensions)
        for (const value of row.terms[dim] ?? []) index.addTerm(pos, dim, value);
      for (const dim of numberDimensions) index.setNumber(pos, dim, row.numbers[dim] ?? null);
    }
    index.trim();
    return index;
  }

  /** The length of every bitset of the index. */
  get words(): number {
    return this.shown.length;
  }

  /** How many positions are shown. */
  get shownCount(): number {
    return count(this.shown);
  }

  /** The position of a provider id, or -1. */
  positionOf(id: number): number {
    const at = this.lowerBound(id);
    return at < this.size && this.ids[at] === id ? at : -1;
  }

  /**
   * The position of a provider, made (hidden, without values) when it has none: at the end for a new
   * highest id (while building, or a new ad); otherwise in id order, moving the later positions up.
   */
  place(id: number, userId: number): number {
    const found = this.positionOf(id);
    if (found >= 0) {
      this.users[found] = userId;
      return found;
    }
    if (this.size === this.ids.length) this.grow();
    let pos = this.size;
    if (pos > 0 && this.ids[pos - 1]! > id) {
      // Rare (two ads committed out of id order): make room at its place in every column and set.
      pos = this.lowerBound(id);
      this.ids.copyWithin(pos + 1, pos, this.size);
      this.users.copyWithin(pos + 1, pos, this.size);
      for (const column of this.numbers.values()) column.insertAt(pos, this.size);
      for (const { of } of this.single.values()) of.copyWithin(pos + 1, pos, this.size);
      for (const lane of this.lanes) lane.copyWithin(pos + 1, pos, this.size);
      insertZeroBit(this.shown, pos);
      for (const byValue of this.terms.values()) for (const p of byValue.values()) p.shiftFrom(pos);
    }
    this.ids[pos] = id;
    this.users[pos] = userId;
    for (const column of this.numbers.values()) column.set(pos, null);
    for (const { of } of this.single.values()) of[pos] = 0;
    for (const lane of this.lanes) lane[pos] = 0;
    this.size++;
    this.changed();
    return pos;
  }

  /** The provider id at a position. */
  idAt(pos: number): number {
    return this.ids[pos]!;
  }

  /** Positions whose owner is this account. */
  positionsOfUser(userId: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.size; i++) if (this.users[i] === userId) out.push(i);
    return out;
  }

  /** Hides a position and forgets its values (a hidden, changed or deleted provider). */
  clear(pos: number): void {
    this.shown[pos >>> 5]! &= ~(1 << (pos & 31));
    for (let l = 0; l < this.lanes.length; l++) {
      const lane = this.lanes[l]!;
      let m = lane[pos]!;
      lane[pos] = 0;
      while (m) {
        const low = m & -m;
        const slot = (l << 5) | (31 - Math.clz32(low));
        m ^= low;
        const p = this.slots[slot]!;
        if (p.slot === slot) p.remove(pos);
      }
    }
    for (const [dim, byValue] of this.terms) {
      const single = this.single.get(dim);
      if (single && single.values.length < SINGLE_LIMIT) {
        single.values[single.of[pos]! - 1]?.remove(pos);
        single.of[pos] = 0;
      } else if (!single && !this.unslotted.has(dim)) {
        // Every value has a slot: the lanes removed it.
      } else {
        for (const p of byValue.values()) p.remove(pos);
      }
    }
    for (const column of this.numbers.values()) column.set(pos, null);
    this.changed();
  }

  show(pos: number): void {
    setBit(this.shown, pos);
    this.changed();
  }

  /**
   * The positions of a (dimension, value), made empty when new. Add to them through `addTo` (or
   * `addTerm`), never `Postings.add`: a dimension with value lanes keeps each position's values there
   * too, and `clear` finds them by their lanes.
   */
  postings(dim: string, value: string): Postings {
    const byValue = this.terms.get(dim);
    if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
    let p = byValue.get(value);
    if (!p) {
      byValue.set(value, (p = new Postings()));
      const single = this.single.get(dim);
      if (single) single.numbers.set(value, single.values.push(p));
      else this.slotFor(dim, byValue, p);
    }
    return p;
  }

  /** Gives a new value of a dimension with few values its slot; past the limits, the dimension loses them. */
  private slotFor(dim: string, byValue: Map<string, Postings>, p: Postings): void {
    if (this.unslotted.has(dim)) return;
    if (byValue.size > SLOT_VALUES || this.slots.length >= MAX_LANES * 32) {
      this.unslotted.add(dim);
      for (const q of byValue.values()) q.slot = -1;
      return;
    }
    p.slot = this.slots.push(p) - 1;
    if (p.slot >>> 5 === this.lanes.length) this.lanes.push(new Uint32Array(this.ids.length));
  }

  /** Adds a position to a value's postings (as `postings(dim, value)` gives them: a build looks them up once). */
  addTo(pos: number, p: Postings): void {
    this.changed();
    p.add(pos, this.words);
    if (p.slot >= 0) this.lanes[p.slot >>> 5]![pos]! |= 1 << (p.slot & 31);
  }

  addTerm(pos: number, dim: string, value: string): void {
    const p = this.postings(dim, value);
    this.addTo(pos, p);
    const single = this.single.get(dim);
    if (single && single.values.length < SINGLE_LIMIT) single.of[pos] = single.numbers.get(value)!;
  }

  /** Sets a position's value of a number dimension (null: unknown, outside every range). */
  setNumber(pos: number, dim: string, value: number | null): void {
    const column = this.numbers.get(dim);
    if (!column) throw new Error(`Unknown range dimension ${dim}`);
    column.set(pos, value);
    this.changed();
  }

  /** Drops the spare room of the lists and cuts the numbers into buckets (after a build). */
  trim(): void {
    for (const byValue of this.terms.values()) for (const p of byValue.values()) p.resize(this.words);
    // The range buckets now, not at the first request that asks for a range (about 0.2 s at a million).
    for (const column of this.numbers.values()) column.bucket(this.size, this.words);
  }

  /** The bytes the index holds in typed arrays (what it costs; the maps and objects around them are small). */
  get bytes(): number {
    let total = this.ids.byteLength + this.users.byteLength + this.shown.byteLength;
    for (const { of } of this.single.values()) total += of.byteLength;
    for (const lane of this.lanes) total += lane.byteLength;
    for (const column of this.numbers.values()) total += column.bytes;
    for (const byValue of this.terms.values()) for (const p of byValue.values()) total += p.bytes;
    return total;
  }

  /** More room for positions: every column and bitset grows by an eighth (at least 1,024 positions). */
  private grow(): void {
    const words = Math.ceil((this.size + slack(this.size)) / 32);
    const ids = new Int32Array(words * 32);
    ids.set(this.ids);
    this.ids = ids;
    const users = new Int32Array(words * 32);
    users.set(this.users);
    this.users = users;
    const shown = new Uint32Array(words);
    shown.set(this.shown);
    this.shown = shown;
    for (const single of this.single.values()) {
      const of = new Uint16Array(words * 32);
      of.set(single.of);
      single.of = of;
    }
    for (const column of this.numbers.values()) column.grow(words * 32, words);
    this.lanes = this.lanes.map((lane) => {
      const grown = new Uint32Array(words * 32);
      grown.set(lane);
      return grown;
    });
    for (const byValue of this.terms.values()) for (const p of byValue.values()) p.resize(words);
    this.changed();
  }

  /** Forgets the memoized results (a build calls this a few million times: mostly with nothing to forget). */
  private changed(): void {
    this.version++;
    if (this.memo.size) this.memo.clear();
  }

  private lowerBound(id: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Makes counts always go one way, or the cheaper (tests compare the ways); forgets kept results. */
  countBy(way: 'auto' | 'positions' | 'values'): void {
    this.counting = way;
    this.memo.clear();
  }

  /** The values a dimension has in the index (for counts of options nobody chose yet). */
  values(dimension: string): string[] {
    return [...(this.terms.get(dimension)?.keys() ?? [])];
  }

  /** Whether every value of a dimension has a slot. */
  slotted(dim: string): boolean {
    return !this.single.has(dim) && !this.unslotted.has(dim);
  }

  /**
   * The results of the last few queries, valid until the next change (every change empties it): the
   * benchmark's and a busy site's requests repeat a few filter states, whose counts then cost nothing.
   * Small and bounded; an answer from it is the one a fresh computation would give.
   */
  private readonly memo = new Map<string, FacetResult>();
  /** Moves at every change: a result made before one may no longer be read (it reads the index's own sets). */
  version = 0;

  query(q: FacetQuery): FacetResult {
    const key = JSON.stringify({ ...q, only: q.only?.key });
    const kept = this.memo.get(key);
    if (kept) return kept;
    const result = makeFacetResult(this, q);
    if (this.memo.size >= MEMO_SIZE) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(key, result);
    return result;
  }
}
