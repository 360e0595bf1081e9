import { describe, expect, it, vi } from 'vitest';
import type { FacetQuery } from './facet-result.ts';
import { FacetIndex, type FacetRow } from './facets.ts';
import { BLOCK, Match } from './match.ts';

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

/** A deterministic draw of numbers in [0, 1), and of an item of a list. */
function seeded(seed: number) {
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  return { rnd, pick: <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)]! };
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

/** Writes a row at its id's position (or, with none, hides it), and keeps `live` as the rows shown. */
function writer(index: FacetIndex, live: Map<number, FacetRow>) {
  return (r: FacetRow | undefined, id: number) => {
    const pos = index.place(id, 0);
    index.clear(pos);
    if (!r) return live.delete(id);
    live.set(id, r);
    index.show(pos);
    for (const dim of index.termDimensions) for (const v of r.terms[dim] ?? []) index.addTerm(pos, dim, v);
    for (const dim of index.numberDimensions) index.setNumber(pos, dim, r.numbers[dim] ?? null);
  };
}

/**
 * `steps` random writes through `write`: a new highest id (the index grows) with odds `append`; else with
 * odds up to `below` one below it among the last `spread` (two commits crossing: placed among the others);
 * else a live one again. The row is written (an edit, or a new one) with odds `keep`, else removed.
 * `after(step)` runs after each.
 */
function churn(
  write: ReturnType<typeof writer>,
  live: Map<number, FacetRow>,
  row: (id: number) => FacetRow,
  { rnd, pick }: ReturnType<typeof seeded>,
  odds: { append: number; below: number; spread: number; keep: number },
  steps: number,
  after: (step: number) => void = () => {},
) {
  let next = 1000;
  for (let step = 0; step < steps; step++) {
    const op = rnd();
    const ids = [...live.keys()];
    const id =
      op < odds.append || !ids.length
        ? (next += 2)
        : op < odds.below
          ? next - 1 - 2 * Math.floor(rnd() * odds.spread)
          : pick(ids);
    write(op < odds.keep || !ids.length ? row(id) : undefined, id);
    after(step);
  }
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

describe('FacetIndex, updated in place', () => {
  it('answers as brute force after random inserts (in any id order), edits and removals', () => {
    const draw = seeded(7);
    const { rnd, pick } = draw;
    // Many states so that most stay lists of positions and a few grow into bitsets.
    const STATES = Array.from({ length: 40 }, (_, i) => `S${i}`);
    const row = (id: number): FacetRow => ({
      id,
      terms: {
        state: [rnd() < 0.5 ? 'S0' : pick(STATES)],
        language: [String(1 + Math.floor(rnd() * 4))],
        kissing_types: TYPES.filter(() => rnd() < 0.4),
        call: [pick(CALLS)],
      },
      numbers: { age: 18 + Math.floor(rnd() * 40) },
    });
    const index = new FacetIndex(DIMS, ['age'], 100, ['state', 'language']);
    const live = new Map<number, FacetRow>();
    const write = writer(index, live);
    churn(write, live, row, draw, { append: 0.5, below: 0.6, spread: 20, keep: 0.9 }, 3000);
    const data = [...live.values()];
    for (const q of [
      {},
      { terms: { state: ['S0'] } },
      { terms: { state: ['S3', 'S7'], kissing_types: ['Light'] }, ranges: { age: [20, 40] } },
      { terms: { language: ['2'], call: ['Incall'] } },
    ] as FacetQuery[]) {
      const expected = brute(data, q)
        .map((r) => r.id)
        .sort((a, b) => b - a);
      const res = index.query(q);
      expect(res.total).toBe(expected.length);
      expect(res.page(0, 100_000)).toEqual(expected);
      const counts = res.counts(DIMS);
      for (const dim of DIMS) {
        for (const value of index.values(dim)) {
          const chosen = { ...q, terms: { ...q.terms, [dim]: [value] } };
          expect(counts[dim]![value], `${dim}=${value}`).toBe(brute(data, chosen).length);
        }
      }
    }
  });
});

describe('FacetIndex, sparse bases and kept results', () => {
  const data = rows(3000);
  const index = FacetIndex.fromRows(data, DIMS, ['age']);
  /** Dense and sparse bases (a narrow age range leaves most words of the base empty). */
  const QUERIES: FacetQuery[] = [
    {},
    { terms: { state: ['NV'], language: ['3'], call: ['Outcall'] }, ranges: { age: [30, 31] } },
    { terms: { state: ['CA'], kissing_types: ['Heavy'] }, ranges: { age: [50, 50] } },
    { terms: { language: ['1', '4'] }, ranges: { age: [18, 57] } },
  ];

  it('counts, totals without some groups and totals with some values as brute force does', () => {
    for (const q of QUERIES) {
      const res = index.query(q);
      const counts = res.counts(DIMS);
      for (const dim of DIMS) {
        for (const value of index.values(dim)) {
          const chosen = { ...q, terms: { ...q.terms, [dim]: [value] } };
          expect(counts[dim]![value], `${JSON.stringify(q)} ${dim}=${value}`).toBe(
            brute(data, chosen).length,
          );
        }
        const without = { terms: { ...q.terms, [dim]: undefined }, ranges: q.ranges };
        expect(res.totalWithout([dim, '#age'])).toBe(brute(data, { ...without, ranges: {} }).length);
        expect(res.totalWithout([dim])).toBe(brute(data, without).length);
      }
      const withTwo = { ...q, terms: { ...q.terms, kissing_types: ['Light', 'Moderate'] } };
      expect(res.totalWith('kissing_types', ['Light', 'Moderate'])).toBe(brute(data, withTwo).length);
    }
  });

  it('answers a repeated query from its kept result only until the next change', () => {
    const q = QUERIES[1]!;
    const first = index.query(q);
    expect(index.query(q)).toBe(first);
    // Read at once, as the store's `read` does: a result is read before the index changes.
    const total = first.total;
    const outcall = first.counts(['call']).call!.Outcall!;
    const row = data.find((r) => brute([r], q).length === 1)!;
    index.clear(index.positionOf(row.id));
    const after = index.query(q);
    expect(after === first).toBe(false);
    // The kept result reads the index's own sets: read after the change, it refuses rather than mix states.
    expect(() => first.total).toThrow(/after the index changed/);
    expect(() => first.page(0, 3)).toThrow(/after the index changed/);
    expect(() => first.counts(['call'])).toThrow(/after the index changed/);
    expect(after.total).toBe(total - 1);
    expect(after.counts(['call']).call!.Outcall).toBe(outcall - 1);
  });
});

describe('FacetIndex, every way of counting against brute force through updates', () => {
  it('gives the same totals, pages, counts and totals with or without groups, counted by position or by value', () => {
    const draw = seeded(23);
    const { rnd, pick } = draw;
    const STATES = Array.from({ length: 30 }, (_, i) => `S${i}`);
    // More values than a dimension keeps slots for: `tag` loses its slots once its 33rd value comes.
    const TAGS = Array.from({ length: 40 }, (_, i) => `t${i}`);
    const GROOMING = ['Natural', 'Trimmed', 'Bare'];
    const dims = ['state', 'language', 'kissing_types', 'call', 'grooming', 'tag'];
    const numbers = ['age', 'price'];
    let tagsSeen = 10;
    const row = (id: number): FacetRow => ({
      id,
      terms: {
        // One dense state, the rest few enough per state to stay lists.
        state: [rnd() < 0.45 ? 'S0' : pick(STATES)],
        language: rnd() < 0.1 ? [] : [String(1 + Math.floor(rnd() * 5))],
        kissing_types: TYPES.filter(() => rnd() < 0.4),
        call: [pick(CALLS)],
        grooming: GROOMING.filter(() => rnd() < 0.5),
        // Two neighbouring tags: a query choosing both finds a row in both lists.
        tag: rnd() < 0.3 ? ((k) => [TAGS[k]!, TAGS[k + 1]!])(Math.floor(rnd() * (tagsSeen - 1))) : [],
      },
      numbers: {
        age: rnd() < 0.05 ? null : 18 + Math.floor(rnd() * 60),
        price: rnd() < 0.05 ? null : Math.round(rnd() * 80_000) / 100,
      },
    });
    const index = new FacetIndex(dims, numbers, 50, ['state']);
    const live = new Map<number, FacetRow>();
    const write = writer(index, live);
    const someRange = (dim: string): [number, number] => {
      const known = [...live.values()].map((r) => r.numbers[dim]).filter((v): v is number => v != null);
      const bound = () => (rnd() < 0.6 ? pick(known) : dim === 'age' ? 17 + rnd() * 62 : rnd() * 900);
      const [a, b] = [bound(), bound()];
      return rnd() < 0.1 ? [a, Infinity] : [Math.min(a, b), Math.max(a, b)];
    };
    const someQuery = (): FacetQuery => {
      const terms: Record<string, string[]> = {};
      const ranges: Record<string, [number, number]> = {};
      if (rnd() < 0.7) terms.state = rnd() < 0.3 ? ['S0'] : [pick(STATES), pick(STATES)];
      if (rnd() < 0.4) terms.kissing_types = [pick(TYPES)];
      if (rnd() < 0.3) terms.call = [pick(CALLS), pick(CALLS)];
      if (rnd() < 0.3) terms.tag = ((k) => [TAGS[k]!, TAGS[k + 1]!, pick(TAGS)])(Math.floor(rnd() * 39));
      if (rnd() < 0.1) terms.language = ['9'];
      if (rnd() < 0.6) ranges.age = someRange('age');
      if (rnd() < 0.5) ranges.price = someRange('price');
      return { terms, ranges };
    };
    const verify = (q: FacetQuery) => {
      const data = [...live.values()];
      const expected = brute(data, q)
        .map((r) => r.id)
        .sort((a, b) => b - a);
      const groups = [...Object.keys(q.terms ?? {}), ...Object.keys(q.ranges ?? {}).map((d) => `#${d}`)];
      for (const way of ['positions', 'values', 'auto'] as const) {
        index.countBy(way);
        const res = index.query(q);
        const label = `${way} ${JSON.stringify(q)}`;
        expect(res.total, label).toBe(expected.length);
        expect(res.page(0, 100_000), label).toEqual(expected);
        const counts = res.counts(dims);
        for (const dim of dims) {
          for (const value of index.values(dim)) {
            const chosen = { ...q, terms: { ...q.terms, [dim]: [value] } };
            expect(counts[dim]![value], `${label} ${dim}=${value}`).toBe(brute(data, chosen).length);
          }
        }
        for (const skip of [[], ...groups.map((g) => [g]), groups.slice(0, 2)]) {
          const without: FacetQuery = {
            terms: Object.fromEntries(Object.entries(q.terms ?? {}).filter(([d]) => !skip.includes(d))),
            ranges: Object.fromEntries(
              Object.entries(q.ranges ?? {}).filter(([d]) => !skip.includes(`#${d}`)),
            ),
          };
          expect(res.totalWithout(skip), `${label} without ${skip}`).toBe(brute(data, without).length);
        }
        for (const [dim, values] of [
          ['kissing_types', ['Light', 'Heavy']],
          ['grooming', GROOMING],
          ['call', ['Incall']],
          ['tag', ['t1', 't2', 't39']],
          ['state', ['S0', 'S3']],
        ] as const) {
          const withThese = { ...q, terms: { ...q.terms, [dim]: values } };
          expect(res.totalWith(dim, values), `${label} with ${dim}=${values}`).toBe(
            brute(data, withThese).length,
          );
        }
      }
      index.countBy('auto');
    };
    const odds = { append: 0.55, below: 0.65, spread: 30, keep: 0.92 };
    churn(write, live, row, draw, odds, 2500, (step) => {
      if (step === 1199) tagsSeen = TAGS.length;
      if (step % 250 === 249) for (let k = 0; k < 4; k++) verify(someQuery());
    });
    verify({});
    verify({ terms: { state: ['S0'] } });
    verify({ terms: { state: ['S5'] }, ranges: { age: [30, 50] } });
  });
});

/**
 * Rows with every kind of filter (a dense state and 39 sparse ones, city names in several states,
 * lists, three ranges with nulls), and random queries over them: what a listing's fresh results are
 * checked with.
 */
function listingDraw(seed: number) {
  const draw = seeded(seed);
  const { rnd, pick } = draw;
  const STATES = Array.from({ length: 40 }, (_, i) => `S${i}`);
  const LANGS = ['1', '2', '3', '4', '5'];
  const GROOMING = ['Natural', 'Trimmed', 'Bare'];
  const row = (id: number): FacetRow => {
    const state = rnd() < 0.4 ? 'S0' : pick(STATES);
    return {
      id,
      terms: {
        state: [state],
        // A city name in several states: choosing it alone finds several lists.
        city: [`${state}|C${Math.floor(rnd() * 3)}`],
        language: rnd() < 0.1 ? [] : [pick(LANGS)],
        kissing_types: TYPES.filter(() => rnd() < 0.5),
        call: [pick(CALLS)],
        grooming: GROOMING.filter(() => rnd() < 0.6),
      },
      numbers: {
        age: rnd() < 0.05 ? null : 18 + Math.floor(rnd() * 50),
        // Many distinct prices: buckets at quantiles, a range's ends tested value by value.
        price: rnd() < 0.05 ? null : Math.round(rnd() * 80_000) / 100,
        height: 150 + Math.floor(rnd() * 40),
      },
    };
  };
  const someQuery = (): FacetQuery => {
    const terms: Record<string, string[]> = {};
    const ranges: Record<string, [number, number]> = {};
    const r = rnd();
    if (r < 0.3) terms.state = ['S0'];
    else if (r < 0.6) terms.state = [pick(STATES)];
    else if (r < 0.7) terms.state = [pick(STATES), pick(STATES)];
    if (rnd() < 0.15) terms.city = [`${pick(STATES)}|C${Math.floor(rnd() * 3)}`, `S0|C1`];
    if (rnd() < 0.4) terms.kissing_types = rnd() < 0.5 ? [pick(TYPES)] : ['Light', 'Heavy'];
    if (rnd() < 0.4) terms.grooming = [pick(GROOMING)];
    if (rnd() < 0.4) terms.call = [pick(CALLS)];
    if (rnd() < 0.3) terms.language = rnd() < 0.1 ? ['9'] : [pick(LANGS), pick(LANGS)];
    if (rnd() < 0.6) ranges.age = ((a) => [a, a + Math.floor(rnd() * 30)])(17 + Math.floor(rnd() * 50));
    if (rnd() < 0.5) ranges.price = ((a) => [a, rnd() < 0.1 ? a - 1 : a + rnd() * 500])(rnd() * 700);
    if (rnd() < 0.4) ranges.height = ((a) => [a, a + Math.floor(rnd() * 20)])(148 + Math.floor(rnd() * 40));
    return { terms, ranges };
  };
  // Three numbers: a range leaves out the buckets below it, so three ranges leave out three sets.
  const index = (expected: number) =>
    new FacetIndex(
      ['state', 'city', 'language', 'kissing_types', 'call', 'grooming'],
      ['age', 'price', 'height'],
      expected,
      ['state', 'city'],
    );
  return { draw, row, someQuery, index };
}

/** Pages of `q` at `offsets` (and `limits`) from fresh results, asked before and after the total and after counts. */
function checkListing(
  index: FacetIndex,
  live: Map<number, FacetRow>,
  q: FacetQuery,
  offsets: (expected: number[]) => number[],
  limits: number[],
) {
  const expected = brute([...live.values()], q)
    .map((r) => r.id)
    .sort((a, b) => b - a);
  const label = JSON.stringify(q);
  const pages = (res: ReturnType<FacetIndex['query']>) => {
    for (const offset of offsets(expected))
      for (const limit of limits)
        expect(res.page(offset, limit), `${label} page ${offset}+${limit}`).toEqual(
          expected.slice(offset, offset + limit),
        );
  };
  // `countBy` empties the kept results: each query below is answered afresh.
  index.countBy('auto');
  const first = index.query(q);
  pages(first);
  expect(first.total, label).toBe(expected.length);
  pages(first);
  index.countBy('auto');
  const second = index.query(q);
  expect(second.total, label).toBe(expected.length);
  pages(second);
  // Once counts made the result itself, it answers the same.
  index.countBy('auto');
  const third = index.query(q);
  third.counts(['call']);
  pages(third);
  expect(third.total, label).toBe(expected.length);
}

describe('FacetIndex, a fresh result read as a listing reads it', () => {
  it('gives the total and any page, asked first or after counts, as brute force does', () => {
    const { draw, row, someQuery, index: makeIndex } = listingDraw(91);
    const { rnd } = draw;
    const index = makeIndex(100);
    const live = new Map<number, FacetRow>();
    const write = writer(index, live);
    const check = (q: FacetQuery) =>
      checkListing(
        index,
        live,
        q,
        (expected) => [rnd() < 0.5 ? 0 : Math.floor(rnd() * (expected.length + 5))],
        [0, 1 + Math.floor(rnd() * (rnd() < 0.2 ? 3000 : 30))],
      );
    const odds = { append: 0.6, below: 0.65, spread: 30, keep: 0.93 };
    churn(write, live, row, draw, odds, 3000, (step) => {
      if (step % 100 === 99) for (let k = 0; k < 6; k++) check(someQuery());
    });
    check({});
    check({
      terms: { state: ['S0'], kissing_types: ['Light', 'Heavy'], grooming: ['Bare'], call: ['Incall'] },
    });
    check({ terms: { state: ['S3'] }, ranges: { age: [20, 40], price: [100, 300], height: [160, 170] } });
    check({ terms: { city: ['S2|C0', 'S5|C1'] } });
    check({ terms: { language: ['9'] } });
  });

  it('pages across the 256-word blocks a match reads, up to the last position of a full index', () => {
    const { draw, row, someQuery, index: makeIndex } = listingDraw(5);
    const { rnd } = draw;
    // 14,564 expected providers make 512 words (two blocks) with room for 16,384 positions: filled to the last.
    const index = makeIndex(14_564);
    const live = new Map<number, FacetRow>();
    const write = writer(index, live);
    const paged = vi.spyOn(Match.prototype, 'page');
    expect(index.words).toBe(512);
    for (let i = 0; i < 16_384; i++) write(row(1 + 2 * i), 1 + 2 * i);
    expect(index.words).toBe(512);
    // Offsets at each block's edge (how many matches lie above its lowest word, and one either side),
    // at the end, past it, and a few anywhere.
    const offsets = (expected: number[]) => {
      const at = new Set([0, expected.length, expected.length + 3, Math.max(0, expected.length - 1)]);
      for (let b = BLOCK; b < index.words; b += BLOCK) {
        const lowest = (index.words - b) * 32;
        const above = expected.filter((id) => index.positionOf(id) >= lowest).length;
        for (const d of [-1, 0, 1]) if (above + d >= 0) at.add(above + d);
      }
      for (let k = 0; k < 4; k++) at.add(Math.floor(rnd() * (expected.length + 1)));
      return [...at];
    };
    const check = (q: FacetQuery) => checkListing(index, live, q, offsets, [0, 1, 7, 40, 300, 5000]);
    check({});
    check({ terms: { state: ['S0'] } });
    check({ terms: { state: ['S3'] } });
    for (let k = 0; k < 40; k++) check(someQuery());
    // In place: rows hidden and edited anywhere, then more than the index holds, then ids out of order.
    for (let k = 0; k < 300; k++) {
      const id = 1 + 2 * Math.floor(rnd() * 16_384);
      write(rnd() < 0.5 ? undefined : row(id), id);
    }
    for (let k = 0; k < 30; k++) check(someQuery());
    for (let i = 16_384; i < 20_000; i++) write(row(1 + 2 * i), 1 + 2 * i);
    for (let k = 0; k < 20; k++) check(someQuery());
    for (let k = 0; k < 200; k++) {
      const id = 2 * (1 + Math.floor(rnd() * 19_999));
      write(row(id), id);
    }
    for (let k = 0; k < 20; k++) check(someQuery());
    // The pages above came from matches read block by block, not only from made results.
    expect(paged.mock.calls.length).toBeGreaterThan(1000);
    paged.mockRestore();
  });
});
