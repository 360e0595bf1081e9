import { describe, expect, it } from 'vitest';
import {
  andAll,
  andInto,
  count,
  countAnd,
  countAndAny,
  countAndAt,
  createBitset,
  fullBitset,
  hasBit,
  nonZeroWords,
  orInto,
  pageFromTop,
  setBit,
} from './bitset.ts';

function fromPositions(size: number, positions: number[]) {
  const b = createBitset(size);
  positions.forEach((p) => setBit(b, p));
  return b;
}

describe('bitset', () => {
  it('sets, tests and counts bits across word boundaries', () => {
    const b = fromPositions(100, [0, 31, 32, 63, 99]);
    expect([0, 31, 32, 63, 99].every((p) => hasBit(b, p))).toBe(true);
    expect(hasBit(b, 1)).toBe(false);
    expect(count(b)).toBe(5);
  });

  it('builds a full set of any size', () => {
    for (const size of [0, 1, 31, 32, 33, 64, 100]) expect(count(fullBitset(size))).toBe(size);
  });

  it('intersects and unites', () => {
    const a = fromPositions(70, [1, 2, 40, 69]);
    const b = fromPositions(70, [2, 40, 41]);
    expect(countAnd(a, b)).toBe(2);
    expect(count(orInto(Uint32Array.from(a), b))).toBe(5);
    expect(count(andInto(Uint32Array.from(a), b))).toBe(2);
  });

  it('pages from the highest position down, deep pages included', () => {
    const positions = Array.from({ length: 1000 }, (_, i) => i).filter((i) => i % 3 === 0);
    const b = fromPositions(1000, positions);
    const desc = [...positions].reverse();
    expect(pageFromTop(b, 0, 10)).toEqual(desc.slice(0, 10));
    expect(pageFromTop(b, 200, 10)).toEqual(desc.slice(200, 210));
    expect(pageFromTop(b, 330, 10)).toEqual(desc.slice(330, 340));
    expect(pageFromTop(b, 5000, 10)).toEqual([]);
  });

  it('counts an AND over the non-zero words of a sparse set as over every word', () => {
    let seed = 3;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const size = 5000;
    const positions = (p: number) => Array.from({ length: size }, (_, i) => i).filter(() => rnd() < p);
    const sparse = fromPositions(size, positions(0.004));
    const dense = fromPositions(size, positions(0.5));
    const words = nonZeroWords(sparse);
    expect(words.length).toBeLessThan(sparse.length / 2);
    expect([...words].every((w) => sparse[w] !== 0)).toBe(true);
    expect(countAndAt(sparse, dense, words)).toBe(countAnd(sparse, dense));
    expect(countAndAt(sparse, sparse, words)).toBe(count(sparse));
  });

  it('ANDs any number of sets with their count and non-zero words, and counts an AND with an OR unmade', () => {
    let seed = 5;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const size = 3000;
    const some = (p: number) =>
      fromPositions(
        size,
        Array.from({ length: size }, (_, i) => i).filter(() => rnd() < p),
      );
    const sets = [some(0.9), some(0.5), some(0.3), some(0.6), some(0.05)];
    const scratch = new Uint32Array(sets[0]!.length);
    for (let k = 1; k <= sets.length; k++) {
      const expected = Uint32Array.from(sets[0]!);
      for (const b of sets.slice(1, k)) andInto(expected, b);
      const { bits, ones, nonZero } = andAll(sets.slice(0, k), scratch);
      expect(bits).toEqual(expected);
      expect(ones).toBe(count(expected));
      expect([...nonZero]).toEqual([...nonZeroWords(expected)]);
    }
    const base = some(0.01);
    const any = [some(0.2), some(0.1), some(0.3)];
    const union = new Uint32Array(base.length);
    for (const b of any) orInto(union, b);
    expect(countAndAny(base, any)).toBe(countAnd(base, union));
    expect(countAndAny(base, any, nonZeroWords(base))).toBe(countAnd(base, union));
  });
});
