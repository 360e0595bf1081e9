import { DASHBOARD_MONTHS, DASHBOARD_WEEKS, fromCents, mondayOf, monthOf, splitPurchase } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/dialect.ts';
import { buildFiles } from './directory-helpers.ts';
import { buildProviderAd } from './factories.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildUser,
  buildVendor,
  createTestApp,
  type Json,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { newTx, SEED_COSTS } from './orders-helpers.ts';

/**
 * The console's dashboard: `GET /api/admin/dashboard` answers the queues' sizes, sign-ups
 * per week by account type, revenue per month by source (verified and pending apart), the public ads
 * over the last weeks and the mail outbox's backlog.
 */

let ctx: TestContext;
let api: ReturnType<typeof apiCalls>;
let admin: TestUser;
let hobbyist: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  api = apiCalls(ctx);
  [admin, hobbyist] = await Promise.all([buildAdmin(ctx), buildHobbyist(ctx)]);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const dashboard = async (): Promise<Json> =>
  (await api.ok('GET', '/api/admin/dashboard', { user: admin })).data;

describe('GET /api/admin/dashboard', () => {
  it('401 anonymous, 403 every other account', async () => {
    expect((await api.call('GET', '/api/admin/dashboard')).statusCode).toBe(401);
    for (const user of [hobbyist, await buildProvider(ctx), await buildVendor(ctx)]) {
      expect((await api.call('GET', '/api/admin/dashboard', { user })).statusCode).toBe(403);
    }
  });

  it('the periods: 12 Mondays and 12 months, oldest first, zero-filled', async () => {
    const d = await dashboard();
    const now = new Date();
    expect(d.signups).toHaveLength(DASHBOARD_WEEKS);
    expect(d.signups.map((w: Json) => w.week)).toEqual(
      Array.from({ length: DASHBOARD_WEEKS }, (_, i) => mondayOf(now, DASHBOARD_WEEKS - 1 - i)),
    );
    expect(d.signups[0]).toEqual({
      week: mondayOf(now, DASHBOARD_WEEKS - 1),
      Hobbyist: 0,
      Provider: 0,
      Vender: 0,
    });
    expect(d.revenue.map((m: Json) => m.month)).toEqual(
      Array.from({ length: DASHBOARD_MONTHS }, (_, i) => monthOf(now, DASHBOARD_MONTHS - 1 - i)),
    );
    const zero = { verified: 0, pending: 0 };
    expect(d.revenue[0]).toEqual({
      month: monthOf(now, DASHBOARD_MONTHS - 1),
      subscriptions: zero,
      orders: zero,
      tips: zero,
    });
    expect(d.public_ads.map((w: Json) => w.week)).toEqual(d.signups.map((w: Json) => w.week));
  });

  it('queue sizes count what waits, and sign-ups count per week and type', async () => {
    const before = await dashboard();
    const provider = await buildProvider(ctx);
    await buildProviderAd(ctx, provider, { is_showed: 0 });
    const now = nowIso();
    const type = await db().selectFrom('place_types').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db()
      .insertInto('places')
      .values({
        name: 'Pending Spa',
        place_type_id: type.id,
        phone: '555-0100',
        email: 'spa@example.test',
        user_id: provider.id,
        is_showed: 0,
        review_state: 'pending',
        created_at: now,
        updated_at: now,
      })
      .execute();
    // A provider waiting for the ID check, with a document; another without one is not counted.
    const waiting = await buildUser(ctx, { userType: 'Provider', verification: 'pending' });
    const [doc] = await buildFiles(ctx, waiting, 'doc');
    await db().insertInto('user_docs').values({ user_id: waiting.id, file_id: doc! }).execute();
    await buildUser(ctx, { userType: 'Provider', verification: 'pending' });
    await api.ok('POST', '/api/reports', { body: { data: { reason: 'Other', details: 'Look at this.' } } });
    await api.ok('POST', '/api/contact-messages', {
      body: { data: { name: 'Jane Doe', email: 'jane@example.com', note: 'A question for you.' } },
    });
    const ad = await buildProviderAd(ctx, provider);
    await api.ok('POST', '/api/tips', {
      user: hobbyist,
      body: { data: { provider: ad, tip_amount: 5, transaction_id: newTx('TIP') } },
    });
    await buildHobbyist(ctx);

    const after = await dashboard();
    expect(after.queues).toEqual({
      ads: before.queues.ads + 1,
      places: before.queues.places + 1,
      verifications: before.queues.verifications + 1,
      payments: before.queues.payments + 1,
      reports: before.queues.reports + 2,
    });
    const week = (d: Json) => d.signups.at(-1);
    expect(week(after).Provider - week(before).Provider).toBe(3);
    expect(week(after).Hobbyist - week(before).Hobbyist).toBe(1);
    expect(week(after).Vender - week(before).Vender).toBe(0);
  });

  it("revenue per month: a verified and a pending payment in this month's sources", async () => {
    const before = await dashboard();
    const provider = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, provider);
    const tip = await api.ok('POST', '/api/tips', {
      user: hobbyist,
      body: { data: { provider: ad, tip_amount: 20, transaction_id: newTx('TIP') } },
    });
    await api.ok('PUT', `/api/tips/${tip.data.id}`, {
      user: admin,
      body: { data: { payment_status: 'verified' } },
    });
    const pkg = await db()
      .selectFrom('packages')
      .select(['id', 'total_price'])
      .where('name', '=', 'Starter')
      .executeTakeFirstOrThrow();
    await api.ok('POST', '/api/subscriptions', {
      user: provider,
      body: { data: { package: pkg.id, transaction_id: newTx('SUB') } },
    });
    const price = splitPurchase(
      { total_price: Number(pkg.total_price) },
      { tax: SEED_COSTS.tax, processing_fee: SEED_COSTS.processing_fee },
      0,
      false,
    ).toPayCents;

    const after = await dashboard();
    const month = (d: Json) => d.revenue.at(-1);
    expect(month(after).month).toBe(monthOf(new Date()));
    expect(month(after).tips.verified - month(before).tips.verified).toBeCloseTo(20, 9);
    expect(month(after).tips.pending - month(before).tips.pending).toBe(0);
    expect(month(after).subscriptions.pending - month(before).subscriptions.pending).toBeCloseTo(
      fromCents(price),
      9,
    );
    expect(month(after).subscriptions.verified).toBe(month(before).subscriptions.verified);
    expect(after.queues.payments - before.queues.payments).toBe(1);

    // A rejected tip leaves the revenue.
    await api.ok('PUT', `/api/tips/${tip.data.id}`, {
      user: admin,
      body: { data: { payment_status: 'rejected' } },
    });
    expect(month(await dashboard()).tips.verified).toBe(month(before).tips.verified);
  });

  it('public ads over time: counted from their approval, the last week holding every public ad', async () => {
    const before = await dashboard();
    const provider = await buildProvider(ctx);
    const threeWeeksAgo = new Date(Date.now() - 21 * 24 * 3600_000).toISOString();
    await buildProviderAd(ctx, provider, { reviewed_at: threeWeeksAgo });
    await buildProviderAd(ctx, provider, { is_showed: 0 });
    const after = await dashboard();
    const delta = after.public_ads.map((w: Json, i: number) => w.count - before.public_ads[i].count);
    const from = DASHBOARD_WEEKS - 1 - 3;
    expect(delta).toEqual(Array.from({ length: DASHBOARD_WEEKS }, (_, i) => (i >= from ? 1 : 0)));
    const listing = await api.ok('GET', '/api/providers?pagination[pageSize]=1');
    expect(after.public_ads.at(-1).count).toBe(listing.meta.pagination.total);
  });

  it('the mail outbox: messages waiting and given up', async () => {
    expect((await dashboard()).mail).toEqual({ waiting: 0, failed: 0 });
    const now = nowIso();
    const mail = (status: 'waiting' | 'failed') => ({
      recipient: 'someone@example.test',
      subject: 'S',
      body: 'B',
      status,
      attempts: 1,
      next_attempt_at: now,
      created_at: now,
    });
    await db()
      .insertInto('mail_outbox')
      .values([mail('waiting'), mail('waiting'), mail('failed')])
      .execute();
    expect((await dashboard()).mail).toEqual({ waiting: 2, failed: 1 });
    await db().deleteFrom('mail_outbox').execute();
  });
});
