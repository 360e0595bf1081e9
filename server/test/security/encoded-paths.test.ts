import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/http/auth.ts';

import { loosePath, matchedPath } from '../../src/http/route-path.ts';
import { CONTENT_RATE_LIMITS } from '../../src/modules/content/content.routes.ts';
import { openSharedState, type SharedState } from '../../src/shared-state.ts';
import { newAddress } from '../directory-helpers.ts';
import {
  buildAdmin,
  buildProvider,
  buildUser,
  createTestApp,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

/**
 * A path is one route however it is spelled: the router decodes `/%61pi/contact-messages` to
 * `/api/contact-messages`, so the limits and the admin audit log decide by the route matched, never
 * by the URL's text (docs/security.md, "Throttles"). For every registered `/api` route, enumerated from
 * the app (`app.apiRoutes`), requests alternate between the plain path and its other spellings:
 * percent-encoded letters (`%61pi`, every character encoded), an encoded slash (`%2F`), doubled slashes,
 * a trailing dot and upper case. Each spelling either reaches the route and counts against the same
 * counter as the plain path (its `x-ratelimit-remaining` one lower than the request before), or is the
 * router's JSON 404 and does nothing; the 429 of a route's own limit comes after exactly as many
 * requests as on the plain path alone. Requests are cheap: a write's body has a type no parser takes
 * (a 415 after the limit has counted it), a read's query filters on a field no resource has, and every
 * parameter is `x` (an `:id` is a 400).
 */
let ctx: TestContext;
let notFoundBody: string;
beforeAll(async () => {
  ctx = await createTestApp({ cities: false });
  notFoundBody = (await ctx.app.inject({ method: 'GET', url: '/api/no-such-route-here' })).body;
});
afterAll(() => ctx.close());

/** A content type no parser takes: a write is refused (415) after the route's limit has counted it. */
import '../../src/http/plugins/rate-limits.ts';
const GLOBAL_RATE_LIMIT = 600;
const UNPARSED = 'application/x-encoded-paths-test';

const CHEAP_READ = 'filters[no_such_field][$eq]=1';

/** Every character of each segment written as a percent-escape (hex in lower case). */
function encodeEvery(plain: string): string {
  return plain
    .split('/')
    .map((segment) => [...segment].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''))
    .join('/');
}

/** The plain path first, then the other ways of writing it. */
function spellings(plain: string): string[] {
  const rest = plain.slice('/api'.length);
  return [
    plain,
    `/%61pi${rest}`,
    encodeEvery(plain),
    `/api%2F${rest.slice(1)}`,
    `/${plain}`,
    plain.replace('/api/', '/api//'),
    `${plain}.`,
    plain.toUpperCase(),
  ];
}

/** A caller the route's access lets through (the route's own limit counts after the access check). */
async function callerFor(access: Access): Promise<TestUser | null> {
  if (access === 'public') return null;
  if (access === 'admin') return buildAdmin(ctx);
  const type = access === 'authenticated' ? 'Hobbyist' : access.userTypes[0];
  if (type === undefined) return buildAdmin(ctx);
  return type === 'Provider' ? buildProvider(ctx) : buildUser(ctx, { userType: type });
}

/**
 * Two callers for each kind of access, made once: each route counts in a store of its own, so two
 * walks of a route (the first caller's, the second's) each start at zero, per account or per address.
 */
function callerPairs() {
  const pairs = new Map<string, [TestUser | null, TestUser | null]>();
  return async (access: Access) => {
    const key = JSON.stringify(access);
    if (!pairs.has(key)) pairs.set(key, [await callerFor(access), await callerFor(access)]);
    return pairs.get(key)!;
  };
}

function send(method: string, url: string, caller: TestUser | null, address: string) {
  const write = method !== 'GET' && method !== 'HEAD';
  return ctx.app.inject({
    method: method as 'GET',
    // A read's filter on a field no resource has: most listings refuse it (400) before any query.
    url: write ? url : `${url}?${CHEAP_READ}`,
    remoteAddress: address,
    headers: { ...caller?.auth, ...(write ? { 'content-type': UNPARSED } : {}) },
    ...(write ? { payload: 'x' } : {}),
  });
}

/** The router's own 404 (no route matched): the not-found handler's body, no limit counted. */
const isRouterNotFound = (res: LightMyRequestResponse) =>
  res.statusCode === 404 && res.body === notFoundBody && res.headers['x-ratelimit-limit'] === undefined;

interface Walk {
  /** The limit the route's first answer states (`x-ratelimit-limit`); undefined when it has none. */
  limit: number | undefined;
  /** Requests the route counted before its 429 (or before the walk stopped). */
  counted: number;
  problems: string[];
}

/**
 * Sends requests to one route, cycling through `urls` (and `methods`), until its 429 (or `stopAfter` requests).
 * Stops at once on a route without a limit, and one past the limit without a 429.
 */
async function walk(
  methods: string | string[],
  urls: string[],
  caller: TestUser | null,
  opts: { stopAfter?: number; stopIfGlobal?: boolean } = {},
): Promise<Walk> {
  const address = newAddress();
  const problems: string[] = [];
  let limit: number | undefined;
  let previous: number | undefined;
  let counted = 0;
  for (let i = 0; opts.stopAfter === undefined || i < opts.stopAfter; i++) {
    const url = urls[i % urls.length]!;
    const method = [methods].flat()[i % [methods].flat().length]!;
    const res = await send(method, url, caller, address);
    if (method !== 'GET' && method !== 'HEAD' && res.statusCode < 300)
      problems.push(`${url} did the write (${res.statusCode})`);
    if (isRouterNotFound(res)) continue;
    if (res.statusCode === 429) break;
    const remaining = res.headers['x-ratelimit-remaining'];
    if (i === 0) {
      if (res.statusCode === 401 || res.statusCode === 403) problems.push(`${url}: the caller was refused`);
      limit =
        res.headers['x-ratelimit-limit'] === undefined ? undefined : Number(res.headers['x-ratelimit-limit']);
      if (limit === undefined) break;
      if (opts.stopIfGlobal && limit >= GLOBAL_RATE_LIMIT) return { limit, counted: 1, problems };
    }
    if (remaining === undefined) {
      problems.push(`${url} reached the route (${res.statusCode}) without being counted`);
      break;
    }
    if (previous !== undefined && Number(remaining) !== previous - 1) {
      problems.push(`${url}: ${remaining} left after ${previous}, not one counter`);
    }
    previous = Number(remaining);
    counted++;
    if (limit !== undefined && counted > limit) {
      problems.push(`${url}: no 429 after ${counted} requests (limit ${limit})`);
      break;
    }
  }
  return { limit, counted, problems };
}

describe('every spelling of a path gets the same limit', () => {
  const routes = () => ctx.app.apiRoutes.map((r) => ({ ...r, path: r.url.replace(/:\w+/g, 'x') }));

  it('counts every spelling that reaches a route against that route, and 429s at the same count', async () => {
    const problems: Record<string, string[]> = {};
    const unlimited: string[] = [];
    const ownLimits: string[] = [];
    const callers = callerPairs();
    for (const route of routes()) {
      const name = `${route.method} ${route.url}`;
      const [first, second] = await callers(route.access);
      // The plain path alone, to the 429 (a route under the global limit stops after one request).
      const plain = await walk(route.method, [route.path], first, { stopIfGlobal: true });
      if (plain.limit === undefined) {
        unlimited.push(name);
        continue;
      }
      const every = spellings(route.path);
      let spelled: Walk;
      if (plain.limit >= GLOBAL_RATE_LIMIT) {
        // The global limit, one counter per address: each spelling that reaches the route takes one.
        spelled = await walk(route.method, every, first, { stopAfter: every.length });
      } else {
        ownLimits.push(name);
        spelled = await walk(route.method, every, second);
        if (plain.counted !== plain.limit || spelled.counted !== plain.counted) {
          spelled.problems.push(
            `429 after ${spelled.counted} spelled, ${plain.counted} plain (limit ${plain.limit})`,
          );
        }
      }
      if (spelled.counted < 3) spelled.problems.push(`only ${spelled.counted} spellings reached the route`);
      const found = [...plain.problems, ...spelled.problems];
      if (found.length) problems[name] = found;
    }
    expect(problems).toEqual({});
    // The routes that opt out of every limit, and those with one of their own.
    expect(unlimited).toEqual(['GET /api/health', 'GET /api/health/ready']);
    expect(ownLimits).toEqual(
      expect.arrayContaining([
        'POST /api/contact-messages',
        'GET /api/customer-hobbyists',
        'GET /api/customer-hobbyists/:id',
        'POST /api/tips',
        'POST /api/providers/:id/mail',
        'POST /api/auth/forgot-password',
        'POST /api/upload',
      ]),
    );
  }, 300_000);

  it("counts HEAD against its GET route's own limit", async () => {
    const limited: string[] = [];
    const problems: Record<string, string[]> = {};
    const callers = callerPairs();
    for (const route of routes().filter((r) => r.method === 'GET')) {
      const [first, caller] = await callers(route.access);
      const probe = await walk('GET', [route.path], first, { stopAfter: 1 });
      if (probe.limit === undefined || probe.limit >= GLOBAL_RATE_LIMIT) continue;
      limited.push(route.url);
      const both = await walk(['GET', 'HEAD', 'HEAD'], [route.path, `/%61pi${route.path.slice(4)}`], caller);
      if (both.counted !== probe.limit)
        both.problems.push(`429 after ${both.counted} (limit ${probe.limit})`);
      if (both.problems.length) problems[route.url] = both.problems;
    }
    expect(limited).toContain('/api/customer-hobbyists/:id');
    expect(problems).toEqual({});
  }, 300_000);

  it('429s the global limit after as many requests, spelled or plain', async () => {
    const route = routes().find((r) => r.method === 'GET' && r.url.includes(':id') && r.access === 'public')!;
    const caller = null;
    const plain = await walk('GET', [route.path], caller);
    const spelled = await walk('GET', spellings(route.path), caller);
    expect(plain).toEqual({ limit: GLOBAL_RATE_LIMIT, counted: GLOBAL_RATE_LIMIT, problems: [] });
    expect(spelled).toEqual(plain);
  }, 60_000);
});

/** With Redis every process counts together: a route's own limit is keyed there by its pattern. */
describe.runIf(process.env.TEST_REDIS_URL)('every spelling in Redis, across two processes', () => {
  const opened: SharedState[] = [];
  const apps: TestContext[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const shared of opened) await shared.close();
  });

  it('counts /api and /%61pi on either process against one counter', async () => {
    const keys = `ltf-test-${randomUUID().slice(0, 8)}:`;
    const quiet = { info: () => undefined, warn: () => undefined };
    for (let i = 0; i < 2; i++) {
      const shared = await openSharedState(process.env.TEST_REDIS_URL!, keys, quiet);
      opened.push(shared);
      apps.push(await createTestApp({ cities: false, shared }));
    }
    const address = newAddress();
    const statuses: number[] = [];
    const max = CONTENT_RATE_LIMITS.contact.max;
    for (let i = 0; i <= max; i++) {
      const res = await apps[i % 2]!.app.inject({
        method: 'POST',
        url: i % 3 ? '/%61pi/contact-messages' : '/api/contact-messages',
        remoteAddress: address,
        headers: { 'content-type': UNPARSED },
        payload: 'x',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(max).fill(415), 429]);
  });
});

describe('the admin audit log, however the path was spelled', () => {
  it("records an admin's credit through /%61pi/transactions as through /api/transactions", async () => {
    const flagged = ctx.app.unrecordedAdminWrites.length;
    const admin = await buildAdmin(ctx);
    const provider = await buildProvider(ctx);
    const lastId = async () =>
      Number(
        (
          await ctx.database.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirst()
        )?.id ?? 0,
      );
    const recorded = [];
    let n = 0;
    for (const url of [
      '/api/transactions',
      '/%61pi/transactions',
      '/api/%74ransactions',
      encodeEvery('/api/transactions'),
    ]) {
      const uid = `ADJ-ENC-${Date.now().toString(36)}-${n++}`;
      const since = await lastId();
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: admin.auth,
        remoteAddress: newAddress(),
        payload: {
          data: {
            user: provider.id,
            transaction_uid: uid,
            transaction_amount: 500,
            transaction_type: 'credit',
            order_type: 'other',
          },
        },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      // Recorded by the service in the write's transaction: there when the answer is.
      const entries = await ctx.database.db
        .selectFrom('audit_log')
        .select(['action', 'subject', 'after_value'])
        .where('id', '>', since)
        .where('actor_id', '=', admin.id)
        .execute();
      const id = (res.json() as { data: { id: number } }).data.id;
      recorded.push(
        entries.map((e) => ({
          action: e.action,
          subject: e.subject.replace(`:${id}`, ':<id>'),
          after_value: e.after_value ? JSON.parse(e.after_value).transaction_uid.replace(uid, '<uid>') : null,
        })),
      );
    }
    expect(recorded[0]).toEqual([
      { action: 'transaction.create', subject: 'transaction:<id>', after_value: '<uid>' },
    ]);
    for (const entries of recorded.slice(1)) expect(entries).toEqual(recorded[0]);
    // No spelling passed as an admin write that recorded nothing.
    expect(ctx.app.unrecordedAdminWrites.length).toBe(flagged);
  });
});

describe('an unknown path meant for the API, however spelled', () => {
  let shell: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'ltf-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>shell</title>');
    shell = await createTestApp({ config: { webDist } });
  });
  afterAll(async () => {
    await shell.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('is the JSON 404, never the web app page', async () => {
    const unknown = [
      '/api/nothing',
      '/%61pi/nothing',
      '/%2561pi/nothing',
      '/API/nothing',
      '//api/nothing',
      '/%2Fapi/nothing',
      '/%75ploads/nothing.jpg',
      '/UPLOADS/nothing.jpg',
    ];
    for (const url of unknown) {
      const res = await shell.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
    const page = await shell.app.inject({ method: 'GET', url: '/ad/2' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>shell</title>');
  });
});

describe('route-path helpers', () => {
  it('reads an unknown path loosely', () => {
    expect(loosePath('/%2561PI//x?y=1')).toBe('/api/x');
    expect(loosePath('/%E0%A4%A/x')).toBe('/%e0%a4%a/x');
    // A real request line may hold a backslash (an injected one is read as a URL, which turns it into a host).
    expect(loosePath('/\\api\\x')).toBe('/api/x');
  });

  it('writes the matched path back from the route and its parameters', () => {
    const req = (url: string | undefined, params: object) => ({ routeOptions: { url }, params }) as never;
    expect(matchedPath(req('/api/ads/:id', { id: 5 }))).toBe('/api/ads/5');
    expect(matchedPath(req('/api/providers/:id/mail', { id: 'a/b' }))).toBe('/api/providers/a%2Fb/mail');
    expect(matchedPath(req(undefined, {}))).toBeUndefined();
  });
});
