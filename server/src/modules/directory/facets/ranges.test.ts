import { describe, expect, it } from 'vitest';
import { createBitset, hasBit } from './bitset.ts';
import { MAX_BUCKETS, NumberColumn } from './ranges.ts';

/** A deterministic pseudo-random source. */
function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

/** The positions whose value is in [lo, hi], by brute force. */
function brute(values: (number | null)[], lo: number, hi: number): number[] {
  return values.flatMap((v, pos) => (v !== null && v >= lo && v <= hi ? [pos] : []));
}

function positions(b: Uint32Array, size: number): number[] {
  return Array.from({ length: size }, (_, pos) => pos).filter((pos) => hasBit(b, pos));
}

/**
 * A column and its model: every range asked (bounds on the data's values, between them, beyond them,
 * inverted, infinite) answers as brute force does, before and after the buckets exist and through
 * changes, insertions and growth.
 */
function check(draw: (rnd: () => number) => number | null, seed: number) {
  const rnd = random(seed);
  let words = 4;
  let size = 100;
  const column = new NumberColumn(words * 32);
  const model: (number | null)[] = [];
  for (let pos = 0; pos < size; pos++) {
    model.push(draw(rnd));
    column.set(pos, model[pos]!);
  }
  const someBound = () => {
    const known = model.filter((v): v is number => v !== null);
    const r = rnd();
    if (r < 0.4 && known.length) return known[Math.floor(rnd() * known.length)]!;
    if (r < 0.5) return r < 0.45 ? -Infinity : Infinity;
    return (draw(rnd) ?? 0) + (rnd() < 0.5 ? 0.5 : 0);
  };
  const ask = (step: number) => {
    for (let k = 0; k < 20; k++) {
      let lo = someBound();
      let hi = someBound();
      if (rnd() < 0.8 && lo > hi) [lo, hi] = [hi, lo];
      expect(positions(column.range(lo, hi, size, words), size), `step ${step} [${lo}, ${hi}]`).toEqual(
        brute(model, lo, hi),
      );
    }
  };
  ask(-1);
  expect(column.bucketed).toBe(true);
  for (let step = 0; step < 600; step++) {
    const op = rnd();
    if (op < 0.5) {
      const pos = Math.floor(rnd() * size);
      model[pos] = rnd() < 0.1 ? null : rnd() < 0.1 ? (rnd() < 0.5 ? -5000 : 5000) : draw(rnd);
      column.set(pos, model[pos]!);
    } else if (op < 0.7) {
      // A provider placed among the others: every later position moves up one.
      const pos = Math.floor(rnd() * size);
      if (size === words * 32) {
        words += 2;
        column.grow(words * 32, words);
      }
      column.insertAt(pos, size);
      model.splice(pos, 0, null);
      size++;
      model[pos] = draw(rnd);
      column.set(pos, model[pos]!);
    } else {
      // A new highest position (growing the column when full).
      if (size === words * 32) {
        words += 2;
        column.grow(words * 32, words);
      }
      model.push(draw(rnd));
      column.set(size, model[size]!);
      size++;
    }
    if (step % 50 === 0) ask(step);
  }
  ask(600);
}

describe('NumberColumn', () => {
  it('answers ranges over few distinct values (a bucket each) as brute force does', () => {
    check((rnd) => (rnd() < 0.05 ? null : 18 + Math.floor(rnd() * 40)), 3);
  });

  it('answers ranges over many distinct values (quantile buckets, tested at their ends) as brute force does', () => {
    check((rnd) => (rnd() < 0.05 ? null : Math.round(rnd() * 100_000) / 100), 5);
  });

  it('answers ranges over a few heavy values among many as brute force does', () => {
    check((rnd) => (rnd() < 0.6 ? 100 * Math.floor(rnd() * 3) : Math.floor(rnd() * 1000)), 9);
  });

  it('keeps at most MAX_BUCKETS buckets and answers an empty column', () => {
    const column = new NumberColumn(64);
    expect(positions(column.range(0, 10, 10, 2), 10)).toEqual([]);
    column.set(3, 7);
    expect(positions(column.range(0, 10, 10, 2), 10)).toEqual([3]);
    const many = new NumberColumn(4096);
    for (let pos = 0; pos < 4096; pos++) many.set(pos, pos);
    many.range(10, 20, 4096, 128);
    expect(many.bytes).toBeLessThanOrEqual(4096 * 8 + MAX_BUCKETS * createBitset(4096).byteLength);
  });

  it('cuts its buckets again once it holds twice the values it was cut with, or as many changes', () => {
    const size = 8192;
    const words = size / 32;
    // Cut while empty (a site's first start), then filled: one bucket until the next range cuts again.
    const column = new NumberColumn(size);
    column.bucket(0, words);
    expect(column.buckets).toBe(1);
    const model: number[] = [];
    for (let pos = 0; pos < size; pos++) column.set(pos, (model[pos] = 18 + (pos % 40)));
    expect(positions(column.range(30, 31, size, words), size)).toEqual(brute(model, 30, 31));
    expect(column.buckets).toBe(40);
    // Prices moving past the old edges: cut again after as many changes as values.
    for (let round = 0; round < 2; round++)
      for (let pos = 0; pos < size; pos++) column.set(pos, (model[pos] = 100 + round * 40 + (pos % 40)));
    expect(positions(column.range(150, 160, size, words), size)).toEqual(brute(model, 150, 160));
    expect(column.buckets).toBe(40);
    expect(positions(column.range(140, 140, size, words), size)).toEqual(brute(model, 140, 140));
  });
});
