import { describe, expect, it } from 'vitest';
import {
  dhashFromGrey,
  DHASH_HEIGHT,
  DHASH_WIDTH,
  hammingDistance,
  isPerceptualHash,
  phashBandProbes,
  phashBands,
  SAME_PHOTO_MAX_DISTANCE,
} from './phash.ts';

const grey = (f: (row: number, col: number) => number) =>
  Array.from({ length: DHASH_WIDTH * DHASH_HEIGHT }, (_, i) =>
    f(Math.floor(i / DHASH_WIDTH), i % DHASH_WIDTH),
  );

describe('dhashFromGrey', () => {
  it('sets a bit where a pixel is brighter than its right neighbour', () => {
    // Darker to the right everywhere: all 64 bits set.
    expect(dhashFromGrey(grey((_, c) => 255 - c * 20))).toBe('ffffffffffffffff');
    // Brighter to the right everywhere: none set (but the picture is not blank).
    expect(dhashFromGrey(grey((_, c) => c * 20))).toBe('0000000000000000');
    // Only the first comparison of each row: the top bit of each byte.
    expect(dhashFromGrey(grey((_, c) => (c === 0 ? 200 : 100)))).toBe('8080808080808080');
  });

  it('gives no hash for a blank picture, and refuses a thumbnail of the wrong size', () => {
    expect(dhashFromGrey(grey(() => 128))).toBeNull();
    expect(dhashFromGrey(grey((r, c) => 128 + ((r + c) % 2)))).toBeNull();
    expect(() => dhashFromGrey([1, 2, 3])).toThrow();
  });
});

describe('hammingDistance', () => {
  it('counts the differing bits', () => {
    expect(hammingDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('8080808080808080', '0080808080808081')).toBe(2);
    expect(hammingDistance('ABCDEF0123456789', 'abcdef0123456789')).toBe(0);
  });

  it('refuses what is not a hash', () => {
    expect(() => hammingDistance('xyz', '0000000000000000')).toThrow();
    expect(isPerceptualHash('0123456789abcdef')).toBe(true);
    expect(isPerceptualHash('0123456789ABCDEF')).toBe(false);
    expect(isPerceptualHash(null)).toBe(false);
  });
});

describe('phashBands', () => {
  it('splits a hash into 4 bands of 16 bits', () => {
    expect(phashBands('0123456789abcdef')).toEqual([0x0123, 0x4567, 0x89ab, 0xcdef]);
    expect(phashBands('0123456789ABCDEF')).toEqual(phashBands('0123456789abcdef'));
    expect(phashBands('xyz')).toEqual([]);
    expect(phashBandProbes('xyz')).toEqual([]);
  });

  it('probes find every hash within 7 bits, however the differing bits fall', () => {
    const base = 'f0e1d2c3b4a59687';
    const probes = phashBandProbes(base);
    expect(probes.map((p) => p.length)).toEqual([17, 17, 17, 17]);
    // 7 bits spread over the bands every possible way (at most 7 in one band), at varied places.
    let checked = 0;
    for (let a = 0; a <= 7; a++) {
      for (let b = 0; a + b <= 7; b++) {
        for (let c = 0; a + b + c <= 7; c++) {
          const counts = [a, b, c, 7 - a - b - c];
          let flipped = BigInt(`0x${base}`);
          counts.forEach((n, band) => {
            for (let i = 0; i < n; i++) flipped ^= 1n << BigInt(16 * (3 - band) + ((i * 5 + band) % 16));
          });
          const other = flipped.toString(16).padStart(16, '0');
          expect(hammingDistance(base, other)).toBe(7);
          const bands = phashBands(other);
          expect(probes.some((values, band) => values.includes(bands[band]!))).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBe(120);
    expect(SAME_PHOTO_MAX_DISTANCE).toBeLessThanOrEqual(7);
  });
});
