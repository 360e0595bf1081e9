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
}

export class FacetIndex {
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly terms = new Map<string, Map<string, Bitset>>();
  private readonly numbers = new Map<string, Float64Array>();
  private readonly all: Bitset;

  constructor(
    rows: readonly FacetRow[],
    termDimensions: readonly string[],
    numberDimensions: readonly string[],
  ) {
    const sorted = [...rows].sort((a, b) => a.id - b.id);
    this.size = sorted.length;
    this.ids = Int32Array.from(sorted.map((r) => r.id));
    this.all = fullBitset(this.size);
    for (const dim of termDimensions) this.terms.set(dim, new Map());
    for (const dim of numberDimensions) this.numbers.set(dim, new Float64Array(this.size).fill(Number.NaN));
    sorted.forEach((row, pos) => {
      for (const dim of termDimensions) {
        const byValue = this.terms.get(dim)!;
        for (const value of row.terms[dim] ?? []) {
          let b = byValue.get(value);
          if (!b) byValue.set(value, (b = createBitset(this.size)));
          setBit(b, pos);
        }
      }
      for (const dim of numberDimensions) {
        const v = row.numbers[dim];
        if (v !== null && v !== undefined) this.numbers.get(dim)![pos] = v;
      }
    });
  }

  /** The values a dimension has in the index (for counts of options nobody chose yet). */
  values(dimension: string): string[] {
    return [...(this.terms.get(dimension)?.keys() ?? [])];
  }

  private termGroup(dim: string, values: readonly string[]): Bitset {
    const byValue = this.terms.get(dim);
    if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
    const b = createBitset(this.size);
    for (const v of values) {
      const bits = byValue.get(v);
      if (bits) orInto(b, bits);
    }
    return b;
  }

  private rangeGroup(dim: string, [lo, hi]: readonly [number, number]): Bitset {
    const values = this.numbers.get(dim);
    if (!values) throw new Error(`Unknown range dimension ${dim}`);
    const b = createBitset(this.size);
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v >= lo && v <= hi) setBit(b, i);
    }
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
    const allBut = (skip: string | undefined) => {
      const b = Uint32Array.from(this.all);
      for (const [key, g] of groups) if (key !== skip) andInto(b, g);
      return b;
    };
    const result = allBut(undefined);
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
    };
  }
}
