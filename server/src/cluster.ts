import cluster, { type Worker } from 'node:cluster';
import { createAppMailer } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { answerClusterGathering, serveClusterMetrics } from './metrics.ts';
import {
  onStopSignals,
  openShared,
  prepareDatabase,
  processLog,
  serveHttp,
  siteAddress,
  startScheduledJobs,
  type ProcessLog,
} from './start.ts';

/**
 * WORKERS > 1: several processes serve one port (Node's cluster module; the primary hands each new
 * connection to the next worker). PostgreSQL and Redis are required (config.ts), since the workers
 * share the database and, through Redis, their rate limits, sign-in throttle and cache invalidations.
 *
 * The primary checks that Redis answers, prepares the database once (migrations, reference data,
 * admin, demo), runs the scheduled jobs (workers only serve requests), then forks the workers. A worker that
 * dies is replaced, after a pause that doubles with each death of the last minute (0.5 s up to 30 s);
 * one that dies before the first have all started stops the start (a bad port, say). SIGTERM or SIGINT
 * stops the workers (each finishes its requests), then the primary.
 */

/** How long the workers get to finish their requests when stopping, before they are killed. */
const STOP_GRACE_MS = 15_000;
const RESTART_WINDOW_MS = 60_000;

/** The pause before replacing a worker, given how many died within the last minute (this one included). */
function restartDelayMs(recentDeaths: number): number {
  return Math.min(500 * 2 ** Math.max(0, recentDeaths - 1), 30_000);
}

/** What the primary shares with its supervision of the workers: stopping, started, the pending restarts. */
interface PrimaryState {
  stopping: boolean;
  started: boolean;
  pending: Set<NodeJS.Timeout>;
}

/** The primary: `workerMain` is the file each worker runs (main.ts as built). */
export async function runPrimary(config: Config, serverDir: string, workerMain: string): Promise<void> {
  const log = processLog(config.logLevel, { role: 'primary' });
  // Redis first: a start that cannot share its limits stops before touching the database.
  const shared = await openShared(config, log);
  let database: Database;
  try {
    database = await prepareDatabase(config, serverDir);
  } catch (err) {
    await shared?.close();
    throw err;
  }
  const mailer = createAppMailer(config);
  const jobs = startScheduledJobs(
    database,
    config,
    mailer,
    processLog(config.logLevel, { component: 'jobs' }),
    shared,
  );

  const state: PrimaryState = { stopping: false, started: false, pending: new Set() };
  let stopped: Promise<number> | undefined;
  /** Stops the workers, then the jobs and connections; once, whoever asks first (a signal, a failed start). */
  function stop(code: number, reason: string): Promise<number> {
    stopped ??= stopAll(code, reason);
    return stopped;
  }
  async function stopAll(code: number, reason: string): Promise<number> {
    state.stopping = true;
    log.info({ reason }, 'shutting down');
    for (const timer of state.pending) clearTimeout(timer);
    await stopWorkers();
    await jobs.stop();
    await shared?.close();
    await database.close();
    return code;
  }

  superviseWorkers(config, log, database.engine, state, stop);
  // A scrape reaches one worker; the primary adds up its own values (the jobs') and every worker's.
  serveClusterMetrics();
  onStopSignals((signal) => stop(0, signal));
  cluster.setupPrimary({ exec: workerMain, args: process.argv.slice(2) });
  for (let i = 0; i < config.workers; i++) cluster.fork();
}

/** Asks every live worker to stop (SIGTERM) and waits for each, killing one still running after the grace. */
async function stopWorkers(): Promise<void> {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS);
          worker.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          worker.process.kill('SIGTERM');
        }),
    ),
  );
}

/**
 * Logs the start once every worker listens; a worker that dies before that stops the start, one that
 * dies after is replaced after `restartDelayMs`.
 */
function superviseWorkers(
  config: Config,
  log: ProcessLog,
  engine: Database['engine'],
  state: PrimaryState,
  stop: (code: number, reason: string) => Promise<number>,
): void {
  let listening = 0;
  const deaths: number[] = [];

  cluster.on('listening', (_worker, address) => {
    if (state.started || ++listening < config.workers) return;
    state.started = true;
    log.info(
      { workers: config.workers },
      `Live the Fantasy is running at ${siteAddress(config, address.port)} (${engine}, ${config.workers} workers)`,
    );
  });

  cluster.on('exit', (worker, code, signal) => {
    if (state.stopping) return;
    if (!state.started) {
      log.error({ worker: worker.process.pid, code, signal }, 'a worker stopped before the server started');
      void stop(1, 'start failed').then((c) => process.exit(c));
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths[0]! < now - RESTART_WINDOW_MS) deaths.shift();
    const delay = restartDelayMs(deaths.length);
    log.error(
      { worker: worker.process.pid, code, signal, restartInMs: delay },
      'a worker died; replacing it',
    );
    const timer = setTimeout(() => {
      state.pending.delete(timer);
      if (!state.stopping) cluster.fork();
    }, delay);
    state.pending.add(timer);
  });
}

/** One worker: the app on the prepared database, listening on the shared port, until told to stop. */
export async function runWorker(config: Config): Promise<void> {
  answerClusterGathering();
  const database = openDatabase(config);
  const shared = await openShared(config, processLog(config.logLevel));
  const app = await serveHttp(config, database, createAppMailer(config), shared);
  onStopSignals(async (signal) => {
    app.log.info({ signal }, 'worker shutting down');
    await app.close();
    await shared?.close();
    await database.close();
    return 0;
  });
}
