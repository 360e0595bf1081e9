import { sql, type CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema.ts';

/**
 * The directory's change log (docs/decisions/0011-incremental-facet-index.md). Every write that can change
 * which providers are shown or what they are filtered by records a change in its own transaction: the
 * directory version (`settings.directory_version`) goes up by one, and a `directory_changes` row with that
 * version as its id names what changed. The version row's lock orders the writers, so the log's ids are
 * contiguous and commit in order: a reader that applied every change up to N reads the ones after N.
 */

/** The `settings` key whose integer value is the id of the directory's last change. */
export const DIRECTORY_VERSION_KEY = 'directory_version';

/** The PostgreSQL channel each change is announced on (delivered at commit). */
export const DIRECTORY_CHANNEL = 'directory_changes';

/** How many changes the log keeps: a process further behind than this rebuilds its index. */
export const KEPT_CHANGES = 10_000;

/** What a write changed: some providers, every provider of an account, or (nothing given) anything. */
export type DirectoryChange = { providerIds: readonly number[] } | { userId: number } | undefined;

type Db = Kysely<DB> | Transaction<DB>;

/** The highest version each database handle's transactions recorded (committed or not yet). */
const recorded = new WeakMap<object, number>();

/**
 * Records a change in the caller's transaction: one version per provider named (one for an account or for
 * everything). Call it in the same transaction as the write, so the change commits, or not, with it.
 */
export async function recordDirectoryChange(db: Db, change?: DirectoryChange): Promise<void> {
  const now = new Date().toISOString();
  const rows: { provider_id: number | null; user_id: number | null }[] =
    change && 'providerIds' in change
      ? change.providerIds.map((id) => ({ provider_id: id, user_id: null }))
      : [{ provider_id: null, user_id: change?.userId ?? null }];
  for (const row of rows) {
    const { rows: bumped } = await sql<{ value: string }>`insert into settings (key, value)
      values (${DIRECTORY_VERSION_KEY}, '1')
      on conflict (key) do update set value = cast(cast(settings.value as integer) + 1 as text)
      returning value`.execute(db);
    const version = Number(bumped[0]!.value);
    await db
      .insertInto('directory_changes')
      .values({ id: version, ...row, created_at: now })
      .execute();
    // Pruned a hundred versions at a time: one range delete on the primary key.
    if (version % 100 === 0) {
      await db
        .deleteFrom('directory_changes')
        .where('id', '<=', version - KEPT_CHANGES)
        .execute();
    }
    const key = handleKey(db);
    recorded.set(key, Math.max(recorded.get(key) ?? 0, version));
    if (db.getExecutor().adapter.constructor.name.startsWith('Postgres')) {
      await sql`select pg_notify(${DIRECTORY_CHANNEL}, ${String(version)})`.execute(db);
    }
  }
}

/** A key shared by a database handle and its transactions (the dialect's adapter, made once per handle). */
const handleKey = (db: Db): object => db.getExecutor().adapter;

/**
 * The highest version a transaction on this database handle recorded, committed or not: a process's
 * index must reach it before answering, so a request after an acknowledged write sees it.
 */
export function lastRecordedVersion(db: Kysely<DB>): number {
  return recorded.get(handleKey(db)) ?? 0;
}

const compiled = new WeakMap<Kysely<DB>, CompiledQuery<{ value: string }>>();

/** The stored directory version: the id of the last committed change (0 before any). */
export async function readDirectoryVersion(db: Kysely<DB>): Promise<number> {
  let query = compiled.get(db);
  if (!query) {
    query = db.selectFrom('settings').select('value').where('key', '=', DIRECTORY_VERSION_KEY).compile();
    compiled.set(db, query);
  }
  const { rows } = await db.executeQuery(query);
  return rows[0] ? Number(rows[0].value) : 0;
}

/**
 * The first `limit` changes after `after`, in order. No upper bound on the id: when the log was pruned past
 * `after`, the first one returned is later than `after + 1` (an empty answer means no change at all).
 */
export function readDirectoryChanges(db: Kysely<DB>, after: number, limit: number) {
  return db
    .selectFrom('directory_changes')
    .select(['id', 'provider_id', 'user_id'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}
