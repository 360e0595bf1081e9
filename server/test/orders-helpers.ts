import { checkoutTotals, MESSAGES, toCents, type TOrderStatus } from '@app/domain';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { nowIso } from '../src/db/dialect.ts';
import type { DB } from '../src/db/schema.ts';
import { paymentKey } from '../src/modules/billing/index.ts';
import {
  apiCalls,
  buildAdmin,
  buildVendor,
  createTestApp,
  type Json,
  type TestContext,
  type TestUser,
} from './helpers.ts';

/**
 * Factories and calls shared by the orders tests (orders.test.ts, orders-compat.test.ts) and the
 * security suite. Products are inserted straight into the database (the shop's routes are another
 * area's); orders go through the API unless a test needs one in a given state without it.
 */

export type { Json } from './helpers.ts';

let productSeq = 0;

/** A product row of `vendorId`: $10 unless `price` (dollars) is given; on sale unless archived. */
export async function makeProduct(
  db: Kysely<DB>,
  vendorId: number,
  opts: { price?: number; name?: string; archived?: boolean; pictureId?: number | null } = {},
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('products')
    .values({
      name: opts.name ?? `Massage Oil — Lavender ${++productSeq}`,
      description: 'A placeholder product.',
      price: toCents(opts.price ?? 10),
      picture_id: opts.pictureId ?? null,
      user_id: vendorId,
      archived_at: opts.archived ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A valid checkout form (spec 000 §5 "Checkout"). */
export const BILLING = {
  first_name: 'Jane',
  last_name: 'Placeholder',
  email_address: 'jane.ship@example.test',
  phone: '5550100123',
  country: 'US',
  address: '1 Placeholder Street',
  town: 'San Jose',
  postcode: '95112',
} as const;

let txSeq = 0;
/**
 * A transaction id never used before, in hexadecimal: its digits and letters have no look-alikes among
 * themselves (base 36 has 0/o and 1/i/l), so two ids never share a payment key.
 */
export const newTx = (prefix = 'ORD') => `${prefix}-${Date.now().toString(16)}-${(txSeq++).toString(16)}`;

/** The seed's processing costs: $2.50 fee, 8 % tax, free shipping. */
export const SEED_COSTS = { processing_fee: 250, tax: 8, shipping_cost: '0' };

/** The server's totals in cents for lines of (unit cents, quantity), at the seed's costs. */
export const totalOf = (...lines: [number, number][]) =>
  checkoutTotals(
    lines.map(([unitCents, quantity]) => ({ unitCents, quantity })),
    SEED_COSTS,
  );

const S = MESSAGES.orderStatus;

/**
 * An order straight in the database, in any state, with its lines and (unless `details: false`) its
 * checkout details: for setups the API would need several calls (and the hourly limit) to reach. A
 * line is $10 of 'Massage Oil — Lavender' without a picture unless it says otherwise.
 */
export async function insertTestOrder(
  db: Kysely<DB>,
  buyerId: number,
  lines: {
    product: number;
    vendor: number;
    price?: number;
    quantity?: number;
    name?: string;
    picture?: number | null;
  }[],
  opts: { status?: TOrderStatus; details?: boolean; transactionId?: string } = {},
): Promise<{ order: number; lines: number[]; details: number | null }> {
  const status = opts.status ?? S.awaitingPayment;
  const now = nowIso();
  const priced = lines.map((l) => ({ ...l, cents: toCents(l.price ?? 10), quantity: l.quantity ?? 1 }));
  const subtotal = priced.reduce((s, l) => s + l.cents * l.quantity, 0);
  const transactionId = opts.transactionId ?? newTx('SEED');
  const order = await db
    .insertInto('orders')
    .values({
      user_id: buyerId,
      status,
      paid: status === S.awaitingPayment || status === S.cancelled ? 0 : 1,
      payment_status: status === S.awaitingPayment || status === S.cancelled ? 'pending' : 'verified',
      transaction_id: opts.details === false ? null : transactionId,
      transaction_key: opts.details === false ? null : paymentKey(transactionId),
      subtotal,
      amount: subtotal,
      reviewed_by: null,
      reviewed_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const orderId = Number(order.id);
  const ids: number[] = [];
  for (const l of priced) {
    const row = await db
      .insertInto('order_lines')
      .values({
        order_id: orderId,
        user_id: buyerId,
        product_id: l.product,
        seller_id: l.vendor,
        product_name: l.name ?? 'Massage Oil — Lavender',
        picture_id: l.picture ?? null,
        price: l.cents,
        quantity: l.quantity,
        total: l.cents * l.quantity,
        status,
        shipped_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  let details: number | null = null;
  if (opts.details !== false) {
    const row = await db
      .insertInto('order_details')
      .values({
        order_id: orderId,
        user_id: buyerId,
        ...BILLING,
        transaction_id: transactionId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    details = Number(row.id);
  }
  return { order: orderId, lines: ids, details };
}

/** Calls and row reads of the orders tests. */
export function ordersApi(ctx: TestContext) {
  const db = ctx.database.db;
  const { call, ok } = apiCalls(ctx);
  /** `details.errors` as `{ path: 'data.x', message }`. */
  const errors = (res: { json: () => Json }) =>
    ((res.json().error?.details?.errors ?? []) as { path: (string | number)[]; message: string }[]).map(
      (e) => ({ path: e.path.join('.'), message: e.message }),
    );

  /** `POST /api/orders/checkout` as `user`. */
  const checkout = (
    user: TestUser | null,
    items: { product: number; quantity: number }[],
    extra: Record<string, unknown> = {},
  ) =>
    call('POST', '/api/orders/checkout', {
      user,
      body: { data: { items, billing: BILLING, transaction_id: newTx(), ...extra } },
    });
  /** A checkout that must succeed: the order item (lines and details populated). */
  const placed = async (
    user: TestUser,
    items: { product: number; quantity: number }[],
    extra: Record<string, unknown> = {},
  ) => {
    const res = await checkout(user, items, extra);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  };

  const row = (id: number) =>
    db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const lines = (orderId: number) =>
    db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const events = (orderId: number) =>
    db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  /** What a buyer holds in the tables a checkout writes. */
  const written = async (userId: number) => {
    const count = async (table: 'orders' | 'order_lines' | 'order_details') =>
      (await db.selectFrom(table).select('id').where('user_id', '=', userId).execute()).length;
    return {
      orders: await count('orders'),
      lines: await count('order_lines'),
      details: await count('order_details'),
    };
  };
  /** Whether the register holds a transaction id (kept without spaces, lower-cased). */
  const registered = async (tx: string) =>
    !!(await db
      .selectFrom('payment_references')
      .select('transaction_id')
      .where('transaction_id', '=', paymentKey(tx))
      .executeTakeFirst());
  /** The admin's payment check. */
  const verify = (admin: TestUser, orderId: number) =>
    ok('PUT', `/api/orders/${orderId}`, { user: admin, body: { data: { payment_status: 'verified' } } });

  return { db, call, ok, errors, checkout, placed, row, lines, events, written, registered, verify };
}
export type OrdersApi = ReturnType<typeof ordersApi>;

/** What an orders test file works with (set before its tests run). */
export interface OrdersSuite {
  ctx: TestContext;
  api: OrdersApi;
  admin: TestUser;
  vendor: TestUser;
  otherVendor: TestUser;
  /** A product row of `owner` (the suite's vendor unless given), as `makeProduct` makes it. */
  product: (owner?: TestUser, opts?: Parameters<typeof makeProduct>[2]) => Promise<number>;
}

/**
 * The setup of the orders test files (orders.test.ts, orders-compat.test.ts): before all, the app
 * on a fresh database, its calls, an admin and two vendors, handed to `use`; after all, the app closed.
 */
export function setupOrdersSuite(use: (suite: OrdersSuite) => void): void {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    const app = await createTestApp();
    ctx = app;
    const [admin, vendor, otherVendor] = await Promise.all([
      buildAdmin(app),
      buildVendor(app),
      buildVendor(app),
    ]);
    const product: OrdersSuite['product'] = (owner = vendor, opts = {}) =>
      makeProduct(app.database.db, owner.id, opts);
    use({ ctx: app, api: ordersApi(app), admin, vendor, otherVendor, product });
  });
  afterAll(() => ctx?.close());
}
