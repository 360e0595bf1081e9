import { checkoutTotals, type CheckoutCosts } from '@app/domain';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/dialect.ts';
import type { DB, OrderStatusText } from '../db/schema.ts';
import { insertPaymentReference } from '../modules/billing/index.ts';
import { findUserByEmail } from '../modules/users/index.ts';

/**
 * Demo orders for `npm run demo` (issue 13): two tame orders of hobbyist@demo.test from the demo
 * vendor's products (seed-demo-shop.ts makes them, so this runs after it): one 'Awaiting Payment' (My
 * Orders can cancel it) and one 'Paid' (My Sales shows its shipping details and can ship it). Priced
 * as checkout prices them; each with its checkout details, its transaction id's register entry and its
 * state events. Idempotent: recorded in `seed_log`.
 */

const SEED_KEY = 'demo-orders:v1';

const BUYER_EMAIL = 'hobbyist@demo.test';
const VENDOR_EMAIL = 'vendor@demo.test';
const ADMIN_EMAIL = 'admin@demo.test';

const BILLING = {
  first_name: 'Harper',
  last_name: 'Demo',
  email_address: 'hobbyist@demo.test',
  phone: '5550100123',
  country: 'US',
  address: '1 Placeholder Street',
  town: 'San Jose',
  postcode: '95112',
};

/** The demo's orders: which of the vendor's first products, how many, in which state. */
const DEMO_ORDERS: {
  status: OrderStatusText;
  transactionId: string;
  lines: [index: number, quantity: number][];
}[] = [
  // The paid one first, so My Orders (newest first) opens on the one awaiting payment.
  { status: 'Paid', transactionId: 'DEMO-ORDER-0001', lines: [[1, 1]] },
  {
    status: 'Awaiting Payment',
    transactionId: 'DEMO-ORDER-0002',
    lines: [
      [0, 1],
      [2, 2],
    ],
  },
];

/** Seeds the demo orders once; answers how many the demo buyer has (0 when the shop has no products). */
export async function seedDemoOrders(db: Kysely<DB>): Promise<{ orders: number }> {
  const buyer = await findUserByEmail(db, BUYER_EMAIL);
  const count = async () =>
    buyer
      ? (await db.selectFrom('orders').select('id').where('user_id', '=', Number(buyer.id)).execute()).length
      : 0;
  const done = await db.selectFrom('seed_log').select('key').where('key', '=', SEED_KEY).executeTakeFirst();
  if (done || !buyer) return { orders: await count() };
  const vendor = await findUserByEmail(db, VENDOR_EMAIL);
  const admin = await findUserByEmail(db, ADMIN_EMAIL);
  if (!vendor) return { orders: 0 };
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'price', 'picture_id'])
    .where('user_id', '=', Number(vendor.id))
    .where('archived_at', 'is', null)
    .orderBy('id')
    .limit(3)
    .execute();
  if (products.length < 3) return { orders: await count() };
  const row = await db
    .selectFrom('processing_costs')
    .select(['processing_fee', 'tax', 'shipping_cost'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const costs: CheckoutCosts = {
    processing_fee: Number(row?.processing_fee ?? 0),
    tax: Number(row?.tax ?? 0),
    shipping_cost: String(row?.shipping_cost ?? '0'),
  };
  const buyerId = Number(buyer.id);
  const adminId = admin ? Number(admin.id) : null;

  await db.transaction().execute(async (trx) => {
    for (const [k, demo] of DEMO_ORDERS.entries()) {
      // An hour apart, in the order above.
      const at = new Date(Date.now() - (DEMO_ORDERS.length - k) * 3600_000).toISOString();
      const lines = demo.lines.map(([index, quantity]) => ({ product: products[index]!, quantity }));
      const totals = checkoutTotals(
        lines.map((l) => ({ unitCents: Number(l.product.price), quantity: l.quantity })),
        costs,
      );
      const paid = demo.status === 'Paid';
      const order = await trx
        .insertInto('orders')
        .values({
          user_id: buyerId,
          status: demo.status,
          paid: paid ? 1 : 0,
          payment_status: paid ? 'verified' : 'pending',
          transaction_id: demo.transactionId,
          subtotal: totals.subtotal,
          processing_fee: totals.processingFee,
          tax: totals.tax,
          shipping: totals.shipping,
          amount: totals.total,
          reviewed_by: paid ? adminId : null,
          reviewed_at: paid ? at : null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const orderId = Number(order.id);
      for (const l of lines) {
        await trx
          .insertInto('order_lines')
          .values({
            order_id: orderId,
            user_id: buyerId,
            product_id: Number(l.product.id),
            vendor_id: Number(vendor.id),
            product_name: l.product.name,
            picture_id: l.product.picture_id === null ? null : Number(l.product.picture_id),
            price: Number(l.product.price),
            quantity: l.quantity,
            total: Number(l.product.price) * l.quantity,
            status: demo.status,
            shipped_at: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
      await trx
        .insertInto('order_details')
        .values({
          ...BILLING,
          order_id: orderId,
          user_id: buyerId,
          transaction_id: demo.transactionId,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await insertPaymentReference(trx, demo.transactionId, 'order');
      await trx
        .insertInto('order_events')
        .values([
          {
            order_id: orderId,
            order_line_id: null,
            status: 'Awaiting Payment',
            actor_id: buyerId,
            created_at: at,
          },
          ...(paid
            ? [
                {
                  order_id: orderId,
                  order_line_id: null,
                  status: 'Paid' as const,
                  actor_id: adminId,
                  created_at: at,
                },
              ]
            : []),
        ])
        .execute();
    }
    await trx.insertInto('seed_log').values({ key: SEED_KEY, applied_at: nowIso() }).execute();
  });
  return { orders: await count() };
}
