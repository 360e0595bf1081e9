import {
  andInto,
  count,
  countAnd,
  countAndAt,
  createBitset,
  nonZeroWords,
  pageFromTop,
  setBit,
  type Bitset,
} from './bitset.ts';
import { insertZeroBit, Postings } from './postings.ts';

/**
 * An in-memory facet index over the providers, in ascending id order: a position per provider (shown or
 * not), a bitset of the shown ones, the positions of each (dimension, value) (`Postings`: a list or a
 * bitset) and a column per numeric range. A query is an AND of groups, each group an OR of values (or a
 * range), over the shown positions; the count of an option is disjunctive: the total the query would have
 * if that option were chosen, with every other group kept (docs/decisions/0003-directory-facet-index.md).
 * Providers are updated in place: a change clears a position's values and sets the new ones
 * (docs/decisions/0011-incremental-facet-index.md). Only shown positions hold values (`clear` hides a
 * position and forgets them; a row's values are set once it is shown): an option's count with nothing else
 * chosen is its number of positions.
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

/** The set bits of a base, reading only its listed non-zero words when it has the list. */
const countWords = (b: Bitset, words: Uint32Array | undefined) =>
  words ? countAndAt(b, b, words) : count(b);

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
  private readonly numbers = new Map<string, Float64Array>();
  /** Recent range groups: a listing page and its counts ask for the same slider range. */
  private readonly ranges = new Map<string, Bitset>();

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
    for (const dim of numberDimensions) this.numbers.set(dim, new Float64Array(words * 32).fill(Number.NaN));
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
      for (const column of this.numbers.values()) column.copyWithin(pos + 1, pos, this.size);
      for (const { of } of this.single.values()) of.copyWithin(pos + 1, pos, this.size);
      insertZeroBit(this.shown, pos);
      for (const byValue of this.terms.values()) for (const p of byValue.values()) p.shiftFrom(pos);
    }
    this.ids[pos] = id;
    this.users[pos] = userId;
    for (const column of this.numbers.values()) column[pos] = Number.NaN;
    for (const { of } of this.single.values()) of[pos] = 0;
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
    for (const [dim, byValue] of this.terms) {
      const single = this.single.get(dim);
      if (single && single.values.length < SINGLE_LIMIT) {
        single.values[single.of[pos]! - 1]?.remove(pos);
        single.of[pos] = 0;
      } else {
        for (const p of byValue.values()) p.remove(pos);
      }
    }
    for (const column of this.numbers.values()) column[pos] = Number.NaN;
    this.changed();
  }

  show(pos: number): void {
    setBit(this.shown, pos);
    this.memo.clear();
  }

  /** The positions of a (dimension, value), made empty when new. */
  postings(dim: string, value: string): Postings {
    const byValue = this.terms.get(dim);
    if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
    let p = byValue.get(value);
    if (!p) {
      byValue.set(value, (p = new Postings()));
      const single = this.single.get(dim);
      single?.numbers.set(value, single.values.push(p));
    }
    return p;
  }

  addTerm(pos: number, dim: string, value: string): void {
    this.memo.clear();
    const p = this.postings(dim, value);
    p.add(pos, this.words);
    const single = this.single.get(dim);
    if (single && single.values.length < SINGLE_LIMIT) single.of[pos] = single.numbers.get(value)!;
  }

  /** Sets a position's value of a number dimension (null: unknown, outside every range). */
  setNumber(pos: number, dim: string, value: number | null): void {
    const column = this.numbers.get(dim);
    if (!column) throw new Error(`Unknown range dimension ${dim}`);
    column[pos] = value ?? Number.NaN;
    this.changed();
  }

  /** Drops the spare room of the lists (after a build). */
  trim(): void {
    for (const byValue of this.terms.values()) for (const p of byValue.values()) p.resize(this.words);
  }

  /** The bytes the index holds in typed arrays (what it costs; the maps and objects around them are small). */
  get bytes(): number {
    let total = this.ids.byteLength + this.users.byteLength + this.shown.byteLength;
    for (const { of } of this.single.values()) total += of.byteLength;
    for (const column of this.numbers.values()) total += column.byteLength;
    for (const byValue of this.terms.values()) for (const p of byValue.values()) total += p.bytes;
    for (const b of this.ranges.values()) total += b.byteLength;
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
    for (const [dim, column] of this.numbers) {
      const grown = new Float64Array(words * 32).fill(Number.NaN);
      grown.set(column);
      this.numbers.set(dim, grown);
    }
    for (const byValue of this.terms.values()) for (const p of byValue.values()) p.resize(words);
    this.changed();
  }

  /** Forgets what was derived from the positions' values: the range groups and the memoized results. */
  private changed(): void {
    this.ranges.clear();
    this.memo.clear();
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

  /** The values a dimension has in the index (for counts of options nobody chose yet). */
  values(dimension: string): string[] {
    return [...(this.terms.get(dimension)?.keys() ?? [])];
  }

  private termGroup(dim: string, values: readonly string[]): Bitset {
    const byValue = this.terms.get(dim);
    if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
    // Groups are only read (ANDed into copies): one dense value's own bitset serves as is.
    if (values.length === 1)
      return byValue.get(values[0]!)?.asBitset(this.words) ?? createBitset(this.words * 32);
    const b = createBitset(this.words * 32);
    for (const v of values) byValue.get(v)?.orInto(b);
    return b;
  }

  private rangeGroup(dim: string, [lo, hi]: readonly [number, number]): Bitset {
    const values = this.numbers.get(dim);
    if (!values) throw new Error(`Unknown range dimension ${dim}`);
    const key = `${dim}:${lo}:${hi}`;
    const cached = this.ranges.get(key);
    if (cached) return cached;
    const b = createBitset(this.words * 32);
    for (let i = 0; i < this.size; i++) {
      const v = values[i]!;
      if (v >= lo && v <= hi) setBit(b, i);
    }
    if (this.ranges.size >= 64) this.ranges.delete(this.ranges.keys().next().value!);
    this.ranges.set(key, b);
    return b;
  }

  /**
   * The results of the last few queries, valid until the next change (every change empties it): the
   * benchmark's and a busy site's requests repeat a few filter states, whose counts then cost nothing.
   * Small and bounded; an answer from it is the one a fresh computation would give.
   */
  private readonly memo = new Map<string, FacetResult>();

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
    const groups = new Map<string, Bitset>();
    for (const [dim, values] of Object.entries(q.terms ?? {})) {
      if (values && values.length) groups.set(dim, this.termGroup(dim, values));
    }
    for (const [dim, range] of Object.entries(q.ranges ?? {})) {
      if (range) groups.set(`#${dim}`, this.rangeGroup(dim, range));
    }
    // Each "every group but these" is ANDed once per result: a section's counts, its N/A and the cum
    // groups ask for the same ones. A sparse one comes with its non-zero words, the only ones counted.
    const bases = new Map<string, { bits: Bitset; words: Uint32Array | undefined }>();
    const allBut = (skip: readonly string[]) => {
      const used = skip.filter((d) => groups.has(d)).sort();
      const k = used.join(',');
      let base = bases.get(k);
      if (!base) {
        const bits = Uint32Array.from(this.shown);
        for (const [key, g] of groups) if (!used.includes(key)) andInto(bits, g);
        const words = nonZeroWords(bits);
        base = { bits, words: words.length * 2 < bits.length ? words : undefined };
        bases.set(k, base);
      }
      return base;
    };
    const result = allBut([]).bits;
    const total = count(result);
    const counted = new Map<string, Record<string, number>>();
    const countsOf = (dim: string) => {
      let out = counted.get(dim);
      if (!out) {
        const byValue = this.terms.get(dim);
        if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
        const { bits, words } = allBut([dim]);
        out = {};
        // Nothing else chosen: the base is every shown position, which holds every value's positions.
        const everyShown = bits === result ? groups.size === 0 : groups.size === 1;
        for (const [value, postings] of byValue)
          out[value] = everyShown ? postings.size : postings.countIn(bits, words);
        counted.set(dim, out);
      }
      return out;
    };
    const totals = new Map<string, number>();
    const memoTotal = (k: string, f: () => number) => {
      let n = totals.get(k);
      if (n === undefined) totals.set(k, (n = f()));
      return n;
    };
    return {
      total,
      page: (offset, limit) => pageFromTop(result, offset, limit).map((pos) => this.ids[pos]!),
      counts: (dimensions) => Object.fromEntries(dimensions.map((dim) => [dim, countsOf(dim)])),
      totalWithout: (dimensions) => {
        const { bits, words } = allBut(dimensions);
        return bits === result ? total : memoTotal(`-${dimensions.join(',')}`, () => countWords(bits, words));
      },
      totalWith: (dim, values) =>
        memoTotal(`+${dim}:${values.join(',')}`, () => {
          const { bits, words } = allBut([dim]);
          const g = this.termGroup(dim, values);
          return words ? countAndAt(bits, g, words) : countAnd(bits, g);
        }),
    };
  }
}
