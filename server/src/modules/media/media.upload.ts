import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { fieldError } from '../../http/errors.ts';
import type { Item } from '../../http/strapi/find.ts';
import { multipartError, readParts, receiveFile, type UploadPart } from './media.intake.ts';
import { dailyLimitReached, invalidFile, MEDIA_LIMITS, quoted, unsupportedType } from './media.limits.ts';
import {
  claimUnownedFiles,
  clearUploaderHashesBefore,
  deleteFilesByIds,
  deleteUnownedFiles,
  findExpiredAnonymousFiles,
  insertFiles,
  storedBytes,
  sumUploadedBytesSince,
} from './media.queries.ts';
import { presentFile, PRIVATE_PURPOSE, storedNamesOf, type MediaContext } from './media.service.ts';
import type { Storage } from '../../storage/index.ts';
import { createStaging, removeStaleStaging, type StagedUpload } from './media.storage.ts';

/*
 * Uploading: a request's files received, checked, capped per day and stored (all or nothing), the server's own
 * files through the same pipeline, and anonymous uploads (registration's ID documents) with their claim tokens,
 * claimed by the account that registers or removed after a day.
 */

/** One stored upload; an anonymous one carries the claim token registration must present with its id. */
export interface UploadedItem {
  item: Item;
  claimToken?: string;
}

/** The random bytes of an anonymous upload's claim token (answered once, only its SHA-256 kept). */
export const CLAIM_TOKEN_BYTES = 32;

/** How long an anonymous upload (registration documents) waits to be claimed. */
export const ANONYMOUS_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

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
  storage: Storage,
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
    if (deleted.has(row.id)) await storage.remove(Number(row.is_private) === 1, storedNamesOf(row));
  }
  await removeStaleStaging(storage, before);
  await clearUploaderHashesBefore(db, before.toISOString());
  return [...deleted].sort((a, b) => a - b);
}

/** The files of an upload request staged, and its `purpose` field; a request without files is a 400. */
async function receiveUpload(
  parts: () => AsyncIterable<UploadPart>,
  staging: Parameters<typeof receiveFile>[1],
): Promise<{ received: StagedUpload[]; purpose: string | undefined }> {
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
    if (received.length >= MEDIA_LIMITS.maxFilesPerRequest) throw multipartError({ code: 'FST_FILES_LIMIT' });
    received.push(await receiveFile(part, staging));
  }
  if (purpose && purpose !== PRIVATE_PURPOSE) {
    throw fieldError('purpose', `purpose must be "${PRIVATE_PURPOSE}" or left out`, { plain: true });
  }
  if (!received.length) throw invalidFile('No file was sent: add one or more files in the field "files"');
  return { received, purpose };
}

/**
 * Whether adding `adding` bytes puts the uploader over the day's cap: an account's, or an anonymous address's
 * (by its keyed hash), counted over the last 24 hours.
 */
async function overDailyCap(
  db: Kysely<DB>,
  actor: Actor | null,
  uploaderHash: string | null,
  adding: number,
): Promise<boolean> {
  const since = new Date(Date.now() - ANONYMOUS_UPLOAD_TTL_MS).toISOString();
  return actor
    ? (await sumUploadedBytesSince(db, { ownerId: actor.id }, since)) + adding >
        MEDIA_LIMITS.maxAccountBytesPerDay
    : (await sumUploadedBytesSince(db, { addressHash: uploaderHash! }, since)) + adding >
        MEDIA_LIMITS.maxAnonymousBytesPerDay;
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
  const staging = await createStaging(ctx.storage);
  try {
    const { received, purpose } = await receiveUpload(parts, staging);
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
    const adding = received.reduce((sum, r) => sum + storedBytes(r.record), 0);
    if (await overDailyCap(ctx.db, actor, uploaderHash, adding)) throw dailyLimitReached(!!actor);
    const names = received.flatMap((r) => r.files);
    // Every file stored before any record is written: a storage that fails here (a StorageError, a 503 with
    // MESSAGES.upload.storageUnavailable) leaves no record, and a crash leaves only files no record names.
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
      await ctx.storage.remove(isPrivate, names).catch(() => undefined);
      throw err;
    }
    // Two uploads from one address at once both passed the check above: counted again with both
    // stored, whichever goes over is taken back.
    if (await overDailyCap(ctx.db, actor, uploaderHash, 0)) {
      await deleteFilesByIds(ctx.db, ids);
      await ctx.storage.remove(isPrivate, names);
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
