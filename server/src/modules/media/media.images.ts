import { DHASH_HEIGHT, DHASH_WIDTH, dhashFromGrey } from '@app/domain/trust';
import type sharpModule from 'sharp';
import type { Sharp } from 'sharp';
import { invalidFile, MEDIA_LIMITS, quoted } from './media.limits.ts';
import type { FileRow } from './media.queries.ts';
import { neutralName, storedName, type StagedUpload, type Staging } from './media.storage.ts';

/*
 * Image processing: every accepted image is re-encoded in its own format family (upright, without
 * any metadata) after its dimensions are checked, with Strapi's formats (`thumbnail` and the `small`,
 * `medium` and `large` breakpoints) in WebP, and its perceptual hash kept (`files.phash`, for the same-photo risk signal).
 */

/**
 * Strapi's image formats: a thumbnail that fits 245x156 and its default breakpoints, 500, 750 and
 * 1000. Pages list them as `srcset` candidates by width (the listing's card), so a phone gets the
 * size its screen needs.
 */
export const IMAGE_FORMATS = {
  thumbnail: { width: 245, height: 156 },
  small: { width: 500, height: 500 },
  medium: { width: 750, height: 750 },
  large: { width: 1000, height: 1000 },
} as const;
export type FormatName = keyof typeof IMAGE_FORMATS;
export const FORMAT_NAMES = [
  'thumbnail',
  'small',
  'medium',
  'large',
] as const satisfies readonly FormatName[];

/**
 * A stored format of an image, as kept in `files.formats` (the url is added when presented). Its `ext`
 * may differ from the original's (a JPEG's formats are WebP): its disk name is
 * `<name>_<storage key><its ext>`.
 */
export interface StoredFormat {
  name: string;
  ext: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  path: null;
}

/** The formats kept in a file row's `formats` (unknown names and unreadable JSON are left out). */
export function parseFormats(row: Pick<FileRow, 'formats'>): Partial<Record<FormatName, StoredFormat>> {
  if (!row.formats) return {};
  try {
    const parsed = JSON.parse(row.formats) as Record<string, StoredFormat>;
    return Object.fromEntries(
      Object.entries(parsed).filter(([k]) => (FORMAT_NAMES as readonly string[]).includes(k)),
    );
  } catch {
    return {};
  }
}

export type ImageOutput = 'jpeg' | 'png' | 'webp' | 'avif';

/** Accepted images, by sniffed type: what sharp must recognise, and what we re-encode to. */
export const IMAGE_TYPES: Record<string, { decoder: string; output: ImageOutput }> = {
  'image/jpeg': { decoder: 'jpeg', output: 'jpeg' },
  'image/png': { decoder: 'png', output: 'png' },
  'image/webp': { decoder: 'webp', output: 'webp' },
  // The first frame of a GIF, as a lossless PNG.
  'image/gif': { decoder: 'gif', output: 'png' },
  'image/avif': { decoder: 'heif', output: 'avif' },
};

const OUTPUTS: Record<ImageOutput, { ext: string; mime: string }> = {
  jpeg: { ext: '.jpg', mime: 'image/jpeg' },
  png: { ext: '.png', mime: 'image/png' },
  webp: { ext: '.webp', mime: 'image/webp' },
  avif: { ext: '.avif', mime: 'image/avif' },
};

/**
 * What the formats are encoded as: WebP (smaller than JPEG or PNG at the same quality, and decoded by
 * every browser in use), AVIF originals' in AVIF.
 */
const formatOutput = (original: ImageOutput): ImageOutput => (original === 'avif' ? 'avif' : 'webp');

/** An image as sniffed (media.intake.ts): its type, what sharp must recognise it as, and its output. */
export interface ImageKind {
  mime: string;
  decoder: string;
  output: ImageOutput;
}

/**
 * sharp (libvips, about 20 MB of memory) is loaded with the first image a server receives, not at
 * start: most requests never touch it (docs/performance.md).
 */
let sharpLoaded: Promise<typeof sharpModule> | undefined;
const loadSharp = () => (sharpLoaded ??= import('sharp').then((m) => m.default));

function encode(pipeline: Sharp, output: ImageOutput): Sharp {
  // No withMetadata()/keepExif(): sharp then drops EXIF (GPS included), XMP, IPTC and ICC.
  switch (output) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 85 });
    case 'png':
      return pipeline.png();
    case 'webp':
      return pipeline.webp({ quality: 85 });
    case 'avif':
      return pipeline.avif({ quality: 60 });
  }
}

/** The side of the square every picture is first brought to before its hash is taken. */
const HASH_NORMALIZED_SIDE = 64;

/**
 * The perceptual hash (64-bit dHash, hex; `domain/src/trust/phash.ts`) of an upright image: flattened on
 * white, greyscale, first squeezed to 64×64 (so a picture at any size takes the same path down), lightly
 * blurred, then to 9×8. The same photo resized or re-encoded lands within a few bits. Null for a blank
 * picture, or when it cannot be computed (the upload does not fail for it: the hash only feeds the
 * `shared_photo` risk signal).
 */
async function perceptualHash(upright: Sharp): Promise<string | null> {
  try {
    const sharp = await loadSharp();
    const side = HASH_NORMALIZED_SIDE;
    const normalized = await upright
      .flatten({ background: '#ffffff' })
      .greyscale()
      .resize(side, side, { fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const channels = normalized.info.channels;
    const { data, info } = await sharp(normalized.data, { raw: { width: side, height: side, channels } })
      .blur(1)
      .resize(DHASH_WIDTH, DHASH_HEIGHT, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const grey = Array.from({ length: DHASH_WIDTH * DHASH_HEIGHT }, (_, i) => data[i * info.channels]!);
    return dhashFromGrey(grey);
  } catch {
    return null;
  }
}

/** Reads an image's header (no pixels decoded) and refuses one of another type or too large. */
async function checkDimensions(
  sharp: Awaited<ReturnType<typeof loadSharp>>,
  input: Buffer,
  kind: ImageKind,
  name: string,
  unreadable: () => Error,
): Promise<void> {
  let meta: sharpModule.Metadata;
  try {
    // The header only, no pixels decoded: the dimensions are checked before any decoding.
    meta = await sharp(input, { limitInputPixels: false, animated: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (meta.format !== kind.decoder || !meta.width || !meta.height) throw unreadable();
  const { width: w, height: h } = meta;
  if (w > MEDIA_LIMITS.maxImageSide || h > MEDIA_LIMITS.maxImageSide) {
    throw invalidFile(
      `${quoted(name)} is ${w}x${h} pixels; an image side may be at most ${MEDIA_LIMITS.maxImageSide} pixels`,
    );
  }
  if (w * h > MEDIA_LIMITS.maxImagePixels) {
    throw invalidFile(
      `${quoted(name)} is ${w}x${h} pixels; an image may have at most ${MEDIA_LIMITS.maxImagePixels / 1_000_000} million pixels`,
    );
  }
}

/**
 * Makes and stages each of Strapi's formats the image is larger than, in WebP (`formatOutput`), named after
 * the stored record (`stored`); answers their stored files and their records.
 */
async function stageFormats(
  upright: Sharp,
  main: sharpModule.OutputInfo,
  output: ImageKind['output'],
  stored: string,
  key: string,
  staging: Staging,
): Promise<{ files: string[]; formats: Partial<Record<FormatName, StoredFormat>> }> {
  const files: string[] = [];
  const formats: Partial<Record<FormatName, StoredFormat>> = {};
  const formatType = formatOutput(output);
  const formatFile = OUTPUTS[formatType];
  for (const format of FORMAT_NAMES) {
    const box = IMAGE_FORMATS[format];
    if (main.width <= box.width && main.height <= box.height) continue;
    const out = await encode(
      upright
        .clone()
        .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true }),
      formatType,
    ).toBuffer({ resolveWithObject: true });
    const file = storedName(key, formatFile.ext, format);
    await staging.write(file, out.data);
    files.push(file);
    formats[format] = {
      name: `${format}_${stored}`,
      ext: formatFile.ext,
      mime: formatFile.mime,
      width: out.info.width,
      height: out.info.height,
      size: out.info.size,
      path: null,
    };
  }
  return { files, formats };
}

/**
 * Checks an image's dimensions, re-encodes it in its own format family (upright, without any
 * metadata) and makes each of Strapi's formats the image is larger than, in WebP (`formatOutput`).
 * `name` (the uploader's) is for error messages; the record is named `neutralName` unless `keepName`.
 */
export async function processImage(
  input: Buffer,
  kind: ImageKind,
  name: string,
  key: string,
  staging: Staging,
  keepName = false,
): Promise<StagedUpload> {
  const unreadable = () => invalidFile(`${quoted(name)} could not be read as an image`);
  const sharp = await loadSharp();
  await checkDimensions(sharp, input, kind, name, unreadable);
  const { ext, mime } = OUTPUTS[kind.output];
  const source = sharp(input, {
    limitInputPixels: MEDIA_LIMITS.maxImagePixels,
    failOn: 'error',
    animated: false,
  });
  const upright = source.rotate();
  let main: { data: Buffer; info: sharpModule.OutputInfo };
  try {
    main = await encode(upright.clone(), kind.output).toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }
  // The uploader's file name is used in error messages to them only; the record gets a neutral one
  // (a file the server made keeps the name the server gave it).
  const stored = keepName ? name : neutralName('image', key, ext);
  const files = [storedName(key, ext)];
  await staging.write(files[0]!, main.data);
  const phash = await perceptualHash(upright.clone());
  const made = await stageFormats(upright, main.info, kind.output, stored, key, staging);
  files.push(...made.files);
  return {
    files,
    record: {
      name: stored,
      storage_key: key,
      ext,
      mime,
      size: main.info.size,
      width: main.info.width,
      height: main.info.height,
      formats: JSON.stringify(made.formats),
      phash,
    },
  };
}
