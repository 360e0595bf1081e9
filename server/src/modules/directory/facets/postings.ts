import { count, countAnd, countAndAt, orInto, setBit, type Bitset } from './bitset.ts';

/**
 * The positions holding one (dimension, value) of the facet index: a sorted list while few rows have it,
 * a bitset once the list would be larger. A million providers spread over 1,400 cities cost 4 bytes a row
 * this way, where a bitset per city would cost 1,400 bits a row (180 MB).
 */
export class Postings {
  /** The bitset once dense; as long as the index's bitsets (`words`). Read it, never write it. */
  bits: Bitset | undefined;
  /** Its bit in the facet index's per-position lanes of values, or -1 (facets.ts `slots`). */
  slot = -1;
  /** The set bits of `bits`, kept as they change. */
  private ones = 0;
  /** The sorted positions while sparse; the first `n` are used. */
  private list = new Int32Array(4);
  private n = 0;

  /** Adds a position. `words`: the index's bitset length, which decides when a list turns into a bitset. */
  add(pos: number, words: number): void {
    if (this.bits) {
      if (pos >>> 5 >= this.bits.length) this.resize(Math.max(words, (pos >>> 5) + 1));
      const bit = 1 << (pos & 31);
      if (!(this.bits[pos >>> 5]! & bit)) this.ones++;
      this.bits[pos >>> 5]! |= bit;
      return;
    }
    const n = this.n;
    let at = n;
    if (n && this.list[n - 1]! >= pos) {
      at = this.lowerBound(pos);
      if (this.list[at] === pos) return;
    }
    if (n === this.list.length) {
      const grown = new Int32Array(n * 2);
      grown.set(this.list);
      this.list = grown;
    }
    if (at < n) this.list.copyWithin(at + 1, at, n);
    this.list[at] = pos;
    this.n = n + 1;
    // A list of n positions takes n words: past the bitset's length, the bitset is smaller.
    if (this.n > words) this.densify(words);
  }

  remove(pos: number): void {
    if (this.bits) {
      const bit = 1 << (pos & 31);
      if (pos >>> 5 < this.bits.length && this.bits[pos >>> 5]! & bit) {
        this.bits[pos >>> 5]! &= ~bit;
        this.ones--;
      }
      return;
    }
    const at = this.lowerBound(pos);
    if (at < this.n && this.list[at] === pos) {
      this.list.copyWithin(at, at + 1, this.n);
      this.n--;
    }
  }

  /** Makes room for a new position `pos`: every position from `pos` on moves up by one. */
  shiftFrom(pos: number): void {
    if (this.bits) {
      // The last bit falls off (the index keeps spare positions, so it is 0 but in a test's tight set).
      if (pos >>> 5 < this.bits.length && this.bits[this.bits.length - 1]! >>> 31) this.ones--;
      return insertZeroBit(this.bits, pos);
    }
    for (let i = this.lowerBound(pos); i < this.n; i++) this.list[i]!++;
  }

  /** The sorted positions while sparse (a view: read it, never keep it past a change); undefined when dense. */
  positions(): Int32Array | undefined {
    return this.bits ? undefined : this.list.subarray(0, this.n);
  }

  /** How many positions hold the value. */
  get size(): number {
    return this.bits ? this.ones : this.n;
  }

  /**
   * |base ∧ this|. `words`: the base's non-zero words when it is sparse (a filtered base), so a dense set
   * reads only those.
   */
  countIn(base: Bitset, words?: Uint32Array): number {
    if (this.bits) return words ? countAndAt(base, this.bits, words) : countAnd(base, this.bits);
    let total = 0;
    for (let i = 0; i < this.n; i++) {
      const p = this.list[i]!;
      total += (base[p >>> 5]! >>> (p & 31)) & 1;
    }
    return total;
  }

  /** target := target ∨ this */
  orInto(target: Bitset): void {
    if (this.bits) orInto(target, this.bits);
    else for (let i = 0; i < this.n; i++) setBit(target, this.list[i]!);
  }

  /** The positions as a bitset of `words` words (the bitset itself when dense: read it, never write it). */
  asBitset(words: number): Bitset {
    if (this.bits) return this.bits;
    const b = new Uint32Array(words);
    this.orInto(b);
    return b;
  }

  /** Gives a dense set exactly `words` words; a sparse one drops its spare room. */
  resize(words: number): void {
    if (this.bits) {
      if (this.bits.length === words) return;
      const b = new Uint32Array(words);
      b.set(this.bits.subarray(0, Math.min(words, this.bits.length)));
      this.bits = b;
      this.ones = count(b);
    } else if (this.list.length > this.n + 4) {
      this.list = this.list.slice(0, Math.max(this.n, 4));
    }
  }

  get bytes(): number {
    return this.bits ? this.bits.byteLength : this.list.byteLength;
  }

  private densify(words: number): void {
    const b = new Uint32Array(words);
    for (let i = 0; i < this.n; i++) setBit(b, this.list[i]!);
    this.bits = b;
    this.ones = count(b);
    this.list = new Int32Array(0);
    this.n = 0;
  }

  /** The first index whose position is ≥ pos. */
  private lowerBound(pos: number): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.list[mid]! < pos) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Inserts a 0 bit at `pos`: every bit from `pos` on moves up by one (the last one falls off). */
export function insertZeroBit(b: Bitset, pos: number): void {
  const w0 = pos >>> 5;
  if (w0 >= b.length) return;
  for (let w = b.length - 1; w > w0; w--) b[w] = (b[w]! << 1) | (b[w - 1]! >>> 31);
  const low = pos & 31 ? 0xffffffff >>> (32 - (pos & 31)) : 0;
  const word = b[w0]!;
  b[w0] = (word & low) | ((word & ~low) << 1);
}
