import { MESSAGES } from '@app/domain';
import { sql, type Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lockRow } from '../src/db/locks.ts';
import type { DB } from '../src/db/schema.ts';
import { ORDERS_PER_HOUR } from '../src/modules/orders/orders.service.ts';
import { buildHobbyist, TEST_ENGINE, type TestContext, type TestUser } from './helpers.ts';
import {
  BILLING,
  insertTestOrder,
  newTx,
  setupOrdersSuite,
  totalOf,
  type OrdersApi,
  type OrdersSuite,
} from './orders-helpers.ts';

/**
 * What guards an order beyond its happy path: checkout (and the seed client's line)
 * racing a vendor's delete, archive or price change of a product; the hourly limit shared by checkout
 * and `POST /api/orders`; the admin's payment check of an order with nothing to pay; cancelling once
 * something shipped; the quantity's limit message.
 */

let ctx: TestContext, api: OrdersApi, admin: TestUser, vendor: TestUser;
let product: OrdersSuite['product'];
setupOrdersSuite((s) => ({ ctx, api, admin, vendor, product } = s));

const E = MESSAGES.shopErrors;
const S = MESSAGES.orderStatus;
const db = () => ctx.database.db;
type Reply = Awaited<ReturnType<OrdersApi['call']>>;

/** Until a session of this test's database waits for a row lock (PostgreSQL), at most ~4 s. */
async function untilSomeoneWaitsForALock(): Promise<boolean> {
  for (let i = 0; i < 400; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
    if (rows[0]!.n > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

/**
 * A vendor's change of a product racing a request: a transaction locks the product's row as
 * `deleteOrArchiveProduct` does, the request starts while it is held, then `change` runs in that
 * transaction and commits. On PostgreSQL the request is under way by then (it waits for a lock of
 * the row); on SQLite (one connection, one writer) it runs after the commit.
 */
async function whileTheVendorChanges(
  productId: number,
  change: (trx: Transaction<DB>) => Promise<unknown>,
  request: () => Promise<Reply>,
): Promise<Reply> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = db()
    .transaction()
    .execute(async (trx) => {
      expect(await lockRow(trx, 'products', productId)).toBe(true);
      locked();
      await released;
      await change(trx);
    });
  await isLocked;
  const pending = request();
  if (TEST_ENGINE === 'postgres') expect(await untilSomeoneWaitsForALock()).toBe(true);
  release();
  await holder;
  return pending;
}

const archive = (id: number) => (trx: Transaction<DB>) =>
  trx.updateTable('products').set({ archived_at: new Date().toISOString() }).where('id', '=', id).execute();
const remove = (id: number) => (trx: Transaction<DB>) =>
  trx.deleteFrom('products').where('id', '=', id).execute();
const reprice = (id: number, cents: number) => (trx: Transaction<DB>) =>
  trx.updateTable('products').set({ price: cents }).where('id', '=', id).execute();

describe(`checkout racing the vendor's delete, archive or price change (${TEST_ENGINE})`, () => {
  for (const [what, change] of [
    ['deleted', remove],
    ['archived', archive],
  ] as const) {
    it(`a product ${what} while the order is placed: 400 productUnavailable at its item, nothing written`, async () => {
      const buyer = await buildHobbyist(ctx);
      const kept = await product();
      const gone = await product();
      const tx = newTx();
      const res = await whileTheVendorChanges(gone, change(gone), () =>
        api.checkout(
          buyer,
          [
            { product: kept, quantity: 1 },
            { product: gone, quantity: 2 },
          ],
          { transaction_id: tx },
        ),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(api.errors(res)).toEqual([{ path: 'data.items.1.product', message: E.productUnavailable }]);
      expect(await api.written(buyer.id)).toEqual({ orders: 0, lines: 0, details: 0 });
      expect(await api.registered(tx)).toBe(false);
    });
  }

  it("a price changed while the order is placed: the buyer's total is a 409 with the new total, nothing written", async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product(vendor, { price: 10 });
    const tx = newTx();
    const res = await whileTheVendorChanges(a, reprice(a, 1250), () =>
      api.checkout(buyer, [{ product: a, quantity: 2 }], {
        total: totalOf([1000, 2]).total / 100,
        transaction_id: tx,
      }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      message: E.totalChanged,
      details: { total: totalOf([1250, 2]).total / 100 },
    });
    expect(await api.written(buyer.id)).toEqual({ orders: 0, lines: 0, details: 0 });
    expect(await api.registered(tx)).toBe(false);
  });

  it('without a total sent, the order is priced at the new price', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product(vendor, { price: 10 });
    const res = await whileTheVendorChanges(a, reprice(a, 1250), () =>
      api.checkout(buyer, [{ product: a, quantity: 2 }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    expect((await api.lines(order.id)).map((l) => l.price)).toEqual([1250]);
    expect((await api.row(order.id)).amount).toBe(totalOf([1250, 2]).total);
  });

  it("the seed client's line on a product archived meanwhile: 400 at data.product; the order stays empty", async () => {
    const buyer = await buildHobbyist(ctx);
    const gone = await product();
    const order = (await api.ok('POST', '/api/orders', { user: buyer, body: { data: {} } })).data.id;
    const res = await whileTheVendorChanges(gone, archive(gone), () =>
      api.call('POST', '/api/order-lists', {
        user: buyer,
        body: { data: { order, product: gone, quantity: 1 } },
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(api.errors(res)).toEqual([{ path: 'data.product', message: E.productUnavailable }]);
    expect(await api.lines(order)).toEqual([]);
    expect((await api.row(order)).amount).toBe(0);
  });

  it('through the product routes too: deleting or archiving first, checkout after is a 400', async () => {
    const buyer = await buildHobbyist(ctx);
    const ordered = await product();
    await insertTestOrder(db(), (await buildHobbyist(ctx)).id, [{ product: ordered, vendor: vendor.id }]);
    const unordered = await product();
    for (const id of [ordered, unordered]) {
      await api.ok('DELETE', `/api/products/${id}`, { user: vendor });
      const res = await api.checkout(buyer, [{ product: id, quantity: 1 }]);
      expect(res.statusCode, res.body).toBe(400);
      expect(api.errors(res)).toEqual([{ path: 'data.items.0.product', message: E.productUnavailable }]);
    }
    expect(await api.written(buyer.id)).toEqual({ orders: 0, lines: 0, details: 0 });
  });
});

describe('the hourly order limit: checkout and POST /api/orders together, counted in the database', () => {
  it(`${ORDERS_PER_HOUR} empty orders, then checkout is a 429 (and another empty order); others still order`, async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    for (let i = 0; i < ORDERS_PER_HOUR; i++) {
      await api.ok('POST', '/api/orders', { user: buyer, body: { data: {} } });
    }
    const tx = newTx();
    const refused = await api.checkout(buyer, [{ product: a, quantity: 1 }], { transaction_id: tx });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ name: 'RateLimitError', message: E.tooMany });
    const retryAfter = refused.json().error.details.retryAfter as number;
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await api.written(buyer.id)).toEqual({ orders: ORDERS_PER_HOUR, lines: 0, details: 0 });
    expect(await api.registered(tx)).toBe(false);
    const again = await api.call('POST', '/api/orders', { user: buyer, body: { data: {} } });
    expect(again.statusCode).toBe(429);
    expect((await api.written(buyer.id)).orders).toBe(ORDERS_PER_HOUR);
    await api.placed(await buildHobbyist(ctx), [{ product: a, quantity: 1 }]);

    // An hour later the oldest order no longer counts: one more may be placed, not two.
    const oldest = await db()
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', buyer.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const hourAgo = new Date(Date.now() - 3_601_000).toISOString();
    await db().updateTable('orders').set({ created_at: hourAgo }).where('id', '=', oldest.id).execute();
    await api.placed(buyer, [{ product: a, quantity: 1 }]);
    expect((await api.checkout(buyer, [{ product: a, quantity: 1 }])).statusCode).toBe(429);
  });

  it(`checkouts count as orders: ${ORDERS_PER_HOUR} placed, then POST /api/orders is a 429; refused attempts do not count`, async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    for (let i = 0; i < 5; i++) {
      const res = await api.checkout(buyer, [{ product: 999_999, quantity: 1 }]);
      expect(res.statusCode).toBe(400);
    }
    for (let i = 0; i < ORDERS_PER_HOUR; i++) await api.placed(buyer, [{ product: a, quantity: 1 }]);
    const refused = await api.call('POST', '/api/orders', { user: buyer, body: { data: {} } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(E.tooMany);
    expect((await api.written(buyer.id)).orders).toBe(ORDERS_PER_HOUR);
  });

  it(`in parallel (${TEST_ENGINE}): never more than ${ORDERS_PER_HOUR} orders`, async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    const replies = await Promise.all(
      Array.from({ length: ORDERS_PER_HOUR + 6 }, (_, i) =>
        i % 2
          ? api.checkout(buyer, [{ product: a, quantity: 1 }])
          : api.call('POST', '/api/orders', { user: buyer, body: { data: {} } }),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(ORDERS_PER_HOUR);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
    expect((await api.written(buyer.id)).orders).toBe(ORDERS_PER_HOUR);
  });
});

describe("the admin's payment check needs something paid for", () => {
  it('an order without lines, or without checkout details, is not verified: 400 nothingToVerify, nothing changes', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    const empty = (await api.ok('POST', '/api/orders', { user: buyer, body: { data: {} } })).data.id;
    const noDetails = (await api.ok('POST', '/api/orders', { user: buyer, body: { data: {} } })).data.id;
    await api.ok('POST', '/api/order-lists', {
      user: buyer,
      body: { data: { order: noDetails, product: a, quantity: 1 } },
    });
    for (const order of [empty, noDetails]) {
      for (const [data, path] of [
        [{ payment_status: 'verified' }, 'data.payment_status'],
        [{ status: S.paid }, 'data.status'],
        [{ payment_status: 'verified', status: S.paid }, 'data.payment_status'],
      ] as const) {
        const res = await api.call('PUT', `/api/orders/${order}`, { user: admin, body: { data } });
        expect(res.statusCode, JSON.stringify(data)).toBe(400);
        expect(api.errors(res)).toEqual([{ path, message: E.nothingToVerify }]);
      }
      const row = await api.row(order);
      expect({ status: row.status, paid: Number(row.paid), payment_status: row.payment_status }).toEqual({
        status: S.awaitingPayment,
        paid: 0,
        payment_status: 'pending',
      });
      expect((await api.events(order)).map((e) => e.status)).toEqual([S.awaitingPayment]);
    }
    // Once the form is attached (a transaction id to check), the admin verifies it.
    await api.ok('POST', '/api/oder-details', {
      user: buyer,
      body: { data: { order: noDetails, ...BILLING, transaction_id: newTx() } },
    });
    expect((await api.verify(admin, noDetails)).data.attributes.status).toBe(S.paid);
    // Rejecting an empty order is still possible (it cancels it).
    const rejected = await api.ok('PUT', `/api/orders/${empty}`, {
      user: admin,
      body: { data: { payment_status: 'rejected' } },
    });
    expect(rejected.data.attributes).toMatchObject({ status: S.cancelled, payment_status: 'rejected' });
  });

  it('a refused payment_status points at data.payment_status: a buyer sending one, the admin verifying a cancelled order', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    const order = await api.placed(buyer, [{ product: a, quantity: 1 }]);
    const byBuyer = await api.call('PUT', `/api/orders/${order.id}`, {
      user: buyer,
      body: { data: { payment_status: 'verified' } },
    });
    expect(api.errors(byBuyer)).toEqual([{ path: 'data.payment_status', message: E.notAllowedStatus }]);
    await api.ok('DELETE', `/api/orders/${order.id}`, { user: buyer });
    const late = await api.call('PUT', `/api/orders/${order.id}`, {
      user: admin,
      body: { data: { payment_status: 'verified' } },
    });
    expect(api.errors(late)).toEqual([{ path: 'data.payment_status', message: E.notAllowedStatus }]);
    const empty = await api.call('PUT', `/api/orders/${order.id}`, { user: admin, body: { data: {} } });
    expect(empty.statusCode).toBe(400);
    expect(api.errors(empty)).toEqual([{ path: 'data', message: E.notAllowedStatus }]);
  });
});

describe('cancelling: the whole order, and not once something shipped', () => {
  /** A paid order of two lines (vendor's), the first shipped by the vendor when `shipFirst`. */
  async function paidOrder(shipFirst: boolean) {
    const buyer = await buildHobbyist(ctx);
    const [a, b] = [await product(), await product()];
    const o = await insertTestOrder(
      db(),
      buyer.id,
      [
        { product: a, vendor: vendor.id, price: 10 },
        { product: b, vendor: vendor.id, price: 7 },
      ],
      { status: S.paid },
    );
    if (shipFirst) {
      await api.ok('PUT', `/api/order-lists/${o.lines[0]}`, {
        user: vendor,
        body: { data: { status: S.shipped } },
      });
    }
    return o;
  }
  const lineStates = async (order: number) => (await api.lines(order)).map((l) => l.status);

  it('a line is never cancelled alone (the admin included): 400, the line and the total unchanged', async () => {
    const o = await paidOrder(false);
    const before = await api.row(o.order);
    for (const user of [admin, vendor]) {
      const res = await api.call('PUT', `/api/order-lists/${o.lines[0]}`, {
        user,
        body: { data: { status: S.cancelled } },
      });
      expect(res.statusCode).toBe(400);
      expect(api.errors(res)).toEqual([{ path: 'data.status', message: E.notAllowedStatus }]);
    }
    expect(await lineStates(o.order)).toEqual([S.paid, S.paid]);
    expect((await api.row(o.order)).amount).toBe(before.amount);
  });

  it('once a line shipped the admin cannot cancel or reject the order; before, both lines are cancelled', async () => {
    const shipped = await paidOrder(true);
    for (const [data, path] of [
      [{ status: S.cancelled }, 'data.status'],
      [{ payment_status: 'rejected' }, 'data.payment_status'],
    ] as const) {
      const res = await api.call('PUT', `/api/orders/${shipped.order}`, { user: admin, body: { data } });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(api.errors(res)).toEqual([{ path, message: E.notAllowedStatus }]);
    }
    expect(await lineStates(shipped.order)).toEqual([S.shipped, S.paid]);
    expect((await api.row(shipped.order)).status).toBe(S.paid);

    const unshipped = await paidOrder(false);
    const res = await api.ok('PUT', `/api/orders/${unshipped.order}`, {
      user: admin,
      body: { data: { status: S.cancelled } },
    });
    expect(res.data.attributes.status).toBe(S.cancelled);
    expect(await lineStates(unshipped.order)).toEqual([S.cancelled, S.cancelled]);
  });
});

describe('the quantity limit', () => {
  it("a quantity over 99 reads 'Quantity can be at most 99' on the quote, checkout, order lines and carts", async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    const items = [{ product: a, quantity: 100 }];
    const quote = await api.call('POST', '/api/orders/quote', { body: { data: { items } } });
    const checkout = await api.checkout(buyer, items);
    for (const res of [quote, checkout]) {
      expect(res.statusCode).toBe(400);
      expect(api.errors(res)).toEqual([{ path: 'data.items.0.quantity', message: E.quantityTooHigh }]);
    }
    const order = (await api.ok('POST', '/api/orders', { user: buyer, body: { data: {} } })).data.id;
    const line = await api.call('POST', '/api/order-lists', {
      user: buyer,
      body: { data: { order, product: a, quantiy: 100 } },
    });
    expect(api.errors(line)).toEqual([{ path: 'data.quantiy', message: E.quantityTooHigh }]);
    const cart = await api.call('POST', '/api/carts', {
      user: buyer,
      body: { data: { product: a, quantity: 100 } },
    });
    expect(api.errors(cart)).toEqual([{ path: 'data.quantity', message: E.quantityTooHigh }]);
  });
});
