import { spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZManifest } from '../src/backup/manifest.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrationProvider } from '../src/db/migrations/index.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed-demo.ts';
import { demoHobbyistEmail } from '../src/demo/seed-demo-providers.ts';
import { seedAtStart } from '../src/seed.ts';
import { createPostgresDatabase, dropPostgresDatabase, TEST_ENGINE, type Json } from './helpers.ts';
import { buildServerBundle, callServer, exited, startServer, type ServerProcess } from './server-process.ts';

/**
 * `npm run cli -- backup` and `restore` as an operator runs them: the bundled CLI spawned against a real
 * server process (the bundle `npm start` runs) on this run's engine. The demo content is seeded, a
 * hobbyist keeps posting comments through the server while the backup runs, the backup is restored into
 * an empty data folder (SQLite) or a new empty database (PostgreSQL), and a server on it answers as the
 * original did before the writes; the writes it holds are exactly the first ones acknowledged, up to the
 * backup's end (one moment's state, the counters agreeing with the rows).
 */

const JWT_SECRET = 'backup-restore-secret-0123456789abcdefgh';
const adminUrl = process.env.TEST_DATABASE_URL;
const server = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'ltf-backup-'));

/** A data folder, and on PostgreSQL a new empty database: what a site's environment names. */
interface Site {
  env: Record<string, string>;
  dataDir: string;
  drop: () => Promise<void>;
}

const sites: Site[] = [];
async function newSite(): Promise<Site> {
  const dataDir = mkdtempSync(path.join(scratch, 'data-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET };
  let name: string | undefined;
  if (adminUrl) {
    const created = await createPostgresDatabase(adminUrl, 'backup');
    name = created.name;
    env.DATABASE_URL = created.url;
  }
  const site = {
    env,
    dataDir,
    drop: async () => {
      if (name) await dropPostgresDatabase(adminUrl!, name);
    },
  };
  sites.push(site);
  return site;
}

let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
const running: ServerProcess[] = [];

/** The bundled CLI with this environment only (and PATH, unless `env` gives its own): exit code and output. */
function cli(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [bundle.cliJs, ...args], {
    cwd: server,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  return exited(child).then((code) => ({ code, output }));
}

async function serve(site: Site): Promise<ServerProcess> {
  const proc = await startServer(bundle.mainJs, site.env);
  running.push(proc);
  return proc;
}

async function stop(proc: ServerProcess) {
  await proc.stop();
  running.splice(running.indexOf(proc), 1);
}

async function get(port: number, url: string): Promise<Json> {
  const res = await callServer(port, 'GET', url);
  expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBe(200);
  return res.json;
}

/** The public answers compared between the original and a restored site. */
async function goldenAnswers(port: number, providerId: number) {
  return {
    listing: await get(port, '/api/providers'),
    provider: await get(port, `/api/providers/${providerId}?populate=*`),
    places: await get(port, '/api/vendors'),
    products: await get(port, '/api/products?pagination[pageSize]=1'),
  };
}

/** The texts of an ad's comments, oldest first, every page of them. */
async function comments(port: number, providerId: number): Promise<string[]> {
  const texts: string[] = [];
  for (let page = 1; ; page++) {
    const res = (await get(
      port,
      `/api/comments?filters[provider][id][$eq]=${providerId}&sort=id:asc&pagination[pageSize]=100&pagination[page]=${page}`,
    )) as { data: { attributes: { comment: string } }[]; meta: { pagination: { pageCount: number } } };
    texts.push(...res.data.map((c) => c.attributes.comment));
    if (page >= res.meta.pagination.pageCount) return texts;
  }
}

let source: Site;
let sourceServer: ServerProcess;
let backupDir: string;
let shown: number;
let written: number;
let golden: Awaited<ReturnType<typeof goldenAnswers>>;
let restored: Site;

beforeAll(async () => {
  bundle = await buildServerBundle();
  source = await newSite();
  // The demo content, seeded here through the modules as `npm run demo` does (without the video clip).
  const config = loadConfig(source.env as NodeJS.ProcessEnv);
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  await seedAtStart(database.db, { cities: false });
  await seedDemo(database.db, config);
  await database.close();
  sourceServer = await serve(source);
}, 300_000);

afterAll(async () => {
  for (const proc of [...running]) await proc.stop();
  for (const site of sites) await site.drop();
  bundle?.remove();
  rmSync(scratch, { recursive: true, force: true });
});

describe(`backup and restore (${TEST_ENGINE})`, () => {
  it('backs up while a hobbyist writes, and the restored site answers as the original did', async () => {
    const port = sourceServer.port;
    const listing = (await get(port, '/api/providers')) as { data: { id: number }[] };
    shown = listing.data[0]!.id;
    // The writes go to an ad past the first page, so that the golden answers do not change with them.
    const later = (await get(port, '/api/providers?pagination[page]=3')) as {
      data: { id: number; attributes: { comments_count: number } }[];
    };
    written = later.data[0]!.id;
    const countBefore = later.data[0]!.attributes.comments_count;
    const commentsBefore = await comments(port, written);
    golden = await goldenAnswers(port, shown);

    const signIn = await callServer(port, 'POST', '/api/auth/local', {
      body: { identifier: demoHobbyistEmail(1), password: DEMO_PASSWORD },
    });
    expect(signIn.status, signIn.text).toBe(200);
    const token = (signIn.json as { jwt: string }).jwt;

    // The writer: one comment after another, each counted once the server acknowledged it.
    let acknowledged = 0;
    let writing = true;
    const writer = (async () => {
      for (let i = 1; writing; i++) {
        const res = await callServer(port, 'POST', '/api/comments', {
          token,
          body: { data: { provider: written, comment: `Written during the backup, number ${i}` } },
        });
        expect(res.status, res.text).toBe(200);
        acknowledged = i;
      }
    })();
    while (acknowledged < 5) await new Promise((resolve) => setTimeout(resolve, 10));

    backupDir = path.join(scratch, 'backup-1');
    const before = acknowledged;
    const backup = await cli(source.env, 'backup', backupDir);
    // The comment in flight when the backup ended may be in it too.
    const after = acknowledged + 1;
    const writesDuringBackup = after - 1 - before;
    while (acknowledged < after + 3) await new Promise((resolve) => setTimeout(resolve, 10));
    writing = false;
    await writer;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/^Backup written to /);
    // The premise: the server acknowledged writes while the backup ran.
    expect(writesDuringBackup).toBeGreaterThan(0);

    const manifest = ZManifest.parse(JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')));
    const known = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(manifest).toMatchObject({ engine: TEST_ENGINE, migration: known.at(-1), migrations: known });
    expect(manifest.uploads.public).toBeGreaterThan(10);
    // The demo's ID documents awaiting verification are private uploads.
    expect(manifest.uploads.private).toBeGreaterThan(0);
    expect(manifest.jwtSecretFile).toBe(false);

    restored = await newSite();
    const restore = await cli(restored.env, 'restore', backupDir);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('the next start applies no migration');

    const copy = await serve(restored);
    expect((await callServer(copy.port, 'GET', '/api/health/ready')).status).toBe(200);
    expect(await goldenAnswers(copy.port, shown)).toEqual(golden);

    // The backup's moment: the first k comments acknowledged, k between those before it started and those
    // by its end, and the ad's counter agreeing with them.
    const kept = (await comments(copy.port, written)).slice(commentsBefore.length);
    const k = kept.length;
    expect(k).toBeGreaterThanOrEqual(before);
    expect(k).toBeLessThanOrEqual(after);
    expect(kept).toEqual(Array.from({ length: k }, (_, i) => `Written during the backup, number ${i + 1}`));
    const ad = (await get(copy.port, `/api/providers/${written}`)) as {
      data: { attributes: { comments_count: number } };
    };
    expect(ad.data.attributes.comments_count).toBe(countBefore + k);
    console.log(
      `backup-restore (${TEST_ENGINE}): ${writesDuringBackup} comments acknowledged during the backup`,
    );

    // The files: a public picture served alike, the private ones all there.
    const url = /\/uploads\/[\w.-]+/.exec(JSON.stringify(golden.provider))?.[0];
    expect(url).toBeDefined();
    const original = await callServer(port, 'GET', url!);
    const back = await callServer(copy.port, 'GET', url!);
    expect(back.status).toBe(200);
    expect(back.text).toBe(original.text);

    // The hobbyist signs in on the restored site with the same password.
    const again = await callServer(copy.port, 'POST', '/api/auth/local', {
      body: { identifier: demoHobbyistEmail(1), password: DEMO_PASSWORD },
    });
    expect(again.status, again.text).toBe(200);
    await stop(copy);
  }, 300_000);

  it('backup refuses a folder that holds anything, in one line', async () => {
    const res = await cli(source.env, 'backup', backupDir);
    expect(res.code).not.toBe(0);
    expect(res.output.trim()).toMatch(
      /^\S+ is not empty \(\d+ entries\): a backup goes into a new or empty folder$/,
    );
    // An empty folder is fine.
    const empty = path.join(scratch, 'empty');
    mkdirSync(empty);
    const ok = await cli(source.env, 'backup', empty);
    expect(ok.code, ok.output).toBe(0);
  }, 120_000);

  it('restore refuses upload folders that hold files without --force', async () => {
    const site = await newSite();
    mkdirSync(path.join(site.dataDir, 'uploads', 'public'), { recursive: true });
    writeFileSync(path.join(site.dataDir, 'uploads', 'public', 'kept.png'), 'x');
    const refused = await cli(site.env, 'restore', backupDir);
    expect(refused.code).not.toBe(0);
    expect(refused.output.trim()).toMatch(/upload folder of DATA_DIR holds data: add --force to replace it/);
  }, 60_000);

  it('restore refuses a database that holds data without --force, and one a server uses even with it', async () => {
    const refused = await cli(restored.env, 'restore', backupDir);
    expect(refused.code).not.toBe(0);
    expect(refused.output.trim()).toMatch(/holds data: add --force to replace it with the backup$/);

    const copy = await serve(restored);
    const busy = await cli(restored.env, 'restore', backupDir, '--force');
    expect(busy.code).not.toBe(0);
    expect(busy.output.trim()).toMatch(
      TEST_ENGINE === 'sqlite'
        ? /is open in process \d+ \(the server\?\): stop it before restoring$/
        : /other session\(s\) are connected to this database \(the server\?\): stop it before restoring$/,
    );
    await stop(copy);

    // With the server stopped, --force restores over it, and the site answers the same again.
    const forced = await cli(restored.env, 'restore', backupDir, '--force');
    expect(forced.code, forced.output).toBe(0);
    const second = await serve(restored);
    expect(await goldenAnswers(second.port, shown)).toEqual(golden);
    await stop(second);
  }, 120_000);

  it('restore refuses a backup of a schema newer than the code knows', async () => {
    const future = path.join(scratch, 'backup-future');
    cpSync(backupDir, future, { recursive: true });
    const name = '99990101000000_from_a_later_version';
    const file = path.join(future, 'manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { migration: string; migrations: string[] };
    writeFileSync(
      file,
      JSON.stringify({ ...manifest, migration: name, migrations: [...manifest.migrations, name] }),
    );
    if (TEST_ENGINE === 'sqlite') {
      // SQLite: the database file says which migrations it holds, whatever the manifest says.
      const db = new SQLite(path.join(future, 'app.sqlite'));
      db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
        name,
        new Date().toISOString(),
      );
      db.close();
      writeFileSync(file, JSON.stringify(manifest));
    }
    const empty = await newSite();
    const res = await cli(empty.env, 'restore', future);
    expect(res.code).not.toBe(0);
    expect(res.output.trim()).toBe(
      `This backup was made by a newer version (${TEST_ENGINE} schema at ${name}, which this code does not know): restore it with that version or a later one`,
    );
  }, 60_000);

  it('restore of a backup older than the code says which migrations the next start applies', async () => {
    const older = path.join(scratch, 'backup-older');
    cpSync(backupDir, older, { recursive: true });
    const file = path.join(older, 'manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { migration: string; migrations: string[] };
    const last = manifest.migrations.at(-1)!;
    const before = manifest.migrations.slice(0, -1);
    writeFileSync(file, JSON.stringify({ ...manifest, migration: before.at(-1), migrations: before }));
    if (TEST_ENGINE === 'sqlite') {
      // Only the record of the last migration goes: enough for the plan, which is all this checks.
      const db = new SQLite(path.join(older, 'app.sqlite'));
      db.prepare('delete from kysely_migration where name = ?').run(last);
      db.close();
    }
    const res = await cli((await newSite()).env, 'restore', older);
    expect(res.code, res.output).toBe(0);
    expect(res.output).toContain(
      `The next start applies 1 migration(s) newer than the backup, forward only: ${last}.`,
    );
  }, 60_000);

  // pg_dump is PostgreSQL's: registered in the PostgreSQL suite only, so the SQLite suite lists no skipped test.
  (TEST_ENGINE === 'postgres' ? it : undefined)?.(
    'backup refuses clearly when pg_dump is missing or older than the server',
    async () => {
      const noTools = path.join(scratch, 'no-tools');
      mkdirSync(noTools);
      const missing = await cli({ ...source.env, PATH: noTools }, 'backup', path.join(scratch, 'b-missing'));
      expect(missing.code).not.toBe(0);
      expect(missing.output.trim()).toMatch(
        /^pg_dump is not installed or not on PATH: install the PostgreSQL \d+ client \(Debian: apt-get install postgresql-client-\d+\) or a later one$/,
      );

      const oldTools = path.join(scratch, 'old-tools');
      mkdirSync(oldTools);
      writeFileSync(path.join(oldTools, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
      chmodSync(path.join(oldTools, 'pg_dump'), 0o755);
      const old = await cli({ ...source.env, PATH: oldTools }, 'backup', path.join(scratch, 'b-old'));
      expect(old.code).not.toBe(0);
      expect(old.output.trim()).toMatch(
        /^pg_dump is version 9, older than the PostgreSQL \d+ server: install/,
      );
    },
    60_000,
  );
});
