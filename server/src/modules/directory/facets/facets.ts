import {
  andAll,
  count,
  countAndAny,
  countAndAt,
  createBitset,
  hasBit,
  nonZeroWords,
  pageFromTop,
  setBit,
  type Bitset,
} from './bitset.ts';
import { BLOCK, Match, type MatchSets } from './match.ts';
import { insertZeroBit, Postings } from './postings.ts';
import { NumberColumn } from './ranges.ts';

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

export interface FacetQuery {
  /** dimension → chosen values (OR within a dimension, AND across dimensions). */
  terms?: Record<string, readonly string[] | undefined>;
  /** dimension → inclusive [min, max]. */
  ranges?: Record<string, readonly [number, number] | undefined>;
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

/** The set bits of a base, reading only its listed non-zero words when it has the list. */
const countWords = (b: Bitset, words: Uint32Array | undefined) =>
  words ? countAndAt(b, b, words) : count(b);

/** One group of a query (the values chosen in a dimension, or a range), as a base is made from it. */
interface Group {
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
interface Base {
  bits: Bitset;
  /** Its non-zero words when they are few (only those are read), else undefined. */
  words: Uint32Array | undefined;
  /** Its set bits, once counted. */
  ones?: number;
}

/**
 * Relative costs of counting a base position by position, in ANDs and counts of one word of one value's
 * bitset read in order (about 2.6 ns at a million): a position costs about 10 (its lanes are read out of
 * order, a cache line each) and each of its lanes 3 more (four histogram increments). Measured with
 * bench/facet-counts.mjs: a base of 45,000 positions over 3 lanes, 2 ms by position and 7 ms by value.
 */
const POSITION_COST = 10;
const LANE_COST = 3;

export class FacetIndex {
  /** Positions in use (shown or not). */
  size = 0;
  private ids: Int32Array;
  /** Each position's owner: an account's change finds its providers here, even deleted ones. */
  private users: Int32Array;
  private shown: Bitset;
  private readonly terms = new Map<string, Map<string, Postings>>();
  /**
   * For a dimension a row has at most one value of (a state, a city, a language): each position's value, so
   * clearing a row removes it from one list instead of probing the 1,400 cities' lists.
   */
  private readonly single = new Map<string, SingleValues>();
  /** The numeric columns, bucketed for range groups (ranges.ts). */
  private readonly numbers = new Map<string, NumberColumn>();
  /**
   * For the dimensions with few values (the options, languages, races; not states or cities): a bit per
   * (dimension, value) and position, in 32-bit lanes (`Postings.slot` is its bit). A base's counts of all
   * of them are then one pass over its positions, each adding its lanes' four bytes to histograms, where
   * the postings would each read the base's every word; clearing a position finds its values at once.
   * Each lane is an array of its own: a base's positions ascend, so each lane is read in order (side by
   * side, a position's lanes would skip cache lines, which the processor does not read ahead).
   */
  private lanes: Uint32Array[] = [];
  /** Room for a base's non-zero words while it is made. */
  private scratch = new Uint32Array(0);
  /** A match's blocks (match.ts): a fresh listing allocates nothing but its page. */
  private readonly blocks: [Uint32Array, Uint32Array] = [new Uint32Array(BLOCK), new Uint32Array(BLOCK)];
  /** The postings of each slot (a slot whose postings' `slot` is no longer it is unused). */
  private readonly slots: Postings[] = [];
  /** Dimensions that had too many values for slots: cleared and counted through their postings. */
  private readonly unslotted = new Set<string>();
  /** How counts are taken: by the cheaper way (`auto`), or always one way (tests check both). */
  private counting: 'auto' | 'positions' | 'values' = 'auto';

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

  private termGroup(dim: string, values: readonly string[]): Group {
    const byValue = this.terms.get(dim);
    if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
    const found = [...new Set(values.flatMap((v) => byValue.get(v) ?? []))];
    const words = this.words;
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

  private rangeGroup(dim: string, [lo, hi]: readonly [number, number]): Group {
    const column = this.numbers.get(dim);
    if (!column) throw new Error(`Unknown range dimension ${dim}`);
    let bits: Bitset | undefined;
    return {
      bits: () => (bits ??= column.range(lo, hi, this.size, this.words)),
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
        const span = bits ? undefined : column.span(lo, hi, this.size, this.words);
        if (span === null) return false;
        if (!span) into.and.push((bits ??= column.range(lo, hi, this.size, this.words)));
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
  private match(groups: readonly Group[]): Match | undefined {
    let driver: Group | undefined;
    for (const g of groups) if (g.listed <= this.words && (!driver || g.listed < driver.listed)) driver = g;
    if (driver && driver.lists!.length > 1) return undefined;
    const sets: MatchSets = { and: [this.shown], not: [], or: [] };
    const nothing = new Int32Array(0);
    for (const g of groups) if (g !== driver && !g.reads(sets)) return new Match(sets, nothing, this.blocks);
    return new Match(sets, driver ? (driver.lists![0] ?? nothing) : undefined, this.blocks);
  }

  /**
   * The shown positions in every one of these groups. When one group has few positions (a state other
   * than California: sorted lists), only those are tested against the others (a range by its column);
   * otherwise the shown bitset is ANDed with each group's bitset.
   */
  private base(groups: readonly Group[]): Base {
    const words = this.words;
    let driver: Group | undefined;
    for (const g of groups) if (g.listed <= words && (!driver || g.listed < driver.listed)) driver = g;
    if (!driver) {
      if (this.scratch.length !== words) this.scratch = new Uint32Array(words);
      const { bits, ones, nonZero } = andAll([this.shown, ...groups.map((g) => g.bits())], this.scratch);
      return { bits, ones, words: nonZero.length * 2 < words ? nonZero.slice() : undefined };
    }
    const others = groups.filter((g) => g !== driver);
    // Past a few thousand positions, testing bits (neighbours share a cache line) beats reading a
    // range's column (a line each): the others' bitsets are made first (a range's: one pass over the
    // words) and the shown bitset joins them.
    const tested = driver.listed * 8 > words ? [this.shown, ...others.map((g) => g.bits())] : undefined;
    const shown = this.shown;
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
  private ones(base: Base): number {
    return (base.ones ??= countWords(base.bits, base.words));
  }

  /** The lanes holding these dimensions' slots, in order. */
  private lanesOf(dims: readonly string[]): number[] {
    const lanes = new Set<number>();
    for (const dim of dims) for (const p of this.terms.get(dim)!.values()) lanes.add(p.slot >>> 5);
    return [...lanes].sort((a, b) => a - b);
  }

  /**
   * Counts of every value of these dimensions (each of them with slots) over a base, position by
   * position: each position adds the four bytes of each lane to a histogram of its byte values; a
   * slot's count is then the sum of the byte values that have its bit.
   */
  private countBySlots(base: Base, dims: readonly string[]): Record<string, number>[] {
    const laneIds = this.lanesOf(dims);
    const lanes = laneIds.map((l) => this.lanes[l]!);
    const L = lanes.length;
    const hist = new Int32Array(L * 1024);
    const { bits, words } = base;
    const visited = words ? words.length : bits.length;
    for (let k = 0; k < visited; k++) {
      const w = words ? words[k]! : k;
      let m = bits[w]!;
      while (m) {
        const low = m & -m;
        const p = (w << 5) | (31 - Math.clz32(low));
        m ^= low;
        for (let j = 0; j < L; j++) {
          const x = lanes[j]![p]!;
          const o = j << 10;
          hist[o + (x & 255)]!++;
          hist[o + 256 + ((x >>> 8) & 255)]!++;
          hist[o + 512 + ((x >>> 16) & 255)]!++;
          hist[o + 768 + (x >>> 24)]!++;
        }
      }
    }
    return dims.map((dim) => {
      const out: Record<string, number> = {};
      for (const [value, p] of this.terms.get(dim)!) {
        const at = (laneIds.indexOf(p.slot >>> 5) << 10) + (((p.slot & 31) >>> 3) << 8);
        const bit = 1 << (p.slot & 7);
        let n = 0;
        for (let v = bit; v < 256; v++) if (v & bit) n += hist[at + v]!;
        out[value] = n;
      }
      return out;
    });
  }

  /** Whether every value of a dimension has a slot. */
  private slotted(dim: string): boolean {
    return !this.single.has(dim) && !this.unslotted.has(dim);
  }

  /**
   * The results of the last few queries, valid until the next change (every change empties it): the
   * benchmark's and a busy site's requests repeat a few filter states, whose counts then cost nothing.
   * Small and bounded; an answer from it is the one a fresh computation would give.
   */
  private readonly memo = new Map<string, FacetResult>();
  /** Moves at every change: a result made before one may no longer be read (it reads the index's own sets). */
  private version = 0;

  query(q: FacetQuery): FacetResult {
    const key = JSON.stringify(q);
    const kept = this.memo.get(key);
    if (kept) return kept;
    const result = this.compute(q);
    if (this.memo.size >= MEMO_SIZE) this.memo.delete(this.memo.keys().next().value!);
    this.memo.set(key, result);
    return result;
  }

  private compute(q: FacetQuery): FacetResult {
    // A result reads the index as it is when asked (its match reads the groups' sets, its total is counted
    // when first asked): asked after a change it would mix two states, so it refuses.
    const version = this.version;
    const current = () => {
      if (this.version !== version) throw new Error('A facet result was read after the index changed');
    };
    const groups = new Map<string, Group>();
    for (const [dim, values] of Object.entries(q.terms ?? {})) {
      if (values && values.length) groups.set(dim, this.termGroup(dim, values));
    }
    for (const [dim, range] of Object.entries(q.ranges ?? {})) {
      if (range) groups.set(`#${dim}`, this.rangeGroup(dim, range));
    }
    // Each "every group but these" is made once per result: a section's counts, its N/A and the cum
    // groups ask for the same ones. A sparse one comes with its non-zero words, the only ones counted.
    const bases = new Map<string, Base>();
    const allBut = (skip: readonly string[]): Base => {
      if (skip.length === 1 && !groups.has(skip[0]!) && bases.has('')) return bases.get('')!;
      const used = skip.filter((d) => groups.has(d)).sort();
      const k = used.join(',');
      let base = bases.get(k);
      if (!base) {
        base = this.base([...groups].filter(([key]) => !used.includes(key)).map(([, g]) => g));
        bases.set(k, base);
      }
      return base;
    };
    // The result itself is made only when counts need it; a listing's total and page read it unmade.
    let match: Match | null | undefined;
    const matched = () => (match === undefined ? (match = this.match([...groups.values()]) ?? null) : match);
    let total: number | undefined;
    const totalOf = () =>
      (total ??= bases.has('') || !matched() ? this.ones(allBut([])) : matched()!.count());
    const counted = new Map<string, Record<string, number>>();
    const countAll = (dimensions: readonly string[]) => {
      // The dimensions counted position by position, by base.
      const bySlots = new Map<Base, string[]>();
      for (const dim of new Set(dimensions)) {
        if (counted.has(dim)) continue;
        const byValue = this.terms.get(dim);
        if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
        // Nothing else chosen: the base is every shown position, which holds every value's positions.
        if (groups.size === (groups.has(dim) ? 1 : 0)) {
          const out: Record<string, number> = {};
          for (const [value, postings] of byValue) out[value] = postings.size;
          counted.set(dim, out);
          continue;
        }
        const base = allBut([dim]);
        if (this.slotted(dim)) {
          bySlots.set(base, [...(bySlots.get(base) ?? []), dim]);
        } else counted.set(dim, this.countByPostings(base, byValue));
      }
      for (const [base, dims] of bySlots) {
        // Word by word, each value reads the base's (non-zero) words; position by position, each
        // position reads its lanes: whichever reads less.
        const visited = base.words ? base.words.length : base.bits.length;
        let byWords = 0;
        for (const dim of dims)
          for (const p of this.terms.get(dim)!.values()) byWords += p.bits ? visited : p.size;
        const byPositions = this.ones(base) * (POSITION_COST + LANE_COST * this.lanesOf(dims).length);
        if (this.counting === 'auto' ? byPositions < byWords : this.counting === 'positions') {
          const out = this.countBySlots(base, dims);
          dims.forEach((dim, i) => counted.set(dim, out[i]!));
        } else for (const dim of dims) counted.set(dim, this.countByPostings(base, this.terms.get(dim)!));
      }
    };
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
        return positions.map((pos) => this.ids[pos]!);
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
          ? (total ??= this.ones(base))
          : memoTotal(`-${dimensions.join(',')}`, () => this.ones(base));
      },
      totalWith: (dim, values) => {
        current();
        return memoTotal(`+${dim}:${values.join(',')}`, () => this.countWith(allBut([dim]), dim, values));
      },
    };
  }

  /** Counts of every value of a dimension over a base, value by value. */
  private countByPostings(base: Base, byValue: Map<string, Postings>): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [value, postings] of byValue) out[value] = postings.countIn(base.bits, base.words);
    return out;
  }

  /** The positions of a base that hold any of these values of a dimension. */
  private countWith(base: Base, dim: string, values: readonly string[]): number {
    const byValue = this.terms.get(dim);
    if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
    const found = [...new Set(values.flatMap((v) => byValue.get(v) ?? []))];
    const { bits, words } = base;
    const visited = words ? words.length : bits.length;
    const byPositions = this.ones(base) * POSITION_COST < visited * found.length;
    if (this.slotted(dim) && (this.counting === 'auto' ? byPositions : this.counting === 'positions')) {
      // Position by position: a position counts when its lanes hold any of the values' bits.
      const laneIds = [...new Set(found.map((p) => p.slot >>> 5))];
      const lanes = laneIds.map((l) => this.lanes[l]!);
      const masks = Int32Array.from(laneIds, (l) =>
        found.reduce((m, p) => (p.slot >>> 5 === l ? m | (1 << (p.slot & 31)) : m), 0),
      );
      const L = lanes.length;
      let n = 0;
      // The same walk over the base's set bits as countBySlots, written out: a callback per position
      // would cost more than the work it does (these loops are the hot part of a fresh count).
      for (let k = 0; k < visited; k++) {
        const w = words ? words[k]! : k;
        let m = bits[w]!;
        while (m) {
          const low = m & -m;
          const p = (w << 5) | (31 - Math.clz32(low));
          m ^= low;
          for (let j = 0; j < L; j++) {
            if (lanes[j]![p]! & masks[j]!) {
              n++;
              break;
            }
          }
        }
      }
      return n;
    }
    if (found.length === 1) return found[0]!.countIn(bits, words);
    // Dense values are ORed word by word as they are read; a list among them is made a bitset first.
    return countAndAny(
      bits,
      found.map((p) => p.asBitset(bits.length)),
      words,
    );
  }
}
