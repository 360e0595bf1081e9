import { countAndAny } from './bitset.ts';
import { onesOf, type Base, type FacetReader } from './facet-groups.ts';
import type { Postings } from './postings.ts';

/*
 * Counting a base: the disjunctive counts of every value of a dimension, position by position (the lanes of
 * slots) or value by value (the postings), whichever reads less.
 */

/**
 * Relative costs of counting a base position by position, in ANDs and counts of one word of one value's
 * bitset read in order (about 2.6 ns at a million): a position costs about 10 (its lanes are read out of
 * order, a cache line each) and each of its lanes 3 more (four histogram increments). Measured with
 * bench/facet-counts.mjs: a base of 45,000 positions over 3 lanes, 2 ms by position and 7 ms by value.
 */
export const POSITION_COST = 10;
export const LANE_COST = 3;

/** The lanes holding these dimensions' slots, in order. */
export function lanesOf(index: FacetReader, dims: readonly string[]): number[] {
  const lanes = new Set<number>();
  for (const dim of dims) for (const p of index.terms.get(dim)!.values()) lanes.add(p.slot >>> 5);
  return [...lanes].sort((a, b) => a - b);
}

/**
 * Counts of every value of these dimensions (each of them with slots) over a base, position by
 * position: each position adds the four bytes of each lane to a histogram of its byte values; a
 * slot's count is then the sum of the byte values that have its bit.
 */
export function countBySlots(
  index: FacetReader,
  base: Base,
  dims: readonly string[],
): Record<string, number>[] {
  const laneIds = lanesOf(index, dims);
  const lanes = laneIds.map((l) => index.lanes[l]!);
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
    for (const [value, p] of index.terms.get(dim)!) {
      const at = (laneIds.indexOf(p.slot >>> 5) << 10) + (((p.slot & 31) >>> 3) << 8);
      const bit = 1 << (p.slot & 7);
      let n = 0;
      for (let v = bit; v < 256; v++) if (v & bit) n += hist[at + v]!;
      out[value] = n;
    }
    return out;
  });
}

/** Counts of every value of a dimension over a base, value by value. */
export function countByPostings(base: Base, byValue: Map<string, Postings>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [value, postings] of byValue) out[value] = postings.countIn(base.bits, base.words);
  return out;
}

/** The positions of a base that hold any of these values of a dimension. */
export function countWith(index: FacetReader, base: Base, dim: string, values: readonly string[]): number {
  const byValue = index.terms.get(dim);
  if (!byValue) throw new Error(`Unknown facet dimension ${dim}`);
  const found = [...new Set(values.flatMap((v) => byValue.get(v) ?? []))];
  const { bits, words } = base;
  const visited = words ? words.length : bits.length;
  const byPositions = onesOf(base) * POSITION_COST < visited * found.length;
  if (index.slotted(dim) && (index.counting === 'auto' ? byPositions : index.counting === 'positions')) {
    // Position by position: a position counts when its lanes hold any of the values' bits.
    const laneIds = [...new Set(found.map((p) => p.slot >>> 5))];
    const lanes = laneIds.map((l) => index.lanes[l]!);
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
