import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MESSAGES } from '@app/domain';
import type { Kysely } from 'kysely';
import type { PrivacyContext } from './privacy.context.ts';
import { ZipFile } from 'yazl';
import { recordAudit } from '../../db/audit-log.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { listOwnedFiles } from '../media/index.ts';
import {
  claimExport,
  deleteExportRow,
  findAccountForDeletion,
  findDiskExports,
  findExpiredExports,
  findExport,
  findExportFilesOf,
  findPendingExports,
  findRecentExport,
  insertExport,
  listExportsOf,
  markExportFailed,
  markExportReady,
  readAccountData,
} from './privacy.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a prepared export is offered. */
export const EXPORT_DAYS = 7;
const X = MESSAGES.dataExport;

/** An export as its owner's list shows it. */
function exportItem(row: Awaited<ReturnType<typeof listExportsOf>>[number]) {
  return {
    id: Number(row.id),
    state: row.state,
    size: row.size === null ? null : Number(row.size),
    createdAt: row.created_at,
    readyAt: row.ready_at,
    expiresAt: row.expires_at,
  };
}

/**
 * Asks for an export of an account's data: by the account itself (`POST /api/account/exports`, one a day), or
 * by the admin on the person's request (`POST /api/admin/users/:id/exports`, audited). The job prepares it; the
 * request starts it at once too.
 */
export async function requestExport(c: PrivacyContext, actor: Actor, userId: number) {
  const account = await findAccountForDeletion(c.db, userId);
  if (!account || account.deleted_at !== null) throw notFound(MESSAGES.accountDeletion.notFound);
  if (!isAdmin(actor)) {
    const since = new Date(Date.now() - DAY_MS).toISOString();
    if (await findRecentExport(c.db, userId, since)) throw new AppError('RateLimitError', X.oncePerDay);
  }
  const id = await insertExport(c.db, userId, actor.id);
  if (isAdmin(actor) && actor.id !== userId)
    await recordAudit(c.db, actor, 'account.export', `user:${userId}`, { export: id });
  // Prepared now, without holding the answer; a failure marks it (the job takes any a restart interrupts).
  void prepareExport(c, id, userId).catch(() => markExportFailed(c.db, id).catch(() => undefined));
  return listOwnExports(c.db, userId).then((list) => list.find((e) => e.id === id)!);
}

/** `GET /api/account/exports` (and the console's list of an account's): newest first. */
export async function listOwnExports(db: Kysely<DB>, userId: number) {
  return (await listExportsOf(db, userId)).map(exportItem);
}

/**
 * A new export's stored name: random, in the storage's private folder beside the uploads, in a form the
 * uploads' orphan clean-up leaves alone (their names are `<key><ext>`); the export's own row and jobs
 * delete it.
 */
const exportName = () => `export-${randomBytes(16).toString('hex')}.zip`;

/**
 * Writes an account's export: `data.json` (`readAccountData`) and its uploads under `uploads/`, as one zip,
 * first under a temporary name, so a crash leaves no half-written zip offered as ready.
 */
export async function prepareExport(c: PrivacyContext, id: number, userId: number): Promise<void> {
  // One preparer per export: the request's own and the job's never both write it.
  if (!(await claimExport(c.db, id))) return;
  // Written on this machine's disk (the storage's staging folder), then stored with the private files, so
  // that whichever machine answers the download finds it.
  await mkdir(c.storage.stagingRoot, { recursive: true });
  const name = exportName();
  const temporary = path.join(c.storage.stagingRoot, `${name}.part`);
  let size: number;
  try {
    const data = await readAccountData(c.db, userId);
    const zip = new ZipFile();
    // A file that cannot be read fails the zip (and so the export), never the process.
    const failed = new Promise<never>((_, reject) => zip.on('error', reject));
    zip.addBuffer(
      Buffer.from(JSON.stringify({ exportedAt: new Date().toISOString(), ...data }, null, 2)),
      'data.json',
    );
    for (const file of await listOwnedFiles(c.db, userId)) {
      const original = file.names[0]!;
      // A file whose bytes are missing is left out of the zip (its record is in data.json); each is opened
      // from the storage only when its turn comes.
      const found = await c.storage.stat(file.private, original);
      if (!found) continue;
      zip.addReadStreamLazy(
        `uploads/${file.id}${path.extname(original)}`,
        { size: found.size, mtime: found.modified },
        (done) => {
          c.storage.open(file.private, original).then(
            (opened) =>
              opened ? done(null, opened.stream) : done(new Error('A stored file went missing'), null!),
            (err: Error) => done(err, null!),
          );
        },
      );
    }
    zip.end();
    await Promise.race([pipeline(zip.outputStream, createWriteStream(temporary)), failed]);
    ({ size } = await stat(temporary));
    await c.storage.putFile(true, name, temporary);
  } finally {
    await rm(temporary, { force: true });
  }
  const expires = new Date(Date.now() + EXPORT_DAYS * DAY_MS).toISOString();
  await markExportReady(c.db, id, name, size, expires);
}

/** The job `prepare-data-exports`: every export still waiting (after a restart, say); answers how many. */
export async function prepareExports(c: PrivacyContext): Promise<number> {
  let done = 0;
  for (const { id, user_id } of await findPendingExports(c.db)) {
    try {
      await prepareExport(c, Number(id), Number(user_id));
      done++;
    } catch {
      await markExportFailed(c.db, Number(id));
    }
  }
  return done;
}

/** The job `delete-expired-exports`: zips past their 7 days (failed ones after a day), files and rows. */
export async function deleteExpiredExports(c: PrivacyContext, now = new Date()): Promise<number> {
  const expired = await findExpiredExports(
    c.db,
    now.toISOString(),
    new Date(now.getTime() - DAY_MS).toISOString(),
  );
  for (const e of expired) {
    if (e.file) await c.storage.remove(true, [e.file]);
    await deleteExportRow(c.db, Number(e.id));
  }
  return expired.length;
}

/**
 * Exports prepared before they were kept in the storage had their zips in `DATA_DIR/exports`, where no
 * download looks any more: their rows and that folder are deleted (the person asks again), so no copy of
 * anyone's data stays behind on a machine's disk. Part of the job `delete-expired-exports`; answers how many.
 */
export async function retireDiskExports(db: Kysely<DB>, dataDir: string): Promise<number> {
  const rows = await findDiskExports(db);
  for (const row of rows) await deleteExportRow(db, Number(row.id));
  await rm(path.join(dataDir, 'exports'), { recursive: true, force: true });
  return rows.length;
}

/** A deleted account's exports: files and rows. */
export async function deleteExportsOf(c: PrivacyContext, userId: number): Promise<void> {
  for (const e of await findExportFilesOf(c.db, userId)) {
    if (e.file) await c.storage.remove(true, [e.file]);
    await deleteExportRow(c.db, Number(e.id));
  }
}

/**
 * `GET /api/account/exports/:id/download`: the zip, to its account or the admin (audited); any other caller,
 * an export not ready or past its time: 404.
 */
export async function openExport(c: PrivacyContext, actor: Actor, id: number) {
  const row = await findExport(c.db, id);
  const mine = row && (Number(row.user_id) === actor.id || isAdmin(actor));
  if (
    !row ||
    !mine ||
    row.state !== 'ready' ||
    !row.file ||
    (row.expires_at ?? '') < new Date().toISOString()
  )
    throw notFound(X.notFound);
  if (isAdmin(actor) && Number(row.user_id) !== actor.id)
    await recordAudit(c.db, actor, 'account.export-download', `user:${row.user_id}`, { export: id });
  const opened = await c.storage.open(true, row.file);
  if (!opened) throw notFound(X.notFound);
  return { stream: opened.stream, size: opened.size, fileName: `live-the-fantasy-data-${id}.zip` };
}
