import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/dialect.ts';
import { buildProviderAd, buildSubscription } from './factories.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildUser,
  buildVendor,
  createTestApp,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { placesApi, seedPlaceCities, type Json } from './places-helpers.ts';

/**
 * The admin console's Users pages: the account search, an account's page, blocking
 * (sessions end, ads disappear, venue ratings leave the blocked author's reviews out) and unblocking,
 * signing out everywhere and the extra-ads allowance, each in the audit log.
 */

let ctx: TestContext;
let admin: TestUser;
let api: ReturnType<typeof placesApi>;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedPlaceCities(ctx);
  admin = await buildAdmin(ctx);
  api = placesApi(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const ids = (answer: Json) => (answer.data as Json[]).map((i) => i.id);
const auditRows = (subject: string, action: string) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('subject', '=', subject)
    .where('action', '=', action)
    .execute();
const setUser = (id: number, values: { phone_number?: string; first_name?: string; last_name?: string }) =>
  db().updateTable('users').set(values).where('id', '=', id).execute();

describe('GET /api/admin/users', () => {
  it('401 anonymous, 403 for every other account, 400 for bad query values', async () => {
    expect((await api.call('GET', '/api/admin/users')).statusCode).toBe(401);
    for (const user of [await buildHobbyist(ctx), await buildProvider(ctx), await buildVendor(ctx)]) {
      expect((await api.call('GET', '/api/admin/users', { user })).statusCode).toBe(403);
      expect((await api.call('GET', `/api/admin/users/${user.id}`, { user })).statusCode).toBe(403);
    }
    for (const query of [
      'type=Superuser',
      'status=gone',
      'verification=maybe',
      'pagination[pageSize]=0',
      'pagination[page]=x',
    ]) {
      expect((await api.call('GET', `/api/admin/users?${query}`, { user: admin })).statusCode, query).toBe(
        400,
      );
    }
  });

  it('finds accounts by username, e-mail, name or phone digits; filters; newest first; paged', async () => {
    const older = await buildHobbyist(ctx);
    const newer = await buildProvider(ctx);
    await setUser(older.id, {
      first_name: 'Quentin',
      last_name: 'Zebrawood',
      phone_number: '(408) 777-1234',
    });
    await setUser(newer.id, { first_name: 'Quentin', last_name: 'Marsh', phone_number: '408-777-9999' });
    const username = (
      await db().selectFrom('users').select('username').where('id', '=', older.id).executeTakeFirstOrThrow()
    ).username;

    expect(ids(await api.ok('GET', `/api/admin/users?q=${username.toUpperCase()}`, { user: admin }))).toEqual(
      [older.id],
    );
    expect(
      ids(await api.ok('GET', `/api/admin/users?q=${encodeURIComponent(newer.email)}`, { user: admin })),
    ).toEqual([newer.id]);
    expect(ids(await api.ok('GET', '/api/admin/users?q=zebrawood', { user: admin }))).toEqual([older.id]);
    expect(ids(await api.ok('GET', '/api/admin/users?q=Quentin%20Marsh', { user: admin }))).toEqual([
      newer.id,
    ]);
    // Digits compare without punctuation, newest first.
    expect(ids(await api.ok('GET', '/api/admin/users?q=408.777', { user: admin }))).toEqual([
      newer.id,
      older.id,
    ]);
    expect(ids(await api.ok('GET', '/api/admin/users?q=4087771234', { user: admin }))).toEqual([older.id]);
    // A LIKE wildcard is searched for as itself.
    expect(ids(await api.ok('GET', '/api/admin/users?q=%25', { user: admin }))).toEqual([]);

    const providers = await api.ok('GET', '/api/admin/users?q=Quentin&type=Provider', { user: admin });
    expect(ids(providers)).toEqual([newer.id]);
    expect(providers.data[0]).toEqual({
      id: newer.id,
      username: expect.any(String),
      email: newer.email,
      first_name: 'Quentin',
      last_name: 'Marsh',
      phone_number: '408-777-9999',
      user_type: 'Provider',
      role: 'authenticated',
      is_active: true,
      verification: 'verified',
      two_factor_enabled: false,
      deleted_at: null,
      createdAt: expect.any(String),
    });
    expect(
      ids(await api.ok('GET', '/api/admin/users?type=admin&pagination[pageSize]=100', { user: admin })),
    ).toContain(admin.id);
    const blocked = await buildUser(ctx, { isActive: false });
    expect(
      ids(await api.ok('GET', '/api/admin/users?status=blocked&pagination[pageSize]=100', { user: admin })),
    ).toContain(blocked.id);
    const paged = await api.ok(
      'GET',
      '/api/admin/users?q=Quentin&pagination[pageSize]=1&pagination[page]=2',
      { user: admin },
    );
    expect(ids(paged)).toEqual([older.id]);
    expect(paged.meta.pagination).toEqual({ page: 2, pageSize: 1, pageCount: 2, total: 2 });
  });
});

describe('GET /api/admin/users/:id', () => {
  it('404 for an unknown account', async () => {
    expect((await api.call('GET', '/api/admin/users/999999', { user: admin })).statusCode).toBe(404);
  });

  it("the account's page: ads, places, products, orders, payments, reports, subscriptions, audit trail", async () => {
    const provider = await buildProvider(ctx);
    const subscription = await buildSubscription(ctx, provider, {
      amount: 4999,
      transaction_id: 'TX-ADMIN-USERS-1',
      payment_status: 'pending',
    });
    const ad = await buildProviderAd(ctx, provider);
    const place = await api.newPlace(provider);
    const now = nowIso();
    const product = Number(
      (
        await db()
          .insertInto('products')
          .values({
            name: 'Massage oil',
            description: 'Lavender',
            price: 1250,
            picture_id: null,
            user_id: provider.id,
            archived_at: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const order = Number(
      (
        await db()
          .insertInto('orders')
          .values({
            user_id: provider.id,
            amount: 3100,
            transaction_id: 'TX-ADMIN-USERS-2',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const report = Number(
      (
        await db()
          .insertInto('reports')
          .values({
            reason: 'Spam or scam',
            details: 'Fake photos',
            subject: `provider:${ad}`,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    await api.ok('PUT', `/api/subscriptions/${subscription}`, {
      user: admin,
      body: { data: { extra_ads: 3 } },
    });

    const { data } = await api.ok('GET', `/api/admin/users/${provider.id}`, { user: admin });
    expect(data.user).toMatchObject({
      id: provider.id,
      email: provider.email,
      user_type: 'Provider',
      verification: 'verified',
      dob: '1990-01-01',
      city: 'San Jose',
      verification_reason: null,
    });
    expect(data.ads).toEqual([
      expect.objectContaining({ id: ad, city: 'San Jose', review: 'approved', isShowed: true }),
    ]);
    expect(data.places).toEqual([expect.objectContaining({ id: place, review: 'pending' })]);
    expect(data.products).toEqual([{ id: product, name: 'Massage oil', price: 12.5, archived: false }]);
    expect(data.orders).toEqual([
      expect.objectContaining({ id: order, total: 31, payment_status: 'pending' }),
    ]);
    expect(data.payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'subscription',
          id: subscription,
          amount: 49.99,
          transaction_id: 'TX-ADMIN-USERS-1',
          status: 'pending',
        }),
        expect.objectContaining({
          kind: 'order',
          id: order,
          amount: 31,
          transaction_id: 'TX-ADMIN-USERS-2',
        }),
      ]),
    );
    expect(data.reports).toEqual([
      expect.objectContaining({ id: report, subject: `provider:${ad}`, status: 'open' }),
    ]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ id: subscription, extra_ads: 3 })]);
    expect(data.audit).toEqual([
      expect.objectContaining({
        action: 'subscription.extra-ads',
        subject: `subscription:${subscription}`,
        actor: { id: admin.id, username: expect.any(String) },
      }),
    ]);
    const [extra] = await auditRows(`subscription:${subscription}`, 'subscription.extra-ads');
    expect(JSON.parse(extra!.before_value!)).toEqual({ extra_ads: 0 });
    expect(JSON.parse(extra!.after_value!)).toEqual({ extra_ads: 3 });
  });
});

describe('blocking and unblocking (PUT /api/users/:id { is_active })', () => {
  it('ends the sessions, hides the ads, recounts the venue ratings without the blocked author; unblocking restores', async () => {
    const provider = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, provider);
    const place = await api.newPlace(provider);
    await api.approve(admin, place);
    const [kind, harsh] = [await buildHobbyist(ctx), await buildHobbyist(ctx)];
    for (const [user, rating] of [
      [kind, 5],
      [harsh, 1],
    ] as const) {
      await api.ok('POST', '/api/vendor-reviews', {
        user,
        body: { data: { vendor: place, rating, review: 'Visited last week.' } },
      });
    }
    const stats = () =>
      db()
        .selectFrom('places')
        .select(['rating', 'review_count', 'last_review_at'])
        .where('id', '=', place)
        .executeTakeFirstOrThrow()
        .then((r) => ({ rating: Number(r.rating), review_count: Number(r.review_count) }));
    expect(await stats()).toEqual({ rating: 3, review_count: 2 });
    expect(await api.listed('/api/providers')).toContain(ad);
    await api.ok('GET', '/api/users/me', { user: provider });

    // Only the admin blocks; to anyone else a hobbyist's account does not exist.
    expect(
      (await api.call('PUT', `/api/users/${harsh.id}`, { user: kind, body: { is_active: false } }))
        .statusCode,
    ).toBe(404);

    await api.ok('PUT', `/api/users/${harsh.id}`, { user: admin, body: { is_active: false } });
    expect(await stats()).toEqual({ rating: 5, review_count: 1 });
    await api.ok('PUT', `/api/users/${provider.id}`, { user: admin, body: { is_active: false } });
    expect(await api.listed('/api/providers')).not.toContain(ad);
    expect((await api.call('GET', '/api/users/me', { user: provider })).statusCode).toBe(401);
    const [block] = await auditRows(`user:${provider.id}`, 'user.block');
    expect(block).toMatchObject({ actor_id: admin.id });
    expect(JSON.parse(block!.before_value!)).toEqual({ is_active: true });
    expect(JSON.parse(block!.after_value!)).toEqual({ is_active: false });

    // Blocking again changes nothing and records nothing more.
    await api.ok('PUT', `/api/users/${provider.id}`, { user: admin, body: { is_active: false } });
    expect(await auditRows(`user:${provider.id}`, 'user.block')).toHaveLength(1);

    await api.ok('PUT', `/api/users/${harsh.id}`, { user: admin, body: { is_active: true } });
    expect(await stats()).toEqual({ rating: 3, review_count: 2 });
    await api.ok('PUT', `/api/users/${provider.id}`, { user: admin, body: { is_active: true } });
    expect(await api.listed('/api/providers')).toContain(ad);
    expect(await auditRows(`user:${provider.id}`, 'user.unblock')).toHaveLength(1);
    // The sessions ended by the block stay ended: the old token is still refused.
    expect((await api.call('GET', '/api/users/me', { user: provider })).statusCode).toBe(401);
    const reviews = await api.ok('GET', `/api/vendors/${place}`, { user: null });
    expect(reviews.data.attributes).toMatchObject({ review_count: 2 });
  });

  it('an admin profile edit is recorded with before and after', async () => {
    const hobbyist = await buildHobbyist(ctx);
    await api.ok('PUT', `/api/users/${hobbyist.id}`, { user: admin, body: { first_name: 'Renamed' } });
    const [row] = await auditRows(`user:${hobbyist.id}`, 'user.update');
    expect(JSON.parse(row!.before_value!)).toEqual({ first_name: 'Test' });
    expect(JSON.parse(row!.after_value!)).toEqual({ first_name: 'Renamed' });
    // The account's own edit is not an admin action.
    await api.ok('PUT', `/api/users/${hobbyist.id}`, { user: hobbyist, body: { first_name: 'Again' } });
    expect(await auditRows(`user:${hobbyist.id}`, 'user.update')).toHaveLength(1);
  });
});

describe('POST /api/users/:id/logout-all', () => {
  it('ends every session of the account and is recorded', async () => {
    const hobbyist = await buildHobbyist(ctx);
    expect(
      (await api.call('POST', `/api/users/${hobbyist.id}/logout-all`, { user: hobbyist })).statusCode,
    ).toBe(403);
    await api.ok('POST', `/api/users/${hobbyist.id}/logout-all`, { user: admin });
    expect((await api.call('GET', '/api/users/me', { user: hobbyist })).statusCode).toBe(401);
    expect(await auditRows(`user:${hobbyist.id}`, 'user.logout-all')).toEqual([
      expect.objectContaining({ actor_id: admin.id }),
    ]);
  });
});
