/**
 * A seeded pseudo-random generator (mulberry32): one seed gives the same sequence on every run and
 * every machine, so the demo's data, the randomised tests and the benchmark's data repeat exactly.
 * Not for anything secret (tokens and keys come from node:crypto).
 *
 * It lives in domain/ because that is the one package the server (demo seeds), its tests and the
 * benchmark (bench/domain.mjs bundles domain/src) all load.
 */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  /** The next number in [0, 1). */
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A whole number from `lo` to `hi`, both included. */
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    /** Each item of `list` with probability `p`, in order. */
    some: <T>(list: readonly T[], p: number): T[] => list.filter(() => next() < p),
    chance: (p: number) => next() < p,
  };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
