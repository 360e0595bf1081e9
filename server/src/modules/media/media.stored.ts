import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Storage, StoredInfo } from '../../storage/index.ts';
import { findFilesAfter, findFilesByStorageKeys } from './media.queries.ts';
import { storedNamesOf } from './media.service.ts';

/*
 * The stored files as a whole, against the records: the clean-up of files no record names (orphans) and
 * the copy of every stored file from one storage to another (`npm run cli -- storage-copy`).
 */

/** How old a stored file without a record must be before it is removed: uploads finish well within it. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

const BATCH = 500;

/** The storage key in a stored name (`<key><ext>` or `<format>_<key><ext>`), or undefined for another name. */
export function storageKeyOf(name: string): string | undefined {
  return /^(?:[a-z]{1,16}_)?([a-f0-9]{32})\.[a-z0-9]{1,8}$/.exec(name)?.[1];
}

/**
 * Removes stored files that no record names in their folder, older than a day: what a crash between
 * storing an upload's files and inserting its records left, or a removal that failed after its record
 * went. A public copy of a file whose record is private goes too. Names the server does not make are
 * left alone. Answers how many files were removed.
 */
export async function deleteOrphanFiles(db: Kysely<DB>, storage: Storage, now = new Date()): Promise<number> {
  const before = now.getTime() - ORPHAN_AGE_MS;
  let removed = 0;
  for (const isPrivate of [false, true]) {
    const found: StoredInfo[] = [];
    for await (const file of storage.list(isPrivate)) {
      if (file.modified.getTime() < before && storageKeyOf(file.name)) found.push(file);
    }
    for (let i = 0; i < found.length; i += BATCH) {
      const batch = found.slice(i, i + BATCH);
      const rows = await findFilesByStorageKeys(db, [...new Set(batch.map((f) => storageKeyOf(f.name)!))]);
      const named = new Set(
        rows.filter((r) => (Number(r.is_private) === 1) === isPrivate).map((r) => r.storage_key),
      );
      const inOtherFolder = new Set(rows.map((r) => r.storage_key).filter((key) => !named.has(key)));
      const orphans: string[] = [];
      for (const f of batch) {
        const key = storageKeyOf(f.name)!;
        if (named.has(key)) continue;
        // A record in the other folder: this is a copy left by a move (public to private) only when the
        // record's own copy is there; otherwise the move went through and the record's update did not, and
        // this file is the one the record needs.
        if (inOtherFolder.has(key) && !(await storage.stat(!isPrivate, f.name))) continue;
        orphans.push(f.name);
      }
      await storage.remove(isPrivate, orphans);
      removed += orphans.length;
    }
  }
  return removed;
}

export interface CopyCounts {
  copied: number;
  skipped: number;
  missing: number;
}

/**
 * Copies every file the records name (originals and formats, public and private) from one storage to
 * another. Resumable: a file already at the target with the same size is skipped. A file the source does
 * not have is counted as missing.
 */
export async function copyStoredFiles(
  db: Kysely<DB>,
  from: Storage,
  to: Storage,
  progress?: (counts: CopyCounts) => void,
): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, missing: 0 };
  for (let after = 0; ;) {
    const rows = await findFilesAfter(db, after, BATCH);
    if (!rows.length) break;
    after = Number(rows[rows.length - 1]!.id);
    for (const row of rows) {
      const isPrivate = Number(row.is_private) === 1;
      for (const name of storedNamesOf(row)) {
        const source = await from.stat(isPrivate, name);
        if (!source) {
          counts.missing++;
          continue;
        }
        const there = await to.stat(isPrivate, name);
        if (there && there.size === source.size) {
          counts.skipped++;
          continue;
        }
        const opened = await from.open(isPrivate, name);
        if (!opened) {
          counts.missing++;
          continue;
        }
        await to.putStream(isPrivate, name, opened.stream, opened.size);
        counts.copied++;
      }
    }
    progress?.(counts);
  }
  return counts;
}
