import { createHash, createHmac, randomBytes } from 'node:crypto';
import { MESSAGES } from '@app/domain';
import { fileTypeFromBuffer } from 'file-type';
import type { Kysely } from 'kysely';
import type sharpModule from 'sharp';
import type { Sharp } from 'sharp';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import type { ParsedQuery } from '../../http/strapi/parse.ts';
import { fileResource, fileUrl } from './media.resources.ts';
import {
  claimUnownedFiles,
  deleteFileById,
  deleteUnownedFiles,
  findExpiredAnonymousFiles,
  findFileById,
  insertFiles,
  storedBytes,
  sumUnclaimedBytesFrom,
  type FileRow,
  type NewFile,
} from './media.queries.ts';
import {
  createStaging,
  newStorageKey,
  openStoredFile,
  removeStaleStaging,
  removeStoredFiles,
  storedName,
  type Staging,
} from './media.storage.ts';
import { cleanVideo } from './video.ts';

/** Upload limits; the multipart plugin is configured from these too (app.ts). */
export const MEDIA_LIMITS = {
  maxImageBytes: 15 * 1024 * 1024,
  maxVideoBytes: 100 * 1024 * 1024,
  maxFilesPerRequest: 10,
  maxImagePixels: 40_000_000,
  maxImageSide: 12_000,
  /**
   * The bytes (originals and formats) one address may leave in unclaimed anonymous uploads within
   * 24 hours; an upload that would go over is refused whole (429). Tests may lower it.
   */
  maxAnonymousBytesPerDay: 60 * 1024 * 1024,
};

/** The random bytes of an anonymous upload's claim token (answered once, only its SHA-256 kept). */
export const CLAIM_TOKEN_BYTES = 32;

/** How long an anonymous upload (registration documents) waits to be claimed. */
export const ANONYMOUS_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** Strapi's image formats: a thumbnail that fits 245x156 and a `small` breakpoint of 500. */
export const IMAGE_FORMATS = {
  thumbnail: { width: 245, height: 156 },
  small: { width: 500, height: 500 },
} as const;
export type FormatName = keyof typeof IMAGE_FORMATS;
export const FORMAT_NAMES = ['thumbnail', 'small'] as const satisfies readonly FormatName[];

/** The one purpose a caller may give; it makes the upload private (ID documents). */
export const PRIVATE_PURPOSE = 'docs';

type ImageOutput = 'jpeg' | 'png' | 'webp' | 'avif';

/** Accepted images, by sniffed type: what sharp must recognise, and what we re-encode to. */
const IMAGE_TYPES: Record<string, { decoder: string; output: ImageOutput }> = {
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

/** Accepted videos, by sniffed type, stored as they are. */
const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/quicktime': '.mov',
};

/** Enough leading bytes for file-type to recognise every accepted format. */
const SNIFF_BYTES = 4100;

const MB = 1024 * 1024;

export interface MediaContext {
  db: Kysely<DB>;
  /** `<DATA_DIR>/uploads`, see media.storage.ts. */
  storageRoot: string;
  /** The key of the keyed hash that stands for an anonymous uploader's address (never stored raw). */
  addressKey?: string;
}

/** One stored upload; an anonymous one carries the claim token registration must present with its id. */
export interface UploadedItem {
  item: Item;
  claimToken?: string;
}

/** One part of a multipart body, as @fastify/multipart yields them. */
export type UploadPart =
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      file: AsyncIterable<Buffer> & { truncated: boolean };
    }
  | { type: 'field'; fieldname: string; value: unknown };

/** A stored format of an image, as kept in `files.formats` (the url is added when presented). */
export interface StoredFormat {
  name: string;
  ext: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  path: null;
}

const payloadTooLarge = (message: string) =>
  new AppError('PayloadTooLargeError', message, { errors: [{ path: ['files'], message }] });
const unsupportedType = (message: string) =>
  new AppError('UnsupportedMediaTypeError', message, { errors: [{ path: ['files'], message }] });
const invalidFile = (message: string) => badRequest(message, { errors: [{ path: ['files'], message }] });
const dailyLimitReached = () =>
  new AppError('RateLimitError', MESSAGES.register.docsDailyLimit, {
    errors: [{ path: ['files'], message: MESSAGES.register.docsDailyLimit }],
  });

// ---------------------------------------------------------------------------------------------
// Access

function canSee(actor: Actor | null, row: FileRow): boolean {
  return Number(row.is_private) !== 1 || isAdmin(actor) || (!!actor && row.owner_id === actor.id);
}

function canManage(actor: Actor | null, row: FileRow): boolean {
  return isAdmin(actor) || (!!actor && row.owner_id === actor.id);
}

/**
 * The one access check for a file id: a file the actor may not see is a 404 (private files do not
 * reveal that they exist); one they may see but not change is a 403.
 */
export async function requireFileAccess(
  db: Kysely<DB>,
  actor: Actor | null,
  id: number,
  action: 'read' | 'delete',
): Promise<FileRow> {
  const row = await findFileById(db, id);
  if (!row || !canSee(actor, row)) throw notFound('File not found');
  if (action === 'delete' && !canManage(actor, row)) {
    throw forbidden('Only the owner or an administrator may delete this file');
  }
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reading

function parseFormats(row: Pick<FileRow, 'formats'>): Partial<Record<FormatName, StoredFormat>> {
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

/** Every disk name of a stored file: the original and its formats. */
function storedNamesOf(row: FileRow): string[] {
  return [
    storedName(row.storage_key, row.ext),
    ...Object.keys(parseFormats(row)).map((f) => storedName(row.storage_key, row.ext, f)),
  ];
}

function presentFile(db: Kysely<DB>, id: number): Promise<Item | undefined> {
  return findOne(db, fileResource, id, { populate: {}, fields: undefined }, { scope: null });
}

/** Admin list of every file, public and private. */
export function listFiles(db: Kysely<DB>, q: ParsedQuery) {
  return findMany(db, fileResource, q, { scope: null });
}

/** One file's record: public files for anyone, private ones for their owner and the admin. */
export async function getFile(
  db: Kysely<DB>,
  actor: Actor | null,
  id: number,
  q: Pick<ParsedQuery, 'populate' | 'fields'>,
): Promise<Item> {
  await requireFileAccess(db, actor, id, 'read');
  const item = await findOne(db, fileResource, id, q, { scope: null });
  if (!item) throw notFound('File not found');
  return item;
}

export type FileContent =
  | { kind: 'redirect'; url: string }
  | { kind: 'stream'; stream: NodeJS.ReadableStream; size: number; mime: string; fileName: string };

/**
 * The bytes of a file (or of one of its formats). Private files are streamed to their owner and
 * the admin only; public files are a redirect to their cacheable public URL.
 */
export async function getFileContent(
  ctx: MediaContext,
  actor: Actor | null,
  id: number,
  format?: FormatName,
): Promise<FileContent> {
  const row = await requireFileAccess(ctx.db, actor, id, 'read');
  const stored = format ? parseFormats(row)[format] : undefined;
  if (format && !stored) throw notFound(`This file has no ${format} format`);
  if (Number(row.is_private) !== 1) return { kind: 'redirect', url: fileUrl(row, format) };
  const opened = await openStoredFile(ctx.storageRoot, true, storedName(row.storage_key, row.ext, format));
  if (!opened) throw notFound('File not found');
  return {
    kind: 'stream',
    stream: opened.stream,
    size: opened.size,
    mime: stored?.mime ?? row.mime,
    fileName: stored?.name ?? row.name,
  };
}

// ---------------------------------------------------------------------------------------------
// Deleting

/** Deletes a file's record and its bytes (all formats); returns the record as it was. */
export async function deleteFile(ctx: MediaContext, actor: Actor | null, id: number): Promise<Item> {
  const row = await requireFileAccess(ctx.db, actor, id, 'delete');
  const item = await presentFile(ctx.db, id);
  if (!item || !(await deleteFileById(ctx.db, id))) throw notFound('File not found');
  await removeStoredFiles(ctx.storageRoot, Number(row.is_private) === 1, storedNamesOf(row));
  return item;
}

// ---------------------------------------------------------------------------------------------
// Anonymous uploads

/** The SHA-256 (hex) of a claim token, as kept in `files.claim_token_hash`. */
export const hashClaimToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The keyed hash that stands for an uploader's address on an anonymous file row. */
export const hashUploaderAddress = (key: string, address: string) =>
  createHmac('sha256', key).update(`anonymous-upload:${address}`).digest('hex');

/**
 * Gives anonymous uploads to the account that registered with them: sets the owner of each given
 * file that has none, is less than 24 hours old and whose claim token matches (only hashes are
 * compared, in SQL); the token is used up. Returns the ids actually claimed: a caller compares them
 * with what it asked for, and a wrong token looks exactly like a missing file.
 */
export function claimFiles(
  db: Kysely<DB>,
  claims: readonly { id: number; token: string }[],
  userId: number,
  now = new Date(),
): Promise<number[]> {
  const valid = claims.filter((c) => Number.isSafeInteger(c.id) && c.id > 0 && c.token.length > 0);
  const since = new Date(now.getTime() - ANONYMOUS_UPLOAD_TTL_MS).toISOString();
  return claimUnownedFiles(
    db,
    valid.map((c) => ({ id: c.id, tokenHash: hashClaimToken(c.token) })),
    userId,
    since,
  );
}

/**
 * Removes anonymous uploads nobody claimed within 24 hours (records and bytes), and staging folders
 * left by interrupted requests. Returns the ids of the records removed.
 */
export async function deleteExpiredAnonymousUploads(
  db: Kysely<DB>,
  storageRoot: string,
  now = new Date(),
): Promise<number[]> {
  const before = new Date(now.getTime() - ANONYMOUS_UPLOAD_TTL_MS);
  const rows = await findExpiredAnonymousFiles(db, before.toISOString());
  const deleted = new Set(
    await deleteUnownedFiles(
      db,
      rows.map((r) => r.id),
    ),
  );
  for (const row of rows) {
    if (deleted.has(row.id))
      await removeStoredFiles(storageRoot, Number(row.is_private) === 1, storedNamesOf(row));
  }
  await removeStaleStaging(storageRoot, before);
  return [...deleted].sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------
// Uploading

interface Received {
  files: string[];
  record: Omit<NewFile, 'is_private' | 'purpose' | 'owner_id'>;
}

type Sniffed =
  | { category: 'image'; mime: string; decoder: string; output: ImageOutput }
  | { category: 'video'; mime: string; ext: string };

/** The caller's file name as a label: no folders, no control characters, a sane length. */
function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base.normalize('NFC')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

const quoted = (name: string) => JSON.stringify(name);

/** The real type of a file, from its first bytes; anything but an accepted image or video is a 415. */
async function sniff(head: Buffer, name: string): Promise<Sniffed> {
  const found = await fileTypeFromBuffer(head);
  const image = found && IMAGE_TYPES[found.mime];
  if (found && image) return { category: 'image', mime: found.mime, ...image };
  const videoExt = found && VIDEO_TYPES[found.mime];
  if (found && videoExt) return { category: 'video', mime: found.mime, ext: videoExt };
  throw unsupportedType(
    `${quoted(name)} is ${found ? `of type ${found.mime}` : 'not a recognised file type'}; ` +
      'accepted are JPEG, PNG, WebP, GIF and AVIF images and MP4, WebM and MOV videos',
  );
}

/** Reads one file part into the staging folder, enforcing the type and the size limit of that type. */
async function receiveFile(part: Extract<UploadPart, { type: 'file' }>, staging: Staging): Promise<Received> {
  const name = cleanFileName(part.filename);
  const key = newStorageKey();
  const chunks: Buffer[] = [];
  let size = 0;
  let kind: Sniffed | undefined;
  let writer: Awaited<ReturnType<Staging['createWriter']>> | undefined;

  const startVideo = async (k: Extract<Sniffed, { category: 'video' }>) => {
    writer = await staging.createWriter(storedName(key, k.ext));
    for (const c of chunks.splice(0)) await writer.write(c);
  };

  try {
    try {
      for await (const chunk of part.file) {
        size += chunk.length;
        if (writer) {
          await writer.write(chunk);
          continue;
        }
        chunks.push(chunk);
        if (!kind && size >= SNIFF_BYTES) {
          kind = await sniff(Buffer.concat(chunks), name);
          if (kind.category === 'video') await startVideo(kind);
        }
        if (kind?.category === 'image' && size > MEDIA_LIMITS.maxImageBytes) {
          throw payloadTooLarge(
            `${quoted(name)} is larger than ${MEDIA_LIMITS.maxImageBytes / MB} MB, the limit for images`,
          );
        }
      }
    } catch (err) {
      throw err instanceof AppError ? err : multipartError(err);
    }
    if (part.file.truncated) {
      throw payloadTooLarge(
        `${quoted(name)} is larger than ${MEDIA_LIMITS.maxVideoBytes / MB} MB, the limit for videos`,
      );
    }
    if (size === 0) throw invalidFile(`${quoted(name)} is empty`);
    if (!kind) {
      kind = await sniff(Buffer.concat(chunks), name);
      if (kind.category === 'video') await startVideo(kind);
    }
  } finally {
    await writer?.close();
  }

  if (kind.category === 'video') {
    // Metadata removed in place (sizes kept) and the length checked, or the video is refused.
    await cleanVideo(staging.pathOf(storedName(key, kind.ext)), name);
    return {
      files: [storedName(key, kind.ext)],
      record: {
        name,
        storage_key: key,
        ext: kind.ext,
        mime: kind.mime,
        size,
        width: null,
        height: null,
        formats: null,
      },
    };
  }
  return storeImage(Buffer.concat(chunks), kind, name, key, staging);
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

/**
 * Checks an image's dimensions, re-encodes it in its own format family (upright, without any
 * metadata) and makes Strapi's `thumbnail` and `small` formats when the image is larger than them.
 */
async function storeImage(
  input: Buffer,
  kind: Extract<Sniffed, { category: 'image' }>,
  name: string,
  key: string,
  staging: Staging,
): Promise<Received> {
  const unreadable = () => invalidFile(`${quoted(name)} could not be read as an image`);
  const sharp = await loadSharp();
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
  const files = [storedName(key, ext)];
  await staging.write(files[0]!, main.data);

  const formats: Partial<Record<FormatName, StoredFormat>> = {};
  for (const format of FORMAT_NAMES) {
    const box = IMAGE_FORMATS[format];
    if (main.info.width <= box.width && main.info.height <= box.height) continue;
    const out = await encode(
      upright
        .clone()
        .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true }),
      kind.output,
    ).toBuffer({ resolveWithObject: true });
    const file = storedName(key, ext, format);
    await staging.write(file, out.data);
    files.push(file);
    formats[format] = {
      name: `${format}_${name}`,
      ext,
      mime,
      width: out.info.width,
      height: out.info.height,
      size: out.info.size,
      path: null,
    };
  }

  return {
    files,
    record: {
      name,
      storage_key: key,
      ext,
      mime,
      size: main.info.size,
      width: main.info.width,
      height: main.info.height,
      formats: JSON.stringify(formats),
    },
  };
}

/** Turns the multipart plugin's and the parser's errors into clear 4xx answers. */
function multipartError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return invalidFile(`Too many files: at most ${MEDIA_LIMITS.maxFilesPerRequest} may be sent at once`);
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(
        `A file is larger than ${MEDIA_LIMITS.maxVideoBytes / MB} MB, the largest upload allowed`,
      );
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('Too many form fields');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return invalidFile('Send the files as multipart/form-data in the field "files"');
    default:
      // Anything else the parser raises (truncated body, bad boundary, ...) is the caller's malformed request.
      return badRequest(`Malformed multipart body: ${err instanceof Error ? err.message : 'unreadable'}`);
  }
}

/** The parts of a multipart body, with the parser's errors turned into 4xx answers. */
async function* readParts(parts: AsyncIterable<UploadPart>): AsyncGenerator<UploadPart> {
  const it = parts[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<UploadPart>;
    try {
      next = await it.next();
    } catch (err) {
      throw multipartError(err);
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Stores the files of an upload request (multipart field `files`, several at once). Every file is
 * sniffed by content, checked against its type's limits, and images are re-encoded without
 * metadata. The upload is private (ID documents) when made without a login or with `purpose=docs`.
 * All or nothing: one refused file refuses the request. Returns the new records.
 */
export async function uploadFiles(
  ctx: MediaContext,
  actor: Actor | null,
  parts: () => AsyncIterable<UploadPart>,
  address = 'unknown',
): Promise<UploadedItem[]> {
  const staging = await createStaging(ctx.storageRoot);
  try {
    const received: Received[] = [];
    let purpose: string | undefined;
    let source: AsyncIterable<UploadPart>;
    try {
      source = parts();
    } catch (err) {
      throw multipartError(err);
    }
    for await (const part of readParts(source)) {
      if (part.type === 'field') {
        if (part.fieldname === 'purpose') purpose = String(part.value ?? '').trim();
        continue;
      }
      if (part.fieldname !== 'files') {
        const message = `Unexpected file field ${quoted(part.fieldname)}: send files in the field "files"`;
        throw badRequest(message, { errors: [{ path: [part.fieldname], message }] });
      }
      if (received.length >= MEDIA_LIMITS.maxFilesPerRequest)
        throw multipartError({ code: 'FST_FILES_LIMIT' });
      received.push(await receiveFile(part, staging));
    }
    if (purpose && purpose !== PRIVATE_PURPOSE) {
      const message = `purpose must be "${PRIVATE_PURPOSE}" or left out`;
      throw badRequest(message, { errors: [{ path: ['purpose'], message }] });
    }
    if (!received.length) throw invalidFile('No file was sent: add one or more files in the field "files"');

    // Anonymous uploads are ID documents for registration: images only.
    if (!actor && received.some((r) => !r.record.mime.startsWith('image/'))) {
      throw unsupportedType('Without a login only images (ID documents) may be uploaded');
    }
    const isPrivate = !actor || purpose === PRIVATE_PURPOSE;
    // An anonymous upload answers a claim token once (only its hash is kept) and is marked with a
    // keyed hash of the address, which caps what one address may leave unclaimed per day.
    const tokens = actor ? [] : received.map(() => randomBytes(CLAIM_TOKEN_BYTES).toString('base64url'));
    const uploaderHash = actor ? null : hashUploaderAddress(ctx.addressKey ?? '', address);
    const since = new Date(Date.now() - ANONYMOUS_UPLOAD_TTL_MS).toISOString();
    const overDailyCap = async (adding: number) =>
      uploaderHash !== null &&
      (await sumUnclaimedBytesFrom(ctx.db, uploaderHash, since)) + adding >
        MEDIA_LIMITS.maxAnonymousBytesPerDay;
    if (await overDailyCap(received.reduce((sum, r) => sum + storedBytes(r.record), 0))) {
      throw dailyLimitReached();
    }
    const names = received.flatMap((r) => r.files);
    await staging.commit(names, isPrivate);
    let ids: number[];
    try {
      ids = await insertFiles(
        ctx.db,
        received.map((r, i) => ({
          ...r.record,
          is_private: isPrivate ? 1 : 0,
          purpose: isPrivate ? PRIVATE_PURPOSE : null,
          owner_id: actor?.id ?? null,
          claim_token_hash: tokens[i] ? hashClaimToken(tokens[i]) : null,
          uploader_hash: uploaderHash,
        })),
      );
    } catch (err) {
      await removeStoredFiles(ctx.storageRoot, isPrivate, names);
      throw err;
    }
    // Two uploads from one address at once both passed the check above: counted again with both
    // stored, whichever goes over is taken back.
    if (await overDailyCap(0)) {
      await deleteUnownedFiles(ctx.db, ids);
      await removeStoredFiles(ctx.storageRoot, isPrivate, names);
      throw dailyLimitReached();
    }
    const items = await Promise.all(ids.map((id) => presentFile(ctx.db, id)));
    return items.flatMap((item, i) =>
      item ? [{ item, ...(tokens[i] ? { claimToken: tokens[i] } : {}) }] : [],
    );
  } finally {
    await staging.dispose();
  }
}

/**
 * Stores a file the server made itself (demo placeholders) through the same pipeline as an upload:
 * sniffed, images re-encoded without metadata with formats, videos kept. Public, owned by `ownerId`.
 */
export async function storeGeneratedFile(
  ctx: MediaContext,
  ownerId: number,
  filename: string,
  bytes: Buffer,
): Promise<Item> {
  const actor: Actor = { id: ownerId, role: 'authenticated', userType: null };
  const file = Object.assign(
    (async function* () {
      yield bytes;
    })(),
    { truncated: false },
  );
  const [uploaded] = await uploadFiles(ctx, actor, () =>
    (async function* (): AsyncGenerator<UploadPart> {
      yield { type: 'file', fieldname: 'files', filename, file };
    })(),
  );
  return uploaded!.item;
}
