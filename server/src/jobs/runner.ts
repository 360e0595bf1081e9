import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { releaseLease, takeLease } from './jobs.queries.ts';
import { jobDuration, jobRuns } from '../metrics.ts';

/** One scheduled job: a name (its lease row), how often it runs, and what it does. */
export interface Job<C> {
  name: string;
  /** How often to run, in milliseconds; every job also runs once when the runner starts. */
  everyMs: number;
  /** Does the work; answers how many things it handled (for the log and `job_leases.last_count`). */
  run(ctx: C): Promise<number>;
}

/** Where the runner writes one line per run. */
export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRunner {
  /** Runs one job now if no process holds its lease; answers its count, or undefined when skipped. */
  runNow(name: string): Promise<number | undefined>;
  /**
   * Stops the timers and waits for the runs under way, up to `graceMs`; a run still going then gives its
   * lease back (written as interrupted), so another process may run the job at once instead of waiting
   * for the lease to expire.
   */
  stop(graceMs?: number): Promise<void>;
}

/** How long a lease holds when its holder never releases it (a crashed process). */
const LEASE_MS = 10 * 60 * 1000;

/** What a lease's row says of a run the process stopped during. */
export const INTERRUPTED = 'interrupted: the server stopped during the run';

/**
 * One run of a job under its lease: skipped (undefined) while another process holds it; the lease is given
 * back with the count, or with the error, which is thrown again. Each run is logged. `interrupt` gives back
 * the leases of the runs under way (the process is stopping); such a run's own release later finds the
 * lease no longer its own and changes nothing.
 */
function leasedRuns<C>(db: Kysely<DB>, ctx: C, log: JobLog, me: string) {
  const release = (name: string, started: Date, count: number | null, error: string | null) =>
    releaseLease(db, name, me, { started, finished: new Date(), count, error });
  const underWay = new Map<string, Date>();
  const run = async (job: Job<C>): Promise<number | undefined> => {
    const started = new Date();
    if (!(await takeLease(db, job.name, me, started, new Date(started.getTime() + LEASE_MS)))) {
      log.info({ job: job.name }, 'job skipped: another process is running it');
      return undefined;
    }
    underWay.set(job.name, started);
    try {
      const count = await job.run(ctx);
      await release(job.name, started, count, null);
      const ms = Date.now() - started.getTime();
      log.info({ job: job.name, count, ms }, 'job done');
      jobRuns.inc({ job: job.name, result: 'done' });
      jobDuration.observe({ job: job.name }, ms / 1000);
      return count;
    } catch (err) {
      jobRuns.inc({ job: job.name, result: 'failed' });
      const message = err instanceof Error ? err.message : String(err);
      await release(job.name, started, null, message.slice(0, 1000)).catch(() => undefined);
      log.error({ job: job.name, err }, 'job failed');
      throw err;
    } finally {
      underWay.delete(job.name);
    }
  };
  const interrupt = async () => {
    for (const [name, started] of underWay) {
      underWay.delete(name);
      await release(name, started, null, INTERRUPTED).catch(() => undefined);
      log.error({ job: name }, 'job interrupted: the server is stopping; its lease is given back');
    }
  };
  return { run, interrupt };
}

/**
 * Starts the scheduled jobs: each runs at start and then every `everyMs`. Of several processes on
 * one database only one runs a job at a time: a run first takes the job's lease in `job_leases`
 * (jobs.queries.ts), and gives it back when done, writing when it started, how long it took and what it
 * answered. Each run is logged. Timers do not keep the process alive.
 */
export function startJobs<C>(
  db: Kysely<DB>,
  ctx: C,
  jobs: readonly Job<C>[],
  log: JobLog,
  opts: { runAtStart?: boolean } = {},
): JobRunner {
  const { run: runJob, interrupt } = leasedRuns(db, ctx, log, randomUUID());
  const running = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  /** A run from a timer: never throws (the failure is logged and written to the lease row). */
  function runInBackground(job: Job<C>) {
    if (stopped) return;
    const p = runJob(job)
      .catch(() => undefined)
      .finally(() => running.delete(p));
    running.add(p);
  }

  for (const job of jobs) {
    if (opts.runAtStart !== false) runInBackground(job);
    const timer = setInterval(() => runInBackground(job), job.everyMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    runNow(name) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`No job named ${name}`);
      return runJob(job);
    },
    async stop(graceMs = Infinity) {
      stopped = true;
      for (const t of timers) clearInterval(t);
      let timer: NodeJS.Timeout | undefined;
      const over = new Promise<'over'>((resolve) => {
        if (graceMs !== Infinity) timer = setTimeout(() => resolve('over'), graceMs);
      });
      const ended = await Promise.race([Promise.all([...running]), over]);
      clearTimeout(timer);
      if (ended === 'over') await interrupt();
    },
  };
}
