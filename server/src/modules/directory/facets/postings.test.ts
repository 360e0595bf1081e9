import { describe, expect, it } from 'vitest';
import { fullBitset } from './bitset.ts';
import { Postings } from './postings.ts';

describe('Postings', () => {
  it('keeps its size as a count of its positions would give, list or bitset, through adds, removals and shifts', () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const words = 8;
    const all = fullBitset(words * 32);
    const p = new Postings();
    const held = new Set<number>();
    for (let step = 0; step < 2000; step++) {
      const pos = Math.floor(rnd() * words * 32);
      const op = rnd();
      if (op < 0.6) {
        p.add(pos, words);
        held.add(pos);
      } else if (op < 0.9) {
        p.remove(pos);
        held.delete(pos);
      } else {
        // Every position from `pos` on moves up one; the last one falls off the tight set.
        p.shiftFrom(pos);
        const moved = [...held].map((h) => (h >= pos ? h + 1 : h)).filter((h) => h < words * 32);
        held.clear();
        moved.forEach((h) => held.add(h));
      }
      expect(p.size, `step ${step}`).toBe(held.size);
      const listed = p.positions();
      if (listed) expect([...listed]).toEqual([...held].sort((a, b) => a - b));
      expect(p.countIn(all)).toBe(held.size);
    }
    expect(p.bits).toBeDefined();
  });
});
