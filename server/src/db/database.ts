import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import { dbQueryDuration, watchForMetrics } from '../metrics.ts';
import type pg from 'pg';
import type { DB } from './schema.ts';
import { SqliteReader } from './sqlite-reader.ts';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  close(): Promise<void>;
  /**
   * A mark that changes whenever anything may have been written to the database, by this process or
   * another: equal marks mean equal data. Only SQLite can tell (its data_version and this process's
   * own writes); on PostgreSQL it is undefined and nothing may be cached on it.
   */
  changeMark?: () => string;
}

const requireModule = createRequire(import.meta.url);
let pgModule: typeof pg | undefined;

/**
 * The PostgreSQL driver, loaded when first used: a server on SQLite never loads it (its load is part of
 * a start's time, decision 0026).
 */
export function pgDriver(): typeof pg {
  if (!pgModule) {
    pgModule = requireModule('pg') as typeof pg;
    // PostgreSQL returns bigint (COUNT(*)) and numeric as strings; our counts and ids fit in a JS number.
    pgModule.types.setTypeParser(20, (v) => Number(v));
    pgModule.types.setTypeParser(1700, (v) => Number(v));
  }
  return pgModule;
}

const postgresUrls = new WeakMap<Kysely<DB>, string>();

/** The URL a PostgreSQL handle was opened with: for a connection of one's own (the facet index's LISTEN). */
export const postgresUrlOf = (db: Kysely<DB>): string | undefined => postgresUrls.get(db);

const changeMarks = new WeakMap<Kysely<DB>, () => string>();

/** A SQLite handle's `changeMark` (see `Database`): the facet index skips its version read while it holds. */
export const changeMarkOf = (db: Kysely<DB>): (() => string) | undefined => changeMarks.get(db);

/**
 * Runs a hot read (the listing's page, one provider) straight on the driver, without Kysely's query
 * building: a fixed SQL text with `?` placeholders, rows as arrays. SQLite keeps it prepared on the main
 * connection and on its reader thread (`offload`); PostgreSQL runs it as a named prepared statement
 * (`$1…`), parsed and planned once per connection. Undefined when the caller must go through Kysely
 * instead (SQLite inside a transaction, whose lock Kysely holds).
 */
export type HotReader = (
  text: string,
  params: readonly unknown[],
  options?: HotReadOptions,
) => Promise<unknown[][]> | undefined;

export interface HotReadOptions {
  /**
   * SQLite: run the statement on the reader thread (db/sqlite-reader.ts), so that this process handles
   * other requests meanwhile; else on the main connection, at once (the thread's round trip costs more
   * than it gives when nothing else waits). PostgreSQL always runs it in the database's own process.
   */
  offload?: boolean | undefined;
}

const hotReaders = new WeakMap<Kysely<DB>, HotReader>();

/** The hot-read runner of a database handle (one is registered by openDatabase for each engine). */
export const hotReaderOf = (db: Kysely<DB>): HotReader | undefined => hotReaders.get(db);

/**
 * PostgreSQL connections per process: the hot reads run one statement a request, so a pool a little
 * larger than the cores the database has keeps it busy without queueing in the server (docs: README's
 * DATABASE_POOL_MAX; with WORKERS=N processes the database sees N times this many).
 */
export const DEFAULT_POOL_MAX = 10;

/**
 * Hot-read texts kept prepared per process: PostgreSQL's named statements (each connection keeps each one's
 * plans, about 200 KB), SQLite's raw statements on the main connection and on the reader thread (this many
 * each). A text is one per shape a client asks for (`fields`, `populate`), which anyone can vary without
 * end: past this many, PostgreSQL runs a new text unnamed (planned at each run, nothing kept) and SQLite
 * forgets its oldest.
 */
export const HOT_STATEMENTS = { postgres: 32, sqlite: 300 } as const;

const hotStatementCounts = new WeakMap<Kysely<DB>, () => number>();

/** How many hot-read texts a database handle keeps prepared now (at most `HOT_STATEMENTS` of its engine). */
export const hotStatementCount = (db: Kysely<DB>): number => hotStatementCounts.get(db)?.() ?? 0;

function pgHotReader(pool: pg.Pool): { read: HotReader; count: () => number } {
  const named = new Map<string, { name: string; text: string }>();
  // Placeholders outside quoted literals (a literal may hold a `?`, as a url's query does).
  const numbered = (text: string) => {
    let i = 0;
    return text.replace(/'(?:[^']|'')*'|\?/g, (m) => (m === '?' ? `$${++i}` : m));
  };
  const read: HotReader = (text, params) => {
    let query: { name?: string; text: string } | undefined = named.get(text);
    if (!query) {
      query = { text: numbered(text) };
      if (named.size < HOT_STATEMENTS.postgres) {
        query.name = `hot_${named.size + 1}`;
        named.set(text, query as { name: string; text: string });
      }
    }
    const started = performance.now();
    return pool.query({ ...query, values: params as unknown[], rowMode: 'array' }).then((r) => {
      observeSeconds(started);
      return r.rows as unknown[][];
    });
  };
  return { read, count: () => named.size };
}

/** Each statement run through Kysely, and each hot read, counts towards the database time of `GET /metrics`. */
const observeQuery = (event: LogEvent) => dbQueryDuration.observe(event.queryDurationMillis / 1000);
const observeSeconds = (startedMs: number) => dbQueryDuration.observe((performance.now() - startedMs) / 1000);

/** Opens the embedded SQLite database in dataDir, or PostgreSQL when a URL is given. */
export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  databasePoolMax?: number | undefined;
}): Database {
  if (opts.databaseUrl) {
    const pool = new (pgDriver().Pool)({
      connectionString: opts.databaseUrl,
      max: opts.databasePoolMax ?? DEFAULT_POOL_MAX,
    });
    // An idle connection that the server ends (a restart, an administrator, a forced drop) makes the pool
    // emit 'error'; unheard, that event would stop the process. The pool has already discarded the
    // connection and the next query opens a new one, so there is nothing to do but say so.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL closed an idle connection: ${err.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: observeQuery });
    watchForMetrics({
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    });
    postgresUrls.set(db, opts.databaseUrl);
    const hot = pgHotReader(pool);
    hotReaders.set(db, hot.read);
    hotStatementCounts.set(db, hot.count);
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  return openSqlite(path.join(opts.dataDir, 'app.sqlite'));
}

/**
 * SQLite's page cache and memory map, on every connection. Reads of rows all over the file (a listing of
 * a filter state nobody asked for a moment ago) came from the OS cache by a system call each, through
 * SQLite's 2 MB page cache: 64 MB of cache, and the file read through a memory map of up to 256 MB
 * instead (about 8 % of such a listing's server time; decision 0012).
 */
const SQLITE_READ_PRAGMAS = ['busy_timeout = 5000', 'cache_size = -65536', 'mmap_size = 268435456'];

export function openSqlite(file: string): Database {
  const sqlite = new SQLite(file);
  // WAL with synchronous=NORMAL keeps every committed transaction across a process kill;
  // only a power loss can lose the last ones. FULL would survive that too at a write cost.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  for (const pragma of SQLITE_READ_PRAGMAS) sqlite.pragma(pragma);
  // The hot reads run on a thread of their own (db/sqlite-reader.ts, decision 0013).
  const reader = new SqliteReader(file, HOT_STATEMENTS.sqlite, SQLITE_READ_PRAGMAS);
  const statements = new StatementCache(sqlite, HOT_STATEMENTS.sqlite, reader);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statements }), log: observeQuery });
  hotStatementCounts.set(db, () => Math.max(statements.rawCount, reader.kept));
  // Inside a transaction (Kysely holds the connection) a read goes through Kysely, which sees its writes.
  hotReaders.set(db, (text, params, options) => {
    if (sqlite.inTransaction) return undefined;
    const started = performance.now();
    if (options?.offload && reader.available) {
      return reader.read(text, params).then((rows) => {
        observeSeconds(started);
        return rows;
      });
    }
    const rows = statements.prepareRaw(text).all(...params) as unknown[][];
    observeSeconds(started);
    return Promise.resolve(rows);
  });
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  // data_version changes when another connection commits; `writes` counts this connection's.
  const changeMark = () => `${dataVersion.get() as number}:${statements.writes}`;
  changeMarks.set(db, changeMark);
  // The thread's connection closes first, so the main one is the last and checkpoints the WAL.
  const close = async () => {
    await reader.close();
    await db.destroy();
  };
  return { db, engine: 'sqlite', close, changeMark };
}

/**
 * Kysely's SQLite driver prepares every statement it runs; this keeps the most recent prepared
 * statements by SQL text (the REST layer builds the same text for the same query shape), and counts
 * the statements that may write (anything but a SELECT), before and after they run.
 */
class StatementCache {
  private readonly cache = new Map<string, SQLite.Statement>();
  private readonly raw = new Map<string, SQLite.Statement>();
  writes = 0;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly size: number,
    private readonly reader: SqliteReader,
  ) {}

  close(): void {
    void this.reader.close();
    this.sqlite.close();
  }

  /** How many raw statements are kept. */
  get rawCount(): number {
    return this.raw.size;
  }

  /** A read prepared once and kept (the hot reads are few fixed texts), answering rows as arrays. */
  prepareRaw(sql: string): SQLite.Statement {
    let stmt = this.raw.get(sql);
    if (!stmt) {
      stmt = this.sqlite.prepare(sql).raw(true);
      this.raw.set(sql, stmt);
      if (this.raw.size > this.size) this.raw.delete(this.raw.keys().next().value!);
    }
    return stmt;
  }

  prepare(sql: string): SQLite.Statement {
    let stmt = this.cache.get(sql);
    if (stmt && !stmt.busy) {
      this.cache.delete(sql);
    } else {
      stmt = this.sqlite.prepare(sql);
      if (!/^\s*select\b/i.test(sql)) stmt = this.counted(stmt);
    }
    this.cache.set(sql, stmt);
    if (this.cache.size > this.size) this.cache.delete(this.cache.keys().next().value!);
    return stmt;
  }

  /** The statement, with each run counted as a possible write (INSERT … RETURNING reads too). */
  private counted(stmt: SQLite.Statement): SQLite.Statement {
    for (const method of ['run', 'all', 'get', 'iterate'] as const) {
      const original = stmt[method].bind(stmt) as (...args: unknown[]) => unknown;
      Object.defineProperty(stmt, method, {
        value: (...args: unknown[]) => {
          this.writes++;
          try {
            return original(...args);
          } finally {
            this.writes++;
          }
        },
      });
    }
    return stmt;
  }
}
