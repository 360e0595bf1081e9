import { createHash, createHmac, randomBytes } from 'node:crypto';
import { MESSAGES } from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { requireAccess } from '../../access/index.ts';
import { auditChange, recordAudit } from '../../db/audit-log.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, fieldError, notFound } from '../../http/errors.ts';
import { plainItem, type ItemQuery } from '../../http/items.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import type { ParsedQuery } from '../../http/strapi/parse.ts';
import { parseFormats, type FormatName } from './media.images.ts';
import { multipartError, readParts, receiveFile, type UploadPart } from './media.intake.ts';
import { dailyLimitReached, invalidFile, MEDIA_LIMITS, quoted, unsupportedType } from './media.limits.ts';
import {
  claimUnownedFiles,
  deleteFileIfUnused,
  deleteFilesByIds,
  deleteUnownedFiles,
  clearUploaderHashesBefore,
  fileUsedBy,
  findExpiredAnonymousFiles,
  insertFiles,
  storedBytes,
  sumUploadedBytesSince,
  type FileRow,
} from './media.queries.ts';
import { fileResource, fileUrl } from './media.resources.ts';
import {
  createStaging,
  moveStoredFileToPrivate,
  openStoredFile,
  removeStaleStaging,
  removeStoredFiles,
  storedName,
  type StagedUpload,
} from './media.storage.ts';

/*
 * The upload plugin's use cases: listing, reading, streaming and deleting files (each behind
 * `requireAccess` with `file.read` or `file.delete`), uploading (media.intake.ts), and the claim of anonymous uploads.
 */

/** The random bytes of an anonymous upload's claim token (answered once, only its SHA-256 kept). */
export const CLAIM_TOKEN_BYTES = 32;

/** How long an anonymous upload (registration documents) waits to be claimed. */
export const ANONYMOUS_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** The one purpose a caller may give; it makes the upload private (ID documents). */
export const PRIVATE_PURPOSE = 'docs';

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

/** The columns of a file record that serving and removing its bytes need. */
const STORED_FILE_COLUMNS = [
  'is_private',
  'storage_key',
  'ext',
  'formats',
  'mime',
  'name',
  'owner_id',
] as const;
type StoredFile = Pick<FileRow, 'id' | (typeof STORED_FILE_COLUMNS)[number]>;

/** The one access check for a file id (404 for a private file not the caller's), with its columns. */
async function requireFile(
  db: Kysely<DB>,
  actor: Actor | null,
  permission: 'file.read' | 'file.delete',
  id: number,
): Promise<StoredFile> {
  const [row] = await requireAccess(db, actor, permission, [id], STORED_FILE_COLUMNS);
  return row as unknown as StoredFile;
}

/**
 * Each admin view of another account's private file (an ID document) is in the audit log:
 * `document.view`, subject `file:<id>`, details `{ owner }`.
 */
async function recordDocumentView(db: Kysely<DB>, actor: Actor | null, row: StoredFile): Promise<void> {
  if (!isAdmin(actor) || Number(row.is_private) !== 1) return;
  const owner = row.owner_id === null ? null : Number(row.owner_id);
  if (owner === actor!.id) return;
  await recordAudit(db, actor, 'document.view', `file:${row.id}`, { owner });
}

/** Every disk name of a stored file: the original and its formats (each in its own extension). */
function storedNamesOf(row: Pick<FileRow, 'storage_key' | 'ext' | 'formats'>): string[] {
  return [
    storedName(row.storage_key, row.ext),
    ...Object.entries(parseFormats(row)).map(([name, f]) => storedName(row.storage_key, f.ext, name)),
  ];
}

function presentFile(db: Kysely<DB>, id: number): Promise<Item | undefined> {
  return findOne(db, fileResource, id, plainItem, { scope: null });
}

/** Admin list of every file, public and private. */
export function listFiles(db: Kysely<DB>, q: ParsedQuery) {
  return findMany(db, fileResource, q, { scope: null });
}

/** One file's record: public files for anyone, private ones for their owner and the admin. */
export async function getFile(db: Kysely<DB>, actor: Actor | null, id: number, q: ItemQuery): Promise<Item> {
  const row = await requireFile(db, actor, 'file.read', id);
  await recordDocumentView(db, actor, row);
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
  const row = await requireFile(ctx.db, actor, 'file.read', id);
  const stored = format ? parseFormats(row)[format] : undefined;
  if (format && !stored) throw notFound(`This file has no ${format} format`);
  if (Number(row.is_private) !== 1) {
    return { kind: 'redirect', url: fileUrl(row, stored && { name: format!, ext: stored.ext }) };
  }
  const opened = await openStoredFile(
    ctx.storageRoot,
    true,
    storedName(row.storage_key, stored?.ext ?? row.ext, format),
  );
  if (!opened) throw notFound('File not found');
  try {
    await recordDocumentView(ctx.db, actor, row);
  } catch (err) {
    opened.stream.destroy();
    throw err;
  }
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

/**
 * Deletes a file's record and its bytes (all formats); returns the record as it was. A file an ad, a
 * place or an account still names is refused (409): deleting it there would change a published
 * record behind its review (a photo gone, a Videos sort kept without a video). The seed client's
 * edits replace a record's files first and delete the old ones after: those are no longer named (the
 * server has usually deleted them already: a 404).
 */
export async function deleteFile(ctx: MediaContext, actor: Actor | null, id: number): Promise<Item> {
  const row = await requireFile(ctx.db, actor, 'file.delete', id);
  const item = await presentFile(ctx.db, id);
  if (!item) throw notFound('File not found');
  // An admin's delete of somebody's file (an ID document, say) keeps its record in the audit log.
  const audit = auditChange(actor, 'file.delete', `file:${id}`, 'files', id);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    await audit?.before(trx);
    const done = await deleteFileIfUnused(trx, id);
    if (done === 'deleted') await audit?.after(trx);
    return done;
  });
  if (outcome === 'inUse') throw new AppError('ConflictError', MESSAGES.upload.fileInUse);
  if (outcome === 'missing') throw notFound('File not found');
  await removeStoredFiles(ctx.storageRoot, Number(row.is_private) === 1, storedNamesOf(row));
  return item;
}

/**
 * Makes public uploads private ID documents: a client of the original uploads documents
 * like any image and names them as an ad's `docs`. The original moves to `private/`, its public
 * formats (thumbnails) are removed, and the record says private from then on, so no public URL of it
 * is left. Files already private are left as they are.
 */
export async function makeFilesPrivate(
  db: Kysely<DB>,
  storageRoot: string,
  ids: readonly number[],
): Promise<void> {
  if (!ids.length) return;
  const rows = await db
    .selectFrom('files')
    .select(['id', 'storage_key', 'ext', 'formats'])
    .where('id', 'in', [...ids])
    .where('is_private', '=', 0)
    .execute();
  for (const row of rows) {
    const [original, ...formats] = storedNamesOf(row);
    // The bytes leave the public folder first: a failure here leaves the record public and the
    // request failing, never a record that says private over a file still served publicly.
    await moveStoredFileToPrivate(storageRoot, original!);
    await removeStoredFiles(storageRoot, false, formats);
    await db
      .updateTable('files')
      .set({ is_private: 1, purpose: PRIVATE_PURPOSE, formats: null, updated_at: new Date().toISOString() })
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * Deletes files (records and bytes) that no record names any more: what an ad held before its images
 * or video were replaced, or before it was deleted. A file another record still uses is kept.
 */
export async function deleteUnusedFiles(
  db: Kysely<DB>,
  storageRoot: string,
  ids: readonly number[],
): Promise<number> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return 0;
  const rows = await db
    .selectFrom('files as f')
    .select(['f.id', 'f.storage_key', 'f.ext', 'f.formats', 'f.is_private'])
    .where('f.id', 'in', wanted)
    .where((eb) => eb.not(fileUsedBy(eb.ref('f.id'))))
    .execute();
  if (!rows.length) return 0;
  await deleteFilesByIds(
    db,
    rows.map((r) => r.id),
  );
  for (const row of rows)
    await removeStoredFiles(storageRoot, Number(row.is_private) === 1, storedNamesOf(row));
  return rows.length;
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
 * left by interrupted requests; forgets the uploader's address hash of claimed ones past the cap's
 * 24 hours. Returns the ids of the records removed.
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
  await clearUploaderHashesBefore(db, before.toISOString());
  return [...deleted].sort((a, b) => a - b);
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
    const received: StagedUpload[] = [];
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
        throw fieldError([part.fieldname], message, { plain: true });
      }
      if (received.length >= MEDIA_LIMITS.maxFilesPerRequest)
        throw multipartError({ code: 'FST_FILES_LIMIT' });
      received.push(await receiveFile(part, staging));
    }
    if (purpose && purpose !== PRIVATE_PURPOSE) {
      throw fieldError('purpose', `purpose must be "${PRIVATE_PURPOSE}" or left out`, { plain: true });
    }
    if (!received.length) throw invalidFile('No file was sent: add one or more files in the field "files"');

    // Anonymous uploads are ID documents for registration: images only.
    if (!actor && received.some((r) => !r.record.mime.startsWith('image/'))) {
      throw unsupportedType('Without a login only images (ID documents) may be uploaded');
    }
    const isPrivate = !actor || purpose === PRIVATE_PURPOSE;
    // An anonymous upload answers a claim token once (only its hash is kept) and is marked with a
    // keyed hash of the address for 24 hours. What one address, or one account, may upload per day
    // is capped.
    const tokens = actor ? [] : received.map(() => randomBytes(CLAIM_TOKEN_BYTES).toString('base64url'));
    const uploaderHash = actor ? null : hashUploaderAddress(ctx.addressKey ?? '', address);
    const since = new Date(Date.now() - ANONYMOUS_UPLOAD_TTL_MS).toISOString();
    const overDailyCap = async (adding: number) =>
      actor
        ? (await sumUploadedBytesSince(ctx.db, { ownerId: actor.id }, since)) + adding >
          MEDIA_LIMITS.maxAccountBytesPerDay
        : (await sumUploadedBytesSince(ctx.db, { addressHash: uploaderHash! }, since)) + adding >
          MEDIA_LIMITS.maxAnonymousBytesPerDay;
    if (await overDailyCap(received.reduce((sum, r) => sum + storedBytes(r.record), 0))) {
      throw dailyLimitReached(!!actor);
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
      await deleteFilesByIds(ctx.db, ids);
      await removeStoredFiles(ctx.storageRoot, isPrivate, names);
      throw dailyLimitReached(!!actor);
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
 * sniffed, images re-encoded without metadata with formats, videos kept. Public, owned by `ownerId`,
 * named `filename` (the server's own name, by which the demo finds its pictures again).
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
      yield { type: 'file', fieldname: 'files', filename, file, generated: true };
    })(),
  );
  return uploaded!.item;
}
