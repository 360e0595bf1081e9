import { MESSAGES } from '@app/domain';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { requireAccess } from '../../access/index.ts';
import { auditChange, recordAudit } from '../../db/audit-log.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { plainItem, type ItemQuery } from '../../http/items.ts';
import { findMany, findOne, type Item } from '../../http/strapi/find.ts';
import type { ParsedQuery } from '../../http/strapi/parse.ts';
import { parseFormats, type FormatName } from './media.images.ts';
import {
  deleteFileIfUnused,
  deleteFilesByIds,
  findPublicFiles,
  findExistingFileIds,
  findFilesOwnedBy,
  findUnusedFiles,
  markFilePrivate,
  type FileRow,
} from './media.queries.ts';
import { fileResource, fileUrl } from './media.resources.ts';
import { StorageError, type Storage } from '../../storage/index.ts';
import { storedName } from './media.storage.ts';

/*
 * The upload plugin's use cases: listing, reading, streaming and deleting files (each behind
 * `requireAccess` with `file.read` or `file.delete`), making uploads private and deleting unused ones. Uploading
 * and the claim of anonymous uploads are in media.upload.ts.
 */

/** The one purpose a caller may give; it makes the upload private (ID documents). */
export const PRIVATE_PURPOSE = 'docs';

export interface MediaContext {
  db: Kysely<DB>;
  /** Where the files are kept (server/src/storage/). */
  storage: Storage;
  /** The key of the keyed hash that stands for an anonymous uploader's address (never stored raw). */
  addressKey?: string;
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

/**
 * Removes the bytes of a file whose record is already gone. A storage that fails here does not fail the
 * request that deleted the record: the failure is counted (`ltf_storage_errors_total`) and the daily
 * `delete-orphan-files` removes the bytes later, as no record names them.
 */
async function removeAfterRecord(storage: Storage, isPrivate: boolean, names: string[]): Promise<void> {
  try {
    await storage.remove(isPrivate, names);
  } catch (err) {
    if (!(err instanceof StorageError)) throw err;
  }
}

/** Every disk name of a stored file: the original and its formats (each in its own extension). */
export function storedNamesOf(row: Pick<FileRow, 'storage_key' | 'ext' | 'formats'>): string[] {
  return [
    storedName(row.storage_key, row.ext),
    ...Object.entries(parseFormats(row)).map(([name, f]) => storedName(row.storage_key, f.ext, name)),
  ];
}

export function presentFile(db: Kysely<DB>, id: number): Promise<Item | undefined> {
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
  | { kind: 'stream'; stream: Readable; size: number; mime: string; fileName: string };

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
  const opened = await ctx.storage.open(true, storedName(row.storage_key, stored?.ext ?? row.ext, format));
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
  await removeAfterRecord(ctx.storage, Number(row.is_private) === 1, storedNamesOf(row));
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
  storage: Storage,
  ids: readonly number[],
): Promise<void> {
  if (!ids.length) return;
  const rows = await findPublicFiles(db, ids);
  for (const row of rows) {
    const [original, ...formats] = storedNamesOf(row);
    // The bytes leave the public folder first: a failure here leaves the record public and the
    // request failing, never a record that says private over a file still served publicly. The orphan
    // clean-up keeps a file whose record still says public while its only copy is private.
    await storage.makePrivate(original!);
    await storage.remove(false, formats);
    await markFilePrivate(db, row.id, PRIVATE_PURPOSE);
  }
}

/**
 * Deletes files (records and bytes) that no record names any more: what an ad held before its images
 * or video were replaced, or before it was deleted. A file another record still uses is kept.
 */
export async function deleteUnusedFiles(
  db: Kysely<DB>,
  storage: Storage,
  ids: readonly number[],
): Promise<number> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return 0;
  const rows = await findUnusedFiles(db, wanted);
  if (!rows.length) return 0;
  await deleteFilesByIds(
    db,
    rows.map((r) => r.id),
  );
  for (const row of rows) await removeAfterRecord(storage, Number(row.is_private) === 1, storedNamesOf(row));
  return rows.length;
}

/** A file record's names on disk (the original and its formats), public or private. */
export interface StoredFiles {
  id: number;
  private: boolean;
  names: string[];
}

/**
 * The files an account uploaded, with their names on disk: a deleted account keeps the list before any of
 * its records go, so that a run after a crash still knows which bytes to remove.
 */
export async function listOwnedFiles(db: Kysely<DB>, userId: number): Promise<StoredFiles[]> {
  const rows = await findFilesOwnedBy(db, userId);
  return rows.map((r) => ({
    id: Number(r.id),
    private: Number(r.is_private) === 1,
    names: storedNamesOf(r),
  }));
}

/** Deletes the records of the files an account uploaded that no record uses any more; answers how many. */
export async function deleteUnusedOwnedFileRecords(db: Kysely<DB>, userId: number): Promise<number> {
  const owned = (await findFilesOwnedBy(db, userId)).map((r) => Number(r.id));
  const unused = owned.length ? await findUnusedFiles(db, owned) : [];
  return deleteFilesByIds(
    db,
    unused.map((r) => Number(r.id)),
  );
}

/** Removes from the storage the bytes of those files whose records are gone (a missing one is no error). */
export async function removeStoredOfGone(
  db: Kysely<DB>,
  storage: Storage,
  files: readonly StoredFiles[],
): Promise<void> {
  const still = new Set(
    await findExistingFileIds(
      db,
      files.map((f) => f.id),
    ),
  );
  for (const f of files) if (!still.has(f.id)) await storage.remove(f.private, f.names);
}
