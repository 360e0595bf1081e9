import { fromCents, MESSAGES, paymentRefLabel, splitPurchase } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProviderAd } from './factories.ts';
import {
  apiCalls,
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildVendor,
  createTestApp,
  type Json,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import { insertTestOrder, makeProduct, newTx, SEED_COSTS, totalOf } from './orders-helpers.ts';

/**
 * The console's payments: `GET /api/admin/payments` (pending first, then newest, with the
 * server's amounts and the id flags) and the decisions through the existing routes, each with its effect
 * (a rejected subscription hides its ads, a rejected order is cancelled, a verified tip rejected later is
 * reversed by a new ledger row) and its audit record.
 */

let ctx: TestContext;
let api: ReturnType<typeof apiCalls>;
let admin: TestUser;
let hobbyist: TestUser;
let vendor: TestUser;
let starter: { id: number; total_price: number };

beforeAll(async () => {
  ctx = await createTestApp();
  api = apiCalls(ctx);
  [admin, hobbyist, vendor] = await Promise.all([buildAdmin(ctx), buildHobbyist(ctx), buildVendor(ctx)]);
  const pkg = await db()
    .selectFrom('packages')
    .select(['id', 'total_price'])
    .where('name', '=', 'Starter')
    .executeTakeFirstOrThrow();
  starter = { id: Number(pkg.id), total_price: Number(pkg.total_price) };
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const P = MESSAGES.payments;

const list = async (query = ''): Promise<Json> =>
  api.ok('GET', `/api/admin/payments${query}`, { user: admin });
const itemsOf = (body: Json, refs: { kind: string; id: number }[]) =>
  (body.data as Json[]).filter((i) => refs.some((r) => r.kind === i.kind && r.id === i.id));

/** The provider buys the Starter package with a transaction id: a pending subscription. */
async function buy(provider: TestUser, tx = newTx('SUB')): Promise<number> {
  const res = await api.call('POST', '/api/subscriptions', {
    user: provider,
    body: { data: { package: starter.id, transaction_id: tx } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** The hobbyist tips an ad: a pending tip. */
async function tip(
  ad: number,
  dollars: number,
  tx = newTx('TIP'),
  from: TestUser = hobbyist,
): Promise<number> {
  const res = await api.call('POST', '/api/tips', {
    user: from,
    body: { data: { provider: ad, tip_amount: dollars, transaction_id: tx } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** The hobbyist checks out `quantity` of a $10 product: a pending order. */
async function order(quantity: number, tx = newTx('ORD'), buyer: TestUser = hobbyist): Promise<number> {
  const product = await makeProduct(db(), vendor.id);
  const res = await api.call('POST', '/api/orders/checkout', {
    user: buyer,
    body: {
      data: {
        items: [{ product, quantity }],
        billing: {
          first_name: 'Jane',
          last_name: 'Placeholder',
          email_address: 'jane.ship@example.test',
          phone: '5550100123',
          country: 'US',
          address: '1 Placeholder Street',
          town: 'San Jose',
          postcode: '95112',
        },
        transaction_id: tx,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** Sets when a payment was made, so the queue's order is the test's. */
async function madeAt(kind: 'subscription' | 'order' | 'tip', id: number, iso: string) {
  const table = kind === 'subscription' ? 'subscriptions' : kind === 'order' ? 'orders' : 'tips';
  await db().updateTable(table).set({ created_at: iso }).where('id', '=', id).execute();
}

const decide = (
  kind: 'subscriptions' | 'orders' | 'tips',
  id: number,
  status: string,
  user: TestUser | null = admin,
) => api.call('PUT', `/api/${kind}/${id}`, { user, body: { data: { payment_status: status } } });

async function auditOf(subject: string) {
  const rows = await db()
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'before_value', 'after_value', 'ip'])
    .where('subject', '=', subject)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    action: r.action,
    actor: r.actor_id,
    before: r.before_value ? JSON.parse(r.before_value) : null,
    after: r.after_value ? JSON.parse(r.after_value) : null,
    ip: r.ip,
  }));
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

describe('GET /api/admin/payments: who may read it, what it accepts', () => {
  it('401 anonymous, 403 every other account', async () => {
    expect((await api.call('GET', '/api/admin/payments')).statusCode).toBe(401);
    const others = [hobbyist, vendor, await buildProvider(ctx)];
    for (const user of others) {
      expect((await api.call('GET', '/api/admin/payments', { user })).statusCode).toBe(403);
    }
  });

  it('400 for bad query values', async () => {
    for (const q of [
      'kind=refund',
      'status=paid',
      'pagination[pageSize]=0',
      'pagination[page]=0',
      'pagination[page]=x',
    ]) {
      const res = await api.call('GET', `/api/admin/payments?${q}`, { user: admin });
      expect(res.statusCode, q).toBe(400);
    }
    // The paging answers as the Strapi lists do: the same message, and a page size above 100 clamped.
    const zero = await api.call('GET', '/api/admin/payments?pagination[page]=0', { user: admin });
    expect(zero.json().error).toMatchObject({
      message: 'Invalid parameter pagination[page]: must be between 1 and 1000000',
      details: { errors: [{ path: ['pagination', 'page'], message: 'must be between 1 and 1000000' }] },
    });
    const big = await api.ok('GET', '/api/admin/payments?pagination[pageSize]=101', { user: admin });
    expect(big.meta.pagination.pageSize).toBe(100);
  });
});

describe('the payments queue', () => {
  let provider: TestUser;
  let ad: number;
  let sub: number;
  let tipId: number;
  let orderId: number;
  let shortTip: number;
  let dupTip: number;
  let dupOrder: number;

  beforeAll(async () => {
    provider = await buildProvider(ctx);
    sub = await buy(provider);
    ad = await buildProviderAd(ctx, provider);
    tipId = await tip(ad, 12.5);
    orderId = await order(2);
    shortTip = await tip(ad, 3, 'abcd');
    dupTip = await tip(ad, 4, 'TX-DUP-777');
    // The register refuses a look-alike of a used id now; this order was stored before that, with a
    // zero-width space in its id.
    dupOrder = (
      await insertTestOrder(
        db(),
        hobbyist.id,
        [{ product: await makeProduct(db(), vendor.id), vendor: vendor.id }],
        {
          transactionId: 'txdup\u200b777',
        },
      )
    ).order;
    await madeAt('subscription', sub, hoursAgo(5));
    await madeAt('tip', tipId, hoursAgo(4));
    await madeAt('order', orderId, hoursAgo(3));
    await madeAt('tip', shortTip, hoursAgo(2));
    await madeAt('tip', dupTip, hoursAgo(1.5));
    await madeAt('order', dupOrder, hoursAgo(1));
  });

  it('answers the amounts the server computed, the payer and a description', async () => {
    const body = await list('?pagination[pageSize]=100');
    const [s] = itemsOf(body, [{ kind: 'subscription', id: sub }]);
    const price = splitPurchase(
      { total_price: fromCents(starter.total_price) },
      { tax: SEED_COSTS.tax, processing_fee: fromCents(SEED_COSTS.processing_fee) },
      0,
      false,
    ).toPayCents;
    const subRow = await db()
      .selectFrom('subscriptions')
      .select(['transaction_id', 'package_name'])
      .where('id', '=', sub)
      .executeTakeFirstOrThrow();
    expect(s).toMatchObject({
      kind: 'subscription',
      id: sub,
      amount_cents: price,
      transaction_id: subRow.transaction_id,
      status: 'pending',
      description: subRow.package_name,
      flags: [],
    });
    expect(s.payer).toMatchObject({ id: provider.id, email: provider.email });

    const [t] = itemsOf(body, [{ kind: 'tip', id: tipId }]);
    expect(t).toMatchObject({ amount_cents: 1250, status: 'pending', payer: { id: hobbyist.id } });
    const adName = (
      await db().selectFrom('providers').select('name').where('id', '=', ad).executeTakeFirstOrThrow()
    ).name;
    expect(t.description).toBe(`${P.tipTo} ${adName}`);

    const [o] = itemsOf(body, [{ kind: 'order', id: orderId }]);
    expect(o).toMatchObject({ amount_cents: totalOf([1000, 2]).total, status: 'pending' });
    expect(o.description).toBe(`${P.orderLabel}${orderId} · 1 ${P.itemOne}`);
    expect(body.meta.pagination).toMatchObject({ page: 1, pageSize: 100, total: body.data.length });
  });

  it('pending first, then newest; a decided payment after the pending ones', async () => {
    expect((await decide('subscriptions', sub, 'verified')).statusCode).toBe(200);
    const refs = [
      { kind: 'subscription', id: sub },
      { kind: 'tip', id: tipId },
      { kind: 'order', id: orderId },
      { kind: 'tip', id: shortTip },
      { kind: 'tip', id: dupTip },
      { kind: 'order', id: dupOrder },
    ];
    const order = itemsOf(await list('?pagination[pageSize]=100'), refs).map(
      (i: Json) => `${i.kind}:${i.id}`,
    );
    expect(order).toEqual([
      `order:${dupOrder}`,
      `tip:${dupTip}`,
      `tip:${shortTip}`,
      `order:${orderId}`,
      `tip:${tipId}`,
      `subscription:${sub}`,
    ]);
    const pending = await list('?status=pending&pagination[pageSize]=100');
    expect((pending.data as Json[]).every((i) => i.status === 'pending')).toBe(true);
    expect(itemsOf(pending, [{ kind: 'subscription', id: sub }])).toEqual([]);
  });

  it('flags malformed ids and the same id given twice', async () => {
    const body = await list('?pagination[pageSize]=100');
    const [short] = itemsOf(body, [{ kind: 'tip', id: shortTip }]);
    expect(short.flags).toEqual([{ kind: 'malformed', explanation: P.flags.malformedShort }]);
    const [dupT] = itemsOf(body, [{ kind: 'tip', id: dupTip }]);
    const [dupO] = itemsOf(body, [{ kind: 'order', id: dupOrder }]);
    expect(dupT.flags).toEqual([
      {
        kind: 'duplicate',
        explanation: `${P.flags.duplicate} ${paymentRefLabel({ kind: 'order', id: dupOrder })}`,
      },
    ]);
    // The order's id has a zero-width space: malformed too.
    expect(dupO.flags).toEqual([
      { kind: 'malformed', explanation: P.flags.malformedCharacters },
      {
        kind: 'duplicate',
        explanation: `${P.flags.duplicate} ${paymentRefLabel({ kind: 'tip', id: dupTip })}`,
      },
    ]);
  });

  it('filters by kind, status and search, and pages', async () => {
    const tips = await list('?kind=tip&pagination[pageSize]=100');
    expect((tips.data as Json[]).every((i) => i.kind === 'tip')).toBe(true);
    expect(itemsOf(tips, [{ kind: 'tip', id: tipId }])).toHaveLength(1);
    const found = await list('?q=dup-7');
    expect((found.data as Json[]).map((i) => `${i.kind}:${i.id}`)).toEqual([`tip:${dupTip}`]);
    const byPayer = await list(`?q=${encodeURIComponent(provider.email.toUpperCase())}`);
    expect((byPayer.data as Json[]).map((i) => `${i.kind}:${i.id}`)).toEqual([`subscription:${sub}`]);
    const page = await list('?pagination[pageSize]=2&pagination[page]=2');
    expect(page.data).toHaveLength(2);
    expect(page.meta.pagination).toMatchObject({ page: 2, pageSize: 2 });
    expect(page.meta.pagination.pageCount).toBe(Math.ceil(page.meta.pagination.total / 2));
  });

  it('an order the buyer cancelled before the check is no payment to check', async () => {
    const cancelled = await order(1);
    expect((await api.call('DELETE', `/api/orders/${cancelled}`, { user: hobbyist })).statusCode).toBe(200);
    const body = await list('?kind=order&pagination[pageSize]=100');
    expect(itemsOf(body, [{ kind: 'order', id: cancelled }])).toEqual([]);
  });
});

describe('payment decisions', () => {
  it('a rejected subscription deactivates: its ad leaves /api/providers; audited', async () => {
    const provider = await buildProvider(ctx);
    const sub = await buy(provider);
    const ad = await buildProviderAd(ctx, provider);
    const shown = () => api.listed('/api/providers?pagination[pageSize]=100');
    expect(await shown()).toContain(ad);
    const res = await decide('subscriptions', sub, 'rejected');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes.payment_status).toBe('rejected');
    expect(await shown()).not.toContain(ad);
    const [item] = itemsOf(await list('?kind=subscription&status=rejected&pagination[pageSize]=100'), [
      { kind: 'subscription', id: sub },
    ]);
    expect(item.status).toBe('rejected');
    expect(await auditOf(`subscription:${sub}`)).toEqual([
      {
        action: 'payment.reject',
        actor: admin.id,
        before: { payment_status: 'pending' },
        after: { payment_status: 'rejected' },
        ip: expect.any(String),
      },
    ]);
  });

  it('a rejected order is Cancelled; a verified one Paid; both audited', async () => {
    const rejected = await order(1);
    const res = await decide('orders', rejected, 'rejected');
    expect(res.statusCode, res.body).toBe(200);
    const row = await db()
      .selectFrom('orders')
      .select(['status', 'payment_status'])
      .where('id', '=', rejected)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: MESSAGES.orderStatus.cancelled, payment_status: 'rejected' });
    expect(await auditOf(`order:${rejected}`)).toMatchObject([
      {
        action: 'payment.reject',
        before: { status: MESSAGES.orderStatus.awaitingPayment, payment_status: 'pending' },
        after: { status: MESSAGES.orderStatus.cancelled, payment_status: 'rejected' },
      },
    ]);
    const [item] = itemsOf(await list('?kind=order&pagination[pageSize]=100'), [
      { kind: 'order', id: rejected },
    ]);
    expect(item.status).toBe('rejected');

    const verified = await order(1);
    expect((await decide('orders', verified, 'verified')).statusCode).toBe(200);
    expect(await auditOf(`order:${verified}`)).toMatchObject([
      { action: 'payment.verify', after: { status: MESSAGES.orderStatus.paid, payment_status: 'verified' } },
    ]);
  });

  it('a verified tip rejected later: a new reversing debit, the credit row unchanged, the wallet back to zero', async () => {
    const payee = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, payee);
    const tipId = await tip(ad, 20);
    const balance = async () =>
      (await api.ok('GET', '/api/wallet', { user: payee })).data.totalWalletBalance as number;
    const ledger = () =>
      db().selectFrom('transactions').selectAll().where('tip_id', '=', tipId).orderBy('id').execute();

    expect((await decide('tips', tipId, 'verified')).statusCode).toBe(200);
    expect(await balance()).toBe(20);
    const [credit] = await ledger();
    expect(credit).toMatchObject({ transaction_type: 'credit', payment_status: 'verified' });

    const res = await decide('tips', tipId, 'rejected');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes.payment_status).toBe('rejected');
    const rows = await ledger();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(credit);
    expect(rows[1]).toMatchObject({
      transaction_uid: `reversal:${tipId}`,
      transaction_type: 'debit',
      payment_status: 'verified',
      user_id: payee.id,
      tip_id: tipId,
      order_type: 'tip',
    });
    expect(Number(rows[1]!.transaction_amount)).toBe(2000);
    expect(await balance()).toBe(0);

    // Rejected is final; the same decision again changes nothing.
    const again = await decide('tips', tipId, 'verified');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(P.decisionFinal);
    expect((await decide('tips', tipId, 'rejected')).statusCode).toBe(200);
    expect(await ledger()).toHaveLength(2);
    expect(await balance()).toBe(0);

    const audit = await auditOf(`tip:${tipId}`);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['payment.verify', { payment_status: 'pending' }, { payment_status: 'verified' }],
      ['payment.reject', { payment_status: 'verified' }, { payment_status: 'rejected' }],
      ['payment.reject', { payment_status: 'rejected' }, { payment_status: 'rejected' }],
    ]);
  });

  it('a pending tip rejected: its credit row moves once to rejected, no reversal; verifying it later is a 409', async () => {
    const payee = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, payee);
    const tipId = await tip(ad, 7);
    expect((await decide('tips', tipId, 'rejected')).statusCode).toBe(200);
    const rows = await db().selectFrom('transactions').selectAll().where('tip_id', '=', tipId).execute();
    expect(rows.map((r) => [r.transaction_type, r.payment_status])).toEqual([['credit', 'rejected']]);
    expect((await decide('tips', tipId, 'verified')).statusCode).toBe(409);
    expect(
      (
        await db()
          .selectFrom('tips')
          .select('payment_status')
          .where('id', '=', tipId)
          .executeTakeFirstOrThrow()
      ).payment_status,
    ).toBe('rejected');
  });

  it('only the admin decides: 401 anonymous, 403 others', async () => {
    const payee = await buildProvider(ctx);
    const ad = await buildProviderAd(ctx, payee);
    const tipId = await tip(ad, 5);
    expect((await decide('tips', tipId, 'verified', null)).statusCode).toBe(401);
    for (const user of [hobbyist, payee, vendor]) {
      expect((await decide('tips', tipId, 'verified', user)).statusCode).toBe(403);
    }
  });
});
