import { checkoutTotals, MESSAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seed-demo.ts';
import { paymentKey } from '../src/modules/billing/index.ts';
import { signToken } from '../src/http/auth.ts';
import { findUserByEmail } from '../src/modules/users/users.queries.ts';
import { callAs } from './directory-helpers.ts';
import { createTestApp, type TestContext, type TestUser } from './helpers.ts';
import type { Json } from './orders-helpers.ts';

/**
 * The demo orders: after a demo start the demo hobbyist has one order awaiting payment and
 * one paid, of the demo vendor's products, priced as checkout prices them; My Sales shows the paid
 * one's shipping details only. Idempotent.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemo(ctx.database.db, ctx.config);
  await seedDemo(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const S = MESSAGES.orderStatus;

async function demoUser(email: string): Promise<TestUser> {
  const user = await findUserByEmail(ctx.database.db, email);
  const jwt = await signToken(ctx.config.jwtSecret, Number(user!.id), Number(user!.token_version ?? 0));
  return { id: Number(user!.id), jwt, email, password: '', auth: { authorization: `Bearer ${jwt}` } };
}
const get = async (user: TestUser, url: string) => {
  const res = await callAs(ctx, 'GET', url, { user });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
};

describe('demo orders', () => {
  it("gives the demo hobbyist one unpaid and one paid order of the demo vendor's products, once", async () => {
    const buyer = await demoUser('hobbyist@demo.test');
    const orders = await get(buyer, '/api/orders?populate[order_lists]=true&populate[oder_detail]=true');
    expect(orders.data.map((o: Json) => o.attributes.status)).toEqual([S.awaitingPayment, S.paid]);
    for (const o of orders.data as Json[]) {
      const lines = o.attributes.order_lists.data.map((l: Json) => l.attributes);
      const totals = checkoutTotals(
        lines.map((l: Json) => ({ unitCents: Math.round(l.price * 100), quantity: l.quantity })),
        { processing_fee: 250, tax: 8, shipping_cost: '0' },
      );
      expect(o.attributes.amount).toBe(totals.total / 100);
      expect(o.attributes.oder_detail.data.attributes.transaction_id).toBe(o.attributes.transaction_id);
      for (const l of lines) expect(l.status).toBe(o.attributes.status);
    }
    // The transaction ids are registered: they pay nothing else.
    const refs = await ctx.database.db
      .selectFrom('payment_references')
      .select('kind')
      .where('transaction_id', 'in', ['DEMO-ORDER-0001', 'DEMO-ORDER-0002'].map(paymentKey))
      .execute();
    expect(refs.map((r) => r.kind)).toEqual(['order', 'order']);
  });

  it('shows the demo vendor where to ship the paid order only', async () => {
    const vendor = await demoUser('vendor@demo.test');
    const sales = await get(vendor, '/api/sales');
    expect(sales.data.length).toBe(3);
    for (const s of sales.data as Json[]) {
      if (s.status === S.paid) expect(s.shipping).toMatchObject({ first_name: 'Harper', town: 'San Jose' });
      else expect(s.shipping).toBeNull();
    }
    expect((sales.data as Json[]).filter((s) => s.status === S.paid)).toHaveLength(1);
  });
});
