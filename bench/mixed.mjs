// The mixed-load benchmark: the listing and the filter counts at 10 connections
// while a second load writes through the real HTTP API at a fixed rate — reactions, comments and ad
// edits that change filter attributes — as signed-in hobbyists and ad owners. Tokens are signed the
// way server/src/http/auth.ts `signToken` signs them, with the secret the benchmark gives the server.
/* global fetch, performance, clearInterval, TextEncoder */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { loadDomain } from './domain.mjs';

const { CALL_OPTIONS, REACTION_PATHS, REACTION_TYPES } = await loadDomain();

/** Writes per second (as on a busy site: 50 reactions, 10 comments and 2 ad edits). */
export const WRITE_RATES = { reaction: 50, comment: 10, adEdit: 2 };

/** A session token for `userId`, as `signToken` makes it (claims id and token version, a jti, 30 days). */
export async function signToken(secret, userId, tokenVersion = 0) {
  return new SignJWT({ id: userId, v: tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('30d')
    .sign(new TextEncoder().encode(secret));
}

/**
 * Who writes, read from the loaded database before the server starts: active hobbyists, and shown
 * ads with their owners (active, holding a running package), each with a signed token.
 */
export async function writerPools(loader, secret, size = 300) {
  const now = new Date().toISOString();
  const hobbyists = await loader.all(
    `select id, token_version from users where user_type = 'Hobbyist' and is_active = 1 order by id limit ?`,
    [size],
  );
  const ads = await loader.all(
    `select p.id, p.user_id, u.token_version from providers p join users u on u.id = p.user_id
     where p.is_showed = 1 and u.is_active = 1 and exists (select 1 from subscriptions s where s.user_id = p.user_id
       and s.start_date <= ? and s.end_date > ? and s.payment_status <> 'rejected')
     order by p.id desc limit ?`,
    [now, now, size],
  );
  const sign = (id, version) => signToken(secret, Number(id), Number(version));
  return {
    hobbyists: await Promise.all(hobbyists.map(async (h) => ({ token: await sign(h.id, h.token_version) }))),
    ads: await Promise.all(
      ads.map(async (a) => ({ id: Number(a.id), token: await sign(a.user_id, a.token_version) })),
    ),
  };
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : null;

/** One kind's writes: how many were sent (per second), answered 2xx, failed, and their latency. */
function summary(s, seconds) {
  const times = s.times.sort((a, b) => a - b);
  const ms = (x) => (x === null ? null : Math.round(x * 10) / 10);
  return {
    sent: s.sent,
    perSecond: Math.round((s.sent / seconds) * 10) / 10,
    ok: s.ok,
    statuses: s.statuses,
    errors: s.errors,
    p50: ms(percentile(times, 50)),
    p99: ms(percentile(times, 99)),
    max: ms(times.at(-1) ?? null),
  };
}

/**
 * Starts writing at `rates` per second (open loop: a slow answer does not slow the schedule).
 * Answers `stop()`, which waits for the writes in flight and answers, per kind, how many were sent,
 * answered 2xx, failed, and their latency.
 */
export function startWrites(base, pools, rates = WRITE_RATES) {
  const stats = Object.fromEntries(
    Object.keys(rates).map((k) => [k, { sent: 0, ok: 0, statuses: {}, errors: 0, times: [] }]),
  );
  const inFlight = new Set();
  let n = 0;
  const write = (kind, method, path, token, data) => {
    const s = stats[kind];
    s.sent++;
    const t = performance.now();
    const p = fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        s.times.push(performance.now() - t);
        s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1;
        if (res.ok) s.ok++;
      })
      .catch(() => s.errors++)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const send = {
    reaction: () => {
      const h = pools.hobbyists[n % pools.hobbyists.length];
      const ad = pools.ads[(n * 7) % pools.ads.length];
      const kind = REACTION_TYPES[n % REACTION_TYPES.length];
      write('reaction', 'POST', `/api/${REACTION_PATHS[kind]}`, h.token, { provider: ad.id });
    },
    comment: () => {
      const h = pools.hobbyists[(n * 3) % pools.hobbyists.length];
      const ad = pools.ads[(n * 11) % pools.ads.length];
      write('comment', 'POST', '/api/comments', h.token, { provider: ad.id, comment: `Bench comment ${n}` });
    },
    // Age and call are filter attributes: each edit moves the ad in the facet index.
    adEdit: () => {
      const ad = pools.ads[n % pools.ads.length];
      write('adEdit', 'PUT', `/api/providers/${ad.id}`, ad.token, {
        age: 21 + (n % 40),
        call: CALL_OPTIONS[n % CALL_OPTIONS.length],
      });
    },
  };
  const started = performance.now();
  const timer = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    for (const [kind, rate] of Object.entries(rates)) {
      while (stats[kind].sent < Math.floor(elapsed * rate)) {
        n++;
        send[kind]();
      }
    }
  }, 5);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([...inFlight]);
      const seconds = (performance.now() - started) / 1000;
      return Object.fromEntries(Object.entries(stats).map(([kind, s]) => [kind, summary(s, seconds)]));
    },
  };
}
