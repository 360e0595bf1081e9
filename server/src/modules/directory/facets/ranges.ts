import { createBitset, type Bitset } from './bitset.ts';
import { insertZeroBit } from './postings.ts';

/**
 * At most this many buckets per number column, each a bitset (140 KB at a million positions): every age
 * from 18 to 99, and the prices a site's ads usually ask, are a bucket each.
 */
export const MAX_BUCKETS = 96;

/**
 * A numeric column of the facet index (age, donation) and what makes its range groups cheap. A scan of
 * the whole column costs a million comparisons (about 6 ms) at a million providers; instead the values
 * are cut into buckets at their own distinct values (one bucket per value while there are at
 * most `MAX_BUCKETS`, so an integer age or a price in steps of $10 is one bucket each; otherwise at
 * quantiles), and `upTo[k]` holds the positions of buckets 0 … k. A range is then
 * `upTo[last] ∧ ¬upTo[first − 1]`, one pass over the words, plus, only when the range ends inside a
 * bucket holding values on both sides of its end, a test of that bucket's positions against the column.
 * The buckets are made at the end of a build (or by the first range asked for) and kept up to date by
 * every `set` after it; they are cut again (by the next range asked for) once the column has twice the
 * values it was cut with, or as many changes: a site that started empty, or whose prices moved past the
 * old edges, would otherwise test its few wide buckets position by position on every range.
 */
export class NumberColumn {
  /** Each position's value; NaN: unknown, in no range. */
  values: Float64Array;
  /** Bucket k holds the values v with `edges[k] ≤ v < edges[k + 1]` (bucket 0 also those below edges[0]). */
  private edges: Float64Array | undefined;
  private upTo: Bitset[] = [];
  /**
   * The lowest and highest value ever put in each bucket since it was made: a bucket inside [lo, hi] by
   * these is taken whole, one outside is skipped. They never narrow (a removal does not look for the new
   * extremes): at worst a bucket is tested position by position when it need not be.
   */
  private min = new Float64Array(0);
  private max = new Float64Array(0);
  /** The positions the buckets were cut over, and the values changed since. */
  private cutOver = 0;
  private changesSince = 0;

  constructor(positions: number) {
    this.values = new Float64Array(positions).fill(Number.NaN);
  }

  /** Whether the buckets exist (`bucket` made them); their bitsets are then as long as the index's. */
  get bucketed(): boolean {
    return this.edges !== undefined;
  }

  set(pos: number, value: number | null): void {
    const v = value ?? Number.NaN;
    const old = this.values[pos]!;
    this.values[pos] = v;
    if (!this.edges || Object.is(old, v)) return;
    this.changesSince++;
    const from = old === old ? this.bucketOf(old) : this.upTo.length;
    const to = v === v ? this.bucketOf(v) : this.upTo.length;
    // The position is in upTo[k] for every k from its bucket on: only those between the two change.
    const bit = 1 << (pos & 31);
    const w = pos >>> 5;
    for (let k = to; k < from; k++) this.upTo[k]![w]! |= bit;
    for (let k = from; k < to; k++) this.upTo[k]![w]! &= ~bit;
    if (v === v) {
      if (v < this.min[to]!) this.min[to] = v;
      if (v > this.max[to]!) this.max[to] = v;
    }
  }

  /** Makes room for a position at `pos` (every later one moves up by one); `size`: positions in use before. */
  insertAt(pos: number, size: number): void {
    this.values.copyWithin(pos + 1, pos, size);
    this.values[pos] = Number.NaN;
    for (const b of this.upTo) insertZeroBit(b, pos);
  }

  /** Room for `positions` positions, in bitsets of `words` words. */
  grow(positions: number, words: number): void {
    const values = new Float64Array(positions).fill(Number.NaN);
    values.set(this.values);
    this.values = values;
    this.upTo = this.upTo.map((b) => {
      const grown = createBitset(words * 32);
      grown.set(b);
      return grown;
    });
  }

  /** How many buckets the values are cut into (0 before they are). */
  get buckets(): number {
    return this.upTo.length;
  }

  get bytes(): number {
    let total = this.values.byteLength;
    for (const b of this.upTo) total += b.byteLength;
    return total;
  }

  /** The positions (of the first `size`) whose value is in [lo, hi], as a new bitset of `words` words. */
  range(lo: number, hi: number, size: number, words: number): Bitset {
    const out = createBitset(words * 32);
    const cut = this.cut(lo, hi, size, words);
    if (!cut) return out;
    const { first, last } = cut;
    if (first <= last) {
      const top = this.upTo[last]!;
      if (first === 0) out.set(top);
      else {
        const below = this.upTo[first - 1]!;
        for (let w = 0; w < words; w++) out[w] = top[w]! & ~below[w]!;
      }
    }
    for (const k of cut.tested) this.test(k, lo, hi, out);
    return out;
  }

  /**
   * The positions in [lo, hi] without making their bitset, when they are whole buckets (a bucket per
   * distinct value, or a range ending at bucket edges): `top ∧ ¬below` (`below` undefined: nothing below),
   * read word by word where they are needed; null when nothing is in it; undefined when a bucket at an end
   * must be tested value by value (`range` makes the bitset then).
   */
  span(
    lo: number,
    hi: number,
    size: number,
    words: number,
  ): { top: Bitset; below: Bitset | undefined } | null | undefined {
    const cut = this.cut(lo, hi, size, words);
    if (!cut) return null;
    if (cut.tested.length) return undefined;
    if (cut.first > cut.last) return null;
    return { top: this.upTo[cut.last]!, below: cut.first ? this.upTo[cut.first - 1] : undefined };
  }

  /**
   * Which buckets [lo, hi] takes (after cutting them again if the column outgrew them): `first … last`
   * whole (none when first > last) and the buckets at its ends to test value by value; undefined when
   * it holds nothing.
   */
  private cut(
    lo: number,
    hi: number,
    size: number,
    words: number,
  ): { first: number; last: number; tested: number[] } | undefined {
    if (!(lo <= hi)) return undefined;
    if (!this.edges || this.outgrown(size)) this.bucket(size, words);
    if (!this.upTo.length) return undefined;
    const a = this.bucketOf(lo);
    const b = this.bucketOf(hi);
    const whole = (k: number) => this.min[k]! >= lo && this.max[k]! <= hi;
    const none = (k: number) => this.max[k]! < lo || this.min[k]! > hi || this.min[k]! > this.max[k]!;
    // Buckets strictly between a and b lie inside [lo, hi]; a and b are whole, empty of it, or tested.
    const tested: number[] = [];
    if (!whole(a) && !none(a)) tested.push(a);
    if (b !== a && !whole(b) && !none(b)) tested.push(b);
    return { first: whole(a) ? a : a + 1, last: whole(b) ? b : b - 1, tested };
  }

  /** Adds to `out` the positions of bucket k whose value is in [lo, hi]. */
  private test(k: number, lo: number, hi: number, out: Bitset): void {
    const top = this.upTo[k]!;
    const below = k ? this.upTo[k - 1] : undefined;
    const values = this.values;
    for (let w = 0; w < top.length; w++) {
      let m = below ? top[w]! & ~below[w]! : top[w]!;
      while (m) {
        const low = m & -m;
        const pos = (w << 5) | (31 - Math.clz32(low));
        const v = values[pos]!;
        if (v >= lo && v <= hi) out[w]! |= low;
        m ^= low;
      }
    }
  }

  /**
   * Whether the buckets were cut over half the positions there are now or fewer, or as many values have
   * changed since (with some slack, so a small column is not cut again at every few changes).
   */
  private outgrown(size: number): boolean {
    const slack = 1024;
    return size > 2 * this.cutOver + slack || this.changesSince > Math.max(this.cutOver, slack);
  }

  /** The bucket of a value: the last whose edge is ≤ it (0 for anything below the first edge). */
  private bucketOf(v: number): number {
    const edges = this.edges!;
    let lo = 1;
    let hi = edges.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (edges[mid]! <= v) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /**
   * Cuts the first `size` positions' values into buckets and fills `upTo`. The first range asked for does
   * it, if `trim` (at the end of a build) did not.
   */
  bucket(size: number, words: number): void {
    // Distinct values and how many positions hold each: counted while they are few, else sorted.
    const seen = new Map<number, number>();
    for (let pos = 0; pos < size && seen.size <= MAX_BUCKETS; pos++) {
      const v = this.values[pos]!;
      if (v === v) seen.set(v, (seen.get(v) ?? 0) + 1);
    }
    let edges: number[];
    if (seen.size <= MAX_BUCKETS) edges = [...seen.keys()].sort((a, b) => a - b);
    else {
      const sorted = this.values.slice(0, size).filter((v) => v === v);
      sorted.sort();
      const known = sorted.length;
      const distinct: number[] = [];
      const counts: number[] = [];
      for (let i = 0; i < sorted.length; i++) {
        if (i && sorted[i] === sorted[i - 1]) counts[counts.length - 1]!++;
        else {
          distinct.push(sorted[i]!);
          counts.push(1);
        }
      }
      // Quantiles: the value at every (1 / MAX_BUCKETS)-th of the positions starts a bucket (a value
      // holding more than a share starts one bucket only).
      edges = [distinct[0]!];
      let i = 0;
      let before = 0;
      for (let j = 1; j < MAX_BUCKETS; j++) {
        const rank = Math.floor((j * known) / MAX_BUCKETS);
        while (before + counts[i]! <= rank) before += counts[i++]!;
        if (distinct[i]! > edges[edges.length - 1]!) edges.push(distinct[i]!);
      }
    }
    this.cutOver = size;
    this.changesSince = 0;
    this.edges = Float64Array.from(edges.length ? edges : [0]);
    const n = this.edges.length;
    this.upTo = Array.from({ length: n }, () => createBitset(words * 32));
    this.min = new Float64Array(n).fill(Infinity);
    this.max = new Float64Array(n).fill(-Infinity);
    // Each bucket's own positions first, then every bitset ORed with the one below it.
    for (let pos = 0; pos < size; pos++) {
      const v = this.values[pos]!;
      if (v !== v) continue;
      const k = this.bucketOf(v);
      this.upTo[k]![pos >>> 5]! |= 1 << (pos & 31);
      if (v < this.min[k]!) this.min[k] = v;
      if (v > this.max[k]!) this.max[k] = v;
    }
    for (let k = 1; k < n; k++) {
      const b = this.upTo[k]!;
      const below = this.upTo[k - 1]!;
      for (let w = 0; w < words; w++) b[w]! |= below[w]!;
    }
  }
}
