import { describe, expect, it } from 'vitest';
import { FacetIndex, type FacetQuery, type FacetRow } from './facets.ts';

const DIMS = ['state', 'language', 'kissing_types', 'call'];
const CALLS = ['Incall', 'Outcall', 'Outcall/Incall'];
const TYPES = ['Light', 'Moderate', 'Heavy'];

/** A deterministic pseudo-random data set. */
function rows(n: number): FacetRow[] {
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  return Array.from({ length: n }, (_, i) => ({
    id: i * 2 + 1,
    terms: {
      state: [rnd() < 0.6 ? 'CA' : 'NV'],
      language: [String(1 + Math.floor(rnd() * 4))],
      kissing_types: TYPES.filter(() => rnd() < 0.4),
      call: [CALLS[Math.floor(rnd() * 3)]!],
    },
    numbers: { age: 18 + Math.floor(rnd() * 40) },
  }));
}

/** The same query answered by brute force, to check the index against. */
function brute(data: FacetRow[], q: FacetQuery) {
  return data.filter(
    (r) =>
      Object.entries(q.terms ?? {}).every(
        ([dim, vals]) => !vals?.length || vals.some((v) => r.terms[dim]!.includes(v)),
      ) &&
      Object.entries(q.ranges ?? {}).every(([dim, range]) => {
        const v = r.numbers[dim];
        return !range || (v !== null && v !== undefined && v >= range[0] && v <= range[1]);
      }),
  );
}

describe('FacetIndex', () => {
  const data = rows(2000);
  const index = FacetIndex.fromRows(data, DIMS, ['age']);

  it('answers totals and pages newest first', () => {
    const q: FacetQuery = {
      terms: { state: ['CA'], kissing_types: ['Light', 'Heavy'] },
      ranges: { age: [25, 40] },
    };
    const expected = brute(data, q)
      .map((r) => r.id)
      .sort((a, b) => b - a);
    const res = index.query(q);
    expect(res.total).toBe(expected.length);
    expect(res.page(0, 10)).toEqual(expected.slice(0, 10));
    expect(res.page(100, 10)).toEqual(expected.slice(100, 110));
  });

  it('gives disjunctive counts that equal the total the option would give', () => {
    const q: FacetQuery = {
      terms: { state: ['CA'], language: ['2'], call: ['Incall'] },
      ranges: { age: [20, 50] },
    };
    const counts = index.query(q).counts(DIMS);
    for (const dim of DIMS) {
      for (const value of index.values(dim)) {
        const chosen = { ...q, terms: { ...q.terms, [dim]: [value] } };
        expect(counts[dim]![value], `${dim}=${value}`).toBe(brute(data, chosen).length);
      }
    }
  });

  it('counts everything when nothing is chosen', () => {
    const res = index.query({});
    expect(res.total).toBe(data.length);
    const counts = res.counts(['state']);
    expect(counts.state!.CA! + counts.state!.NV!).toBe(data.length);
  });
});
