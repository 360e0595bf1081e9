import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, type Method } from '../directory-helpers.ts';
import { buildProviderAd } from '../factories.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  createTestApp,
  type TestContext,
  type TestUser,
} from '../helpers.ts';

/**
 * One id schema everywhere: an oversized, negative, fractional or non-numeric id,
 * in a path, a body or a filter, is a 400 naming the field on every route, on SQLite and PostgreSQL
 * alike; never a 500 (PostgreSQL's integer columns refuse numbers above 2,147,483,647).
 */
const BAD_IDS = ['2147483648', '99999999999999999999', '-1', '0', '1.5', 'abc', '1e3'];
const BAD_BODY_IDS: unknown[] = [2_147_483_648, 1e20, -1, 0, 1.5, 'abc', null, { $gt: 1 }];

let ctx: TestContext;
let callers: Record<'anonymous' | 'hobbyist' | 'provider' | 'admin', TestUser | null>;
let ad: number;
beforeAll(async () => {
  ctx = await createTestApp({ cities: false });
  const provider = await buildProvider(ctx);
  callers = {
    anonymous: null,
    hobbyist: await buildHobbyist(ctx),
    provider,
    admin: await buildAdmin(ctx),
  };
  ad = await buildProviderAd(ctx, provider);
});
afterAll(() => ctx.close());

const errorPaths = (body: string) =>
  (
    (JSON.parse(body) as { error?: { details?: { errors?: { path: unknown[] }[] } } }).error?.details
      ?.errors ?? []
  ).map((e) => e.path.join('.'));

describe('ids in paths', () => {
  it('every route with :id answers 400 naming id to a caller it admits, and never a 5xx', async () => {
    const routes = ctx.app.apiRoutes.filter((r) => r.url.includes(':id'));
    expect(routes.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const route of routes) {
      for (const bad of BAD_IDS) {
        const url = route.url.replace(':id', encodeURIComponent(bad));
        let named = false;
        for (const [role, user] of Object.entries(callers)) {
          const res = await callAs(ctx, route.method as Method, url, {
            user,
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: { data: {} } }),
          });
          if (res.statusCode >= 500) problems.push(`${route.method} ${url} as ${role}: ${res.statusCode}`);
          if (res.statusCode === 400 && errorPaths(res.body).includes('id')) named = true;
        }
        if (!named) problems.push(`${route.method} ${url}: no caller got a 400 naming id`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('ids in bodies and filters', () => {
  type Case = {
    method: Method;
    url: string;
    as: keyof typeof callers;
    body: (id: unknown) => unknown;
    path: string;
  };
  const cases: Case[] = [
    {
      method: 'POST',
      url: '/api/likes',
      as: 'hobbyist',
      body: (id) => ({ data: { provider: id } }),
      path: 'data.provider',
    },
    {
      method: 'POST',
      url: '/api/dislikes',
      as: 'hobbyist',
      body: (id) => ({ data: { provider: id } }),
      path: 'data.provider',
    },
    {
      method: 'POST',
      url: '/api/averages',
      as: 'hobbyist',
      body: (id) => ({ data: { provider: id } }),
      path: 'data.provider',
    },
    {
      method: 'POST',
      url: '/api/comments',
      as: 'hobbyist',
      body: (id) => ({ data: { provider: id, comment: 'Kind words.' } }),
      path: 'data.provider',
    },
    {
      method: 'POST',
      url: '/api/messages',
      as: 'hobbyist',
      body: (id) => ({ data: { provider: id, text: 'Hello.' } }),
      path: 'data.provider',
    },
    {
      method: 'POST',
      url: '/api/tips',
      as: 'hobbyist',
      body: (id) => ({ data: { provider: id, tip_amount: 5, transaction_id: 'TX-IDS-1' } }),
      path: 'data.provider',
    },
    {
      method: 'POST',
      url: '/api/transactions',
      as: 'admin',
      body: (id) => ({
        data: {
          user: id,
          transaction_uid: 'ADJ-IDS',
          transaction_amount: 1,
          transaction_type: 'credit',
          order_type: 'other',
        },
      }),
      path: 'data.user',
    },
    {
      method: 'PUT',
      url: '/api/providers/AD',
      as: 'provider',
      body: (id) => ({ data: { images: [id] } }),
      path: 'data.images.0',
    },
    {
      method: 'PUT',
      url: '/api/providers/AD',
      as: 'provider',
      body: (id) => ({ data: { video: id } }),
      path: 'data.video',
    },
    {
      method: 'PUT',
      url: '/api/providers/AD',
      as: 'provider',
      body: (id) => ({ data: { docs: [id] } }),
      path: 'data.docs.0',
    },
    {
      method: 'PUT',
      url: '/api/providers/AD',
      as: 'provider',
      body: (id) => ({ data: { language: id } }),
      path: 'data.language',
    },
    { method: 'PUT', url: '/api/users/ME', as: 'hobbyist', body: (id) => ({ avatar: id }), path: 'avatar' },
    {
      method: 'POST',
      url: '/api/auth/local/register',
      as: 'anonymous',
      body: (id) => ({
        username: 'ids_test',
        email: 'ids-test@example.com',
        password: 'Violet-Harbor-2291',
        cpassword: 'Violet-Harbor-2291',
        first_name: 'Jane',
        last_name: 'Doe',
        phone_number: '555-0100',
        dob: '1990-05-17',
        city: 'San Jose',
        user_type: 'Provider',
        docs: [{ id, token: 'x' }],
      }),
      path: 'docs.0',
    },
  ];

  for (const c of cases) {
    it(`${c.method} ${c.url} ${c.path}`, async () => {
      const user = callers[c.as];
      const url = c.url.replace('AD', String(ad)).replace('ME', String(user?.id));
      for (const bad of BAD_BODY_IDS) {
        // null clears these (no avatar, no video, no language): a valid value, not an id.
        if (bad === null && ['avatar', 'data.video', 'data.language'].includes(c.path)) continue;
        const res = await callAs(ctx, c.method, url, { user, body: c.body(bad) });
        expect(res.statusCode, `${JSON.stringify(bad)}: ${res.body}`).toBe(400);
        expect(
          errorPaths(res.body).some((p) => p === c.path || p.startsWith(`${c.path}.`)),
          `${JSON.stringify(bad)}: ${res.body}`,
        ).toBe(true);
      }
    });
  }

  it('filters on ids: out of range is a 400 naming the filter', async () => {
    for (const bad of ['2147483648', '99999999999999999999', '1.5', 'abc', '0', '-1']) {
      for (const url of ['/api/providers', '/api/comments', '/api/languages', '/api/likes']) {
        const res = await callAs(ctx, 'GET', `${url}?filters[id][$eq]=${bad}`);
        expect(res.statusCode, `${url} ${bad}: ${res.body}`).toBe(400);
        expect(
          errorPaths(res.body).some((p) => p.startsWith('filters')),
          res.body,
        ).toBe(true);
      }
      for (const url of ['/api/comments', '/api/likes']) {
        const res = await callAs(ctx, 'GET', `${url}?filters[provider][id][$in][0]=${bad}`);
        expect(res.statusCode, `${url} ${bad}: ${res.body}`).toBe(400);
        expect(
          errorPaths(res.body).some((p) => p.startsWith('filters')),
          res.body,
        ).toBe(true);
      }
    }
  });
});
