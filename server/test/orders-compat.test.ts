import { MESSAGES } from '@app/domain';
import { describe, expect, it } from 'vitest';
import {
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
 * The seed client's order calls (spec 000 §7), kept working with the server's
 * amounts: `POST /api/orders` (an empty order), `POST /api/order-lists` (one line at a time, priced
 * from the product, the order recounted under its row lock), `DELETE /api/order-lists/:id`, and
 * `POST /api/oder-details` (the spec's spelling: the checkout form, registering the transaction id).
 */

let ctx: TestContext, api: OrdersApi, admin: TestUser, vendor: TestUser, otherVendor: TestUser;
let product: OrdersSuite['product'];
setupOrdersSuite((s) => ({ ctx, api, admin, vendor, otherVendor, product } = s));

const E = MESSAGES.shopErrors;
const S = MESSAGES.orderStatus;
const db = () => ctx.database.db;

/** `POST /api/orders` as the seed client sends it (its user, amount and status are ignored). */
const newOrder = async (user: TestUser, data: Record<string, unknown> = {}) =>
  (await api.ok('POST', '/api/orders', { user, body: { data } })).data.id as number;
const addLine = (user: TestUser | null, data: Record<string, unknown>) =>
  api.call('POST', '/api/order-lists', { user, body: { data } });
const addDetails = (user: TestUser | null, data: Record<string, unknown>) =>
  api.call('POST', '/api/oder-details', {
    user,
    body: { data: { ...BILLING, transaction_id: newTx(), ...data } },
  });

describe('POST /api/orders (seed client)', () => {
  it('401 anonymous; an empty order of the caller, awaiting payment; a sent user, amount or status is ignored', async () => {
    expect((await api.call('POST', '/api/orders', { body: { data: {} } })).statusCode).toBe(401);
    const buyer = await buildHobbyist(ctx);
    const other = await buildHobbyist(ctx);
    const res = await api.ok('POST', '/api/orders', {
      user: buyer,
      body: {
        data: { user: other.id, amount: 99.99, status: S.paid, paid: true, payment_status: 'verified' },
      },
    });
    expect(res.data.attributes).toMatchObject({
      status: S.awaitingPayment,
      paid: false,
      amount: 0,
      payment_status: 'pending',
    });
    expect(await api.row(res.data.id)).toMatchObject({
      user_id: buyer.id,
      status: S.awaitingPayment,
      paid: 0,
      payment_status: 'pending',
      amount: 0,
      transaction_id: null,
    });
    expect((await api.events(res.data.id)).map((e) => [e.status, e.actor_id])).toEqual([
      [S.awaitingPayment, buyer.id],
    ]);
    expect(await api.written(other.id)).toEqual({ orders: 0, lines: 0, details: 0 });
    // Vendors and providers buy too.
    for (const user of [await buildVendor(ctx), await buildProvider(ctx)]) await newOrder(user);
  });
});

describe('POST /api/order-lists (seed client)', () => {
  it("prices the line from the product and recounts the order; a sent price, total or user is ignored; 'quantiy' as the spec spells it", async () => {
    const buyer = await buildHobbyist(ctx);
    const other = await buildHobbyist(ctx);
    const a = await product(vendor, { price: 19 });
    const b = await product(otherVendor, { price: 5 });
    const order = await newOrder(buyer, { amount: 0.01 });
    const first = await addLine(buyer, {
      order,
      product: a,
      quantiy: 2,
      price: 0.01,
      total: 0.02,
      user: other.id,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.attributes).toMatchObject({
      price: 19,
      quantiy: 2,
      quantity: 2,
      total: 38,
      status: S.awaitingPayment,
    });
    const second = await addLine(buyer, { order, product: b, quantity: 3, price: 0 });
    expect(second.statusCode, second.body).toBe(200);
    const lines = await api.lines(order);
    expect(lines.map((l) => [l.user_id, l.seller_id, l.price, l.quantity, l.total])).toEqual([
      [buyer.id, vendor.id, 1900, 2, 3800],
      [buyer.id, otherVendor.id, 500, 3, 1500],
    ]);
    const totals = totalOf([1900, 2], [500, 3]);
    expect(await api.row(order)).toMatchObject({
      subtotal: totals.subtotal,
      processing_fee: totals.processingFee,
      tax: totals.tax,
      amount: totals.total,
    });
    expect(await api.written(other.id)).toEqual({ orders: 0, lines: 0, details: 0 });
  });

  it('refuses: anonymous 401; another’s order 404; an unknown order 404; no quantity, a product not on sale, one’s own, twice 400', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    const order = await newOrder(buyer);
    expect((await addLine(null, { order, product: a, quantity: 1 })).statusCode).toBe(401);
    for (const user of [await buildHobbyist(ctx), vendor, await buildProvider(ctx)]) {
      const res = await addLine(user, { order, product: a, quantity: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(E.orderNotFound);
    }
    expect((await addLine(buyer, { order: 999_999, product: a, quantity: 1 })).statusCode).toBe(404);
    const noQuantity = await addLine(buyer, { order, product: a });
    expect(api.errors(noQuantity)).toEqual([
      { path: 'data.quantity', message: MESSAGES.productDetails.quantityZero },
    ]);
    expect((await addLine(buyer, { order, product: a, quantity: 0 })).statusCode).toBe(400);
    const blocked = await buildUser(ctx, { userType: 'Vender', isActive: false });
    for (const gone of [await product(vendor, { archived: true }), await product(blocked), 999_999]) {
      const res = await addLine(buyer, { order, product: gone, quantity: 1 });
      expect(api.errors(res)).toEqual([{ path: 'data.product', message: E.productUnavailable }]);
    }
    const seller = await buildVendor(ctx);
    const own = await newOrder(seller);
    const ownRes = await addLine(seller, { order: own, product: await product(seller), quantity: 1 });
    expect(api.errors(ownRes)).toEqual([{ path: 'data.product', message: E.ownProduct }]);
    await addLine(buyer, { order, product: a, quantity: 1 });
    const twice = await addLine(buyer, { order, product: a, quantity: 1 });
    expect(api.errors(twice)).toEqual([{ path: 'data.product', message: E.duplicateProduct }]);
    expect(await api.lines(order)).toHaveLength(1);
  });

  it('400 on an order that has its details, is paid or cancelled', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    const b = await product(otherVendor);
    const withDetails = await newOrder(buyer);
    await addLine(buyer, { order: withDetails, product: a, quantity: 1 });
    expect((await addDetails(buyer, { order: withDetails })).statusCode).toBe(200);
    const cancelled = await newOrder(buyer);
    await api.ok('DELETE', `/api/orders/${cancelled}`, { user: buyer });
    for (const order of [withDetails, cancelled]) {
      const res = await addLine(buyer, { order, product: b, quantity: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(E.orderNotOpen);
    }
  });

  it(`lines added in parallel (${TEST_ENGINE}) are all counted in the order's amount`, async () => {
    const buyer = await buildHobbyist(ctx);
    const order = await newOrder(buyer);
    const products = await Promise.all([3, 5, 7, 11, 13, 17].map((price) => product(vendor, { price })));
    const replies = await Promise.all(
      products.map((p, i) => addLine(buyer, { order, product: p, quantity: i + 1 })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(products.map(() => 200));
    const lines = await api.lines(order);
    expect(lines).toHaveLength(products.length);
    const totals = totalOf(...lines.map((l): [number, number] => [l.price, l.quantity]));
    expect(await api.row(order)).toMatchObject({
      subtotal: totals.subtotal,
      tax: totals.tax,
      amount: totals.total,
    });
  });
});

describe('DELETE /api/order-lists/:id (seed client)', () => {
  it('the buyer (or the admin) removes a line of an open order and the order is recounted; a vendor 403, another 404', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product(vendor, { price: 10 });
    const b = await product(vendor, { price: 4 });
    const c = await product(otherVendor, { price: 6 });
    const order = await newOrder(buyer);
    const ids: number[] = [];
    for (const p of [a, b, c])
      ids.push((await addLine(buyer, { order, product: p, quantity: 1 })).json().data.id);
    const refused = await api.call('DELETE', `/api/order-lists/${ids[0]}`, { user: vendor });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(E.buyerOnly);
    expect((await api.call('DELETE', `/api/order-lists/${ids[0]}`, { user: otherVendor })).statusCode).toBe(
      404,
    );
    expect(
      (await api.call('DELETE', `/api/order-lists/${ids[0]}`, { user: await buildHobbyist(ctx) })).statusCode,
    ).toBe(404);
    expect((await api.call('DELETE', `/api/order-lists/${ids[0]}`)).statusCode).toBe(401);
    const gone = await api.ok('DELETE', `/api/order-lists/${ids[0]}`, { user: buyer });
    expect(gone.data).toMatchObject({ id: ids[0], attributes: { price: 10 } });
    await api.ok('DELETE', `/api/order-lists/${ids[1]}`, { user: admin });
    expect((await api.lines(order)).map((l) => l.id)).toEqual([ids[2]]);
    expect((await api.row(order)).amount).toBe(totalOf([600, 1]).total);
    // Once the details are in, the order no longer changes.
    await addDetails(buyer, { order });
    const closed = await api.call('DELETE', `/api/order-lists/${ids[2]}`, { user: buyer });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().error.message).toBe(E.orderNotOpen);
    expect(await api.lines(order)).toHaveLength(1);
  });
});

describe('POST /api/oder-details (seed client, the spec’s spelling)', () => {
  it('attaches the form to the newest open order, registers the transaction id and stores it on the order', async () => {
    const buyer = await buildHobbyist(ctx);
    const other = await buildHobbyist(ctx);
    const a = await product(vendor, { price: 8 });
    const older = await newOrder(buyer);
    await addLine(buyer, { order: older, product: a, quantity: 1 });
    const newer = await newOrder(buyer);
    await addLine(buyer, { order: newer, product: a, quantity: 2 });
    const tx = newTx('DET');
    const res = await addDetails(buyer, { transaction_id: tx, user: other.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ ...BILLING, transaction_id: tx });
    const details = await db()
      .selectFrom('order_details')
      .selectAll()
      .where('order_id', '=', newer)
      .execute();
    expect(details).toHaveLength(1);
    expect(details[0]!.user_id).toBe(buyer.id);
    expect(await api.row(newer)).toMatchObject({ transaction_id: tx, status: S.awaitingPayment });
    expect(await api.registered(tx)).toBe(true);
    // The next one goes to the older order; then none is left.
    await addDetails(buyer, {});
    expect(
      await db().selectFrom('order_details').select('id').where('order_id', '=', older).execute(),
    ).toHaveLength(1);
    const none = await addDetails(buyer, {});
    expect(api.errors(none)).toEqual([{ path: 'data.order', message: E.noOpenOrder }]);

    // The admin checks the payment as for a checkout's order; the vendor then sees where to ship.
    await api.verify(admin, newer);
    const sales = await api.ok('GET', '/api/sales', { user: vendor });
    expect(sales.data.find((s: Json) => s.order === newer).shipping).toMatchObject({ first_name: 'Jane' });
    const order = await api.ok('GET', `/api/orders/${newer}?populate=*`, { user: buyer });
    expect(order.data.attributes.oder_detail.data.attributes.transaction_id).toBe(tx);
  });

  it('refuses: anonymous 401; another’s order 404; an empty order, one with details, a cancelled one, a used transaction id 400', async () => {
    const buyer = await buildHobbyist(ctx);
    const a = await product();
    expect((await addDetails(null, {})).statusCode).toBe(401);
    const order = await newOrder(buyer);
    const empty = await addDetails(buyer, { order });
    expect(api.errors(empty)).toEqual([{ path: 'data.order', message: E.emptyOrder }]);
    await addLine(buyer, { order, product: a, quantity: 1 });
    for (const user of [await buildHobbyist(ctx), vendor]) {
      expect((await addDetails(user, { order })).statusCode).toBe(404);
    }
    const bad = await addDetails(buyer, { order, phone: 'abc' });
    expect(api.errors(bad).map((e) => e.path)).toContain('data.phone');

    // A transaction id a checkout used, in another case: refused, nothing written.
    const tx = newTx('USED');
    await api.placed(await buildHobbyist(ctx), [{ product: a, quantity: 1 }], { transaction_id: tx });
    const used = await addDetails(buyer, { order, transaction_id: tx.toLowerCase() });
    expect(api.errors(used)).toEqual([
      { path: 'data.transaction_id', message: MESSAGES.subscription.transactionIdUsed },
    ]);
    expect((await api.written(buyer.id)).details).toBe(0);

    expect((await addDetails(buyer, { order })).statusCode).toBe(200);
    const again = await addDetails(buyer, { order });
    expect(api.errors(again)).toEqual([{ path: 'data.order', message: E.detailsExist }]);

    const cancelled = await newOrder(buyer);
    await addLine(buyer, { order: cancelled, product: a, quantity: 1 });
    await api.ok('DELETE', `/api/orders/${cancelled}`, { user: buyer });
    const closed = await addDetails(buyer, { order: cancelled });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().error.message).toBe(E.orderNotOpen);
  });

  it('two forms with one transaction id at once: one is taken, the other is the same 400', async () => {
    const a = await product();
    const buyers = [await buildHobbyist(ctx), await buildHobbyist(ctx)];
    const orders: number[] = [];
    for (const buyer of buyers) {
      const order = await newOrder(buyer);
      await addLine(buyer, { order, product: a, quantity: 1 });
      orders.push(order);
    }
    const tx = newTx('RACE');
    const replies = await Promise.all(
      buyers.map((buyer, i) => addDetails(buyer, { order: orders[i], transaction_id: tx })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const details = await db()
      .selectFrom('order_details')
      .select('id')
      .where('transaction_id', '=', tx)
      .execute();
    expect(details).toHaveLength(1);
  });
});
