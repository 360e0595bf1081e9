import { MESSAGES, SCREENING_LIMITS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENING_READS_PER_DAY_KEY } from '../src/modules/reference/index.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildUser,
  createTestApp,
  type Json,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { uploadDocument } from './upload-helpers.ts';

/**
 * Who may screen, and how much (server/src/modules/screening/): only providers whose ID an admin
 * verified, whose account is active and whose screening the admin has not suspended; reads capped per
 * account and day in the database; pages of at most 20; the admin's Screening access page.
 */
let ctx: TestContext;
let api: ReturnType<typeof apiCalls>;
let admin: TestUser;
let verified: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  api = apiCalls(ctx);
  admin = await buildAdmin(ctx);
  verified = await buildProvider(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const S = MESSAGES.screening;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let seq = 0;
const newPhone = () =>
  `555-77${String(seq++).padStart(2, '0')}-${String(Date.now() % 10000).padStart(4, '0')}`;

async function addRecord(phone = newPhone()): Promise<{ id: number; digits: string }> {
  const body = await api.ok('POST', '/api/customer-hobbyists', {
    user: admin,
    body: { data: { phone_number: phone } },
  });
  return { id: body.data.id, digits: phone.replace(/\D/g, '') };
}

/** Registers a provider through the API with an image as its "ID document", as anyone can. */
async function registerProvider(): Promise<TestUser> {
  const n = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  const doc = await uploadDocument(ctx, { remoteAddress: `10.31.0.${seq % 250}` });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/local/register',
    remoteAddress: `10.31.1.${seq % 250}`,
    payload: {
      username: `scr_${n}`,
      email: `scr-${n}@example.com`,
      password: 'Violet-Harbor-2291',
      cpassword: 'Violet-Harbor-2291',
      first_name: 'Jane',
      last_name: 'Doe',
      phone_number: '555-0100',
      dob: '1990-05-17',
      city: 'San Jose',
      user_type: 'Provider',
      docs: [doc],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { jwt, user } = res.json() as { jwt: string; user: Json };
  expect(user.verification).toBe('pending');
  return { id: user.id, jwt, auth: { authorization: `Bearer ${jwt}` } } as TestUser;
}

/**
 * Every screening route the app registers (the admin's page aside), with a real record's id in the
 * path: the check runs before the body is read, so one call per route with an empty body shows it.
 */
function screeningRoutes(id: number): [Method, string][] {
  return ctx.app.apiRoutes
    .filter((r) => /^\/api\/(customer-hobbyists|hobbyist-)/.test(r.url))
    .map((r) => [r.method as Method, r.url.replace(':id', String(id))]);
}

/** Asserts a 403 on every screening route with `message` and `code`, and no phone number in any answer. */
async function expectRefusedEverywhere(user: TestUser, message: string, code: string, digits: string) {
  const routes = screeningRoutes((await addRecord()).id);
  expect(routes.length).toBeGreaterThanOrEqual(26);
  for (const [method, url] of routes) {
    const res = await api.call(method, url, { user, body: method === 'GET' ? undefined : { data: {} } });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    expect(res.body).not.toContain(digits);
    // Correcting and removing a record is the admin's alone, for every provider: the route says so.
    if (/^\/api\/customer-hobbyists\/\d+$/.test(url) && method !== 'GET') continue;
    expect(res.json().error.message, `${method} ${url}`).toBe(message);
    expect(res.json().error.details.code).toBe(code);
  }
}

const decide = (id: number, body: object) => api.ok('PUT', `/api/users/${id}`, { user: admin, body });
const suspend = (id: number, suspended: boolean, user: TestUser = admin) =>
  api.call('PUT', `/api/admin/screening-access/${id}`, { user, body: { data: { suspended } } });
const readsOf = async (userId: number) =>
  Number(
    (
      await db()
        .selectFrom('screening_reads')
        .select((eb) => eb.fn.sum<number>('reads').as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.n ?? 0,
  );
const setCap = (value: string) =>
  db()
    .insertInto('settings')
    .values({ key: SCREENING_READS_PER_DAY_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();

describe('who may screen', () => {
  it('a newly registered provider (pending) is refused on every route; rejected is refused; verified reads; revoking ends access on the next request', async () => {
    const { digits } = await addRecord();
    const stranger = await registerProvider();
    await expectRefusedEverywhere(stranger, S.verificationPending, 'verification_pending', digits);
    // Nothing was written on its behalf.
    const written = await db()
      .selectFrom('hobbyist_comments')
      .select('id')
      .where('user_id', '=', stranger.id)
      .execute();
    expect(written).toEqual([]);

    await decide(stranger.id, { verification: 'rejected', verification_reason: 'Not a real ID' });
    await expectRefusedEverywhere(stranger, S.verificationRejected, 'verification_rejected', digits);

    await decide(stranger.id, { verification: 'verified' });
    const search = `/api/customer-hobbyists?filters[phone_number][$eq]=${digits}`;
    expect((await api.ok('GET', search, { user: stranger })).data).toHaveLength(1);

    // The admin sets the verification back: the very next request, same token, is refused.
    await decide(stranger.id, { verification: 'rejected', verification_reason: 'Document was forged' });
    const after = await api.call('GET', search, { user: stranger });
    expect(after.statusCode).toBe(403);
    expect(after.json().error.message).toBe(S.verificationRejected);
    expect(after.body).not.toContain(digits);
  });

  it('a pending provider made in the database is refused too; hobbyists keep their own message', async () => {
    const pending = await buildUser(ctx, { userType: 'Provider', verification: 'pending' });
    const legacy = await buildUser(ctx, { userType: 'Provider', verification: null });
    for (const user of [pending, legacy]) {
      const res = await api.call('GET', '/api/hobbyist-comments', { user });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(S.verificationPending);
    }
    const hobbyist = await buildHobbyist(ctx);
    const res = await api.call('GET', '/api/hobbyist-comments', { user: hobbyist });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(S.providersOnly);
  });

  it('the admin suspends and restores screening for an account, recorded; a repeat records nothing', async () => {
    const { digits } = await addRecord();
    const provider = await buildProvider(ctx);
    expect((await api.call('GET', '/api/customer-hobbyists', { user: provider })).statusCode).toBe(200);

    // Not the admin: 403; not a provider account: 404; a bad body: 400. Nothing changes.
    expect((await suspend(provider.id, true, verified)).statusCode).toBe(403);
    expect((await suspend(admin.id, true)).statusCode).toBe(404);
    const bad = await api.call('PUT', `/api/admin/screening-access/${provider.id}`, {
      user: admin,
      body: { data: { suspended: 'yes' } },
    });
    expect(bad.statusCode).toBe(400);
    expect((await api.call('GET', '/api/customer-hobbyists', { user: provider })).statusCode).toBe(200);

    expect((await suspend(provider.id, true)).statusCode).toBe(200);
    expect((await suspend(provider.id, true)).statusCode).toBe(200);
    await expectRefusedEverywhere(provider, S.suspended, 'suspended', digits);

    expect((await suspend(provider.id, false)).statusCode).toBe(200);
    expect((await api.call('GET', '/api/customer-hobbyists', { user: provider })).statusCode).toBe(200);

    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject', '=', `user:${provider.id}`)
      .where('action', 'like', 'screening.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'screening.suspend', actor_id: admin.id },
      { action: 'screening.restore', actor_id: admin.id },
    ]);
  });
});

describe('bulk copying', () => {
  it(`every screening list holds at most ${SCREENING_LIMITS.maxPageSize} rows, whatever pageSize or limit asks`, async () => {
    const reader = await buildProvider(ctx);
    for (let i = 0; i < SCREENING_LIMITS.maxPageSize + 2; i++) {
      const { id } = await addRecord();
      await api.ok('POST', '/api/hobbyist-likes', {
        user: reader,
        body: { data: { customer_hobbyist: id } },
      });
      await api.ok('POST', '/api/hobbyist-comments', {
        user: admin,
        body: { data: { customer_hobbyist: id, hobbyist_comment: 'On time.' } },
      });
    }
    for (const path of ['customer-hobbyists', 'hobbyist-likes', 'hobbyist-comments']) {
      for (const query of ['pagination[pageSize]=500', 'pagination[limit]=100', 'pagination[pageSize]=21']) {
        const body = await api.ok('GET', `/api/${path}?${query}`, { user: verified });
        expect(body.data, `${path}?${query}`).toHaveLength(SCREENING_LIMITS.maxPageSize);
      }
    }
  });

  it('reads are counted per account and day in the database, rows answered (at least one a request), then 429; other accounts and the admin go on', async () => {
    await setCap('30');
    try {
      const reader = await buildProvider(ctx);
      const other = await buildProvider(ctx);
      // 20 rows, then 1 (an item), then 1 (a search that finds nothing), then an existing number: 23.
      expect(
        (await api.ok('GET', '/api/customer-hobbyists?pagination[pageSize]=20', { user: reader })).data,
      ).toHaveLength(20);
      const { id, digits } = await addRecord();
      await api.ok('GET', `/api/customer-hobbyists/${id}`, { user: reader });
      const none = await api.ok(
        'GET',
        '/api/hobbyist-comments?filters[customer_hobbyist][phone_number][$eq]=1',
        {
          user: reader,
        },
      );
      expect(none.data).toEqual([]);
      const existing = await api.ok('POST', '/api/customer-hobbyists', {
        user: reader,
        body: { data: { phone_number: digits } },
      });
      expect(existing.meta.existing).toBe(true);
      expect(await readsOf(reader.id)).toBe(23);

      // 10 more rows would pass the cap of 30: refused, not answered, not counted.
      const over = await api.call('GET', '/api/customer-hobbyists?pagination[pageSize]=10', { user: reader });
      expect(over.statusCode).toBe(429);
      expect(over.json().error.message).toBe(S.readLimit);
      expect(over.body).not.toContain('phone_number');
      expect(await readsOf(reader.id)).toBe(23);
      // Up to the cap, then nothing more, answering an existing number included.
      await api.ok('GET', '/api/customer-hobbyists?pagination[pageSize]=7', { user: reader });
      expect(await readsOf(reader.id)).toBe(30);
      expect((await api.call('GET', `/api/customer-hobbyists/${id}`, { user: reader })).statusCode).toBe(429);
      const again = await api.call('POST', '/api/customer-hobbyists', {
        user: reader,
        body: { data: { phone_number: digits } },
      });
      expect(again.statusCode).toBe(429);
      expect(again.body).not.toContain(digits);

      expect((await api.call('GET', '/api/customer-hobbyists', { user: other })).statusCode).toBe(200);
      expect(
        (await api.call('GET', '/api/customer-hobbyists?pagination[pageSize]=20', { user: admin }))
          .statusCode,
      ).toBe(200);
      expect(await readsOf(admin.id)).toBe(0);
    } finally {
      await setCap(String(SCREENING_LIMITS.readsPerDay));
    }
  });

  it('what populate adds to an answer is counted too: a record with its comments and ratings, a comment with its record', async () => {
    await setCap('12');
    try {
      const reader = await buildProvider(ctx);
      const { id } = await addRecord();
      for (const text of ['One.', 'Two.', 'Three.', 'Four.', 'Five.']) {
        await api.ok('POST', '/api/hobbyist-comments', {
          user: admin,
          body: { data: { customer_hobbyist: id, hobbyist_comment: text } },
        });
      }
      // The record and its five comments: six rows, not one.
      const item = await api.ok('GET', `/api/customer-hobbyists/${id}?populate=*`, { user: reader });
      expect(item.data.attributes.comments.data).toHaveLength(5);
      expect(await readsOf(reader.id)).toBe(6);
      // Each comment with its record: ten rows, past the cap of 12 (six counted): refused, not counted.
      const over = await api.call(
        'GET',
        `/api/hobbyist-comments?filters[customer_hobbyist][id][$eq]=${id}&populate=customer_hobbyist`,
        { user: reader },
      );
      expect(over.statusCode).toBe(429);
      expect(await readsOf(reader.id)).toBe(6);
      // The comments with their writer only: five rows (the writing provider is not screening data).
      await api.ok(
        'GET',
        `/api/hobbyist-comments?filters[customer_hobbyist][id][$eq]=${id}&populate=user_provider`,
        {
          user: reader,
        },
      );
      expect(await readsOf(reader.id)).toBe(11);
    } finally {
      await setCap(String(SCREENING_LIMITS.readsPerDay));
    }
  });

  it('parallel reads at the edge of the cap never pass it', async () => {
    await setCap('10');
    try {
      const reader = await buildProvider(ctx);
      const replies = await Promise.all(
        Array.from({ length: 8 }, () =>
          api.call('GET', '/api/customer-hobbyists?pagination[pageSize]=3', { user: reader }),
        ),
      );
      const served = replies.filter((r) => r.statusCode === 200).length;
      expect(replies.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
      expect(served).toBe(3);
      expect(await readsOf(reader.id)).toBe(9);
    } finally {
      await setCap(String(SCREENING_LIMITS.readsPerDay));
    }
  });

  it("the admin's Screening access page shows each provider's reads today and over 7 days, and suspensions", async () => {
    const reader = await buildProvider(ctx);
    await api.ok('GET', '/api/customer-hobbyists?pagination[pageSize]=5', { user: reader });
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const older = new Date(Date.now() - 9 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await db()
      .insertInto('screening_reads')
      .values([
        { user_id: reader.id, day: old, reads: 40 },
        { user_id: reader.id, day: older, reads: 1000 },
      ])
      .execute();
    await suspend(reader.id, true);
    const page = await api.ok('GET', '/api/admin/screening-access?pagination[pageSize]=100', { user: admin });
    const row = page.data.find((r: { id: number }) => r.id === reader.id);
    expect(row).toMatchObject({
      reads_today: 5,
      reads_7_days: 45,
      verification: 'verified',
      is_active: true,
    });
    expect(row.suspended_at).toEqual(expect.any(String));
    expect(page.meta.reads_per_day).toBe(SCREENING_LIMITS.readsPerDay);
    // Most read first; only providers.
    const weeks = page.data.map((r: { reads_7_days: number }) => r.reads_7_days);
    expect(weeks).toEqual([...weeks].sort((a, b) => b - a));
    expect(page.data.some((r: { id: number }) => r.id === admin.id)).toBe(false);
    expect((await api.call('GET', '/api/admin/screening-access', { user: verified })).statusCode).toBe(403);
  });
});
