import { existsSync, statSync } from 'node:fs';
import { chmod, copyFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { processesLocking } from './backup.files.ts';
import { BackupError } from './manifest.ts';

export const SQLITE_FILE = 'app.sqlite';

/**
 * Copies the live database with SQLite's online backup API, beside a running server that keeps writing:
 * the whole file in one step, so the copy is one read transaction (the state of one moment; in WAL mode
 * the server's writes go on meanwhile). In several steps, any write by the server between two steps
 * would start the copy over, without end under steady writes.
 */
export async function backupSqlite(
  dataDir: string,
  dir: string,
): Promise<{ bytes: number; migrations: string[] }> {
  const source = path.join(dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new BackupError(`No database at ${source}: check DATA_DIR`);
  const target = path.join(dir, SQLITE_FILE);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  // The copy is checked before anyone relies on it, and read for the schema it holds.
  const migrations = checkedSqliteFile(target);
  await chmod(target, 0o600);
  return { bytes: statSync(target).size, migrations };
}

/**
 * Runs SQLite's quick check on a database file and answers its applied migrations; throws if it is damaged.
 * Opened for writing (it writes nothing) so that closing it removes the `-wal` and `-shm` files the open made.
 */
export function checkedSqliteFile(file: string): string[] {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} fails SQLite's check: ${String(check)}`);
    return appliedSqliteMigrations(db);
  } finally {
    db.close();
  }
}

function appliedSqliteMigrations(db: SQLite.Database): string[] {
  const table = db
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get();
  if (!table) return [];
  return (db.prepare('select name from kysely_migration order by name').pluck().all() as string[]).sort();
}

/**
 * Whether the data folder's database holds anything: a migration applied or a row in any table. A folder
 * without the file is empty.
 */
export function sqliteHoldsData(dataDir: string): boolean {
  const file = path.join(dataDir, SQLITE_FILE);
  if (!existsSync(file)) return false;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    if (appliedSqliteMigrations(db).length) return true;
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .pluck()
      .all() as string[];
    return tables.some((t) => db.prepare(`select 1 from "${t.replaceAll('"', '""')}" limit 1`).get());
  } finally {
    db.close();
  }
}

/** Refuses while another process (the server) has the data folder's database open. */
export function refuseOpenSqlite(dataDir: string): void {
  const file = path.join(dataDir, SQLITE_FILE);
  const pids = processesLocking([file, `${file}-shm`]);
  if (pids.length) {
    throw new BackupError(
      `The database in ${dataDir} is open in process ${pids.map((p) => p || '(of another container)').join(', ')} (the server?): stop it before restoring`,
    );
  }
}

/**
 * Copies a backup's database file beside the data folder's under a temporary name and checks it there (the
 * backup folder may be read-only): its applied migrations, and `commit` to put it in place, or `discard`.
 */
export async function stageSqlite(
  backupFile: string,
  dataDir: string,
): Promise<{ migrations: string[]; commit: () => Promise<void>; discard: () => Promise<void> }> {
  const target = path.join(dataDir, SQLITE_FILE);
  const staged = `${target}.restoring`;
  const discard = () => rm(staged, { force: true });
  await copyFile(backupFile, staged);
  let migrations: string[];
  try {
    migrations = checkedSqliteFile(staged);
  } catch (err) {
    await discard();
    throw err;
  }
  // With the server stopped: the old file's write-ahead log and shared memory go first (SQLite would
  // apply an old log to the new file), then one rename replaces the file.
  const commit = async () => {
    await rm(`${target}-wal`, { force: true });
    await rm(`${target}-shm`, { force: true });
    await rename(staged, target);
  };
  return { migrations, commit, discard };
}
