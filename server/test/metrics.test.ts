import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startJobs, type Job } from '../src/jobs/index.ts';
import { openSharedState } from '../src/shared-state.ts';
import { buildProvider, createTestApp, metricValue, TEST_ENGINE, type TestContext } from './helpers.ts';
import { uploadImage } from './upload-helpers.ts';

/**
 * `GET /metrics` (server/src/metrics.ts): Prometheus's text, only to `METRICS_ALLOW`'s addresses or
 * `METRICS_TOKEN`'s bearer; requests counted by route pattern, never by URL; database time, jobs, the
 * response cache and upload bytes. `GET /api/health/ready`: 503 naming the service that does not answer.
 * The registry is the process's: each check compares values before and after.
 */
const TOKEN = 'metrics-token-0123456789abcdef';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { metricsToken: TOKEN, metricsAllow: ['127.0.0.1', '10.9.0.0/16'] } });
});
afterAll(() => ctx.close());

const scrape = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

const valueOf = metricValue;

describe('who reads the metrics', () => {
  it('an allowed address or range, or the token; anyone else gets a 403', async () => {
    const from = (remoteAddress: string, authorization?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress,
        ...(authorization ? { headers: { authorization } } : {}),
      });
    const local = await from('127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await from('10.9.3.4')).statusCode).toBe(200);
    expect((await from('::ffff:10.9.3.4')).statusCode).toBe(200);
    expect((await from('203.0.113.9')).statusCode).toBe(403);
    expect((await from('203.0.113.9', `Bearer ${TOKEN}`)).statusCode).toBe(200);
    expect((await from('203.0.113.9', 'Bearer wrong-token-0123456789abcdef')).statusCode).toBe(403);
    expect((await from('203.0.113.9')).body).not.toContain('ltf_');
  });

  it("behind a proxy, the address the proxy reports counts, not the proxy's own", async () => {
    const proxied = await createTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    const from = (forwarded: string) =>
      proxied.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwarded },
      });
    expect((await from('203.0.113.9')).statusCode).toBe(403);
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    await proxied.close();
  });

  it('METRICS_ALLOW and METRICS_TOKEN are checked at start', () => {
    const env = (more: Record<string, string>) =>
      ({ DATA_DIR: ctx.config.dataDir, ...more }) as NodeJS.ProcessEnv;
    expect(loadConfig(env({})).metricsAllow).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig(env({ METRICS_ALLOW: 'off' })).metricsAllow).toEqual([]);
    expect(loadConfig(env({ METRICS_ALLOW: '10.0.0.0/8, ::1' })).metricsAllow).toEqual(['10.0.0.0/8', '::1']);
    expect(() => loadConfig(env({ METRICS_ALLOW: 'prometheus.local' }))).toThrow(
      /Invalid environment variable METRICS_ALLOW/,
    );
    expect(() => loadConfig(env({ METRICS_TOKEN: 'short' }))).toThrow(
      /Invalid environment variable METRICS_TOKEN/,
    );
  });
});

describe('what is counted', () => {
  it('requests by route pattern and status, never by the URL; database time', async () => {
    const before = await scrape();
    const ok = '{route="/api/providers/:id",method="GET",status="404"}';
    await ctx.app.inject({ method: 'GET', url: '/api/providers/987654' });
    await ctx.app.inject({ method: 'GET', url: '/api/providers/987655' });
    await ctx.app.inject({ method: 'GET', url: '/no-such-page-4242' });
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const after = await scrape();
    expect(
      valueOf(after, `ltf_http_requests_total${ok}`) - valueOf(before, `ltf_http_requests_total${ok}`),
    ).toBe(2);
    const unmatched = 'ltf_http_requests_total{route="unmatched",method="GET",status="404"}';
    expect(valueOf(after, unmatched) - valueOf(before, unmatched)).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('987654');
    expect(after).not.toContain('no-such-page-4242');
    const durations =
      'ltf_http_request_duration_seconds_count{route="/api/providers/:id",method="GET",status_class="4xx"}';
    expect(valueOf(after, durations) - valueOf(before, durations)).toBe(2);
    expect(valueOf(after, 'ltf_db_query_duration_seconds_count')).toBeGreaterThan(
      valueOf(before, 'ltf_db_query_duration_seconds_count'),
    );
    // The process's own figures come too.
    expect(after).toContain('ltf_process_resident_memory_bytes');
  });

  it('response-cache hits and misses, and upload bytes', async () => {
    const before = await scrape();
    const url = '/api/providers?pagination[pageSize]=3';
    await ctx.app.inject({ method: 'GET', url });
    await ctx.app.inject({ method: 'GET', url });
    const provider = await buildProvider(ctx);
    await uploadImage(ctx, provider);
    const after = await scrape();
    const hits = 'ltf_response_cache_lookups_total{result="hit"}';
    // On SQLite the answers are kept by its change mark; on PostgreSQL only with Redis, which this app has not.
    if (TEST_ENGINE === 'sqlite')
      expect(valueOf(after, hits) - valueOf(before, hits)).toBeGreaterThanOrEqual(1);
    else expect(valueOf(after, hits) - valueOf(before, hits)).toBe(0);
    expect(
      valueOf(after, 'ltf_upload_bytes_total') - valueOf(before, 'ltf_upload_bytes_total'),
    ).toBeGreaterThan(100);
  });

  it('job runs by job and result', async () => {
    const before = await scrape();
    const jobs: Job<null>[] = [
      { name: 'metrics-ok', everyMs: 3_600_000, run: async () => 3 },
      {
        name: 'metrics-broken',
        everyMs: 3_600_000,
        run: async () => {
          throw new Error('broken on purpose');
        },
      },
    ];
    const quiet = { info: () => {}, error: () => {} };
    const runner = startJobs(ctx.database.db, null, jobs, quiet, { runAtStart: false });
    await runner.runNow('metrics-ok');
    await expect(runner.runNow('metrics-broken')).rejects.toThrow('broken on purpose');
    await runner.stop();
    const after = await scrape();
    const done = 'ltf_job_runs_total{job="metrics-ok",result="done"}';
    const failed = 'ltf_job_runs_total{job="metrics-broken",result="failed"}';
    expect(valueOf(after, done) - valueOf(before, done)).toBe(1);
    expect(valueOf(after, failed) - valueOf(before, failed)).toBe(1);
  });
});

describe('readiness', () => {
  it('answers ready while the database answers, and 503 naming it when it does not', async () => {
    const own = await createTestApp();
    const ready = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    await own.database.close();
    const down = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toMatchObject({
      status: 503,
      details: { failed: ['database'], checks: { database: 'failed' } },
    });
    expect(down.json().error.message).toBe('Not ready: database');
    await own.close().catch(() => undefined);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  const withRedis = redisUrl ? it : undefined;
  withRedis?.('with Redis: ready while it answers, 503 naming it once it is gone', async () => {
    const quiet = { info: () => {}, warn: () => {} };
    const shared = await openSharedState(redisUrl!, `ltf-test-ready-${process.pid}:`, quiet);
    const own = await createTestApp({ shared });
    const ready = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    await shared.close();
    const down = await own.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.details.failed).toEqual(['redis']);
    await own.close();
  });
});
