import cluster, { type Worker } from 'node:cluster';
import { createAppMailer } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { answerClusterGathering, serveClusterMetrics } from './metrics.ts';
import {
  ignoreHangUp,
  onStopSignals,
  openShared,
  prepareDatabase,
  processLog,
  serveHttp,
  siteAddress,
  startScheduledJobs,
  STOP_MARGIN_MS,
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
 * stops the workers (each finishes its requests, http/in-flight.ts), then the jobs, then the primary.
 *
 * SIGHUP replaces the workers one by one (a rolling restart, `rollWorkers`): each new worker runs the code
 * on disk now, so a deploy of new code takes effect without a moment with nobody listening. The primary
 * itself (its jobs, the migrations it ran at start) stays: a migration needs a full restart.
 */

const RESTART_WINDOW_MS = 60_000;
/** How long a rolling restart's new worker may take to listen and answer before the roll stops. */
const ROLL_START_TIMEOUT_MS = 30_000;
/** What a worker sends the primary once it listens and its readiness check answers. */
const READY = 'ltf-worker-ready';

/** How long a worker told to stop may take before it is killed: its own drain and stop limit, and some. */
const killAfterMs = (config: Config) => config.drainGraceMs + STOP_MARGIN_MS + 5_000;

/** The pause before replacing a worker, given how many died within the last minute (this one included). */
function restartDelayMs(recentDeaths: number): number {
  return Math.min(500 * 2 ** Math.max(0, recentDeaths - 1), 30_000);
}

/**
 * What the primary shares with its supervision of the workers: stopping, started, the pending restarts, and
 * the workers a rolling restart handles itself (`rolling`: new ones not yet serving, old ones stopping),
 * which are not replaced when they exit.
 */
interface PrimaryState {
  stopping: boolean;
  started: boolean;
  pending: Set<NodeJS.Timeout>;
  rollInProgress: boolean;
  rolling: Set<Worker>;
}

/** The primary: `workerMain` is the file each worker runs (main.ts as built). */
export async function runPrimary(config: Config, serverDir: string, workerMain: string): Promise<void> {
  const log = processLog(config.logLevel, { role: 'primary' });
  const state: PrimaryState = {
    stopping: false,
    started: false,
    pending: new Set(),
    rollInProgress: false,
    rolling: new Set(),
  };
  // From the first moment: Node's default on SIGHUP is to exit; before the start ended it is ignored.
  process.on('SIGHUP', () => void rollWorkers(config, log, state));
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
    // The jobs end (or give their leases back) while the workers drain.
    await Promise.all([stopWorkers(killAfterMs(config)), jobs.stop(config.drainGraceMs)]);
    await shared?.close();
    await database.close();
    return code;
  }

  superviseWorkers(config, log, database.engine, state, stop);
  // A scrape reaches one worker; the primary adds up its own values (the jobs') and every worker's.
  serveClusterMetrics();
  // The workers' stop has its own limit (killAfterMs), so the primary's is that and its own closing.
  onStopSignals((signal) => stop(0, signal), killAfterMs(config), log);
  cluster.setupPrimary({ exec: workerMain, args: process.argv.slice(2) });
  for (let i = 0; i < config.workers; i++) cluster.fork();
}

const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());

/** Asks every live worker to stop (SIGTERM) and waits for each. */
async function stopWorkers(killAfter: number): Promise<void> {
  await Promise.all(liveWorkers().map((worker) => stopWorker(worker, killAfter)));
}

/**
 * Asks one worker to stop (SIGTERM: it stops listening, answers what it has, http/in-flight.ts) and waits
 * for its exit, killing it if it is still running after `killAfter`.
 */
function stopWorker(worker: Worker, killAfter: number): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const kill = setTimeout(() => worker.process.kill('SIGKILL'), killAfter);
    worker.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    worker.process.kill('SIGTERM');
  });
}

/**
 * A new worker of a rolling restart: answers true once it listens and its readiness check passed (it sends
 * READY), false when it exits first or takes longer than ROLL_START_TIMEOUT_MS.
 */
function serving(worker: Worker): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve(ok);
    };
    const onMessage = (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type === READY) done(true);
    };
    const onExit = () => done(false);
    const timer = setTimeout(() => done(false), ROLL_START_TIMEOUT_MS);
    worker.on('message', onMessage);
    worker.on('exit', onExit);
  });
}

/**
 * SIGHUP: replaces the workers one at a time. For each worker running when the signal came: fork a new one,
 * wait until it listens and answers, then stop the old one as SIGTERM stops a process (it stops listening
 * first, then answers what it has), and wait for its exit. A new worker that fails to start stops the roll
 * (it is stopped; the old workers keep serving); an old worker that died meanwhile is skipped (the
 * supervision replaced it). A second SIGHUP during a roll, or one before the start ended, is ignored.
 */
async function rollWorkers(config: Config, log: ProcessLog, state: PrimaryState): Promise<void> {
  if (state.stopping) return;
  if (!state.started || state.rollInProgress) {
    log.warn(
      { signal: 'SIGHUP' },
      state.started ? 'SIGHUP ignored: a rolling restart is under way' : 'SIGHUP ignored: still starting',
    );
    return;
  }
  state.rollInProgress = true;
  const old = liveWorkers();
  const replaced: number[] = [];
  log.info({ workers: old.map((w) => w.process.pid) }, 'rolling restart: replacing the workers one by one');
  try {
    for (const previous of old) {
      if (state.stopping) return;
      if (previous.isDead()) continue;
      const next = cluster.fork();
      state.rolling.add(next);
      const ok = await serving(next);
      if (state.stopping) return;
      if (!ok) {
        log.error(
          { worker: next.process.pid, replaced, timeoutMs: ROLL_START_TIMEOUT_MS },
          'rolling restart stopped: a new worker did not start (see its log above); the other workers keep serving',
        );
        await stopWorker(next, killAfterMs(config));
        state.rolling.delete(next);
        return;
      }
      state.rolling.delete(next);
      if (previous.isDead()) continue;
      state.rolling.add(previous);
      await stopWorker(previous, killAfterMs(config));
      state.rolling.delete(previous);
      replaced.push(previous.process.pid!);
    }
    log.info({ replaced, workers: liveWorkers().map((w) => w.process.pid) }, 'rolling restart done');
  } finally {
    state.rollInProgress = false;
  }
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
    // A rolling restart's worker: the roll stopped it, or handles its failure to start.
    if (state.rolling.has(worker)) return;
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
  const log = processLog(config.logLevel, { role: 'worker' });
  onStopSignals(
    async (signal) => {
      app.log.info({ signal, graceMs: config.drainGraceMs }, 'worker shutting down');
      await app.close();
      await shared?.close();
      await database.close();
      return 0;
    },
    config.drainGraceMs,
    log,
  );
  ignoreHangUp(log, 'SIGHUP ignored by a worker: send it to the primary for a rolling restart');
  // Listening now; ready once the readiness check (database, Redis) answers, which a rolling restart waits for.
  const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
  if (ready.statusCode === 200) process.send?.({ type: READY }, () => undefined);
  else log.error({ status: ready.statusCode, body: ready.body }, 'the readiness check failed');
}
