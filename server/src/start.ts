// The steps of a start, shared by one process (main.ts) and several (cluster.ts).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, warmUp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { JOBS, startJobs, type Job, type JobRunner } from './jobs/index.ts';
import type { JobContext } from './jobs/index.ts';
import type { Mailer } from './mail/mailer.ts';
import { privacyContext } from './modules/privacy/index.ts';
import { ensureAdmin } from './modules/users/index.ts';
import { seedAtStart } from './seed.ts';
import { openSharedState, type SharedState, type WriteFeed } from './shared-state.ts';
import { oneLine, storageFor } from './storage/index.ts';

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

export interface ProcessLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * A log for the parts outside the app (the cluster's primary, the jobs it runs): one JSON line per
 * entry, in the shape of the app's own (pino's level numbers, time, pid), at LOG_LEVEL.
 */
export function processLog(level: string, bindings: object = {}): ProcessLog {
  const min = LEVELS[level as keyof typeof LEVELS] ?? Infinity;
  const line = (n: number) => (obj: object, msg: string) => {
    if (n < min) return;
    const entry = { level: n, time: Date.now(), pid: process.pid, ...bindings, ...obj, msg };
    (n >= LEVELS.warn ? process.stderr : process.stdout).write(JSON.stringify(entry) + '\n');
  };
  return { info: line(LEVELS.info), warn: line(LEVELS.warn), error: line(LEVELS.error) };
}

/** How long the start waits for the bucket (STORAGE_URL) to answer. */
const STORAGE_CHECK_MS = 10_000;

/**
 * Checks that the storage answers (the bucket exists and the keys may read it); a failure stops the
 * start with one line naming STORAGE_URL.
 */
export async function checkStorage(config: Config): Promise<void> {
  const storage = storageFor(config);
  try {
    await storage.check(STORAGE_CHECK_MS);
  } catch (err) {
    throw new Error(
      `STORAGE_URL ${storage.where} cannot be reached: ${oneLine((err as Error).cause ?? err)}`,
    );
  }
}

/**
 * Checks the storage, opens the database and brings it up to date: migrations, reference data, the admin
 * account and, with `--demo`, the demo content. Once per start, before any request is served.
 */
export async function prepareDatabase(config: Config, serverDir: string): Promise<Database> {
  await checkStorage(config);
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  await seedAtStart(database.db);
  if (config.adminEmail && config.adminPassword)
    await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
  if (process.argv.includes('--demo')) {
    const { seedDemo } = await import('./demo/seed-demo.ts');
    await seedDemo(database.db, config, { clipFile: path.join(serverDir, 'assets/demo-clip.webm') });
  }
  return database;
}

/** Redis when REDIS_URL is set (shared-state.ts); throws a clear error when it does not answer. */
export async function openShared(config: Config, log: ProcessLog): Promise<SharedState | undefined> {
  return config.redisUrl ? openSharedState(config.redisUrl, config.redisPrefix, log) : undefined;
}

/** Each job, publishing a write when its run changed something (so kept answers are dropped everywhere). */
function publishingWrites(jobs: readonly Job<JobContext>[], writes: WriteFeed): Job<JobContext>[] {
  return jobs.map((job) => ({
    ...job,
    run: async (ctx) => {
      const count = await job.run(ctx);
      if (count > 0) await writes.publish();
      return count;
    },
  }));
}

/**
 * For tests only, never set in production: `TEST_JOB_PAUSE_MS` makes every run of a job wait that long
 * once it holds its lease, so a test can stop the server while jobs hold their leases
 * (test/graceful-stop.test.ts).
 */
function testJobPause(jobs: Job<JobContext>[] | readonly Job<JobContext>[]): readonly Job<JobContext>[] {
  const ms = Number(process.env.TEST_JOB_PAUSE_MS ?? 0);
  if (!(ms > 0)) return jobs;
  return jobs.map((job) => ({
    ...job,
    run: async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, ms).unref());
      return job.run(ctx);
    },
  }));
}

/**
 * The scheduled jobs (server/src/jobs/): run now, then at their intervals. Each run takes its job's
 * lease in the database, so of several processes (or machines) on one database one runs it at a time.
 */
export function startScheduledJobs(
  database: Database,
  config: Config,
  mailer: Mailer,
  log: ProcessLog,
  shared: SharedState | undefined,
): JobRunner {
  const jobs = shared ? publishingWrites(JOBS, shared.writes) : JOBS;
  return startJobs(
    database.db,
    {
      ...privacyContext(database.db, storageFor(config)),
      dataDir: config.dataDir,
      mailer,
      log,
    },
    testJobPause(jobs),
    log,
  );
}

/**
 * Builds the app and listens on PORT (in a cluster's worker, the port the workers share); then builds
 * what the first requests would wait for (app.ts `warmUp`) while it already answers: a process serves
 * within its start's own time, not that plus the facet index's build (decision 0026).
 */
export async function serveHttp(
  config: Config,
  database: Database,
  mailer: Mailer,
  shared: SharedState | undefined,
): Promise<FastifyInstance> {
  const app = await buildApp({ config, database, logger: true, mailer, shared });
  await app.ready();
  await app.listen({ port: config.port, host: config.host });
  // Not awaited: requests meanwhile get the same answers another way, or wait for the piece they need.
  warmUp(app).catch((err: unknown) => app.log.error({ err }, 'warming up failed'));
  return app;
}

/** The address the site answers at, for the start's last line. */
export function siteAddress(config: Config, port: number): string {
  return `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
}

/** How long after the drain grace a stopping process may take to close its connections before it gives up. */
export const STOP_MARGIN_MS = 5_000;

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits with its code. If it has not ended `graceMs` plus
 * `STOP_MARGIN_MS` after the signal (something hangs: a pool that never empties), the process exits with 1.
 * A second signal while stopping changes nothing.
 */
export function onStopSignals(stop: (signal: string) => Promise<number>, graceMs: number, log: ProcessLog) {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) {
      log.info({ signal }, 'already stopping');
      return;
    }
    stopping = true;
    // Not unref'd: a stop waiting on nothing that keeps the process alive must not end as a clean exit.
    setTimeout(() => {
      log.error({ signal, ms: graceMs + STOP_MARGIN_MS }, 'the stop did not finish in time; exiting');
      process.exit(1);
    }, graceMs + STOP_MARGIN_MS);
    stop(signal).then(
      (code) => process.exit(code),
      (err: unknown) => {
        log.error({ err: err instanceof Error ? err.message : String(err) }, 'the stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => handler('SIGTERM'));
  process.on('SIGINT', () => handler('SIGINT'));
}

/**
 * SIGHUP asks a cluster's primary for a rolling restart (cluster.ts). Any other process (one process, or a
 * worker, which a terminal's hang-up reaches with its primary) keeps running and says why; by default
 * Node would exit on it.
 */
export function ignoreHangUp(log: ProcessLog, why: string) {
  process.on('SIGHUP', () => log.warn({ signal: 'SIGHUP' }, why));
}
