import type { Insertable, Kysely, Selectable } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB, FilesTable } from '../../db/schema.ts';

export type FileRow = Selectable<FilesTable>;
export type NewFile = Omit<Insertable<FilesTable>, 'id' | 'created_at' | 'updated_at'>;

/** Inserts file records in one transaction and returns their ids in order. */
export async function insertFiles(db: Kysely<DB>, files: NewFile[]): Promise<number[]> {
  if (!files.length) return [];
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const f of files) {
      const row = await trx
        .insertInto('files')
        .values({ ...f, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  });
}

export function findFileById(db: Kysely<DB>, id: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes one record; true when it existed. */
export async function deleteFileById(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('files').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Gives unowned files created at or after `since` to a user, atomically: a file another request
 * claimed first is left alone. Returns the ids claimed.
 */
export async function claimUnownedFiles(
  db: Kysely<DB>,
  ids: number[],
  userId: number,
  since: string,
): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .updateTable('files')
    .set({ owner_id: userId, updated_at: nowIso() })
    .where('id', 'in', ids)
    .where('owner_id', 'is', null)
    .where('created_at', '>=', since)
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
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
