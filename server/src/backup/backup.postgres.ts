import { spawn, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import pg from 'pg';
import { BackupError } from './manifest.ts';

export const PG_DUMP_FILE = 'database.pgdump';

/**
 * The major version of a PostgreSQL client tool on PATH (`pg_dump (PostgreSQL) 15.20 (Debian …)` → 15);
 * a one-line refusal when it is not installed.
 */
export function toolMajor(tool: 'pg_dump' | 'pg_restore', needed: number): number {
  const run = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) {
    throw new BackupError(
      `${tool} is not installed or not on PATH: install the PostgreSQL ${needed} client (Debian: apt-get install postgresql-client-${needed}) or a later one`,
    );
  }
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(run.stdout);
  if (!m) throw new BackupError(`${tool} --version said "${run.stdout.trim()}": not a PostgreSQL ${tool}?`);
  return Number(m[1]);
}

/** The connection for the client tools: the URL without its password, which goes in PGPASSWORD (not in `ps`). */
function toolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', (err) => reject(new BackupError(`${tool} could not run: ${err.message}`)));
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else {
        const last = stderr.trim().split('\n').slice(-3).join(' / ');
        reject(new BackupError(`${tool} failed (exit code ${code}): ${last}`));
      }
    });
  });
}

async function withClient<T>(databaseUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function serverMajor(c: pg.Client): Promise<number> {
  const { rows } = await c.query<{ v: string }>("select current_setting('server_version_num') as v");
  return Math.floor(Number(rows[0]!.v) / 10000);
}

async function appliedMigrations(c: pg.Client): Promise<string[]> {
  const { rows } = await c.query<{ name: string }>('select name from kysely_migration order by name');
  return rows.map((r) => r.name);
}

/**
 * `pg_dump --format=custom` of the database into the folder, refused when pg_dump is missing or older than
 * the server (pg_dump cannot dump a newer server). The migrations are read before the dump: they only change
 * at a start, which an operator does not run during a backup.
 */
export async function backupPostgres(
  databaseUrl: string,
  file: string,
): Promise<{ bytes: number; migrations: string[]; server: number; pgDump: number }> {
  const { server, migrations } = await withClient(databaseUrl, async (c) => {
    const server = await serverMajor(c);
    const exists = await c.query<{ t: string | null }>(`select to_regclass('kysely_migration')::text as t`);
    return { server, migrations: exists.rows[0]?.t ? await appliedMigrations(c) : [] };
  });
  const pgDump = toolMajor('pg_dump', server);
  if (pgDump < server) {
    throw new BackupError(
      `pg_dump is version ${pgDump}, older than the PostgreSQL ${server} server: install the PostgreSQL ${server} client (Debian: apt-get install postgresql-client-${server})`,
    );
  }
  const { url, env } = toolConnection(databaseUrl);
  await runTool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url}`], env);
  await chmod(file, 0o600);
  return { bytes: statSync(file).size, migrations, server, pgDump };
}

/** The user tables of the database's schema, and whether any holds a row or a migration is applied. */
export async function postgresHoldsData(databaseUrl: string): Promise<boolean> {
  return withClient(databaseUrl, async (c) => {
    const { rows } = await c.query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = current_schema()`,
    );
    for (const { name } of rows) {
      const any = await c.query(`select 1 from ${name} limit 1`);
      if (any.rowCount) return true;
    }
    return false;
  });
}

/** Refuses while other sessions (a running server, another process) are connected to the database. */
export async function refuseOtherSessions(databaseUrl: string): Promise<void> {
  const others = await withClient(databaseUrl, async (c) => {
    const { rows } = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows[0]?.n ?? 0;
  });
  if (others) {
    throw new BackupError(
      `${others} other session(s) are connected to this database (the server?): stop it before restoring`,
    );
  }
}

/**
 * Restores a dump into the database the URL names. With `replace`, everything in the database's schema is
 * dropped first (in one transaction), so that no table of a later schema stays behind beside the restored
 * ones; then `pg_restore --clean --if-exists --no-owner --no-acl` runs as one transaction (it stops at the
 * first error and restores nothing half-way). The drop is committed before it: a restore that fails then leaves
 * the database empty, and the backup as it was, to run the restore again (docs/operations.md).
 */
export async function restorePostgres(
  file: string,
  databaseUrl: string,
  opts: { replace: boolean; pgDump: number },
): Promise<void> {
  const server = await withClient(databaseUrl, serverMajor);
  const pgRestore = toolMajor('pg_restore', Math.max(server, opts.pgDump));
  if (pgRestore < opts.pgDump) {
    throw new BackupError(
      `pg_restore is version ${pgRestore}, older than the pg_dump ${opts.pgDump} that wrote this backup: install the PostgreSQL ${opts.pgDump} client or a later one`,
    );
  }
  if (opts.replace) {
    await withClient(databaseUrl, async (c) => {
      await c.query('begin');
      const { rows } = await c.query<{ kind: string; name: string }>(
        `select case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
                  else 'table' end as kind, quote_ident(c.relname) as name
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'S')
            and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i', 'e'))`,
      );
      for (const { kind, name } of rows) await c.query(`drop ${kind} if exists ${name} cascade`);
      await c.query('commit');
    });
  }
  const { url, env } = toolConnection(databaseUrl);
  await runTool(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-acl',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${url}`,
      file,
    ],
    env,
  );
}
