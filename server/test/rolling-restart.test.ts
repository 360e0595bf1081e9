import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { buildProviderAd } from './factories.ts';
import {
  buildProvider,
  buildUser,
  createPostgresDatabase,
  dropPostgresDatabase,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import {
  buildServerBundle,
  callServer,
  exited,
  startServer,
  until,
  type ServerProcess,
} from './server-process.ts';

/**
 * A rolling restart (`kill -HUP <primary>`) of WORKERS=2 on one PostgreSQL database and one Redis, the real
 * bundle run by Node, under steady load from keep-alive clients: every request is answered (no reset, no
 * 5xx) while each worker is replaced; a new worker that cannot start (a broken build on disk) stops the roll
 * and the old workers keep serving.
 */

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const JWT_SECRET = 'rolling-restart-secret-0123456789abcdefg';

/** A JSON log line of the primary with this message, parsed; undefined until it was written. */
function logLine(output: string, msg: string): Record<string, unknown> | undefined {
  const line = output.split('\n').find((l) => l.includes(`"msg":"${msg}"`));
  return line ? (JSON.parse(line) as Record<string, unknown>) : undefined;
}

/** Whether a process of this id still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface LoadResult {
  answered: number;
  failures: string[];
}

/**
 * `clients` loops, each on a keep-alive connection of its own from an address of its own (127.0.0.N, so the
 * per-address limit of 600 API requests a minute counts each apart): the listing, one ad, every other time a
 * save of that ad (a write), then a pause that keeps each client under that limit. Any error or status other than 200 is a
 * failure. Runs until `stop()`.
 */
function steadyLoad(port: number, ad: number, users: TestUser[]) {
  let running = true;
  const result: LoadResult = { answered: 0, failures: [] };
  const one = (agent: http.Agent, from: string, method: string, url: string, token?: string) =>
    new Promise<void>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: url,
          agent,
          localAddress: from,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) result.answered++;
            else result.failures.push(`${method} ${url}: ${res.statusCode}`);
            resolve();
          });
          res.on('error', (err) => {
            result.failures.push(`${method} ${url}: ${err.message}`);
            resolve();
          });
        },
      );
      req.on('error', (err) => {
        result.failures.push(`${method} ${url}: ${err.message}`);
        resolve();
      });
      req.end();
    });
  const loops = users.map(async (user, i) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const from = `127.0.0.${i + 2}`;
    for (let n = 0; running; n++) {
      await one(agent, from, 'GET', '/api/providers?pagination[pageSize]=24');
      await one(agent, from, 'GET', `/api/providers/${ad}`);
      if (n % 2 === 0) await one(agent, from, 'PUT', `/api/saved-providers/${ad}`, user.jwt);
      // Well under the second a stopping worker leaves an idle connection open (in-flight.ts).
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    agent.destroy();
  });
  // And two clients asking the liveness check (not rate limited) back to back, so requests are always in
  // flight and on their way when a worker starts stopping.
  const probes = [0, 1].map(async (i) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const from = `127.0.0.${users.length + 2 + i}`;
    while (running) await one(agent, from, 'GET', '/api/health');
    agent.destroy();
  });
  loops.push(...probes);
  return {
    result,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return result;
    },
  };
}

// Registered only where PostgreSQL and Redis are given (as several-processes.test.ts), so the SQLite suite
// lists no skipped tests.
const withPostgresAndRedis = pgUrl && redisUrl ? describe : undefined;
withPostgresAndRedis?.('a rolling restart of WORKERS=2 (PostgreSQL and Redis)', { timeout: 300_000 }, () => {
  let dbName: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ltf-rolling-'));
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
  let env: Record<string, string>;
  let database: Database;
  let cluster: ServerProcess | undefined;

  beforeAll(async () => {
    bundle = await buildServerBundle();
    const created = await createPostgresDatabase(pgUrl!, 'rolling');
    dbName = created.name;
    env = {
      DATA_DIR: dataDir,
      JWT_SECRET,
      DATABASE_URL: created.url,
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `ltf-test-${dbName.slice(-8)}:`,
      WORKERS: '2',
      DATABASE_POOL_MAX: '4',
    };
  });

  afterAll(async () => {
    if (cluster && cluster.child.exitCode === null) await cluster.stop();
    await database?.close();
    if (dbName) await dropPostgresDatabase(pgUrl!, dbName);
    bundle?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGHUP replaces every worker under load with no failed request; a broken build stops the roll', async () => {
    cluster = await startServer(bundle.mainJs, env);
    database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    const data = { database, config: { jwtSecret: JWT_SECRET } } as TestContext;
    const owner = await buildProvider(data);
    const ad = await buildProviderAd(data, owner, { title: 'Rolled' });
    const users = await Promise.all([1, 2, 3, 4].map(() => buildUser(data)));

    const load = steadyLoad(cluster.port, ad, users);
    await until('the load is answered', () => load.result.answered >= 20, 60_000);
    process.kill(cluster.child.pid!, 'SIGHUP');
    await until('the roll started', () => cluster!.output().includes('rolling restart: replacing'), 30_000);
    // A second SIGHUP while the roll is under way changes nothing.
    process.kill(cluster.child.pid!, 'SIGHUP');
    await until(
      'the roll done',
      () => logLine(cluster!.output(), 'rolling restart done') !== undefined,
      180_000,
    );
    const answeredAtRoll = load.result.answered;
    await until(
      'the load is answered after the roll',
      () => load.result.answered >= answeredAtRoll + 20,
      60_000,
    );
    const { failures, answered } = await load.stop();
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(40);

    const output = cluster.output();
    expect(output).toContain('SIGHUP ignored: a rolling restart is under way');
    const started = logLine(output, 'rolling restart: replacing the workers one by one')!;
    const done = logLine(output, 'rolling restart done')!;
    const before = started.workers as number[];
    const after = done.workers as number[];
    expect(before).toHaveLength(2);
    expect([...(done.replaced as number[])].sort()).toEqual([...before].sort());
    expect(after).toHaveLength(2);
    for (const pid of before) {
      expect(after).not.toContain(pid);
      expect(alive(pid)).toBe(false);
    }
    expect(output).not.toContain('a worker died');

    // A broken build on disk: the new worker fails, the roll stops, the workers of the last roll keep serving.
    const good = readFileSync(bundle.mainJs, 'utf8');
    writeFileSync(bundle.mainJs, "throw new Error('a broken build');\n");
    try {
      process.kill(cluster.child.pid!, 'SIGHUP');
      await until(
        'the roll stopped',
        () => cluster!.output().includes('rolling restart stopped: a new worker did not start'),
        60_000,
      );
    } finally {
      writeFileSync(bundle.mainJs, good);
    }
    for (const pid of after) expect(alive(pid)).toBe(true);
    for (let i = 0; i < 4; i++)
      expect((await callServer(cluster.port, 'GET', '/api/health')).status).toBe(200);

    cluster.child.kill('SIGTERM');
    expect(await exited(cluster.child), cluster.output()).toBe(0);
    for (const pid of after) expect(alive(pid)).toBe(false);
  });
});
