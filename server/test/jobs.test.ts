import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, startJobs, type Job } from '../src/jobs/index.ts';
import { privacyContext } from '../src/modules/privacy/index.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { uploadDocument } from './upload-helpers.ts';

/** The scheduled jobs: the runner, its lease between processes, the job list. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ cities: false });
});
afterAll(() => ctx.close());

const lines: { level: string; obj: object; msg: string }[] = [];
const log = {
  info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
  error: (obj: object, msg: string) => lines.push({ level: 'error', obj, msg }),
};
const lease = (name: string) =>
  ctx.database.db.selectFrom('job_leases').selectAll().where('name', '=', name).executeTakeFirst();

describe('job runner', () => {
  it('runs a job at most once at a time across processes, and records and logs each run', async () => {
    let release!: () => void;
    let runs = 0;
    const slow: Job<null> = {
      name: 'test-slow',
      everyMs: 3_600_000,
      run: async () => {
        runs++;
        await new Promise<void>((r) => (release = r));
        return 7;
      },
    };
    // Two runners stand for two server processes on one database.
    const a = startJobs(ctx.database.db, null, [slow], log, { runAtStart: false });
    const b = startJobs(ctx.database.db, null, [slow], log, { runAtStart: false });
    const first = a.runNow('test-slow');
    await expect.poll(() => runs).toBe(1);
    expect(await b.runNow('test-slow')).toBeUndefined();
    expect(runs).toBe(1);
    release();
    expect(await first).toBe(7);
    expect(await lease('test-slow')).toMatchObject({ locked_by: null, last_count: 7, last_error: null });
    expect(lines.some((l) => l.msg === 'job done' && (l.obj as { job: string }).job === 'test-slow')).toBe(
      true,
    );
    // Free again: the other process may run it now.
    const second = b.runNow('test-slow');
    await expect.poll(() => runs).toBe(2);
    release();
    expect(await second).toBe(7);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('writes a failure to the lease row and the log, and frees the lease', async () => {
    const failing: Job<null> = {
      name: 'test-failing',
      everyMs: 3_600_000,
      run: async () => {
        throw new Error('disk on fire');
      },
    };
    const runner = startJobs(ctx.database.db, null, [failing], log, { runAtStart: false });
    await expect(runner.runNow('test-failing')).rejects.toThrow('disk on fire');
    expect(await lease('test-failing')).toMatchObject({ locked_by: null, last_error: 'disk on fire' });
    expect(lines.some((l) => l.level === 'error' && l.msg === 'job failed')).toBe(true);
    await runner.stop();
  });

  it('takes over a lease whose holder died (expired)', async () => {
    await ctx.database.db
      .insertInto('job_leases')
      .values({ name: 'test-orphan', locked_by: 'dead-process', locked_until: '2000-01-01T00:00:00.000Z' })
      .execute();
    const runner = startJobs(
      ctx.database.db,
      null,
      [{ name: 'test-orphan', everyMs: 3_600_000, run: async () => 1 }],
      log,
      {
        runAtStart: false,
      },
    );
    expect(await runner.runNow('test-orphan')).toBe(1);
    await runner.stop();
  });
});

describe('the server jobs', () => {
  it('run at start: unclaimed uploads older than 24 hours are deleted, fresh ones kept', async () => {
    const old = await uploadDocument(ctx);
    const fresh = await uploadDocument(ctx);
    await ctx.database.db
      .updateTable('files')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    const jobCtx = {
      ...privacyContext(ctx.database.db, ctx.storage),
      dataDir: ctx.config.dataDir,
      mailer: ctx.mailer,
      log,
    };
    const runner = startJobs(ctx.database.db, jobCtx, JOBS, log);
    await runner.stop(); // waits for the runs started at start
    const ids = (await ctx.database.db.selectFrom('files').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(fresh.id);
    expect(await lease('delete-unclaimed-uploads')).toMatchObject({ last_count: 1, last_error: null });
    expect(await lease('delete-expired-revocations')).toMatchObject({ last_error: null });
    expect(await lease('delete-old-messages')).toMatchObject({ last_error: null });
  });
});
