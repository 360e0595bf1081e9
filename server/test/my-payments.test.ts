import { MESSAGES } from '@app/domain';
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
import { BILLING, makeProduct, newTx } from './orders-helpers.ts';

/**
 * `GET /api/my-payments`: a hobbyist's own tips and the orders they paid by a transaction id, newest
 * first, each with its payment's state; whose they are comes from the token only. Other account types
 * are refused; the list pages as the account's other lists do.
 */

let ctx: TestContext;
let api: ReturnType<typeof apiCalls>;
let admin: TestUser;
let hobbyist: TestUser;
let other: TestUser;
let vendor: TestUser;
let provider: TestUser;
let ad: number;

beforeAll(async () => {
  ctx = await createTestApp();
  api = apiCalls(ctx);
  [admin, hobbyist, other, vendor, provider] = await Promise.all([
    buildAdmin(ctx),
    buildHobbyist(ctx),
    buildHobbyist(ctx),
    buildVendor(ctx),
    buildProvider(ctx),
  ]);
  ad = await buildProviderAd(ctx, provider, { name: 'Ruby Rosé' });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function tip(dollars: number, from: TestUser = hobbyist, tx = newTx('TIP')): Promise<number> {
  const res = await api.call('POST', '/api/tips', {
    user: from,
    body: { data: { provider: ad, tip_amount: dollars, transaction_id: tx } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** A checkout of two products: an order paid by a transaction id, pending. */
async function order(buyer: TestUser = hobbyist, tx = newTx('ORD')): Promise<number> {
  const products = [await makeProduct(db(), vendor.id), await makeProduct(db(), vendor.id)];
  const res = await api.call('POST', '/api/orders/checkout', {
    user: buyer,
    body: {
      data: {
        items: products.map((product) => ({ product, quantity: 1 })),
        billing: BILLING,
        transaction_id: tx,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

async function madeAt(table: 'orders' | 'tips', id: number, iso: string) {
  await db().updateTable(table).set({ created_at: iso }).where('id', '=', id).execute();
}

const mine = (user: TestUser, query = '') => api.ok('GET', `/api/my-payments${query}`, { user });
const refs = (body: Json) => (body.data as Json[]).map((p) => `${p.kind}:${p.id}`);

describe('GET /api/my-payments: who may call it', () => {
  it('401 anonymous; 403 providers and vendors, with the reason', async () => {
    expect((await api.call('GET', '/api/my-payments')).statusCode).toBe(401);
    for (const user of [provider, vendor]) {
      const res = await api.call('GET', '/api/my-payments', { user });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(MESSAGES.myPayments.hobbyistsOnly);
    }
  });

  it('400 for a query it does not take: nothing but the page names what is listed', async () => {
    for (const query of ['?user=1', '?filters[user_id]=1', '?pagination[page]=0', '?pagination[size]=5']) {
      const res = await api.call('GET', `/api/my-payments${query}`, { user: hobbyist });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("the admin (let through as everywhere) reads their own: none, never a hobbyist's", async () => {
    await tip(3, other);
    const body = await mine(admin);
    expect(body.data).toEqual([]);
    expect(body.meta.pagination).toMatchObject({ page: 1, total: 0 });
  });
});

describe("GET /api/my-payments: the hobbyist's own tips and orders", () => {
  it('lists them newest first with amount, transaction id, payment state and what they paid for', async () => {
    const hob = await buildHobbyist(ctx);
    const oldTip = await tip(12.5, hob, 'TX-MINE-1');
    const paidOrder = await order(hob, 'TX-MINE-2');
    const newTip = await tip(5, hob, 'TX-MINE-3');
    await madeAt('tips', oldTip, '2026-01-01T10:00:00.000Z');
    await madeAt('orders', paidOrder, '2026-01-02T10:00:00.000Z');
    await madeAt('tips', newTip, '2026-01-03T10:00:00.000Z');
    // Someone else's tip and order are not in it.
    await tip(7, other);
    await order(other);

    const body = await mine(hob);
    expect(refs(body)).toEqual([`tip:${newTip}`, `order:${paidOrder}`, `tip:${oldTip}`]);
    const [latest, theOrder, first] = body.data as Json[];
    expect(latest).toMatchObject({
      kind: 'tip',
      amount: 5,
      transaction_id: 'TX-MINE-3',
      payment_status: 'pending',
      ad_name: 'Ruby Rosé',
      lines: 0,
      createdAt: '2026-01-03T10:00:00.000Z',
    });
    expect(theOrder).toMatchObject({
      kind: 'order',
      transaction_id: 'TX-MINE-2',
      payment_status: 'pending',
      ad_name: null,
      lines: 2,
    });
    const stored = await db()
      .selectFrom('orders')
      .select('amount')
      .where('id', '=', paidOrder)
      .executeTakeFirst();
    expect(theOrder!.amount).toBe(Number(stored!.amount) / 100);
    expect(first).toMatchObject({ kind: 'tip', amount: 12.5 });
    // One person's payments carry nothing of another's: no e-mail, no username, no account id.
    expect(Object.keys(latest!).sort()).toEqual(
      ['ad_name', 'amount', 'createdAt', 'id', 'kind', 'lines', 'payment_status', 'transaction_id'].sort(),
    );
  });

  it("shows the administrator's decision: verified, rejected", async () => {
    const hob = await buildHobbyist(ctx);
    const verified = await tip(4, hob);
    const rejected = await order(hob);
    const decide = (path: string, status: string) =>
      api.ok('PUT', path, { user: admin, body: { data: { payment_status: status } } });
    await decide(`/api/tips/${verified}`, 'verified');
    await decide(`/api/orders/${rejected}`, 'rejected');
    const states = Object.fromEntries(
      ((await mine(hob)).data as Json[]).map((p) => [`${p.kind}:${p.id}`, p.payment_status]),
    );
    expect(states).toEqual({ [`tip:${verified}`]: 'verified', [`order:${rejected}`]: 'rejected' });
  });

  it('leaves out an order cancelled before its payment was checked, and one not paid yet', async () => {
    const hob = await buildHobbyist(ctx);
    const cancelled = await order(hob);
    await api.ok('DELETE', `/api/orders/${cancelled}`, { user: hob });
    await api.ok('POST', '/api/orders', { user: hob, body: { data: { amount: 1 } } });
    expect((await mine(hob)).data).toEqual([]);
  });

  it('pages like the other lists: 10 by default, at most 40, with meta.pagination', async () => {
    const hob = await buildHobbyist(ctx);
    for (let i = 0; i < 12; i += 1) await tip(1 + i, hob);
    const first = await mine(hob);
    expect(first.data).toHaveLength(10);
    expect(first.meta.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 2, total: 12 });
    const second = await mine(hob, '?pagination[page]=2&pagination[pageSize]=10');
    expect(second.data).toHaveLength(2);
    expect(new Set([...refs(first), ...refs(second)]).size).toBe(12);
    const big = await mine(hob, '?pagination[pageSize]=500');
    expect(big.meta.pagination.pageSize).toBe(40);
  });
});
