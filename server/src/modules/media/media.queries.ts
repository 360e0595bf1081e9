import { phashBands } from '@app/domain/trust';
import {
  expressionBuilder,
  type Expression,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import { insertRow } from '../../db/rows.ts';
import type { DB, FilesTable } from '../../db/schema.ts';

export type FileRow = Selectable<FilesTable>;
export type NewFile = Omit<Insertable<FilesTable>, 'id' | 'created_at' | 'updated_at'>;

/**
 * Inserts file records in one transaction and returns their ids in order. An image's perceptual hash is
 * written with its bands (`file_phash_bands`), which the same-photo risk signal looks up.
 */
export async function insertFiles(db: Kysely<DB>, files: NewFile[]): Promise<number[]> {
  if (!files.length) return [];
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const f of files) {
      const id = await insertRow(trx, 'files', f);
      const bands = f.phash ? phashBands(f.phash) : [];
      if (bands.length) {
        await trx
          .insertInto('file_phash_bands')
          .values(bands.map((value, band) => ({ file_id: id, band, value })))
          .execute();
      }
      ids.push(id);
    }
    return ids;
  });
}

/**
 * The one list of where a file is shown publicly: an ad's photo or video, an account's avatar, a
 * place's picture or video, a product's picture and the copy of it an order line keeps. `file` is the
 * file's id (e.g. `eb.ref('f.id')`).
 */
export function fileShownBy(file: Expression<number>): Expression<SqlBool> {
  const eb = expressionBuilder<DB>();
  return eb.or([
    eb.exists(eb.selectFrom('provider_images').select('file_id').where('file_id', '=', file)),
    eb.exists(eb.selectFrom('providers').select('id').where('video_id', '=', file)),
    eb.exists(eb.selectFrom('users').select('id').where('avatar_id', '=', file)),
    eb.exists(
      eb
        .selectFrom('places')
        .select('id')
        .where((v) => v.or([v('image_id', '=', file), v('video_id', '=', file)])),
    ),
    eb.exists(eb.selectFrom('products').select('id').where('picture_id', '=', file)),
    eb.exists(eb.selectFrom('order_lines').select('id').where('picture_id', '=', file)),
  ]);
}

/** Whether any record names the file: where it is shown, or as an ad's or an account's ID document. */
export function fileUsedBy(file: Expression<number>): Expression<SqlBool> {
  const eb = expressionBuilder<DB>();
  return eb.or([
    fileShownBy(file),
    eb.exists(eb.selectFrom('provider_docs').select('file_id').where('file_id', '=', file)),
    eb.exists(eb.selectFrom('user_docs').select('file_id').where('file_id', '=', file)),
    // A new photo or video an owner's revision stages waits for the moderator's decision.
    eb.exists(eb.selectFrom('pending_revision_files').select('file_id').where('file_id', '=', file)),
  ]);
}

/**
 * Deletes one record unless a record names it (`fileUsedBy`), in one statement. Answers 'deleted',
 * 'inUse' (kept) or 'missing'.
 */
export async function deleteFileIfUnused(
  db: Kysely<DB>,
  id: number,
): Promise<'deleted' | 'inUse' | 'missing'> {
  const result = await db
    .deleteFrom('files as f')
    .where('f.id', '=', id)
    .where((eb) => eb.not(fileUsedBy(eb.ref('f.id'))))
    .executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) return 'deleted';
  const held = await db.selectFrom('files').select('id').where('id', '=', id).executeTakeFirst();
  return held ? 'inUse' : 'missing';
}

/** One anonymous upload to claim: its id and the SHA-256 (hex) of the claim token presented. */
export interface FileClaim {
  id: number;
  tokenHash: string;
}

/**
 * Gives unowned files created at or after `since` to a user, each only when the hash of the token
 * presented equals the stored one (compared in SQL), atomically: a file another request claimed
 * first is left alone. Clears the token and uploader hashes of what it claims. Returns the ids claimed.
 */
export async function claimUnownedFiles(
  db: Kysely<DB>,
  claims: FileClaim[],
  userId: number,
  since: string,
): Promise<number[]> {
  if (!claims.length) return [];
  const rows = await db
    .updateTable('files')
    .set({ owner_id: userId, claim_token_hash: null, updated_at: nowIso() })
    .where((eb) =>
      eb.or(claims.map((c) => eb.and([eb('id', '=', c.id), eb('claim_token_hash', '=', c.tokenHash)]))),
    )
    .where('owner_id', 'is', null)
    .where('created_at', '>=', since)
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The bytes (originals and formats, as recorded) uploaded at or after `since` by one uploader: an
 * address without an account (its keyed hash; claimed by a registration since or not), or an account.
 */
export async function sumUploadedBytesSince(
  db: Kysely<DB>,
  uploader: { addressHash: string } | { ownerId: number },
  since: string,
): Promise<number> {
  const rows = await db
    .selectFrom('files')
    .select(['size', 'formats'])
    .$if('addressHash' in uploader, (q) =>
      q.where('uploader_hash', '=', (uploader as { addressHash: string }).addressHash),
    )
    .$if('ownerId' in uploader, (q) => q.where('owner_id', '=', (uploader as { ownerId: number }).ownerId))
    .where('created_at', '>=', since)
    .execute();
  return rows.reduce((total, row) => total + storedBytes(row), 0);
}

/** Forgets which address made the anonymous uploads older than `before` (the cap's window is over). */
export async function clearUploaderHashesBefore(db: Kysely<DB>, before: string): Promise<number> {
  const result = await db
    .updateTable('files')
    .set({ uploader_hash: null })
    .where('uploader_hash', 'is not', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The bytes a file record accounts for: its original plus the formats listed in `formats`. */
export function storedBytes(row: { size: number; formats?: string | null }): number {
  let bytes = Number(row.size) || 0;
  if (!row.formats) return bytes;
  try {
    for (const f of Object.values(JSON.parse(row.formats) as Record<string, { size?: unknown }>)) {
      bytes += Number(f?.size) || 0;
    }
  } catch {
    // A malformed formats column counts the original only.
  }
  return bytes;
}

/**
 * Anonymous uploads (private, purpose `docs`, no owner) created before `before` that nothing refers to.
 */
export function findExpiredAnonymousFiles(db: Kysely<DB>, before: string): Promise<FileRow[]> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('owner_id', 'is', null)
    .where('is_private', '=', 1)
    .where('purpose', '=', 'docs')
    .where('created_at', '<', before)
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb
              .selectFrom('user_docs')
              .select('user_docs.file_id')
              .whereRef('user_docs.file_id', '=', 'files.id'),
          ),
        ),
        eb.not(
          eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.avatar_id', '=', 'files.id')),
        ),
      ]),
    )
    .orderBy('id')
    .limit(1000)
    .execute();
}

/** Deletes the records of these files, whoever owns them (an upload taken back); answers how many. */
export async function deleteFilesByIds(db: Kysely<DB>, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const result = await db.deleteFrom('files').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the given records, but only while they are still unowned (a claim may race the clean-up). */
export async function deleteUnownedFiles(db: Kysely<DB>, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .deleteFrom('files')
    .where('id', 'in', ids)
    .where('owner_id', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The public ones of these files, with what moving their bytes needs. */
export function findPublicFiles(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('files')
    .select(['id', 'storage_key', 'ext', 'formats'])
    .where('id', 'in', [...ids])
    .where('is_private', '=', 0)
    .execute();
}

/** Marks a file private (its public formats gone): it has the one private purpose from then on. */
export async function markFilePrivate(db: Kysely<DB>, id: number, purpose: string): Promise<void> {
  await db
    .updateTable('files')
    .set({ is_private: 1, purpose, formats: null, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** The files an account uploaded, with what naming their bytes needs. */
export function findFilesOwnedBy(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('files')
    .select(['id', 'storage_key', 'ext', 'formats', 'is_private'])
    .where('owner_id', '=', userId)
    .execute();
}

/** Those of these file ids that still have a record. */
export async function findExistingFileIds(db: Kysely<DB>, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Those of these files no record names any more, with what removing their bytes needs. */
export function findUnusedFiles(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('files as f')
    .select(['f.id', 'f.storage_key', 'f.ext', 'f.formats', 'f.is_private'])
    .where('f.id', 'in', [...ids])
    .where((eb) => eb.not(fileUsedBy(eb.ref('f.id'))))
    .execute();
}

/** Those of these files that are public and shown by some record (an ID document must be shown nowhere). */
export function findPublicFilesShown(db: Kysely<DB>, ids: readonly number[]) {
  return db
    .selectFrom('files as f')
    .select('f.id')
    .where('f.id', 'in', [...ids])
    .where('f.is_private', '=', 0)
    .where((eb) => fileShownBy(eb.ref('f.id')))
    .execute();
}

/** The records of these storage keys: whether each is private (orphan clean-up). */
export function findFilesByStorageKeys(db: Kysely<DB>, keys: readonly string[]) {
  if (!keys.length) return Promise.resolve([]);
  return db
    .selectFrom('files')
    .select(['storage_key', 'is_private'])
    .where('storage_key', 'in', [...keys])
    .execute();
}

/** One page of every file record, by id (storage-copy). */
export function findFilesAfter(db: Kysely<DB>, afterId: number, limit: number) {
  return db
    .selectFrom('files')
    .select(['id', 'storage_key', 'ext', 'formats', 'is_private'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
