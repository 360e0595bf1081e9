import { popcount32, takeFromTop, type Bitset } from './bitset.ts';

/** Words per block: 1 KB, which stays in the processor's first cache while each set is ANDed into it. */
export const BLOCK = 256;

/** What a match reads, word by word: positions in every `and` set, in no `not` set, in some set of each `or`. */
export interface MatchSets {
  and: Bitset[];
  not: Bitset[];
  or: Bitset[][];
}

/**
 * The positions of a query's result read where they are needed, never made into a bitset of their own:
 * what a listing asks of a filter state nobody asked for a moment ago (its total and one page) costs one
 * pass over the words for the total, a block at a time (each set ANDed into a 1 KB block, then counted),
 * and for page 1 a few blocks from the highest down; nothing is allocated but the page. With `list` (the
 * sorted positions of a group of few, the others' sets as `sets`), only those positions are tested.
 * Its sets are the index's own: it is read only while the index has not changed since it was made (its
 * result refuses otherwise, facets.ts `compute`; a kept result may serve several requests until then).
 * `blocks` is the index's scratch, shared by every match: `count` and `page` use it and are done before
 * they return, so nothing may run inside them that reads another match.
 */
export class Match {
  constructor(
    private readonly sets: MatchSets,
    private readonly list: Int32Array | undefined,
    /** Two blocks of scratch: the AND, and an OR being made. */
    private readonly blocks: readonly [Uint32Array, Uint32Array],
  ) {
    this.simple = sets.and.length <= FIRST_AND && sets.not.length <= FIRST_NOT && !sets.or.length;
    this.first = [padded(sets.and, FIRST_AND), sets.not.length ? padded(sets.not, FIRST_NOT) : []];
  }

  /** Whether the first sets are all there are (`andBlock` and `countListed` read every one). */
  private readonly simple: boolean;
  /** The first `FIRST_AND` sets of `and` and `FIRST_NOT` of `not` (none when there is none), padded. */
  private readonly first: readonly [Bitset[], Bitset[]];

  /** How many positions match. */
  count(): number {
    const list = this.list;
    if (list) return this.simple ? countListed(list, ...this.first) : this.countTested(list);
    let n = 0;
    const words = this.sets.and[0]!.length;
    for (let from = 0; from < words; from += BLOCK) n += this.fill(from, Math.min(words, from + BLOCK));
    return n;
  }

  /** How many of these positions match, each tested in every set (more sets than `countListed` reads). */
  private countTested(list: Int32Array): number {
    let n = 0;
    for (let i = 0; i < list.length; i++) if (this.has(list[i]!)) n++;
    return n;
  }

  /** The matching positions from the highest down, skipping the first `offset`, at most `limit`. */
  page(offset: number, limit: number): number[] {
    const out: number[] = [];
    if (limit <= 0) return out;
    let skip = offset;
    const list = this.list;
    if (list) {
      for (let i = list.length - 1; i >= 0 && out.length < limit; i--) {
        const p = list[i]!;
        if (!this.has(p)) continue;
        if (skip > 0) skip--;
        else out.push(p);
      }
      return out;
    }
    for (let to = this.sets.and[0]!.length; to > 0 && out.length < limit; to -= BLOCK) {
      const from = Math.max(0, to - BLOCK);
      this.fill(from, to);
      skip = takeFromTop(this.blocks[0], to - from, from, skip, limit, out);
    }
    return out;
  }

  /** Whether a position matches (tested in every set). */
  private has(p: number): boolean {
    const w = p >>> 5;
    const bit = 1 << (p & 31);
    const { and, not, or } = this.sets;
    for (let j = 0; j < and.length; j++) if (!(and[j]![w]! & bit)) return false;
    for (let j = 0; j < not.length; j++) if (not[j]![w]! & bit) return false;
    for (let j = 0; j < or.length; j++) {
      const group = or[j]!;
      let any = 0;
      for (let k = 0; k < group.length; k++) any |= group[k]![w]!;
      if (!(any & bit)) return false;
    }
    return true;
  }

  /** The matching words `from … to - 1` into the first block; answers how many positions they hold. */
  private fill(from: number, to: number): number {
    const n = to - from;
    const [block, spare] = this.blocks;
    const { and, not, or } = this.sets;
    let ones = andBlock(block, from, n, ...this.first);
    if (this.simple) return ones;
    for (let j = FIRST_AND; j < and.length; j++) {
      const b = and[j]!;
      for (let i = 0; i < n; i++) block[i]! &= b[from + i]!;
    }
    for (let j = FIRST_NOT; j < not.length; j++) {
      const b = not[j]!;
      for (let i = 0; i < n; i++) block[i]! &= ~b[from + i]!;
    }
    for (let j = 0; j < or.length; j++) {
      const group = or[j]!;
      const b0 = group[0]!;
      for (let i = 0; i < n; i++) spare[i] = b0[from + i]!;
      for (let k = 1; k < group.length; k++) {
        const b = group[k]!;
        for (let i = 0; i < n; i++) spare[i]! |= b[from + i]!;
      }
      for (let i = 0; i < n; i++) block[i]! &= spare[i]!;
    }
    ones = 0;
    for (let i = 0; i < n; i++) ones += popcount32(block[i]!);
    return ones;
  }
}

/** How many `and` and `not` sets `andBlock` reads in its one loop (the benchmark's states: 5 and 2). */
const FIRST_AND = 5;
const FIRST_NOT = 2;

/**
 * The first `k` of some sets, exactly `k`: a missing one repeats the first (x ∧ x = x, x ∧ ¬y ∧ ¬y = x ∧ ¬y),
 * so that one loop reads them all, each in a variable of its own.
 */
function padded(sets: readonly Bitset[], k: number): Bitset[] {
  return Array.from({ length: k }, (_, i) => sets[i] ?? sets[0]!);
}

/** How many of these positions are in every one of `and` (5 sets) and in none of `not` (2, or none). */
function countListed(list: Int32Array, and: readonly Bitset[], not: readonly Bitset[]): number {
  const [a0, a1, a2, a3, a4] = and as [Bitset, Bitset, Bitset, Bitset, Bitset];
  let n = 0;
  if (!not.length) {
    for (let i = 0; i < list.length; i++) {
      const p = list[i]!;
      const w = p >>> 5;
      n += ((a0[w]! & a1[w]! & a2[w]! & a3[w]! & a4[w]!) >>> (p & 31)) & 1;
    }
    return n;
  }
  const [n0, n1] = not as [Bitset, Bitset];
  for (let i = 0; i < list.length; i++) {
    const p = list[i]!;
    const w = p >>> 5;
    n += ((a0[w]! & a1[w]! & a2[w]! & a3[w]! & a4[w]! & ~(n0[w]! | n1[w]!)) >>> (p & 31)) & 1;
  }
  return n;
}

/**
 * `block[i]` := word `from + i` of the AND of `and` (5 sets) less `not` (2, or none), and their set bits,
 * in one loop with every set in a variable of its own: the optimizing compiler keeps it tight, where a
 * loop per set through the block took twice as long (bench/facet-counts.mjs --mode=listing).
 */
function andBlock(
  block: Uint32Array,
  from: number,
  n: number,
  and: readonly Bitset[],
  not: readonly Bitset[],
): number {
  const [a0, a1, a2, a3, a4] = and as [Bitset, Bitset, Bitset, Bitset, Bitset];
  let ones = 0;
  if (!not.length) {
    for (let i = 0; i < n; i++) {
      const w = from + i;
      const x = a0[w]! & a1[w]! & a2[w]! & a3[w]! & a4[w]!;
      block[i] = x;
      ones += popcount32(x);
    }
    return ones;
  }
  const [n0, n1] = not as [Bitset, Bitset];
  for (let i = 0; i < n; i++) {
    const w = from + i;
    const x = a0[w]! & a1[w]! & a2[w]! & a3[w]! & a4[w]! & ~(n0[w]! | n1[w]!);
    block[i] = x;
    ones += popcount32(x);
  }
  return ones;
}
