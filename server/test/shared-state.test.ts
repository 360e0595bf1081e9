import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../src/modules/auth/auth.throttle.ts';
import { createRedisLoginThrottle } from '../src/modules/auth/auth.throttle-redis.ts';
import { openSharedState, type SharedState, type SharedStateLog } from '../src/shared-state.ts';
import { newAddress } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import { buildHobbyist, buildProvider, createTestApp, type TestContext } from './helpers.ts';

/**
 * What the processes share through Redis (TEST_REDIS_URL), in this process: the sign-in throttle's
 * rules as in memory, the write feed, and a server that keeps answering when Redis goes away. Two real
 * processes sharing them: several-processes.test.ts.
 */

const redisUrl = process.env.TEST_REDIS_URL;
const quiet: SharedStateLog = { info: () => undefined, warn: () => undefined };
const prefix = () => `ltf-test-${randomUUID().slice(0, 8)}:`;
const opened: SharedState[] = [];
async function open(url: string, keyPrefix: string, log = quiet) {
  const shared = await openSharedState(url, keyPrefix, log);
  opened.push(shared);
  return shared;
}
afterAll(() => Promise.all(opened.map((s) => s.close())));

async function until(what: string, check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(redisUrl)('the sign-in throttle in Redis', () => {
  const limits = {
    ...LOGIN_THROTTLE,
    maxFailuresPerAccountAndAddress: 2,
    maxFailuresPerAddress: 5,
    slowAccountAfter: 4,
  };

  it("counts one process's failures in the other's answers, per account and address", async () => {
    const keys = prefix();
    const one = createRedisLoginThrottle((await open(redisUrl!, keys)).redis, keys, quiet, limits);
    const two = createRedisLoginThrottle((await open(redisUrl!, keys)).redis, keys, quiet, limits);
    await one.recordFailure('a', 'u');
    expect(await two.retryAfterMs('a', 'u')).toBe(0);
    await two.recordFailure('a', 'u');
    const wait = await one.retryAfterMs('a', 'u');
    expect(wait).toBeGreaterThan(limits.windowMs - 5000);
    expect(wait).toBeLessThanOrEqual(limits.windowMs);
    // Another address for that account, and that address for nobody in particular, are not refused.
    expect(await one.retryAfterMs('b', 'u')).toBe(0);
    expect(await one.retryAfterMs('a')).toBe(0);
    // The owner's success from there clears that pair only.
    await one.recordSuccess('a', 'u');
    expect(await two.retryAfterMs('a', 'u')).toBe(0);
  });

  it('refuses an address past its own ceiling whatever the account, and slows an account past its ceiling', async () => {
    const keys = prefix();
    const throttle = createRedisLoginThrottle((await open(redisUrl!, keys)).redis, keys, quiet, limits);
    for (let i = 0; i < limits.maxFailuresPerAddress; i++) await throttle.recordFailure('x', undefined);
    expect(await throttle.retryAfterMs('x')).toBeGreaterThan(0);
    expect(await throttle.retryAfterMs('x', 'anyone')).toBeGreaterThan(0);
    expect(await throttle.retryAfterMs('y')).toBe(0);

    for (let i = 0; i < limits.slowAccountAfter - 1; i++) await throttle.recordFailure(`from-${i}`, 'v');
    expect(await throttle.slowdownMs('v')).toBe(0);
    await throttle.recordFailure('one-more', 'v');
    expect(await throttle.slowdownMs('v')).toBe(limits.slowdownMs);
    expect(await throttle.retryAfterMs('fresh', 'v')).toBe(0);
  });

  it('ends a window windowMs after its first failure', async () => {
    const keys = prefix();
    const short = { ...limits, windowMs: 300 };
    const throttle = createRedisLoginThrottle((await open(redisUrl!, keys)).redis, keys, quiet, short);
    await throttle.recordFailure('a', 'u');
    await throttle.recordFailure('a', 'u');
    expect(await throttle.retryAfterMs('a', 'u')).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await throttle.retryAfterMs('a', 'u')).toBe(0);
  });
});

describe.runIf(redisUrl)('the write feed', () => {
  it("moves this process's mark at once and the other's when it hears", async () => {
    const keys = prefix();
    const one = await open(redisUrl!, keys);
    const two = await open(redisUrl!, keys);
    const [a, b] = [one.writes.mark(), two.writes.mark()];
    expect(a).toBeDefined();
    const publishing = one.writes.publish();
    expect(one.writes.mark()).not.toBe(a);
    await publishing;
    await until('the other hears', () => two.writes.mark() !== b);
    // Another site's feed (another prefix) is not heard.
    const other = await open(redisUrl!, prefix());
    const c = two.writes.mark();
    await other.writes.publish();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(two.writes.mark()).toBe(c);
  });
});

/** A TCP relay to Redis that can be cut and restored on the same port: a Redis that goes away and comes back. */
async function relayTo(url: string) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: () => listen(port),
  };
}

// Ten failed sign-ins hash ten passwords: slow on a loaded machine.
describe.runIf(redisUrl)('Redis lost while running', { timeout: 60_000 }, () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let shared: SharedState;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  const warnings: string[] = [];

  beforeAll(async () => {
    relay = await relayTo(redisUrl!);
    const keys = prefix();
    shared = await open(relay.url, keys, {
      info: () => undefined,
      warn: (_obj, msg) => void warnings.push(msg),
    });
    ctx = await createTestApp({ config: { redisUrl: relay.url, redisPrefix: keys }, shared });
    app = ctx.app;
  });
  afterAll(() => ctx?.close());

  it('still answers: limits let requests through, sign-ins are throttled in the process, nothing is kept', async () => {
    const user = await buildHobbyist(ctx);
    const ad = await buildProviderAd(ctx, await buildProvider(ctx), {
      title: 'Before',
    });
    const titleListed = async () => {
      const res = await app.inject({ url: '/api/providers', remoteAddress: newAddress() });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number; attributes: { title: string } }[]).find((i) => i.id === ad)
        ?.attributes.title;
    };
    expect(await titleListed()).toBe('Before');
    expect(shared.writes.mark()).toBeDefined();

    await relay.cut();
    await until('the feed notices', () => shared.writes.mark() === undefined);
    const started = Date.now();
    expect(await titleListed()).toBe('Before');
    expect(Date.now() - started).toBeLessThan(1500);
    // Unheard writes may happen meanwhile: a change shows at once (on PostgreSQL nothing is kept now).
    await ctx.database.db.updateTable('providers').set({ title: 'During' }).where('id', '=', ad).execute();
    expect(await titleListed()).toBe('During');
    expect(warnings.some((w) => w.startsWith('Redis unreachable'))).toBe(true);

    const address = newAddress();
    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/local',
        remoteAddress: address,
        payload: { identifier: user.email, password },
      });
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccountAndAddress; i++)
      expect((await login('Wrong-password-1')).statusCode).toBe(400);
    expect((await login(user.password)).statusCode).toBe(429);

    await relay.restore();
    await until('the feed hears again', () => shared.writes.mark() !== undefined);
    expect((await app.inject({ url: '/api/providers', remoteAddress: newAddress() })).statusCode).toBe(200);
  });
});
