import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redact } from '../../src/http/admin-audit.ts';
import { signToken } from '../../src/http/auth.ts';
import { newAddress } from '../directory-helpers.ts';
import { createTestApp, type TestContext } from '../helpers.ts';
import { createFixtures, type Fixtures, type Made } from './fixtures.ts';
import { ROUTE_TABLE, type RouteCase } from './route-table.ts';

/**
 * Every admin action is in the audit log (issue 14, item 10), and no admin route answers an admin who has
 * not given a two-factor code (item 11). Standing, table-driven over `route-table.ts` (with the fixtures
 * `route-access.test.ts` uses), so a new admin write route is covered the day it is added:
 *
 * - every write the table lets the admin make (a 2xx) leaves a new `audit_log` entry by the admin naming
 *   the record (its subject `<thing>:<id>`, or for the app's fallback the path called);
 * - a write on a record (`:id`) records itself, in its own transaction, with the record before: the entry
 *   is there when the answer arrives and is not the fallback's `api.*`; the few routes left to the
 *   fallback (calls that change nothing) are listed, with why;
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

/** Writes that are not admin actions by nature: the admin acting on their own account or files. */
const NOT_ADMIN_ACTIONS: Record<string, string> = {
  'POST /api/auth/local/register': 'anyone registering a new account; the admin is not acting as such',
  'POST /api/auth/local': "the admin's own sign-in",
  'POST /api/auth/forgot-password': "a reset link for an address, anyone's call",
  'POST /api/auth/logout': "the admin's own session",
  'POST /api/auth/logout-all': "the admin's own sessions",
  'POST /api/auth/2fa/setup': "the admin's own two-factor enrolment",
  'POST /api/upload': "the admin's own new file (recorded when it is used on a record)",
  'POST /api/wishlist': "the admin's own wishlist",
  'DELETE /api/wishlist/:id': "the admin's own wishlist (the id is a product's)",
};

/**
 * Writes on a record that the fallback still records (path and body, after the answer) rather than the
 * service (with the record before and after, in the write's transaction): the author's or owner's own
 * records that the admin may also change, outside the admin console's actions. Keep this list short:
 * a new route is not added here but records itself.
 */
const FALLBACK_ONLY: Record<string, string> = {
  'PUT /api/likes/:id': 'a reaction has nothing to edit: the call changes nothing',
  'PUT /api/dislikes/:id': 'a reaction has nothing to edit: the call changes nothing',
  'PUT /api/averages/:id': 'a reaction has nothing to edit: the call changes nothing',
  'PUT /api/hobbyist-likes/:id': 'a screening rating has nothing to edit: the call changes nothing',
  'PUT /api/hobbyist-averages/:id': 'a screening rating has nothing to edit: the call changes nothing',
  'PUT /api/hobbyist-dislikes/:id': 'a screening rating has nothing to edit: the call changes nothing',
  'POST /api/hobbyist-comments/:id/flag':
    'files a report as any provider may (the new report is the record; the comment is unchanged)',
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

/** The highest audit entry id once the setup's own entries (the fallback's, after its answers) are in. */
async function settledLastEntry(): Promise<number> {
  let last = await lastEntry();
  for (;;) {
    await new Promise((done) => setTimeout(done, 30));
    const now = await lastEntry();
    if (now === last) return now;
    last = now;
  }
}

type Entry = Awaited<ReturnType<typeof entriesSince>>[number];

/** Does the entry name the record: its subject ends in `:<id>`, or the fallback's path holds it? */
function namesRecord(e: Entry, id: number | undefined, path: string): boolean {
  if (e.subject === path) return true;
  return id !== undefined && e.subject.endsWith(`:${id}`);
}

async function setupFor(spec: RouteCase): Promise<Made> {
  return spec.setup ? spec.setup(f, f.users.admin) : {};
}

describe('every admin write is in the audit log', () => {
  it('lists only routes of the table as exceptions', () => {
    const keys = writes.map(([route]) => route);
    for (const route of [...Object.keys(NOT_ADMIN_ACTIONS), ...Object.keys(FALLBACK_ONLY)])
      expect(keys, route).toContain(route);
  });

  for (const [route, spec] of writes) {
    if (route in NOT_ADMIN_ACTIONS) continue;
    it(route, async () => {
      const [method, url] = route.split(' ') as [string, string];
      const made = { ...(await setupFor(spec)), ...(route in BODY ? { body: BODY[route] } : {}) };
      const path = url.replace(':id', String(made.id ?? ''));
      const since = await settledLastEntry();
      const res = await f.call(f.users.admin, method, path, made);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(spec.expect.admin);
      const recordId = url.includes(':id') ? made.id : (res.json()?.data?.id as number | undefined);

      if (url.includes(':id') && !(route in FALLBACK_ONLY)) {
        // Recorded by the service in the write's own transaction: there when the answer is.
        const own = (await entriesSince(since, f.users.admin.id)).filter(
          (e) => !e.action.startsWith('api.') && namesRecord(e, recordId, path),
        );
        expect(
          own.map((e) => e.action),
          `${route}: no entry of its own naming ${recordId}`,
        ).not.toEqual([]);
        // What the record held before: `before_value` (screening keeps the old values in `details`).
        if (method === 'DELETE' || method === 'PUT') {
          expect(
            own.some((e) => e.before_value !== null || e.details !== null),
            `${route}: no entry with the record before`,
          ).toBe(true);
        }
        return;
      }
      // Anything else: the service's entry or the fallback's (written just after the answer).
      let found: Entry[] = [];
      for (let i = 0; i < 50 && !found.length; i++) {
        found = (await entriesSince(since, f.users.admin.id)).filter(
          (e) => namesRecord(e, recordId, path) || (recordId === undefined && !url.includes(':id')),
        );
        if (!found.length) await new Promise((r) => setTimeout(r, 20));
      }
      expect(found.length, `${route}: no audit entry naming the record`).toBeGreaterThan(0);
    });
  }
});

describe("the fallback's redaction", () => {
  it('hides exactly the secret fields, and keeps fields that merely contain such a word', () => {
    expect(
      redact({
        password: 'a',
        cpassword: 'b',
        currentPassword: 'c',
        passwordConfirmation: 'd',
        token: 'e',
        jwt: 'f',
        secret: 'g',
        mfa_token: 'h',
        claimToken: 'i',
        resetPasswordToken: 'j',
        data: {
          state_code: 'CA',
          postal_code: '95112',
          transaction_id: 'TX-1',
          docs: [{ id: 1, token: 'k' }],
        },
      }),
    ).toEqual({
      password: '[redacted]',
      cpassword: '[redacted]',
      currentPassword: '[redacted]',
      passwordConfirmation: '[redacted]',
      token: '[redacted]',
      jwt: '[redacted]',
      secret: '[redacted]',
      mfa_token: '[redacted]',
      claimToken: '[redacted]',
      resetPasswordToken: '[redacted]',
      data: {
        state_code: 'CA',
        postal_code: '95112',
        transaction_id: 'TX-1',
        docs: [{ id: 1, token: '[redacted]' }],
      },
    });
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
      const before = await settledLastEntry();
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
      // Nothing was done, so nothing was recorded (the fallback writes just after the answer).
      await new Promise((done) => setTimeout(done, 30));
      const left = (await entriesSince(before, f.users.admin.id)).filter((e) =>
        namesRecord(e, made.id, path),
      );
      if (left.length) refused[route] = `left ${left.map((e) => e.action).join(', ')}`;
    }
    expect(refused).toEqual({});
  });
});
