import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UserType } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { storageFor, type Storage } from '../src/storage/index.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { signToken } from '../src/http/auth.ts';
import type { Mailer, MailMessage } from '../src/mail/mailer.ts';
import { insertUser } from '../src/modules/users/users.queries.ts';
import { hashPassword } from '../src/modules/users/users.service.ts';
import { seedAtStart } from '../src/seed.ts';
import type { PageRenderer } from '../src/http/plugins/server-render.ts';
import type { SharedState } from '../src/shared-state.ts';
import { callAs, type Method } from './directory-helpers.ts';

/** Which engine this run tests: PostgreSQL when TEST_DATABASE_URL is set, else SQLite. */
export const TEST_ENGINE = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * A fresh, migrated database for one test file: a SQLite file in a temporary folder, or a new
 * PostgreSQL database on the TEST_DATABASE_URL server, dropped again by `drop()`.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  dataDir: string;
  /** The PostgreSQL database's URL; undefined on SQLite (its file is in `dataDir`). */
  databaseUrl?: string;
  drop: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ltf-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = openDatabase({ dataDir });
    await migrateToLatest(database.db);
    return {
      database,
      dataDir,
      drop: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { name, url } = await createPostgresDatabase(adminUrl, 'app');
  const database = openDatabase({ databaseUrl: url, dataDir });
  await migrateToLatest(database.db);
  return {
    database,
    dataDir,
    databaseUrl: url,
    drop: async () => {
      await database.close();
      await dropPostgresDatabase(adminUrl, name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new, empty PostgreSQL database on the server of `adminUrl`, named after `label`, the test's process and a
 * random part: its name and its URL (for a server process's DATABASE_URL).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  label: string,
): Promise<{ name: string; url: string }> {
  const name = `ltf_test_${label}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * Drops a test's PostgreSQL database once its connections have gone. pg's Pool.end() resolves before its
 * clients have closed; a forced drop would terminate them mid-close and their FATAL errors would surface
 * as unhandled. So this waits for them first, for two seconds at most.
 */
export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  for (let i = 0; i < 100; i++) {
    const { rows } = await c.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (!rows[0]?.n) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}

/** A mailer that keeps messages in memory for assertions. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (m) => void sent.push(m) };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  mailer: ReturnType<typeof memoryMailer>;
  /** The app's storage of uploaded files (the disk of its DATA_DIR unless the config names a bucket). */
  storage: Storage;
  /** The PostgreSQL database's URL (for a process of its own, cli.ts); undefined on SQLite. */
  databaseUrl: string | undefined;
  close: () => Promise<void>;
}

/** The real app on a fresh database, with reference data (without the 20,000 cities unless asked). */
export async function createTestApp(
  opts: {
    cities?: boolean;
    config?: Partial<Config>;
    /** What the processes share through Redis (the test opens and closes it). */
    shared?: SharedState;
    /** The render of public pages (see `webRenderer` in server-render.test.ts). */
    pageRenderer?: PageRenderer;
    /**
     * The site's own mailer, as a start makes it (SMTP_URL or `.eml` files, through the outbox): the context's
     * memory mailer then receives nothing.
     */
    siteMailer?: boolean;
  } = {},
): Promise<TestContext> {
  const { database, dataDir, databaseUrl, drop } = await createTestDatabase();
  await seedAtStart(database.db, { cities: opts.cities ?? false });
  const config = loadConfig(
    { DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-0123' } as NodeJS.ProcessEnv,
    opts.config,
  );
  const mailer = memoryMailer();
  const storage = storageFor(config);
  const app = await buildApp({
    config,
    database,
    storage,
    mailer: opts.siteMailer ? undefined : mailer,
    shared: opts.shared,
    pageRenderer: opts.pageRenderer,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    mailer,
    storage,
    databaseUrl,
    close: async () => {
      await app.close();
      storage.close();
      await drop();
    },
  };
}

let userSeq = 0;

export interface TestUser {
  id: number;
  jwt: string;
  email: string;
  password: string;
  auth: { authorization: string };
}

/** Creates an account directly in the database and signs a token for it. */
export async function buildUser(
  ctx: TestContext,
  overrides: {
    userType?: UserType | null;
    role?: 'admin' | 'authenticated';
    isActive?: boolean;
    /** A provider's ID verification; `buildProvider` makes verified ones. */
    verification?: 'pending' | 'verified' | 'rejected' | null;
  } = {},
): Promise<TestUser> {
  const n = `${Date.now().toString(36)}${(userSeq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `user-${n}@example.test`;
  const password = 'Secret-123';
  const id = await insertUser(ctx.database.db, {
    username: `user_${n}`,
    email,
    password: await hashPassword(password),
    user_type: overrides.userType === undefined ? 'Hobbyist' : overrides.userType,
    role: overrides.role ?? 'authenticated',
    is_active: overrides.isActive === false ? 0 : 1,
    first_name: 'Test',
    last_name: 'Person',
    city: 'San Jose',
    phone_number: '555-0100',
    dob: '1990-01-01',
    verification: overrides.verification ?? null,
  });
  // An admin's token as after a two-factor code: admin powers need one.
  const jwt = await signToken(ctx.config.jwtSecret, id, 0, { mfa: overrides.role === 'admin' });
  return { id, jwt, email, password, auth: { authorization: `Bearer ${jwt}` } };
}

export const buildHobbyist = (ctx: TestContext) => buildUser(ctx, { userType: 'Hobbyist' });
/** A provider whose ID is verified, so an admin may approve their ads. */
export const buildProvider = (ctx: TestContext) =>
  buildUser(ctx, { userType: 'Provider', verification: 'verified' });
export const buildVendor = (ctx: TestContext) => buildUser(ctx, { userType: 'Vender' });
export const buildAdmin = (ctx: TestContext) => buildUser(ctx, { userType: null, role: 'admin' });

/**
 * Marks a provider's ID verified directly in the database: for providers made another way
 * (registered through the API) whose ads a test then approves.
 */
export async function verifyProvider(ctx: TestContext, id: number): Promise<void> {
  await ctx.database.db
    .updateTable('users')
    .set({ verification: 'verified', verified_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** An account's username: how other members see them beside what they wrote. */
export async function usernameOf(ctx: TestContext, id: number): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('users')
    .select('username')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.username;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** A test call's caller (anonymous when null or left out) and JSON body. */
export interface CallOptions {
  user?: TestUser | null;
  body?: unknown;
}

/**
 * A test file's API calls, each from a new address (`callAs`): `call` answers the response whatever
 * its status; `ok` expects a 200 (the body in the failure message) and answers its JSON; `listed`
 * answers the ids a listing holds.
 */
export function apiCalls(ctx: TestContext) {
  const call = (method: Method, url: string, opts: CallOptions = {}) => callAs(ctx, method, url, opts);
  const ok = async (method: Method, url: string, opts: CallOptions = {}): Promise<Json> => {
    const res = await call(method, url, opts);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json() as Json;
  };
  /** The ids a listing answers (as `user`, or anonymously). */
  const listed = async (url: string, user: TestUser | null = null): Promise<number[]> =>
    ((await ok('GET', url, { user })).data as { id: number }[]).map((i) => i.id);
  /** The admin approves the owner's pending revision of an approved ad or place (decision 0015). */
  const approveRevision = async (admin: TestUser, type: 'ad' | 'place', id: number): Promise<void> => {
    const queue = await ok(
      'GET',
      `/api/admin/moderation?type=${type}&queue=changes&pagination[pageSize]=100`,
      {
        user: admin,
      },
    );
    const item = (queue.data as Json[]).find((i) => i.id === id);
    expect(item, `${type} ${id} in the changes queue`).toBeDefined();
    await ok('PUT', `/api/admin/revisions/${item.revision.id}`, {
      user: admin,
      body: { data: { review: 'approved', updatedAt: item.revision.updatedAt } },
    });
  };
  return { call, ok, listed, approveRevision };
}

/** The value of one series of a `GET /metrics` text (`name{labels}` as written), 0 when absent. */
export function metricValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
