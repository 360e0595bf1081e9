import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { installAdminAudit } from '../../src/http/admin-audit.ts';
import { signToken } from '../../src/http/auth.ts';
import { newAddress } from '../directory-helpers.ts';
import { createTestApp, type TestContext } from '../helpers.ts';
import { createFixtures, type Fixtures, type Made } from './fixtures.ts';
import { ROUTE_TABLE, type RouteCase } from './route-table.ts';

/**
 * Every admin action is in the audit log, and no admin route answers an admin who has not given a
 * two-factor code. Standing, table-driven over `route-table.ts` (with the fixtures `route-access.test.ts`
 * uses), so a new admin write route is covered the day it is added:
 *
 * - every write the table lets the admin make (a 2xx) records itself in its own transaction: the entry by
 *   the admin naming the record (its subject `<thing>:<id>`) is there when the answer arrives, and the
 *   app flagged nothing (`app.unrecordedAdminWrites`, http/admin-audit.ts);
 * - a PUT or DELETE on a record (`:id`) keeps what the record held before;
 * - the writes that are no admin action say why in their route's `config.notAudited` (listed below);
 * - every admin route answers 403 `two_factor_required` to an admin token signed without a code.
 */
let ctx: TestContext;
let f: Fixtures;
beforeAll(async () => {
  ctx = await createTestApp({ cities: false });
  f = await createFixtures(ctx);
});
afterAll(() => ctx.close());

const is2xx = (status: number) => status >= 200 && status < 300;

/**
 * Writes that are no admin action: sign-in and two-factor calls (`/api/auth/`), and the routes whose
 * `config.notAudited` says why (the admin's own wishlist or files, a call that changes nothing).
 */
const NOT_ADMIN_ACTIONS: Record<string, string> = {
  'POST /api/auth/local/register': 'anyone registering a new account; the admin is not acting as such',
  'POST /api/auth/local': "the admin's own sign-in",
  'POST /api/auth/forgot-password': "a reset link for an address, anyone's call",
  'POST /api/upload/sendmail': "a reset link for an address, anyone's call",
  'POST /api/screening-reviews': "anyone's request for a review: the log would keep its number and address",
  'POST /api/auth/logout': "the admin's own session",
  'POST /api/auth/logout-all': "the admin's own sessions",
  'POST /api/auth/2fa/setup': "the admin's own two-factor enrolment",
  'POST /api/upload': "the admin's own new file (recorded when it is used on a record)",
  'POST /api/wishlist': "the admin's own wishlist",
  'POST /api/account/exports': "the admin's own data export (one for another account is audited)",
  'DELETE /api/wishlist/:id': "the admin's own wishlist (the id is a product's)",
  'POST /api/orders/quote': 'a price quote changes nothing',
  'PUT /api/likes/:id': 'a reaction has nothing to edit: the call changes nothing',
  'PUT /api/dislikes/:id': 'a reaction has nothing to edit: the call changes nothing',
  'PUT /api/averages/:id': 'a reaction has nothing to edit: the call changes nothing',
  'PUT /api/hobbyist-likes/:id': 'a screening rating has nothing to edit: the call changes nothing',
  'PUT /api/hobbyist-averages/:id': 'a screening rating has nothing to edit: the call changes nothing',
  'PUT /api/hobbyist-dislikes/:id': 'a screening rating has nothing to edit: the call changes nothing',
};

/** Writes on a record (`:id`) whose entry names the record they make, not the one in the path. */
const RECORDS_ANOTHER: Record<string, string> = {
  'POST /api/hobbyist-comments/:id/flag': 'files a report as any provider may: the new report is the record',
};

/** Bodies that change something where the table's body sends the value in force (nothing to record). */
const BODY: Record<string, unknown> = {
  'PUT /api/admin/settings': { data: { document_retention_days: 31 } },
};

const writes = Object.entries(ROUTE_TABLE).filter(
  ([route, spec]) => !route.startsWith('GET ') && is2xx(spec.expect.admin),
);

/** The highest audit entry id now (0 when none). */
async function lastEntry(): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The admin's entries after `since`. */
function entriesSince(since: number, actorId: number) {
  return ctx.database.db
    .selectFrom('audit_log')
    .select(['id', 'action', 'subject', 'details', 'before_value', 'after_value'])
    .where('id', '>', since)
    .where('actor_id', '=', actorId)
    .orderBy('id')
    .execute();
}

type Entry = Awaited<ReturnType<typeof entriesSince>>[number];

/** Does the entry name the record: its subject ends in `:<id>`? */
const namesRecord = (e: Entry, id: number | undefined) => id !== undefined && e.subject.endsWith(`:${id}`);

async function setupFor(spec: RouteCase): Promise<Made> {
  return spec.setup ? spec.setup(f, f.users.admin) : {};
}

describe('every admin write is in the audit log', () => {
  it('lists only routes of the table as exceptions', () => {
    const keys = writes.map(([route]) => route);
    for (const route of [...Object.keys(NOT_ADMIN_ACTIONS), ...Object.keys(RECORDS_ANOTHER)])
      expect(keys, route).toContain(route);
  });

  for (const [route, spec] of writes) {
    it(route, async () => {
      const [method, url] = route.split(' ') as [string, string];
      const made = { ...(await setupFor(spec)), ...(route in BODY ? { body: BODY[route] } : {}) };
      const path = url.replace(':id', String(made.id ?? ''));
      const since = await lastEntry();
      const flagged = ctx.app.unrecordedAdminWrites.length;
      const res = await f.call(f.users.admin, method, path, made);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(spec.expect.admin);
      // The app flags an admin write that recorded nothing (http/admin-audit.ts).
      expect(ctx.app.unrecordedAdminWrites.slice(flagged), `${route}: recorded nothing`).toEqual([]);
      if (route in NOT_ADMIN_ACTIONS) return;

      // Recorded by the service in the write's own transaction: there when the answer is.
      const onRecord = url.includes(':id') && !(route in RECORDS_ANOTHER);
      const recordId = onRecord ? made.id : (res.json()?.data?.id as number | undefined);
      const own = (await entriesSince(since, f.users.admin.id)).filter(
        (e) => namesRecord(e, recordId) || (recordId === undefined && !url.includes(':id')),
      );
      expect(
        own.map((e) => e.action),
        `${route}: no entry of its own naming ${recordId}`,
      ).not.toEqual([]);
      // What the record held before: `before_value` (screening keeps the old values in `details`).
      if (onRecord && (method === 'DELETE' || method === 'PUT')) {
        expect(
          own.some((e) => e.before_value !== null || e.details !== null),
          `${route}: no entry with the record before`,
        ).toBe(true);
      }
    });
  }
});

describe('the flag of an admin write that recorded nothing', () => {
  it('names the route of a write that recorded nothing, and not one that did or says why not', async () => {
    const app = Fastify();
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (req) => {
      req.actor = { id: 1, role: 'admin', userType: null };
    });
    installAdminAudit(app);
    app.post('/api/things/:id', async () => ({ ok: true }));
    app.post('/api/recorded', async (req) => {
      req.actor!.audited = true;
      return { ok: true };
    });
    app.post('/api/own', { config: { notAudited: "the caller's own" } }, async () => ({ ok: true }));
    app.post('/api/refused', async (_req, reply) => reply.code(400).send({ ok: false }));
    app.get('/api/read', async () => ({ ok: true }));
    for (const [method, url] of [
      ['POST', '/%61pi/things/7'],
      ['POST', '/api/recorded'],
      ['POST', '/api/own'],
      ['POST', '/api/refused'],
      ['GET', '/api/read'],
    ] as const) {
      await app.inject({ method, url });
    }
    expect(app.unrecordedAdminWrites).toEqual(['POST /api/things/:id']);
    await app.close();
  });
});

/**
 * An admin whose token was signed without a two-factor code (`mfa`) is refused every route only the admin
 * may call, and every route the admin passes by role (403 `two_factor_required`), before the route runs.
 */
describe('an admin without a two-factor code', () => {
  const adminRoutes = () =>
    ctx.app.apiRoutes.filter((r) => {
      const spec = ROUTE_TABLE[`${r.method} ${r.url}`];
      if (!spec || !is2xx(spec.expect.admin)) return false;
      return r.access === 'admin' || (typeof r.access === 'object' && !r.access.adminRefused);
    });

  it('covers the admin routes', () => {
    expect(adminRoutes().filter((r) => r.access === 'admin').length).toBeGreaterThan(30);
  });

  it('is refused every admin route with two_factor_required', async () => {
    const row = await ctx.database.db
      .selectFrom('users')
      .select('token_version')
      .where('id', '=', f.users.admin.id)
      .executeTakeFirstOrThrow();
    const refused: Record<string, number | string> = {};
    for (const r of adminRoutes()) {
      const route = `${r.method} ${r.url}`;
      const made = await setupFor(ROUTE_TABLE[route]!);
      // Signed as after the password alone: no `mfa` claim.
      const jwt = await signToken(ctx.config.jwtSecret, f.users.admin.id, Number(row.token_version));
      const before = await lastEntry();
      const path = r.url.replace(':id', String(made.id ?? ''));
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url: `${path}${made.query ? `?${made.query}` : ''}`,
        headers: { ...made.headers, authorization: `Bearer ${jwt}` },
        ...(made.body !== undefined
          ? { payload: Buffer.isBuffer(made.body) ? made.body : (made.body as object) }
          : {}),
        remoteAddress: newAddress(),
      });
      const code = res.statusCode === 403 ? res.json().error?.details?.code : undefined;
      if (code !== 'two_factor_required') refused[route] = `${res.statusCode} ${res.body.slice(0, 200)}`;
      // Nothing was done, so nothing was recorded.
      const left = (await entriesSince(before, f.users.admin.id)).filter((e) => namesRecord(e, made.id));
      if (left.length) refused[route] = `left ${left.map((e) => e.action).join(', ')}`;
    }
    expect(refused).toEqual({});
  });
});
