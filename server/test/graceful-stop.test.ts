import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { JOBS } from '../src/jobs/index.ts';
import { INTERRUPTED } from '../src/jobs/runner.ts';
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
 * The stop of one server process (WORKERS=1, on SQLite and PostgreSQL), the real bundle run by Node: SIGTERM closes the
 * listening socket at once, answers the request in flight (with `Connection: close`), gives back the leases
 * of the jobs still running and exits 0; SIGHUP leaves it running.
 */

const JWT_SECRET = 'graceful-stop-secret-0123456789abcdefgh';
let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
const dirs: string[] = [];

beforeAll(async () => {
  bundle = await buildServerBundle();
});
afterAll(() => {
  bundle.remove();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function newDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ltf-stop-'));
  dirs.push(dir);
  return dir;
}

/** Whether a new connection is refused now (anything else, an answer or another error, is "not yet"). */
const refused = () =>
  callServer(server.port, 'GET', '/api/health').then(
    () => false,
    (err: Error & { code?: string }) => err.code === 'ECONNREFUSED',
  );
let server: ServerProcess;

/** A sign-up whose client sends its headers, waits for the server's `100 Continue`, and holds its body. */
async function heldSignUp(port: number) {
  const body = JSON.stringify({
    username: 'held_signup',
    email: 'held-signup@example.com',
    password: 'Violet-Harbor-2291',
    cpassword: 'Violet-Harbor-2291',
    first_name: 'Jane',
    last_name: 'Doe',
    phone_number: '555-0100',
    dob: '1990-05-17',
    city: 'San Jose',
    user_type: 'Hobbyist',
  });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/auth/local/register',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; connection: string | undefined; text: string }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (b: Buffer) => (text += b.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
    },
  );
  req.flushHeaders();
  // The server answers `100 Continue` once it has read the headers and handed the request to the app.
  await once(req, 'continue');
  return { send: () => req.end(body), answer };
}

/** SQLite, or in the PostgreSQL suite (TEST_DATABASE_URL) PostgreSQL: a database of its own, dropped after. */
const pgUrl = process.env.TEST_DATABASE_URL;
const engines: [string, boolean][] = [pgUrl ? ['PostgreSQL', true] : ['SQLite', false]];
const pgNames: string[] = [];
afterAll(async () => {
  for (const name of pgNames) await dropPostgresDatabase(pgUrl!, name);
});

async function newPostgresDatabase(): Promise<string> {
  const { name, url } = await createPostgresDatabase(pgUrl!, 'stop');
  pgNames.push(name);
  return url;
}

describe('one process', { timeout: 90_000 }, () => {
  it.each(engines)(
    'SIGTERM on %s: refuses new connections at once, answers the request in flight, gives back the job leases, exits 0',
    async (_engine, onPostgres) => {
      const dataDir = newDataDir();
      const databaseUrl = onPostgres ? await newPostgresDatabase() : undefined;
      server = await startServer(bundle.mainJs, {
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        JWT_SECRET,
        DRAIN_GRACE_MS: '8000',
        // Every job holds its lease far longer than the grace: the stop must give them back.
        TEST_JOB_PAUSE_MS: '600000',
      });
      const database = openDatabase({ dataDir, databaseUrl });
      const held = () =>
        database.db.selectFrom('job_leases').select(['name', 'locked_by', 'last_error']).execute();
      try {
        await until(
          'every job holds its lease',
          async () => (await held()).filter((l) => l.locked_by).length === JOBS.length,
          20_000,
        );
        expect((await callServer(server.port, 'GET', '/api/health')).status).toBe(200);

        const signUp = await heldSignUp(server.port);
        server.child.kill('SIGTERM');
        await until('new connections refused', refused, 20_000);
        // The request that was in flight is still answered, telling its client not to reuse the connection.
        signUp.send();
        const answer = await signUp.answer;
        expect(answer.status, answer.text).toBe(200);
        expect(answer.connection).toBe('close');

        expect(await exited(server.child), server.output()).toBe(0);
        expect(server.output()).toContain('"msg":"stopped"');
        const leases = await held();
        expect(leases).toHaveLength(JOBS.length);
        for (const lease of leases)
          expect(lease).toEqual({ name: lease.name, locked_by: null, last_error: INTERRUPTED });
        // The account the held request made exists: it was answered before the database closed.
        const made = await database.db
          .selectFrom('users')
          .select('username')
          .where('username', '=', 'held_signup')
          .executeTakeFirst();
        expect(made).toEqual({ username: 'held_signup' });
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        await database.close();
      }
    },
  );

  it('SIGHUP: keeps serving (a rolling restart needs WORKERS=2 or more) and says so', async () => {
    server = await startServer(bundle.mainJs, { DATA_DIR: newDataDir(), JWT_SECRET });
    try {
      server.child.kill('SIGHUP');
      await until('the SIGHUP answered in the log', () => server.output().includes('SIGHUP ignored'));
      expect(server.output()).toContain('a rolling restart needs WORKERS=2 or more');
      expect((await callServer(server.port, 'GET', '/api/health')).status).toBe(200);
      expect(await server.stop()).toBe(0);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });
});
