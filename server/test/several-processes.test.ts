import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@app/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { buildProviderAd } from './factories.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';
import {
  buildAdmin,
  buildProvider,
  buildUser,
  createPostgresDatabase,
  dropPostgresDatabase,
  metricValue,
  type TestContext,
} from './helpers.ts';
import {
  buildServerBundle,
  callServer,
  runUntilExit as runProcessUntilExit,
  startServer as startProcess,
  until,
  type ServerProcess,
} from './server-process.ts';

/**
 * Real server processes (the server bundled as `npm start` builds it, run by Node), not app instances
 * in this process: a start refused for want of PostgreSQL or Redis, and, on one PostgreSQL database and
 * one Redis (TEST_DATABASE_URL and TEST_REDIS_URL), two processes sharing the sign-in throttle, a
 * logout and the response cache's invalidation, and WORKERS=2 serving one port from two workers.
 */

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const JWT_SECRET = 'several-processes-secret-0123456789abcdef';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ltf-processes-'));
// The data folders of two hosts (two machines) for the tests that run one process on each.
const hostA = mkdtempSync(path.join(tmpdir(), 'ltf-host-a-'));
const hostB = mkdtempSync(path.join(tmpdir(), 'ltf-host-b-'));
let bundle: Awaited<ReturnType<typeof buildServerBundle>>;

beforeAll(async () => {
  bundle = await buildServerBundle();
});
afterAll(() => {
  bundle.remove();
  for (const dir of [dataDir, hostA, hostB]) rmSync(dir, { recursive: true, force: true });
});

/** The bundle on this file's data folder, with its JWT secret unless `env` says otherwise. */
const startServer = (env: Record<string, string>) =>
  startProcess(bundle.mainJs, { DATA_DIR: dataDir, JWT_SECRET, ...env });
const runUntilExit = (env: Record<string, string>) =>
  runProcessUntilExit(bundle.mainJs, { DATA_DIR: dataDir, ...env });
const call = callServer;

describe('a start that cannot share is refused (exit 1, nothing listening)', () => {
  it.each([
    [
      'on SQLite',
      { WORKERS: '2', REDIS_URL: 'redis://127.0.0.1:6379' },
      'WORKERS=2 needs PostgreSQL (DATABASE_URL): the embedded SQLite database is one file for one process.',
    ],
    [
      'without Redis',
      { WORKERS: '2', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
      'WORKERS=2 needs Redis (REDIS_URL)',
    ],
    [
      'when Redis does not answer',
      {
        WORKERS: '2',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
        REDIS_URL: 'redis://127.0.0.1:1',
      },
      'Redis at redis://127.0.0.1:1 (REDIS_URL) does not answer: connect ECONNREFUSED',
    ],
  ])('WORKERS=2 %s', async (_case, env, message) => {
    const { code, output } = await runUntilExit(env);
    expect(code, output).toBe(1);
    expect(output).toContain(message);
    expect(output).not.toMatch(/listening|is running at/);
  });
});

// Real processes on a loaded machine: each sign-in hashes a password, each start prepares the database.
// Registered only where PostgreSQL and Redis are given (CI's PostgreSQL suite), so the SQLite suite lists
// no skipped tests.
const withPostgresAndRedis = pgUrl && redisUrl ? describe : undefined;
withPostgresAndRedis?.('two hosts on one PostgreSQL database and one Redis', { timeout: 60_000 }, () => {
  let dbName: string;
  let env: Record<string, string>;
  let database: Database;
  let data: TestContext;
  let a: ServerProcess;
  let b: ServerProcess;
  let bucket: S3TestServer;

  beforeAll(async () => {
    bucket = await startS3Server();
    const created = await createPostgresDatabase(pgUrl!, 'processes');
    dbName = created.name;
    // One bucket for both hosts' uploads (s3rver's own keys).
    const storage = {
      STORAGE_URL: `s3://${bucket.bucket}/${dbName}`,
      S3_ENDPOINT: bucket.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    env = {
      DATABASE_URL: created.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `ltf-test-${dbName.slice(-8)}:`,
      ...storage,
    };
    // Two hosts: each process has a data folder of its own, as on two machines, and shares only the
    // database, Redis and the secret. One after the other: the first prepares the database.
    a = await startProcess(bundle.mainJs, { DATA_DIR: hostA, JWT_SECRET, ...env });
    b = await startProcess(bundle.mainJs, { DATA_DIR: hostB, JWT_SECRET, ...env });
    database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    // What the test factories need of a test app: the database and the servers' secret.
    data = { database, config: { jwtSecret: JWT_SECRET } } as TestContext;
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    if (dbName) await dropPostgresDatabase(pgUrl!, dbName);
    await bucket?.close();
  });

  const signIn = async (port: number, user: { email: string; password: string }) => {
    const session = await call(port, 'POST', '/api/auth/local', {
      body: { identifier: user.email, password: user.password },
    });
    expect(session.status, JSON.stringify(session.json)).toBe(200);
    return session.json.jwt as string;
  };

  it('a photo uploaded through A is served by B, from the bucket; neither host keeps it on its disk', async () => {
    const owner = await buildProvider(data);
    const token = await signIn(a.port, owner);
    const form = new FormData();
    // Large enough for the resized formats, so each of them is stored and served too.
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`http://127.0.0.1:${a.port}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const files = (await uploaded.json()) as { url: string; formats?: Record<string, { url: string }> }[];
    expect(uploaded.status, JSON.stringify(files)).toBe(201);
    expect(Object.keys(files[0]!.formats ?? {}).length).toBeGreaterThan(0);
    const urls = [files[0]!.url, ...Object.values(files[0]!.formats ?? {}).map((f) => f.url)];
    expect(urls[0]).toMatch(/^\/uploads\/[a-f0-9]{32}\.\w+$/);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      const fromA = await fetch(`http://127.0.0.1:${a.port}${url}`);
      const fromB = await fetch(`http://127.0.0.1:${b.port}${url}`);
      expect(fromB.status, url).toBe(200);
      expect(fromB.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    }
    for (const host of [hostA, hostB])
      expect(existsSync(path.join(host, 'uploads/public', path.basename(urls[0]!)))).toBe(false);
  });

  it("an account's data export prepared on A is downloaded from B", async () => {
    const user = await buildUser(data);
    const [tokenA, tokenB] = [await signIn(a.port, user), await signIn(b.port, user)];
    const asked = await call(a.port, 'POST', '/api/account/exports', { token: tokenA });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    const id = asked.json.data.id as number;
    await until('the export is ready', async () => {
      const list = await call(b.port, 'GET', '/api/account/exports', { token: tokenB });
      return (list.json.data as { id: number; state: string }[]).some(
        (e) => e.id === id && e.state === 'ready',
      );
    });
    const zip = await fetch(`http://127.0.0.1:${b.port}/api/account/exports/${id}/download`, {
      headers: { authorization: `Bearer ${tokenB}` },
    });
    expect(zip.status).toBe(200);
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('failed sign-ins on A reach the throttle, and B refuses the next attempt (429)', async () => {
    const user = await buildUser(data);
    for (let i = 0; i < 10; i++) {
      const res = await call(a.port, 'POST', '/api/auth/local', {
        body: { identifier: user.email, password: 'Wrong-password-1' },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
    }
    const res = await call(b.port, 'POST', '/api/auth/local', {
      body: { identifier: user.email, password: user.password },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(429);
    expect(res.json.error.message).toBe(MESSAGES.login.tooManyAttempts);
  });

  it('a logout on A makes the token refused on B', async () => {
    const user = await buildUser(data);
    const session = await call(a.port, 'POST', '/api/auth/local', {
      body: { identifier: user.email, password: user.password },
    });
    expect(session.status, JSON.stringify(session.json)).toBe(200);
    const token = session.json.jwt as string;
    expect((await call(b.port, 'GET', '/api/users/me', { token })).status).toBe(200);
    expect((await call(a.port, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await call(b.port, 'GET', '/api/users/me', { token })).status).toBe(401);
  });

  it("an ad edited through A changes B's kept anonymous answer", async () => {
    const owner = await buildProvider(data);
    const ad = await buildProviderAd(data, owner, { title: 'Before' });
    // The home listing, anonymously, as B answers it.
    const title = async () => {
      const res = await call(b.port, 'GET', '/api/providers');
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return (res.json.data as { id: number; attributes: { title: string } }[]).find((i) => i.id === ad)
        ?.attributes.title;
    };
    expect(await title()).toBe('Before');
    // B keeps its answer: a change behind the API's back does not show…
    await database.db
      .updateTable('providers')
      .set({ title: 'Behind its back' })
      .where('id', '=', ad)
      .execute();
    expect(await title()).toBe('Before');
    // …an edit through A does, on B (the admin's: an owner's edit of an approved ad waits for review).
    const staff = await buildAdmin(data);
    const edit = await call(a.port, 'PUT', `/api/providers/${ad}`, {
      token: staff.jwt,
      body: { data: { title: 'After' } },
    });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    expect(await title()).toBe('After');
  });

  it('WORKERS=2 on a port already taken stops the start (exit 1) instead of replacing workers', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const { code, output } = await runUntilExit({ ...env, JWT_SECRET, WORKERS: '2', PORT: String(port) });
      expect(code, output).toBe(1);
      expect(output).toContain('a worker stopped before the server started');
      expect(output).toContain('EADDRINUSE');
    } finally {
      taken.close();
    }
  });

  it('WORKERS=2 serves one port from two worker processes, replaces a dead one, and stops on SIGTERM', async () => {
    const cluster = await startServer({ ...env, WORKERS: '2' });
    const workersAnswering = async () => {
      const seen = cluster.output().length;
      for (let i = 0; i < 8; i++) expect((await call(cluster.port, 'GET', '/api/health')).status).toBe(200);
      const pids = [
        ...cluster
          .output()
          .slice(seen)
          .matchAll(/"pid":(\d+)[^\n]*"url":"\/api\/health"/g),
      ];
      return new Set(pids.map((m) => Number(m[1])));
    };
    const first = await workersAnswering();
    expect(first.size).toBe(2);
    expect(first.has(cluster.child.pid!)).toBe(false);

    // One scrape through the port adds up both workers' requests and the primary's job runs.
    const scraped = await call(cluster.port, 'GET', '/metrics');
    expect(scraped.status).toBe(200);
    const health = 'ltf_http_requests_total{route="/api/health",method="GET",status="200"}';
    expect(metricValue(scraped.text, health)).toBeGreaterThanOrEqual(8);
    expect(scraped.text).toMatch(/ltf_job_runs_total\{job="[a-z-]+",result="done"\} [1-9]/);

    const [dead] = first;
    process.kill(dead!, 'SIGKILL');
    await until(
      'a new worker',
      () => /Server listening/g.exec(cluster.output().split('a worker died')[1] ?? '') !== null,
    );
    const next = await workersAnswering();
    expect(next.size).toBe(2);
    expect(next.has(dead!)).toBe(false);

    expect(await cluster.stop()).toBe(0);
    for (const pid of next) expect(() => process.kill(pid, 0)).toThrow();
    await expect(call(cluster.port, 'GET', '/api/health')).rejects.toThrow(/ECONNREFUSED/);
  });
});
