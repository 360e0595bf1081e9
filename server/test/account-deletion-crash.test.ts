import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { signToken } from '../src/http/auth.ts';
import { insertUser } from '../src/modules/users/users.queries.ts';
import { hashPassword } from '../src/modules/users/users.service.ts';
import { createPostgresDatabase, dropPostgresDatabase } from './helpers.ts';
import {
  buildServerBundle,
  callServer,
  exited,
  startServer,
  until,
  type ServerProcess,
} from './server-process.ts';

/**
 * An account deletion killed mid-way (SIGKILL, as a crash or an out-of-memory kill would) completes after the
 * restart: a real server process removes the files of an account with many of them, is killed once some are
 * gone and others are not, and the next process's `finish-account-deletions` (run at start) removes the rest
 * and finishes the deletion. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const JWT_SECRET = 'deletion-crash-secret-0123456789abcdef';
/** Enough files that removing them takes long enough to be killed in the middle. */
const FILES = 20_000;
const pgUrl = process.env.TEST_DATABASE_URL;

let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
beforeAll(async () => {
  bundle = await buildServerBundle();
});
afterAll(() => bundle.remove());

/** A data folder, and with PostgreSQL a database of its own: the environment of the file's processes. */
async function newSite(engine: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ltf-crash-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, JWT_SECRET };
  let dropDb = async () => {};
  if (engine === 'postgres') {
    const { name, url } = await createPostgresDatabase(pgUrl!, 'crash');
    env.DATABASE_URL = url;
    dropDb = () => dropPostgresDatabase(pgUrl!, name);
  }
  return {
    dataDir,
    env,
    remove: async () => {
      await dropDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A hobbyist who uploaded `FILES` files (records and bytes on disk); its id, password and stored names. */
async function accountWithFiles(database: Database, dataDir: string) {
  const password = 'Secret-123';
  const n = randomBytes(4).toString('hex');
  const id = await insertUser(database.db, {
    username: `crash_${n}`,
    email: `crash-${n}@example.test`,
    password: await hashPassword(password),
    user_type: 'Hobbyist',
    role: 'authenticated',
    is_active: 1,
    first_name: 'Test',
    last_name: 'Person',
    city: 'San Jose',
    phone_number: '555-0100',
    dob: '1990-01-01',
    verification: null,
  });
  const dir = path.join(dataDir, 'uploads', 'public');
  mkdirSync(dir, { recursive: true });
  const now = new Date().toISOString();
  const rows = Array.from({ length: FILES }, (_, i) => {
    // A storage key is 32 hex digits: the account's 8, then the file's number.
    const key = `${n}${String(i).padStart(24, '0')}`;
    writeFileSync(path.join(dir, `${key}.webp`), 'x');
    return {
      name: `image-${key.slice(0, 8)}.webp`,
      storage_key: key,
      ext: '.webp',
      mime: 'image/webp',
      size: 1,
      width: 1,
      height: 1,
      formats: null,
      is_private: 0,
      purpose: null,
      owner_id: id,
      created_at: now,
      updated_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await database.db
      .insertInto('files')
      .values(rows.slice(i, i + 500))
      .execute();
  const left = () => readdirSync(dir).filter((f) => f.startsWith(n)).length;
  return { id, password, left, token: await signToken(JWT_SECRET, id, 0) };
}

const engines: ('sqlite' | 'postgres')[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(engines)('an account deletion killed mid-way on %s', { timeout: 120_000 }, (engine) => {
  let site: Awaited<ReturnType<typeof newSite>>;
  let database: Database;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  beforeAll(async () => {
    site = await newSite(engine);
  });
  afterAll(async () => {
    for (const p of [first, second]) if (p && p.child.exitCode === null) await p.stop();
    await database?.close();
    await site.remove();
  });

  it('completes after the restart: every file gone, the deletion done, recorded once', async () => {
    first = await startServer(bundle.mainJs, site.env);
    database = openDatabase({ databaseUrl: site.env.DATABASE_URL, dataDir: site.dataDir });
    const account = await accountWithFiles(database, site.dataDir);
    expect(account.left()).toBe(FILES);

    // The request's answer never comes: the process dies while it removes the files.
    const asked = callServer(first.port, 'POST', '/api/auth/delete-account', {
      token: account.token,
      body: { password: account.password },
    }).catch(() => undefined);
    await until('the first files removed', () => account.left() < FILES, 60_000);
    first.child.kill('SIGKILL');
    await exited(first.child);
    await asked;
    const leftAtKill = account.left();
    expect(leftAtKill, 'killed before every file was removed').toBeGreaterThan(0);

    const deletion = () =>
      database.db
        .selectFrom('account_deletions')
        .select(['state', 'files'])
        .where('user_id', '=', account.id)
        .executeTakeFirst();
    expect((await deletion())?.state).toBe('pending');
    const user = await database.db
      .selectFrom('users')
      .select(['deleted_at', 'email'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(user.deleted_at).not.toBeNull();
    expect(user.email).not.toContain('crash-');

    // The next process finishes it: the job runs at start.
    second = await startServer(bundle.mainJs, site.env);
    await until('the deletion finished', async () => (await deletion())?.state === 'done', 60_000);
    expect(account.left()).toBe(0);
    expect(await deletion()).toEqual({ state: 'done', files: null });
    const owned = await database.db
      .selectFrom('files')
      .select('id')
      .where('owner_id', '=', account.id)
      .execute();
    expect(owned).toEqual([]);
    const finished = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `user:${account.id}`)
      .where('action', '=', 'account.deletion-finished')
      .execute();
    expect(finished).toHaveLength(1);
    // The account cannot sign in or call again.
    expect((await callServer(second.port, 'GET', '/api/users/me', { token: account.token })).status).toBe(
      401,
    );
  });
});
