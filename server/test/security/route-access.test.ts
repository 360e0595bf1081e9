import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, type TestUser } from '../helpers.ts';
import { createFixtures, type Fixtures } from './fixtures.ts';
import { ROLES, ROUTE_TABLE, type Role } from './route-table.ts';

/**
 * The standing route × role suite: every `/api` route the app registers is called
 * by every kind of caller, and each answer's status is the one the table states. A route the table
 * does not list fails the suite, so a new route cannot ship without saying who may call it.
 */
let ctx: TestContext;
let f: Fixtures;
beforeAll(async () => {
  ctx = await createTestApp({ cities: false });
  f = await createFixtures(ctx);
});
afterAll(() => ctx.close());

const key = (method: string, url: string) => `${method} ${url}`;

function callerOf(role: Role, owner: 'hobbyist' | 'provider' = 'hobbyist'): TestUser | null {
  switch (role) {
    case 'anonymous':
      return null;
    case 'other':
      return owner === 'provider' ? f.users.otherProvider : f.users.otherHobbyist;
    default:
      return f.users[role];
  }
}

describe('route × role security table', () => {
  it('lists every route the app registers, and no route the app does not have', () => {
    const registered = ctx.app.apiRoutes.map((r) => key(r.method, r.url));
    const missing = registered.filter((k) => !(k in ROUTE_TABLE));
    expect(missing, 'routes without an entry in test/security/route-table.ts').toEqual([]);
    const stale = Object.keys(ROUTE_TABLE).filter((k) => !registered.includes(k));
    expect(stale, 'entries for routes the app does not register').toEqual([]);
  });

  for (const [route, spec] of Object.entries(ROUTE_TABLE)) {
    it(route, async () => {
      const [method, url] = route.split(' ') as [string, string];
      const got: Record<string, number> = {};
      const bodies: Record<string, string> = {};
      for (const role of ROLES) {
        const caller = callerOf(role, spec.owner);
        const made = spec.setup ? await spec.setup(f, caller) : {};
        const path = url.replace(':id', String(made.id ?? ''));
        const res = await f.call(caller, method, path, made);
        got[role] = res.statusCode;
        if (res.statusCode !== spec.expect[role]) bodies[role] = res.body.slice(0, 300);
      }
      expect({ statuses: got, unexpected: bodies }).toEqual({ statuses: spec.expect, unexpected: {} });
    });
  }
});
