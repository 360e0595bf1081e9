/**
 * Perceptual hashes of pictures (to find "the same photo on ads of different accounts"). The server
 * computes a 64-bit difference hash (dHash) of every uploaded image with sharp (greyscale, brought to 64×64,
 * blurred a little, then to 9×8) and keeps it as 16 hex digits in `files.phash`; two pictures whose hashes differ in few bits look alike
 * (the same photo re-encoded, resized or slightly cropped). Pure: no image library here.
 */

/** The width and height of the greyscale thumbnail a dHash is made from. */
export const DHASH_WIDTH = 9;
export const DHASH_HEIGHT = 8;

/** Pictures whose hashes differ in at most this many of 64 bits count as the same photo. */
export const SAME_PHOTO_MAX_DISTANCE = 6;

/**
 * A thumbnail whose grey levels span less than this is a blank picture (one colour, or nearly): it has no
 * structure to compare, and gets no hash (every blank picture would otherwise "match" every other).
 */
export const DHASH_MIN_CONTRAST = 8;

/**
 * The dHash of a 9×8 greyscale thumbnail (row by row, one byte a pixel): bit i is 1 when a pixel is
 * brighter than its right neighbour; 8 rows × 8 comparisons = 64 bits, written as 16 lowercase hex digits,
 * most significant first. Null for a blank picture (see `DHASH_MIN_CONTRAST`).
 */
export function dhashFromGrey(pixels: ArrayLike<number>): string | null {
  if (pixels.length !== DHASH_WIDTH * DHASH_HEIGHT) {
    throw new Error(`a dHash needs ${DHASH_WIDTH}×${DHASH_HEIGHT} grey pixels, got ${pixels.length}`);
  }
  let min = 255;
  let max = 0;
  for (let i = 0; i < pixels.length; i++) {
    min = Math.min(min, pixels[i]!);
    max = Math.max(max, pixels[i]!);
  }
  if (max - min < DHASH_MIN_CONTRAST) return null;
  let hex = '';
  for (let row = 0; row < DHASH_HEIGHT; row++) {
    let byte = 0;
    for (let col = 0; col < DHASH_WIDTH - 1; col++) {
      const left = pixels[row * DHASH_WIDTH + col]!;
      const right = pixels[row * DHASH_WIDTH + col + 1]!;
      byte = (byte << 1) | (left > right ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

const HASH = /^[0-9a-f]{16}$/;

/** Whether a value is a hash as `dhashFromGrey` writes it. */
export const isPerceptualHash = (value: unknown): value is string =>
  typeof value === 'string' && HASH.test(value);

/** Set bits of each nibble. */
const NIBBLE_BITS = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/**
 * How many of the 64 bits two hashes differ in (0: the same picture as far as the hash can tell; 64: none
 * alike). Hashes that are not 16 hex digits are an error.
 */
export function hammingDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (!HASH.test(x) || !HASH.test(y)) throw new Error('a perceptual hash is 16 hex digits');
  let bits = 0;
  for (let i = 0; i < 16; i++) bits += NIBBLE_BITS[parseInt(x[i]!, 16) ^ parseInt(y[i]!, 16)]!;
  return bits;
}

/** How many bands of 16 bits a hash is cut into for the database's index (`file_phash_bands`). */
export const PHASH_BANDS = 4;

/**
 * The 4 bands of a hash, most significant first: 16 bits each (0-65535), as `file_phash_bands` keeps them.
 * Hashes that are not hashes have none.
 */
export function phashBands(hash: string): number[] {
  const h = hash.toLowerCase();
  if (!HASH.test(h)) return [];
  return Array.from({ length: PHASH_BANDS }, (_, k) => parseInt(h.slice(4 * k, 4 * k + 4), 16));
}

/**
 * What to look up in `file_phash_bands` to find every picture within `SAME_PHOTO_MAX_DISTANCE` (6) bits of
 * `hash` (multi-index hashing): per band, its value and the 16 values one bit away. Two hashes at most 7 bits
 * apart cannot differ in 2 or more bits in each of the 4 bands (that would be 8), so in some band they differ
 * in at most one bit, and that band's probe finds it. Each probe matches about 1 in 65,536 pictures (16 bits),
 * so the lookup reads few candidates, whose exact distance is then measured (`hammingDistance`). Per band
 * (index 0-3), the values to look up; none for what is not a hash.
 */
export function phashBandProbes(hash: string): number[][] {
  return phashBands(hash).map((value) => [
    value,
    ...Array.from({ length: 16 }, (_, bit) => value ^ (1 << bit)),
  ]);
}
