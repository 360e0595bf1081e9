/**
 * Fixed-size bitsets over provider positions (0 … n-1, in ascending id order). They make disjunctive
 * facet counts and deep pages cheap: an AND of a few thousand words and a popcount per option.
 */
export type Bitset = Uint32Array;

export function createBitset(size: number): Bitset {
  return new Uint32Array(Math.ceil(size / 32));
}

export function setBit(b: Bitset, i: number): void {
  b[i >>> 5]! |= 1 << (i & 31);
}

export function hasBit(b: Bitset, i: number): boolean {
  return (b[i >>> 5]! & (1 << (i & 31))) !== 0;
}

/** All positions 0 … size-1 set. */
export function fullBitset(size: number): Bitset {
  const b = createBitset(size);
  b.fill(0xffffffff);
  const rest = size & 31;
  if (rest && b.length) b[b.length - 1] = (1 << rest) - 1 || 0xffffffff;
  return b;
}

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function count(b: Bitset): number {
  let n = 0;
  for (let i = 0; i < b.length; i++) n += popcount32(b[i]!);
  return n;
}

/** |a ∧ b| without allocating. */
export function countAnd(a: Bitset, b: Bitset): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) n += popcount32(a[i]! & b[i]!);
  return n;
}

/** The indexes of a bitset's non-zero words: a sparse base's counts visit only these. */
export function nonZeroWords(b: Bitset): Uint32Array {
  let n = 0;
  for (let i = 0; i < b.length; i++) if (b[i]) n++;
  const out = new Uint32Array(n);
  n = 0;
  for (let i = 0; i < b.length; i++) if (b[i]) out[n++] = i;
  return out;
}

/** |a ∧ b| over the words `words` lists (every other word of `a` is 0). */
export function countAndAt(a: Bitset, b: Bitset, words: Uint32Array): number {
  let n = 0;
  for (let k = 0; k < words.length; k++) {
    const i = words[k]!;
    n += popcount32(a[i]! & b[i]!);
  }
  return n;
}

/** |a ∧ (b₁ ∨ b₂ ∨ …)| without making the OR, over the words `words` lists when given (else all). */
export function countAndAny(a: Bitset, bs: readonly Bitset[], words?: Uint32Array): number {
  let n = 0;
  const visited = words ? words.length : a.length;
  const k = bs.length;
  for (let j = 0; j < visited; j++) {
    const i = words ? words[j]! : j;
    const x = a[i]!;
    if (!x) continue;
    let any = 0;
    for (let m = 0; m < k; m++) any |= bs[m]![i]!;
    n += popcount32(x & any);
  }
  return n;
}

/** a := a ∧ b */
export function andInto(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i++) a[i]! &= b[i]!;
  return a;
}

/**
 * The AND of one or more bitsets of one length, in a new bitset, with its set bits and its non-zero
 * words (written to `scratch`, as long as the bitsets; the answer is a view of it), all in the last pass.
 */
export function andAll(
  sets: readonly Bitset[],
  scratch: Uint32Array,
): { bits: Bitset; ones: number; nonZero: Uint32Array } {
  const k = sets.length;
  const first = sets[0]!;
  const length = first.length;
  const bits = new Uint32Array(length);
  if (k > 2) {
    const second = sets[1]!;
    for (let i = 0; i < length; i++) bits[i] = first[i]! & second[i]!;
    for (let j = 2; j < k - 1; j++) andInto(bits, sets[j]!);
  }
  const from = k > 2 ? bits : first;
  const last = sets[k - 1]!;
  let ones = 0;
  let n = 0;
  for (let i = 0; i < length; i++) {
    const x = from[i]! & last[i]!;
    bits[i] = x;
    if (x) {
      scratch[n++] = i;
      ones += popcount32(x);
    }
  }
  return { bits, ones, nonZero: scratch.subarray(0, n) };
}

/** a := a ∨ b */
export function orInto(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i++) a[i]! |= b[i]!;
  return a;
}

/**
 * Positions of the set bits from the highest down, skipping the first `offset`: a page of a list sorted
 * newest first. Whole words are skipped by their popcount, so a deep page costs about as much as page 1.
 */
export function pageFromTop(b: Bitset, offset: number, limit: number): number[] {
  const out: number[] = [];
  takeFromTop(b, b.length, 0, offset, limit, out);
  return out;
}

/**
 * `pageFromTop` over a part of a bitset: the words `b[0 … n-1]`, which are words `first … first + n - 1`
 * of the whole; appends to `out` (until it holds `limit`) after skipping `skip` set bits, and answers how
 * many are left to skip. A page read a block of words at a time, from the highest block down.
 */
export function takeFromTop(
  b: Uint32Array,
  n: number,
  first: number,
  skip: number,
  limit: number,
  out: number[],
): number {
  for (let w = n - 1; w >= 0 && out.length < limit; w--) {
    let word = b[w]!;
    if (!word) continue;
    const bits = popcount32(word);
    if (skip >= bits) {
      skip -= bits;
      continue;
    }
    while (word && out.length < limit) {
      const top = 31 - Math.clz32(word);
      word &= ~(1 << top);
      if (skip > 0) skip--;
      else out.push((first + w) * 32 + top);
    }
  }
  return skip;
}
