import {
  andInto,
  count,
  countAnd,
  createBitset,
  fullBitset,
  orInto,
  pageFromTop,
  setBit,
  type Bitset,
} from './bitset.ts';

/**
 * An in-memory facet index over the shown providers: one bitset per (dimension, value), and a typed
 * array per numeric range. A query is an AND of groups, each group an OR of values (or a range); the
 * count of an option is disjunctive: the total the query would have if that option were chosen, with
 * every other group kept (docs/decisions/0003-directory-facet-index.md).
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

/** A bitset that grows as positions are set (positions only ascend while building). */
export class GrowingBitset {
  words: Uint32Array;

  constructor(expectedSize = 2048) {
    this.words = createBitset(Math.max(expectedSize, 32));
  }

  set(pos: number): void {
    const w = pos >>> 5;
    if (w >= this.words.length) {
      const next = new Uint32Array(Math.max(w + 1, this.words.length * 2));
      next.set(this.words);
      this.words = next;
    }
    this.words[w]! |= 1 << (pos & 31);
  }

  /** The bitset over exactly `size` positions. */
  finish(size: number): Bitset {
    const length = Math.ceil(size / 32);
    if (this.words.length === length) return this.words;
    const b = createBitset(size);
    b.set(this.words.subarray(0, Math.min(b.length, this.words.length)));
    return b;
  }
}

/**
 * Collects rows one at a time, in ascending id order, without keeping them: each (dimension, value)
 * sets its bits as rows arrive, each number dimension fills a column. Used to build the index from the
 * database in chunks (facet-store.ts), so a rebuild over 100,000 providers never holds them as objects.
 */
export class FacetIndexBuilder {
  private ids: Int32Array;
  private readonly terms = new Map<string, Map<string, GrowingBitset>>();
  private readonly numbers = new Map<string, Float64Array>();
  private pos = -1;

  /** `expectedRows`: how many rows will come, about (a count just before); a good guess saves copies. */
  constructor(
    readonly termDimensions: readonly string[],
    readonly numberDimensions: readonly string[],
    private readonly expectedRows = 1024,
  ) {
    const capacity = Math.max(expectedRows, 32);
    this.ids = new Int32Array(capacity);
    for (const dim of termDimensions) this.terms.set(dim, new Map());
    for (const dim of numberDimensions) this.numbers.set(dim, new Float64Array(capacity).fill(Number.NaN));
  }

  /** Starts the next row; ids must ascend. */
  addRow(id: number): void {
    if (this.pos >= 0 && id <= this.ids[this.pos]!) throw new Error('FacetIndexBuilder: ids must ascend');
    this.pos++;
    if (this.pos >= this.ids.length) {
      const ids = new Int32Array(this.ids.length * 2);
      ids.set(this.ids);
      this.ids = ids;
      for (const [dim, column] of this.numbers) {
        const grown = new Float64Array(column.length * 2).fill(Number.NaN);
        grown.set(column);
        this.numbers.set(dim, grown);
      }
    }
    this.ids[this.pos] = id;
  }

  /** Gives the current row a value of a term dimension (a row may have several, or none). */
  addTerm(dim: string, value: string): void {
    this.bits(dim, value).set(this.pos);
  }

  /** The bits of a (dimension, value), for callers adding many rows fast: `set(position)`. */
  bits(dim: string, value: string): GrowingBitset {
    const byValue = this.terms.get(dim);
    if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
    let bits = byValue.get(value);
    if (!bits) byValue.set(value, (bits = new GrowingBitset(Math.max(this.expectedRows, this.pos + 1))));
    return bits;
  }

  /** The current row's position. */
  get position(): number {
    return this.pos;
  }

  /** Sets the current row's value of a number dimension (null: unknown, outside every range). */
  setNumber(dim: string, value: number | null): void {
    const column = this.numbers.get(dim);
    if (!column) throw new Error(`Unknown range dimension ${dim}`);
    if (value !== null && value !== undefined) column[this.pos] = value;
  }

  build(): FacetIndex {
    const size = this.pos + 1;
    const terms = new Map<string, Map<string, Bitset>>();
    for (const [dim, byValue] of this.terms) {
      const bits = new Map<string, Bitset>();
      for (const [value, growing] of byValue) bits.set(value, growing.finish(size));
      terms.set(dim, bits);
    }
    const numbers = new Map<string, Float64Array>();
    for (const [dim, column] of this.numbers) numbers.set(dim, column.slice(0, size));
    return FacetIndex.fromParts(this.ids.slice(0, size), terms, numbers);
  }
}

export class FacetIndex {
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly terms: Map<string, Map<string, Bitset>>;
  private readonly numbers: Map<string, Float64Array>;
  private readonly all: Bitset;

  constructor(
    rows: readonly FacetRow[],
    termDimensions: readonly string[],
    numberDimensions: readonly string[],
  ) {
    const builder = new FacetIndexBuilder(termDimensions, numberDimensions);
    for (const row of [...rows].sort((a, b) => a.id - b.id)) {
      builder.addRow(row.id);
      for (const dim of termDimensions) for (const value of row.terms[dim] ?? []) builder.addTerm(dim, value);
      for (const dim of numberDimensions) builder.setNumber(dim, row.numbers[dim] ?? null);
    }
    const built = builder.build();
    this.size = built.size;
    this.ids = built.ids;
    this.terms = built.terms;
    this.numbers = built.numbers;
    this.all = built.all;
  }

  /** An index from built parts (FacetIndexBuilder). */
  static fromParts(
    ids: Int32Array,
    terms: Map<string, Map<string, Bitset>>,
    numbers: Map<string, Float64Array>,
  ): FacetIndex {
    const index = Object.create(FacetIndex.prototype) as FacetIndex;
    Object.assign(index, {
      size: ids.length,
      ids,
      terms,
      numbers,
      all: fullBitset(ids.length),
      ranges: new Map(),
    });
    return index;
  }

  /** The values a dimension has in the index (for counts of options nobody chose yet). */
  values(dimension: string): string[] {
    return [...(this.terms.get(dimension)?.keys() ?? [])];
  }

  private termGroup(dim: string, values: readonly string[]): Bitset {
    const byValue = this.terms.get(dim);
    if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
    // Groups are only read (ANDed into copies): one value's own bitset serves as is.
    if (values.length === 1) return byValue.get(values[0]!) ?? createBitset(this.size);
    const b = createBitset(this.size);
    for (const v of values) {
      const bits = byValue.get(v);
      if (bits) orInto(b, bits);
    }
    return b;
  }

  /** Recent range groups: a listing page and its counts ask for the same slider range. */
  private readonly ranges = new Map<string, Bitset>();

  private rangeGroup(dim: string, [lo, hi]: readonly [number, number]): Bitset {
    const values = this.numbers.get(dim);
    if (!values) throw new Error(`Unknown range dimension ${dim}`);
    const key = `${dim}:${lo}:${hi}`;
    const cached = this.ranges.get(key);
    if (cached) return cached;
    const b = createBitset(this.size);
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v >= lo && v <= hi) setBit(b, i);
    }
    if (this.ranges.size >= 64) this.ranges.delete(this.ranges.keys().next().value!);
    this.ranges.set(key, b);
    return b;
  }

  query(q: FacetQuery): FacetResult {
    const groups = new Map<string, Bitset>();
    for (const [dim, values] of Object.entries(q.terms ?? {})) {
      if (values && values.length) groups.set(dim, this.termGroup(dim, values));
    }
    for (const [dim, range] of Object.entries(q.ranges ?? {})) {
      if (range) groups.set(`#${dim}`, this.rangeGroup(dim, range));
    }
    const allBut = (...skip: string[]) => {
      const b = Uint32Array.from(this.all);
      for (const [key, g] of groups) if (!skip.includes(key)) andInto(b, g);
      return b;
    };
    const result = allBut();
    return {
      total: count(result),
      page: (offset, limit) => pageFromTop(result, offset, limit).map((pos) => this.ids[pos]!),
      counts: (dimensions) => {
        const out: Record<string, Record<string, number>> = {};
        for (const dim of dimensions) {
          const base = groups.has(dim) ? allBut(dim) : result;
          const byValue = this.terms.get(dim);
          if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
          out[dim] = {};
          for (const [value, bits] of byValue) out[dim][value] = countAnd(base, bits);
        }
        return out;
      },
      totalWithout: (dimensions) =>
        dimensions.some((d) => groups.has(d)) ? count(allBut(...dimensions)) : count(result),
      totalWith: (dim, values) =>
        countAnd(groups.has(dim) ? allBut(dim) : result, this.termGroup(dim, values)),
    };
  }
}
