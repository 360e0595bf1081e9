import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  close(): Promise<void>;
}

// PostgreSQL returns bigint (COUNT(*)) and numeric as strings; our counts and ids fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** Opens the embedded SQLite database in dataDir, or PostgreSQL when a URL is given. */
export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  return openSqlite(path.join(opts.dataDir, 'app.sqlite'));
}

export function openSqlite(file: string): Database {
  const sqlite = new SQLite(file);
  // WAL with synchronous=NORMAL keeps every committed transaction across a process kill;
  // only a power loss can lose the last ones. FULL would survive that too at a write cost.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}
