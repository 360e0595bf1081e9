import { MESSAGES } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { buildFiles } from './directory-helpers.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildUser,
  buildVendor,
  TEST_ENGINE,
  type TestContext,
  type TestUser,
} from './helpers.ts';
import {
  BILLING,
  newTx,
  setupOrdersSuite,
  totalOf,
  type Json,
  type OrdersApi,
  type OrdersSuite,
} from './orders-helpers.ts';

/**
 * Orders: the quote, the one-call checkout priced by the server in one
 * transaction, the transaction id that pays one thing, the order states and who moves them (with
 * their events and the buyer's mails), the buyer's and the vendor's reads, and a vendor's sales with
 * the shipping details only once paid. The seed client's calls are in orders-compat.test.ts.
 */

let ctx: TestContext, api: OrdersApi, admin: TestUser, vendor: TestUser, otherVendor: TestUser;
let product: OrdersSuite['product'];
setupOrdersSuite((s) => ({ ctx, api, admin, vendor, otherVendor, product } = s));

const E = MESSAGES.shopErrors;
const S = MESSAGES.orderStatus;
const missing = 999_999;
const db = () => ctx.database.db;
const mailsTo = (user: TestUser) => ctx.mailer.sent.filter((m) => m.to === user.email);

describe('POST /api/orders/quote (anyone)', () => {
  it("answers the shop's current prices and the server's totals; items no longer on sale are not counted", async () => {
    const [picture] = await buildFiles(ctx, vendor, 'image');
    const a = await product(vendor, { price: 19, pictureId: picture! });
    const b = await product(otherVendor, { price: 5 });
    const archived = await product(vendor, { archived: true });
    const blocked = await buildUser(ctx, { userType: 'Vender', isActive: false });
    const ofBlocked = await product(blocked);
    const notAVendor = await buildHobbyist(ctx);
    const ofHobbyist = await product(notAVendor);
    const res = await api.call('POST', '/api/orders/quote', {
      body: {
        data: {
          items: [
            { product: a, quantity: 2, price: 0.01 },
            { product: b, quantity: 1 },
            { product: archived, quantity: 1 },
            { product: ofBlocked, quantity: 1 },
            { product: missing, quantity: 3 },
            { product: ofHobbyist, quantity: 1 },
          ],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().data;
    expect(q.items[0]).toMatchObject({ product: a, price: 19, quantity: 2, total: 38, available: true });
    expect(q.items[0].name).toMatch(/^Massage Oil/);
    expect(q.items[0].picture.url).toMatch(/^\/uploads\/[0-9a-f]+\.png$/);
    expect(q.items[1]).toMatchObject({ product: b, price: 5, total: 5, available: true, picture: null });
    for (const [i, id] of [
      [2, archived],
      [3, ofBlocked],
      [4, missing],
      [5, ofHobbyist],
    ] as const) {
      expect(q.items[i], String(id)).toEqual({
        product: id,
        name: null,
        price: null,
        quantity: i === 4 ? 3 : 1,
        total: 0,
        available: false,
        picture: null,
      });
    }
    // $43 + $2.50 + 8 % of $43 ($3.44).
    expect(q).toMatchObject({
      subtotal: 43,
      processing_fee: 2.5,
      tax: 3.44,
      tax_percent: 8,
      shipping: 0,
      free_shipping: true,
      total: 48.94,
    });
    // The same for a signed-in caller.
    const signed = await api.ok('POST', '/api/orders/quote', {
      user: await buildHobbyist(ctx),
      body: { data: { items: [{ product: a, quantity: 1 }] } },
    });
    expect(signed.data.total).toBe(19 + 2.5 + 1.52);
    // A stale token left in the browser does not break the cart.
    const stale = { ...vendor, auth: { authorization: 'Bearer not-a-token' } };
    const res2 = await api.call('POST', '/api/orders/quote', {
      user: stale,
      body: { data: { items: [{ product: a, quantity: 1 }] } },
    });
    expect(res2.statusCode).toBe(200);
  });

  it('adds a positive shipping cost of the processing costs, and totals an order of nothing on sale 0', async () => {
    const a = await product(vendor, { price: 10 });
    await db().updateTable('processing_costs').set({ shipping_cost: '4.99' }).execute();
    try {
      const q = (
        await api.ok('POST', '/api/orders/quote', {
          body: { data: { items: [{ product: a, quantity: 1 }] } },
        })
      ).data;
      expect(q).toMatchObject({
        subtotal: 10,
        shipping: 4.99,
        free_shipping: false,
        total: 10 + 2.5 + 0.8 + 4.99,
      });
    } finally {
      await db().updateTable('processing_costs').set({ shipping_cost: '0' }).execute();
    }
    const none = (
      await api.ok('POST', '/api/orders/quote', {
        body: { data: { items: [{ product: missing, quantity: 1 }] } },
      })
    ).data;
    expect(none).toMatchObject({ subtotal: 0, processing_fee: 0, tax: 0, total: 0 });
  });

  it('400 for no items, a duplicate product, a quantity of 0 or 100, more than 50 lines', async () => {
    const a = await product();
    for (const items of [
      [],
      [
        { product: a, quantity: 1 },
        { product: a, quantity: 2 },
      ],
      [{ product: a, quantity: 0 }],
      [{ product: a, quantity: 100 }],
      [{ product: a, quantity: 1.5 }],
      [{ product: 'a', quantity: 1 }],
      Array.from({ length: 51 }, (_, i) => ({ product: i + 1, quantity: 1 })),
    ]) {
      const res = await api.call('POST', '/api/orders/quote', { body: { data: { items } } });
      expect(res.statusCode, JSON.stringify(items).slice(0, 80)).toBe(400);
    }
    const dup = await api.call('POST', '/api/orders/quote', {
      body: {
        data: {
          items: [
            { product: a, quantity: 1 },
            { product: a, quantity: 1 },
          ],
        },
      },
    });
    expect(api.errors(dup)).toEqual([{ path: 'data.items', message: E.duplicateProduct }]);
  });
});

describe('POST /api/orders/checkout: who may check out', () => {
  it('401 anonymous; a hobbyist, a provider, a vendor (buying another vendor’s product) and the admin place orders', async () => {
    const a = await product();
    expect((await api.checkout(null, [{ product: a, quantity: 1 }])).statusCode).toBe(401);
    for (const buyer of [
      await buildHobbyist(ctx),
      await buildProvider(ctx),
      await buildVendor(ctx),
      await buildAdmin(ctx),
    ]) {
      const order = await api.placed(buyer, [{ product: a, quantity: 1 }]);
      expect(order.attributes.status).toBe(S.awaitingPayment);
      expect((await api.row(order.id)).user_id).toBe(buyer.id);
    }
  });

  it("400 for the vendor's own product at its item; nothing written", async () => {
    const seller = await buildVendor(ctx);
    const own = await product(seller);
    const other = await product(otherVendor);
    const res = await api.checkout(seller, [
      { product: other, quantity: 1 },
      { product: own, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(api.errors(res)).toEqual([{ path: 'data.items.1.product', message: E.ownProduct }]);
    expect(await api.written(seller.id)).toEqual({ orders: 0, lines: 0, details: 0 });
  });

  it('400 for a bad form, with the field', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    const items = [{ product: a, quantity: 1 }];
    const cases: [Record<string, unknown>, string][] = [
      [{ billing: { ...BILLING, first_name: '' } }, 'data.billing.first_name'],
      [{ billing: { ...BILLING, phone: '555-0100' } }, 'data.billing.phone'],
      [{ billing: { ...BILLING, email_address: 'not-an-email' } }, 'data.billing.email_address'],
      [{ billing: { ...BILLING, postcode: undefined } }, 'data.billing.postcode'],
      [{ billing: { ...BILLING, country: 'Atlantis' } }, 'data.billing.country'],
      [{ transaction_id: '   ' }, 'data.transaction_id'],
      [{ items: [] }, 'data.items'],
      [{ items: [{ product: a, quantity: 0 }] }, 'data.items.0.quantity'],
      [{ total: -1 }, 'data.total'],
    ];
    for (const [extra, path] of cases) {
      const res = await api.call('POST', '/api/orders/checkout', {
        user: buyer,
        body: { data: { items, billing: BILLING, transaction_id: newTx(), ...extra } },
      });
      expect(res.statusCode, path).toBe(400);
      expect(api.errors(res).map((e) => e.path)).toContain(path);
    }
    expect(await api.written(buyer.id)).toEqual({ orders: 0, lines: 0, details: 0 });
  });

  it('takes the billing country by name or code and keeps the code', async () => {
    const buyer = await buildHobbyist(ctx);
    const items = [{ product: await product(), quantity: 1 }];
    for (const country of ['United States', 'united kingdom', 'ca']) {
      const res = await api.call('POST', '/api/orders/checkout', {
        user: buyer,
        body: { data: { items, billing: { ...BILLING, country }, transaction_id: newTx() } },
      });
      expect(res.statusCode, country).toBe(200);
    }
    const kept = await db()
      .selectFrom('order_details')
      .select('country')
      .where('user_id', '=', buyer.id)
      .orderBy('id')
      .execute();
    expect(kept.map((d) => d.country)).toEqual(['US', 'GB', 'CA']);
  });
});

describe("POST /api/orders/checkout: the server's amounts, in one transaction", () => {
  it('stores prices from the products table and its own totals; a sent price, amount, user or status changes nothing', async () => {
    const buyer = await buildHobbyist(ctx);
    const someoneElse = await buildHobbyist(ctx);
    const [picture] = await buildFiles(ctx, vendor, 'image');
    const a = await product(vendor, { price: 19, pictureId: picture! });
    const b = await product(otherVendor, { price: 5 });
    const tx = newTx();
    const res = await api.call('POST', '/api/orders/checkout', {
      user: buyer,
      body: {
        data: {
          items: [
            { product: a, quantity: 2, price: 0.01, total: 0.02 },
            { product: b, quantity: 3, price: 0 },
          ],
          billing: BILLING,
          transaction_id: tx,
          user: someoneElse.id,
          amount: 0.01,
          subtotal: 0.01,
          status: S.paid,
          paid: true,
          payment_status: 'verified',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const totals = totalOf([1900, 2], [500, 3]);
    const item = res.json().data;
    expect(item.attributes).toMatchObject({
      status: S.awaitingPayment,
      paid: false,
      payment_status: 'pending',
      transaction_id: tx,
      subtotal: 53,
      processing_fee: 2.5,
      tax: 4.24,
      shipping: 0,
      amount: totals.total / 100,
    });
    expect(item.attributes.order_lists.data.map((l: Json) => l.attributes.total)).toEqual([38, 15]);
    expect(item.attributes.oder_detail.data.attributes).toMatchObject({ ...BILLING, transaction_id: tx });

    const order = await api.row(item.id);
    expect(order).toMatchObject({
      user_id: buyer.id,
      status: S.awaitingPayment,
      paid: 0,
      payment_status: 'pending',
      subtotal: 5300,
      processing_fee: 250,
      tax: 424,
      shipping: 0,
      amount: totals.total,
      reviewed_by: null,
    });
    const lines = await api.lines(item.id);
    expect(
      lines.map((l) => ({
        user: l.user_id,
        product: l.product_id,
        vendor: l.seller_id,
        price: l.price,
        quantity: l.quantity,
        total: l.total,
        status: l.status,
        picture: l.picture_id,
      })),
    ).toEqual([
      {
        user: buyer.id,
        product: a,
        vendor: vendor.id,
        price: 1900,
        quantity: 2,
        total: 3800,
        status: S.awaitingPayment,
        picture,
      },
      {
        user: buyer.id,
        product: b,
        vendor: otherVendor.id,
        price: 500,
        quantity: 3,
        total: 1500,
        status: S.awaitingPayment,
        picture: null,
      },
    ]);
    expect(lines[0]!.product_name).toMatch(/^Massage Oil/);
    const details = await db()
      .selectFrom('order_details')
      .selectAll()
      .where('order_id', '=', item.id)
      .execute();
    expect(details).toHaveLength(1);
    expect(details[0]).toMatchObject({ ...BILLING, user_id: buyer.id, transaction_id: tx });
    const events = await api.events(item.id);
    expect(events.map((e) => [e.status, e.actor_id, e.order_line_id])).toEqual([
      [S.awaitingPayment, buyer.id, null],
    ]);
    expect(await api.registered(tx)).toBe(true);
    expect(await api.written(someoneElse.id)).toEqual({ orders: 0, lines: 0, details: 0 });
  });

  it('the total the buyer saw: equal → the order; different → 409 with the server’s total, nothing written', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product(vendor, { price: 10 });
    const server = totalOf([1000, 1]).total / 100;
    const tx = newTx();
    const stale = await api.checkout(buyer, [{ product: a, quantity: 1 }], {
      total: server - 1,
      transaction_id: tx,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ message: E.totalChanged, details: { total: server } });
    expect(await api.written(buyer.id)).toEqual({ orders: 0, lines: 0, details: 0 });
    expect(await api.registered(tx)).toBe(false);
    // The same transaction id then pays the order at the server's total.
    const order = await api.placed(buyer, [{ product: a, quantity: 1 }], {
      total: server,
      transaction_id: tx,
    });
    expect(order.attributes.amount).toBe(server);
  });

  it('400 for an order over $1,000,000; nothing written', async () => {
    const buyer = await buildHobbyist(ctx);
    const dear = await product(vendor, { price: 100_000 });
    const res = await api.checkout(buyer, [{ product: dear, quantity: 11 }]);
    expect(res.statusCode).toBe(400);
    expect(api.errors(res)).toEqual([{ path: 'data.items', message: E.orderTooLarge }]);
    expect(await api.written(buyer.id)).toEqual({ orders: 0, lines: 0, details: 0 });
  });

  it('atomic: a second item no longer on sale leaves no order, no lines, no details and no payment reference', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    const blocked = await buildUser(ctx, { userType: 'Vender', isActive: false });
    const unavailable = [await product(vendor, { archived: true }), await product(blocked), missing];
    for (const gone of unavailable) {
      const tx = newTx();
      const res = await api.checkout(
        buyer,
        [
          { product: a, quantity: 1 },
          { product: gone, quantity: 1 },
        ],
        { transaction_id: tx },
      );
      expect(res.statusCode, String(gone)).toBe(400);
      expect(api.errors(res)).toEqual([{ path: 'data.items.1.product', message: E.productUnavailable }]);
      expect(await api.registered(tx)).toBe(false);
    }
    expect(await api.written(buyer.id)).toEqual({ orders: 0, lines: 0, details: 0 });
    const events = await db()
      .selectFrom('order_events')
      .select('id')
      .where('actor_id', '=', buyer.id)
      .execute();
    expect(events).toEqual([]);
  });
});

describe('the transaction id pays one thing only', () => {
  it('a repeated id is refused across orders, also in another letter case or spacing', async () => {
    const a = await product();
    const first = await buildHobbyist(ctx);
    const second = await buildHobbyist(ctx);
    const tx = newTx('Pay');
    await api.placed(first, [{ product: a, quantity: 1 }], { transaction_id: tx });
    for (const [user, variant] of [
      [first, tx],
      [second, tx],
      [second, tx.toUpperCase()],
      [second, tx.toLowerCase()],
      [second, ` ${tx.slice(0, 4)} ${tx.slice(4)} `],
    ] as const) {
      const res = await api.checkout(user, [{ product: a, quantity: 1 }], { transaction_id: variant });
      expect(res.statusCode, variant).toBe(400);
      expect(api.errors(res)).toEqual([
        { path: 'data.transaction_id', message: MESSAGES.subscription.transactionIdUsed },
      ]);
    }
    expect(await api.written(second.id)).toEqual({ orders: 0, lines: 0, details: 0 });
    expect((await api.written(first.id)).orders).toBe(1);
  });

  it("an id a subscription paid is refused (and an order's id buys no subscription)", async () => {
    const provider = await buildProvider(ctx);
    const pkg = await db().selectFrom('packages').select('id').orderBy('id').executeTakeFirstOrThrow();
    const tx = newTx('SUB');
    await api.ok('POST', '/api/subscriptions', {
      user: provider,
      body: { data: { package: pkg.id, transaction_id: tx } },
    });
    const a = await product();
    const buyer = await buildHobbyist(ctx);
    const res = await api.checkout(buyer, [{ product: a, quantity: 1 }], {
      transaction_id: tx.toLowerCase(),
    });
    expect(res.statusCode).toBe(400);
    expect(api.errors(res)[0]!.path).toBe('data.transaction_id');
    expect(await api.written(buyer.id)).toEqual({ orders: 0, lines: 0, details: 0 });

    const orderTx = newTx();
    await api.placed(buyer, [{ product: a, quantity: 1 }], { transaction_id: orderTx });
    const sub = await api.call('POST', '/api/subscriptions', {
      user: await buildProvider(ctx),
      body: { data: { package: pkg.id, transaction_id: orderTx.toUpperCase() } },
    });
    expect(sub.statusCode).toBe(400);
  });

  it("an order cancelled before its payment was checked gives its id back; a rejected or paid one's id stays spent", async () => {
    const a = await product();
    const buyer = await buildHobbyist(ctx);
    const tx = newTx('Again');
    const cancelled = await api.placed(buyer, [{ product: a, quantity: 1 }], { transaction_id: tx });
    await api.ok('DELETE', `/api/orders/${cancelled.id}`, { user: buyer });
    // The buyer paid once and re-orders: the same payment pays the new order, and only it.
    const again = await api.placed(buyer, [{ product: a, quantity: 2 }], {
      transaction_id: tx.toUpperCase(),
    });
    const third = await api.checkout(buyer, [{ product: a, quantity: 1 }], { transaction_id: tx });
    expect(third.statusCode).toBe(400);

    const rejectedTx = newTx('Rejected');
    const rejected = await api.placed(buyer, [{ product: a, quantity: 1 }], { transaction_id: rejectedTx });
    await api.ok('PUT', `/api/orders/${rejected.id}`, {
      user: admin,
      body: { data: { payment_status: 'rejected' } },
    });
    const paidTx = newTx('Paid');
    const paid = await api.placed(buyer, [{ product: a, quantity: 1 }], { transaction_id: paidTx });
    await api.ok('PUT', `/api/orders/${paid.id}`, {
      user: admin,
      body: { data: { payment_status: 'verified' } },
    });
    await api.ok('PUT', `/api/orders/${paid.id}`, { user: admin, body: { data: { status: S.cancelled } } });
    for (const spent of [rejectedTx, paidTx]) {
      const res = await api.checkout(buyer, [{ product: a, quantity: 1 }], { transaction_id: spent });
      expect(res.statusCode, spent).toBe(400);
      expect(api.errors(res)[0]!.path).toBe('data.transaction_id');
    }
    expect((await api.row(again.id)).status).toBe(S.awaitingPayment);
  });

  it('two checkouts with one id at once: exactly one is placed, the other is the same 400', async () => {
    const a = await product();
    const b = await product(otherVendor);
    for (let round = 0; round < 3; round++) {
      const buyers = [await buildHobbyist(ctx), await buildHobbyist(ctx)];
      const tx = newTx('RACE');
      const replies = await Promise.all(
        buyers.map((buyer, i) =>
          api.checkout(
            buyer,
            [
              { product: a, quantity: 1 + i },
              { product: b, quantity: 1 },
            ],
            { transaction_id: tx },
          ),
        ),
      );
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const loser = replies.find((r) => r.statusCode === 400)!;
      expect(api.errors(loser)).toEqual([
        { path: 'data.transaction_id', message: MESSAGES.subscription.transactionIdUsed },
      ]);
      const orders = await db().selectFrom('orders').select('id').where('transaction_id', '=', tx).execute();
      expect(orders).toHaveLength(1);
      const written = await Promise.all(buyers.map((b) => api.written(b.id)));
      expect(written.map((w) => w.orders).sort()).toEqual([0, 1]);
      expect(written.map((w) => w.lines).sort()).toEqual([0, 2]);
    }
  });
});

describe('checkout racing a price change', () => {
  it("a total computed before the vendor's price change is a 409; nothing written", async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product(vendor, { price: 10 });
    const quote = (
      await api.ok('POST', '/api/orders/quote', { body: { data: { items: [{ product: a, quantity: 2 }] } } })
    ).data;
    await db().updateTable('products').set({ price: 1200 }).where('id', '=', a).execute();
    const tx = newTx();
    const res = await api.checkout(buyer, [{ product: a, quantity: 2 }], {
      total: quote.total,
      transaction_id: tx,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details.total).toBe(totalOf([1200, 2]).total / 100);
    expect(await api.written(buyer.id)).toEqual({ orders: 0, lines: 0, details: 0 });
    expect(await api.registered(tx)).toBe(false);
  });

  it(`in parallel (${TEST_ENGINE}): each order is priced at one price the product had, its amount that price's total`, async () => {
    const a = await product(vendor, { price: 10 });
    const b = await product(otherVendor, { price: 7 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => buildHobbyist(ctx)));
    // Every price the product had: the start price, then each vendor change (none repeats another).
    const start = 1000;
    const changes = [1300, 1700, 2100, 2500, 2900, 3300];
    const replies = await Promise.all([
      ...buyers.map((buyer) =>
        api.checkout(buyer, [
          { product: a, quantity: 2 },
          { product: b, quantity: 1 },
        ]),
      ),
      ...changes.map((cents) =>
        db()
          .updateTable('products')
          .set({ price: cents, updated_at: new Date().toISOString() })
          .where('id', '=', a)
          .execute(),
      ),
    ]);
    const checkouts = replies.slice(0, buyers.length) as Awaited<ReturnType<typeof api.checkout>>[];
    expect(checkouts.map((r) => r.statusCode)).toEqual(buyers.map(() => 200));
    expect(changes).toContain(
      (await db().selectFrom('products').select('price').where('id', '=', a).executeTakeFirstOrThrow()).price,
    );
    for (const res of checkouts) {
      const id = res.json().data.id as number;
      const lines = await api.lines(id);
      // The line of `a` carries one price `a` had; `b`'s did not move; the quantities are the buyer's.
      const unit = lines[0]!.price;
      expect([start, ...changes]).toContain(unit);
      expect(lines.map((l) => [l.product_id, l.price, l.quantity, l.total])).toEqual([
        [a, unit, 2, unit * 2],
        [b, 700, 1, 700],
      ]);
      // The order's money is that one price's total (not a price read apart from its line).
      const expected = totalOf([unit, 2], [700, 1]);
      const order = await api.row(id);
      expect({ subtotal: order.subtotal, tax: order.tax, amount: order.amount }).toEqual({
        subtotal: expected.subtotal,
        tax: expected.tax,
        amount: expected.total,
      });
      expect(res.json().data.attributes.amount).toBe(expected.total / 100);
    }
  });
});

describe('GET /api/orders, /api/orders/:id: the buyer’s own; the admin’s all', () => {
  it('lists and reads one’s own orders; another buyer, a vendor of its products and anonymous do not', async () => {
    const buyer = await buildHobbyist(ctx);
    const other = await buildHobbyist(ctx);
    const a = await product();
    const mine = await api.placed(buyer, [{ product: a, quantity: 1 }]);
    const theirs = await api.placed(other, [{ product: a, quantity: 1 }]);

    const list = await api.ok('GET', '/api/orders?populate=*', { user: buyer });
    expect(list.data.map((o: Json) => o.id)).toEqual([mine.id]);
    expect(list.meta.pagination.total).toBe(1);
    const got = list.data[0].attributes;
    expect(got.oder_detail.data.attributes.first_name).toBe(BILLING.first_name);
    expect(got.order_lists.data).toHaveLength(1);
    expect(got.user.data.attributes).toEqual({ username: expect.any(String) });
    expect(got.order_events.data.map((e: Json) => e.attributes.status)).toEqual([S.awaitingPayment]);

    expect((await api.ok('GET', `/api/orders/${mine.id}`, { user: buyer })).data.id).toBe(mine.id);
    for (const user of [other, vendor]) {
      const res = await api.call('GET', `/api/orders/${mine.id}`, { user });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(E.orderNotFound);
    }
    expect((await api.ok('GET', '/api/orders', { user: vendor })).data).toEqual([]);
    expect((await api.call('GET', `/api/orders/${mine.id}`)).statusCode).toBe(401);
    expect((await api.call('GET', '/api/orders')).statusCode).toBe(401);
    const all = await api.ok('GET', '/api/orders?pagination[pageSize]=100', { user: admin });
    expect(all.data.map((o: Json) => o.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(
      (await api.ok('GET', `/api/orders/${theirs.id}?populate=oder_detail`, { user: admin })).data.attributes
        .oder_detail.data,
    ).not.toBeNull();
  });

  it('My Orders: a page of orders, each with its total and all its lines with their pictures', async () => {
    const buyer = await buildHobbyist(ctx);
    const [picture] = await buildFiles(ctx, vendor, 'image');
    const a = await product(vendor, { price: 10, pictureId: picture! });
    const b = await product(otherVendor, { price: 4 });
    const older = await api.placed(buyer, [
      { product: a, quantity: 1 },
      { product: b, quantity: 2 },
    ]);
    const newer = await api.placed(buyer, [{ product: b, quantity: 1 }]);
    const other = await buildHobbyist(ctx);
    await api.placed(other, [{ product: a, quantity: 1 }]);

    // The web's query (web/src/features/orders/api.ts fetchMyOrders).
    const query = (userId: number, page: number) =>
      '/api/orders?' +
      [
        `filters[user][id][$eq]=${userId}`,
        ...['product_name', 'price', 'quantity', 'total', 'status'].map(
          (field, i) => `populate[order_lists][fields][${i}]=${field}`,
        ),
        'populate[order_lists][populate][0]=picture',
        'sort=id:desc',
        `pagination[page]=${page}`,
        'pagination[pageSize]=1',
      ].join('&');

    const first = await api.ok('GET', query(buyer.id, 1), { user: buyer });
    expect(first.meta.pagination).toMatchObject({ page: 1, pageSize: 1, pageCount: 2, total: 2 });
    expect(first.data.map((o: Json) => o.id)).toEqual([newer.id]);
    expect(first.data[0].attributes.amount).toBe(newer.attributes.amount);
    expect(first.data[0].attributes.order_lists.data).toHaveLength(1);

    const second = await api.ok('GET', query(buyer.id, 2), { user: buyer });
    const order = second.data[0].attributes;
    expect(second.data[0].id).toBe(older.id);
    expect(order.amount).toBe((await api.row(older.id)).amount / 100);
    const lines = order.order_lists.data as Json[];
    expect(lines.map((l) => l.id)).toEqual((await api.lines(older.id)).map((l) => l.id));
    expect(Object.keys(lines[0].attributes).sort()).toEqual([
      'picture',
      'price',
      'product_name',
      'quantity',
      'status',
      'total',
    ]);
    expect(lines[0].attributes).toMatchObject({
      price: 10,
      quantity: 1,
      total: 10,
      status: S.awaitingPayment,
    });
    expect(lines[0].attributes.picture.data.attributes.url).toMatch(/^\/uploads\//);
    expect(lines[0].attributes.picture.data.attributes).toHaveProperty('formats');
    expect(lines[1].attributes).toMatchObject({ price: 4, quantity: 2, total: 8, picture: { data: null } });

    // Only one's own orders: another buyer's id finds nothing; a vendor of the products reads none.
    expect((await api.ok('GET', query(other.id, 1), { user: buyer })).data).toEqual([]);
    expect((await api.ok('GET', query(buyer.id, 1), { user: other })).data).toEqual([]);
    expect((await api.ok('GET', query(buyer.id, 1), { user: vendor })).data).toEqual([]);
    expect((await api.call('GET', query(buyer.id, 1))).statusCode).toBe(401);
    // No deeper: a line's order leads nowhere from here either.
    const deeper = await api.call(
      'GET',
      '/api/orders?populate[order_lists][populate][order][populate][0]=oder_detail',
      { user: buyer },
    );
    expect(deeper.statusCode).toBe(400);
  });

  it('an order without details answers oder_detail null', async () => {
    const buyer = await buildHobbyist(ctx);
    const created = await api.ok('POST', '/api/orders', { user: buyer, body: { data: {} } });
    const got = await api.ok('GET', `/api/orders/${created.data.id}?populate=oder_detail`, { user: buyer });
    expect(got.data.attributes.oder_detail).toEqual({ data: null });
  });
});

describe('PUT and DELETE /api/orders/:id: cancelling, the payment check, delivery', () => {
  it('the buyer cancels an order awaiting payment (DELETE and PUT); lines cancelled; an event with who; rows kept', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    const first = await api.placed(buyer, [{ product: a, quantity: 1 }]);
    const second = await api.placed(buyer, [{ product: a, quantity: 2 }]);
    const deleted = await api.ok('DELETE', `/api/orders/${first.id}`, { user: buyer });
    expect(deleted.data.attributes.status).toBe(S.cancelled);
    const put = await api.ok('PUT', `/api/orders/${second.id}`, {
      user: buyer,
      body: { data: { status: S.cancelled } },
    });
    expect(put.data.attributes.status).toBe(S.cancelled);
    for (const id of [first.id, second.id]) {
      expect((await api.row(id)).status).toBe(S.cancelled);
      expect((await api.lines(id)).map((l) => l.status)).toEqual([S.cancelled]);
      expect((await api.events(id)).map((e) => [e.status, e.actor_id])).toEqual([
        [S.awaitingPayment, buyer.id],
        [S.cancelled, buyer.id],
      ]);
    }
    // Cancelled stays cancelled.
    expect((await api.call('DELETE', `/api/orders/${first.id}`, { user: buyer })).statusCode).toBe(400);
    expect(
      (
        await api.call('PUT', `/api/orders/${first.id}`, {
          user: buyer,
          body: { data: { status: S.awaitingPayment } },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('another account (a vendor of its products too) gets a 404, anonymous a 401; nothing changes', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    const order = await api.placed(buyer, [{ product: a, quantity: 1 }]);
    for (const user of [await buildHobbyist(ctx), vendor, await buildProvider(ctx)]) {
      expect((await api.call('DELETE', `/api/orders/${order.id}`, { user })).statusCode).toBe(404);
      const put = await api.call('PUT', `/api/orders/${order.id}`, {
        user,
        body: { data: { status: S.cancelled } },
      });
      expect(put.statusCode).toBe(404);
    }
    expect((await api.call('DELETE', `/api/orders/${order.id}`)).statusCode).toBe(401);
    expect(
      (await api.call('PUT', `/api/orders/${order.id}`, { body: { data: { status: S.cancelled } } }))
        .statusCode,
    ).toBe(401);
    expect((await api.row(order.id)).status).toBe(S.awaitingPayment);
  });

  it('the buyer may not pay, verify, ship or deliver their own unpaid order', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    const order = await api.placed(buyer, [{ product: a, quantity: 1 }]);
    for (const data of [
      { status: S.paid },
      { status: S.shipped },
      { status: S.delivered },
      { payment_status: 'verified' },
      { payment_status: 'rejected' },
      { status: S.cancelled, payment_status: 'verified' },
      {},
    ]) {
      const res = await api.call('PUT', `/api/orders/${order.id}`, { user: buyer, body: { data } });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
    }
    const bad = await api.call('PUT', `/api/orders/${order.id}`, {
      user: buyer,
      body: { data: { status: S.paid } },
    });
    expect(api.errors(bad)).toEqual([{ path: 'data.status', message: E.notAllowedStatus }]);
    expect(await api.row(order.id)).toMatchObject({
      status: S.awaitingPayment,
      paid: 0,
      payment_status: 'pending',
    });
  });

  it('the admin verifies the payment: Paid, lines Paid, who and when, an event, a mail to the buyer; no cancelling then', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product(vendor, { price: 12 });
    const b = await product(otherVendor, { price: 3 });
    const order = await api.placed(buyer, [
      { product: a, quantity: 1 },
      { product: b, quantity: 2 },
    ]);
    const before = mailsTo(buyer).length;
    const answer = await api.verify(admin, order.id);
    expect(answer.data.attributes).toMatchObject({ status: S.paid, paid: true, payment_status: 'verified' });
    const row = await api.row(order.id);
    expect(row).toMatchObject({ status: S.paid, paid: 1, payment_status: 'verified', reviewed_by: admin.id });
    expect(row.reviewed_at).toEqual(expect.any(String));
    expect((await api.lines(order.id)).map((l) => l.status)).toEqual([S.paid, S.paid]);
    expect((await api.events(order.id)).map((e) => [e.status, e.actor_id])).toEqual([
      [S.awaitingPayment, buyer.id],
      [S.paid, admin.id],
    ]);
    const mails = mailsTo(buyer).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(MESSAGES.orderMail.paidSubject.replace('{order}', String(order.id)));
    expect(mails[0]!.text).toContain(`#${order.id}`);
    expect(mails[0]!.text).toContain('$21.94');
    expect(mails[0]!.text).toContain(`${ctx.config.publicUrl}/orders/view`);
    expect(mails[0]!.text).not.toMatch(/\{\w+\}/);

    // Paid: the buyer can no longer cancel it.
    const del = await api.call('DELETE', `/api/orders/${order.id}`, { user: buyer });
    expect(del.statusCode).toBe(400);
    expect(del.json().error.message).toBe(E.orderNotOpen);
    const put = await api.call('PUT', `/api/orders/${order.id}`, {
      user: buyer,
      body: { data: { status: S.cancelled } },
    });
    expect(put.statusCode).toBe(400);
    // Verifying twice is not a change.
    const again = await api.call('PUT', `/api/orders/${order.id}`, {
      user: admin,
      body: { data: { payment_status: 'verified' } },
    });
    expect(again.statusCode).toBe(400);
    expect(mailsTo(buyer).length).toBe(before + 1);
    expect((await api.row(order.id)).status).toBe(S.paid);
  });

  it('the admin rejects a payment: Cancelled, lines cancelled, recorded', async () => {
    const buyer = await buildHobbyist(ctx);
    const order = await api.placed(buyer, [{ product: await product(), quantity: 1 }]);
    const res = await api.ok('PUT', `/api/orders/${order.id}`, {
      user: admin,
      body: { data: { payment_status: 'rejected' } },
    });
    expect(res.data.attributes).toMatchObject({
      status: S.cancelled,
      paid: false,
      payment_status: 'rejected',
    });
    expect((await api.row(order.id)).reviewed_by).toBe(admin.id);
    expect((await api.lines(order.id)).map((l) => l.status)).toEqual([S.cancelled]);
    expect((await api.events(order.id)).at(-1)).toMatchObject({ status: S.cancelled, actor_id: admin.id });
    expect(mailsTo(buyer)).toHaveLength(0);
  });

  it('the admin may move an order per the admin transitions only', async () => {
    const buyer = await buildHobbyist(ctx);
    const order = await api.placed(buyer, [{ product: await product(), quantity: 1 }]);
    for (const data of [
      { status: S.shipped },
      { status: S.delivered },
      { payment_status: 'verified', status: S.cancelled },
    ]) {
      const res = await api.call('PUT', `/api/orders/${order.id}`, { user: admin, body: { data } });
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
    }
    await api.ok('PUT', `/api/orders/${order.id}`, { user: admin, body: { data: { status: S.paid } } });
    expect(await api.row(order.id)).toMatchObject({ paid: 1, payment_status: 'verified' });
    await api.ok('PUT', `/api/orders/${order.id}`, { user: admin, body: { data: { status: S.shipped } } });
    expect((await api.lines(order.id)).map((l) => [l.status, typeof l.shipped_at])).toEqual([
      [S.shipped, 'string'],
    ]);
    await api.ok('PUT', `/api/orders/${order.id}`, { user: admin, body: { data: { status: S.delivered } } });
    expect((await api.row(order.id)).status).toBe(S.delivered);
    expect((await api.lines(order.id)).map((l) => l.status)).toEqual([S.delivered]);
    expect((await api.events(order.id)).map((e) => e.status)).toEqual([
      S.awaitingPayment,
      S.paid,
      S.shipped,
      S.delivered,
    ]);
  });
});

describe('order lines: the buyer’s and their vendor’s; the vendor ships', () => {
  async function paidOrder(buyer: TestUser) {
    const [picture] = await buildFiles(ctx, vendor, 'image');
    const a = await product(vendor, { price: 10, pictureId: picture! });
    const b = await product(vendor, { price: 4 });
    const c = await product(otherVendor, { price: 6 });
    const order = await api.placed(buyer, [
      { product: a, quantity: 1 },
      { product: b, quantity: 2 },
      { product: c, quantity: 1 },
    ]);
    const lines = (order.attributes.order_lists.data as Json[]).map((l) => l.id as number);
    return { order: order.id as number, lines, products: [a, b, c] };
  }

  it('reads: the buyer all lines of their order, each vendor only theirs; others 404; no path to the checkout details', async () => {
    const buyer = await buildHobbyist(ctx);
    const { order, lines, products } = await paidOrder(buyer);
    const own = await api.ok('GET', `/api/order-lists?filters[order][id][$eq]=${order}&populate=*`, {
      user: buyer,
    });
    expect(own.data.map((l: Json) => l.id)).toEqual([...lines].reverse());
    const first = own.data.at(-1).attributes;
    expect(first).toMatchObject({ price: 10, quantiy: 1, quantity: 1, total: 10, status: S.awaitingPayment });
    expect(first.picture.data.attributes.url).toMatch(/^\/uploads\//);
    expect(first.product.data).toMatchObject({ id: products[0], attributes: { price: 10 } });
    expect(first.vendor.data.attributes).toEqual({ username: expect.any(String) });
    expect(Object.keys(first.order.data.attributes).sort()).toEqual([
      'createdAt',
      'paid',
      'payment_status',
      'status',
      'updatedAt',
    ]);

    const seen = await api.ok('GET', '/api/order-lists?populate=order', { user: vendor });
    const seenIds = seen.data.map((l: Json) => l.id);
    // The vendor reads who bought as an id: not the buyer's username (theirs to sign in with).
    const buyerRow = await ctx.database.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    const withBuyer = await api.call('GET', `/api/order-lists/${lines[0]}?populate=user`, { user: vendor });
    expect(withBuyer.statusCode, withBuyer.body).toBe(200);
    expect(withBuyer.json().data.attributes.user.data).toEqual({ id: buyer.id, attributes: {} });
    expect(withBuyer.body).not.toContain(buyerRow.username);
    expect(
      (await api.call('GET', '/api/order-lists?populate[user][fields][0]=username', { user: vendor }))
        .statusCode,
    ).toBe(400);
    expect(seenIds).toEqual(expect.arrayContaining(lines.slice(0, 2)));
    expect(seenIds).not.toContain(lines[2]);
    const theirs = await api.ok('GET', '/api/order-lists', { user: otherVendor });
    expect(theirs.data.map((l: Json) => l.id)).toContain(lines[2]);
    expect(theirs.data.map((l: Json) => l.id)).not.toContain(lines[0]);
    // Another vendor's line, another buyer's line: as if missing.
    const res = await api.call('GET', `/api/order-lists/${lines[0]}`, { user: otherVendor });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(E.lineNotFound);
    expect(
      (await api.call('GET', `/api/order-lists/${lines[0]}`, { user: await buildHobbyist(ctx) })).statusCode,
    ).toBe(404);
    expect((await api.call('GET', `/api/order-lists/${lines[0]}`)).statusCode).toBe(401);
    expect((await api.ok('GET', `/api/order-lists/${lines[0]}`, { user: vendor })).data.id).toBe(lines[0]);
    expect((await api.ok('GET', `/api/order-lists/${lines[2]}`, { user: admin })).data.id).toBe(lines[2]);
    // The order a line names leads nowhere further, and the vendor reads no checkout details.
    for (const q of [
      'populate[order][populate]=oder_detail',
      'populate[order][populate]=order_lists',
      'filters[order][oder_detail][first_name][$eq]=Jane',
    ]) {
      expect((await api.call('GET', `/api/order-lists?${q}`, { user: vendor })).statusCode, q).toBe(400);
    }
    expect((await api.ok('GET', '/api/oder-details', { user: vendor })).data).toEqual([]);
    const details = await db()
      .selectFrom('order_details')
      .select('id')
      .where('order_id', '=', order)
      .executeTakeFirstOrThrow();
    expect((await api.call('GET', `/api/oder-details/${details.id}`, { user: vendor })).statusCode).toBe(404);
    expect(
      (await api.ok('GET', `/api/oder-details/${details.id}`, { user: buyer })).data.attributes.first_name,
    ).toBe('Jane');
  });

  it('shows the product of a line even once archived', async () => {
    const buyer = await buildHobbyist(ctx);
    const { lines, products } = await paidOrder(buyer);
    await db()
      .updateTable('products')
      .set({ archived_at: new Date().toISOString() })
      .where('id', '=', products[0]!)
      .execute();
    const line = await api.ok('GET', `/api/order-lists/${lines[0]}?populate=product`, { user: buyer });
    expect(line.data.attributes.product.data.id).toBe(products[0]);
  });

  it('a vendor may not ship a line of an unpaid order; nobody but the vendor and the admin ships', async () => {
    const buyer = await buildHobbyist(ctx);
    const { order, lines } = await paidOrder(buyer);
    const ship = (user: TestUser | null, line: number) =>
      api.call('PUT', `/api/order-lists/${line}`, { user, body: { data: { status: S.shipped } } });
    const unpaid = await ship(vendor, lines[0]!);
    expect(unpaid.statusCode).toBe(400);
    expect(api.errors(unpaid)).toEqual([{ path: 'data.status', message: E.notPaidYet }]);
    await api.verify(admin, order);
    expect((await ship(buyer, lines[0]!)).statusCode).toBe(403);
    expect((await ship(otherVendor, lines[0]!)).statusCode).toBe(404);
    expect((await ship(await buildHobbyist(ctx), lines[0]!)).statusCode).toBe(404);
    expect((await ship(null, lines[0]!)).statusCode).toBe(401);
    for (const status of [S.delivered, S.cancelled, S.paid, S.awaitingPayment]) {
      const res = await api.call('PUT', `/api/order-lists/${lines[0]}`, {
        user: vendor,
        body: { data: { status } },
      });
      expect(res.statusCode, status).toBe(400);
    }
    expect((await api.lines(order)).map((l) => l.status)).toEqual([S.paid, S.paid, S.paid]);
  });

  it('each vendor ships their lines; the order is Shipped once every line has, with events and mails; the buyer marks it Delivered', async () => {
    const buyer = await buildHobbyist(ctx);
    const { order, lines } = await paidOrder(buyer);
    const ship = (user: TestUser, line: number) =>
      api.ok('PUT', `/api/order-lists/${line}`, { user, body: { data: { status: S.shipped } } });
    // Delivered before it shipped: refused.
    await api.verify(admin, order);
    const early = await api.call('PUT', `/api/orders/${order}`, {
      user: buyer,
      body: { data: { status: S.delivered } },
    });
    expect(early.statusCode).toBe(400);
    const mailsBefore = mailsTo(buyer).length;

    const one = await ship(vendor, lines[0]!);
    expect(one.data.attributes).toMatchObject({ status: S.shipped, shipped_at: expect.any(String) });
    expect((await api.row(order)).status).toBe(S.paid);
    await ship(vendor, lines[1]!);
    expect((await api.row(order)).status).toBe(S.paid);
    await ship(otherVendor, lines[2]!);
    expect((await api.row(order)).status).toBe(S.shipped);
    // Shipping twice is not a change.
    expect(
      (
        await api.call('PUT', `/api/order-lists/${lines[0]}`, {
          user: vendor,
          body: { data: { status: S.shipped } },
        })
      ).statusCode,
    ).toBe(400);

    const mails = mailsTo(buyer).slice(mailsBefore);
    expect(mails).toHaveLength(3);
    expect(mails[0]!.subject).toBe(MESSAGES.orderMail.shippedSubject.replace('{order}', String(order)));
    expect(mails[0]!.text).toMatch(/- Massage Oil — Lavender \d+ × 1/);
    expect(mails[1]!.text).toMatch(/× 2/);
    expect(mails[0]!.text).toContain(`${ctx.config.publicUrl}/orders/view`);

    const events = await api.events(order);
    expect(events.map((e) => [e.status, e.actor_id, e.order_line_id])).toEqual([
      [S.awaitingPayment, buyer.id, null],
      [S.paid, admin.id, null],
      [S.shipped, vendor.id, lines[0]],
      [S.shipped, vendor.id, lines[1]],
      [S.shipped, otherVendor.id, lines[2]],
      [S.shipped, otherVendor.id, null],
    ]);

    // The buyer marks it delivered; a vendor may not.
    expect(
      (
        await api.call('PUT', `/api/orders/${order}`, {
          user: vendor,
          body: { data: { status: S.delivered } },
        })
      ).statusCode,
    ).toBe(404);
    const delivered = await api.ok('PUT', `/api/orders/${order}`, {
      user: buyer,
      body: { data: { status: S.delivered } },
    });
    expect(delivered.data.attributes.status).toBe(S.delivered);
    expect((await api.lines(order)).map((l) => l.status)).toEqual([S.delivered, S.delivered, S.delivered]);
    expect((await api.events(order)).at(-1)).toMatchObject({ status: S.delivered, actor_id: buyer.id });
  });
});

describe('GET /api/sales: a vendor’s sold lines, the shipping details only once paid', () => {
  it('401 anonymous, 403 hobbyists and providers with the message', async () => {
    expect((await api.call('GET', '/api/sales')).statusCode).toBe(401);
    for (const user of [await buildHobbyist(ctx), await buildProvider(ctx)]) {
      const res = await api.call('GET', '/api/sales', { user });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(E.sellersOnly);
    }
  });

  it("lists the vendor's lines only, newest first, and hides where to ship until the order is paid", async () => {
    const seller = await buildVendor(ctx);
    const rival = await buildVendor(ctx);
    const buyer = await buildHobbyist(ctx);
    const [picture] = await buildFiles(ctx, seller, 'image');
    const a = await product(seller, { price: 15, pictureId: picture! });
    const r = await product(rival, { price: 8 });
    const first = await api.placed(buyer, [
      { product: a, quantity: 2 },
      { product: r, quantity: 1 },
    ]);
    const second = await api.placed(buyer, [{ product: a, quantity: 1 }]);
    const rejected = await api.placed(buyer, [{ product: a, quantity: 3 }]);

    const page = await api.ok('GET', '/api/sales', { user: seller });
    expect(page.meta.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 1, total: 3 });
    expect(page.data.map((s: Json) => s.order)).toEqual([rejected.id, second.id, first.id]);
    expect(page.data.every((s: Json) => s.shipping === null)).toBe(true);
    expect(page.data[2]).toMatchObject({
      order: first.id,
      quantity: 2,
      price: 15,
      total: 30,
      status: S.awaitingPayment,
      product: { id: a, picture: { url: expect.stringMatching(/^\/uploads\//), thumbnail: null } },
    });
    const rivals = await api.ok('GET', '/api/sales', { user: rival });
    expect(rivals.data.map((s: Json) => s.order)).toEqual([first.id]);
    expect(rivals.data[0].product.id).toBe(r);

    await api.verify(admin, first.id);
    await api.ok('PUT', `/api/orders/${rejected.id}`, {
      user: admin,
      body: { data: { payment_status: 'rejected' } },
    });
    const after = await api.ok('GET', '/api/sales', { user: seller });
    const byOrder = new Map(after.data.map((s: Json) => [s.order, s]));
    expect((byOrder.get(first.id) as Json).shipping).toEqual({
      first_name: BILLING.first_name,
      last_name: BILLING.last_name,
      email_address: BILLING.email_address,
      phone: BILLING.phone,
      address: BILLING.address,
      town: BILLING.town,
      postcode: BILLING.postcode,
      country: BILLING.country,
    });
    expect((byOrder.get(second.id) as Json).shipping).toBeNull();
    expect(byOrder.get(rejected.id) as Json).toMatchObject({ status: S.cancelled, shipping: null });
    // Shipped and delivered keep them.
    const line = (await api.lines(first.id)).find((l) => l.seller_id === seller.id)!;
    await api.ok('PUT', `/api/order-lists/${line.id}`, {
      user: seller,
      body: { data: { status: S.shipped } },
    });
    const shipped = await api.ok('GET', '/api/sales', { user: seller });
    expect(shipped.data.find((s: Json) => s.order === first.id)).toMatchObject({
      status: S.shipped,
      shipping: { first_name: 'Jane' },
    });
    // The admin sees every vendor's lines.
    const all = await api.ok('GET', '/api/sales?pagination[pageSize]=40', { user: admin });
    const orders = all.data.map((s: Json) => s.order);
    expect(orders).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('pages of up to 40 (a larger one is clamped); a bad page or size is a 400', async () => {
    const seller = await buildVendor(ctx);
    const buyer = await buildHobbyist(ctx);
    const ids = [await product(seller), await product(seller), await product(seller)];
    await api.placed(
      buyer,
      ids.map((id) => ({ product: id, quantity: 1 })),
    );
    const page2 = await api.ok('GET', '/api/sales?pagination[page]=2&pagination[pageSize]=2', {
      user: seller,
    });
    expect(page2.meta.pagination).toEqual({ page: 2, pageSize: 2, pageCount: 2, total: 3 });
    expect(page2.data).toHaveLength(1);
    expect(
      (await api.ok('GET', '/api/sales?pagination[pageSize]=500', { user: seller })).meta.pagination.pageSize,
    ).toBe(40);
    for (const q of [
      'pagination[page]=0',
      'pagination[page]=-1',
      'pagination[pageSize]=abc',
      'pagination[pageSize]=0',
      'pagination[page]=1.5',
      'pagination[page]=1000001',
      'page=2',
      'sort=id',
      'page[x]=1',
    ]) {
      expect((await api.call('GET', `/api/sales?${q}`, { user: seller })).statusCode, q).toBe(400);
    }
    const zero = await api.call('GET', '/api/sales?pagination[page]=0', { user: seller });
    expect(zero.json().error.message).toBe(
      'Invalid parameter pagination[page]: must be between 1 and 1000000',
    );
  });
});
