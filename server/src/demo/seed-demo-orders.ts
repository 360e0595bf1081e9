import { checkoutTotals, MESSAGES, type TOrderStatus } from '@app/domain';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';
import { insertPaymentReference } from '../modules/billing/index.ts';
import { insertOrderEvent, insertPlacedOrder, markOrderPaid } from '../modules/orders/index.ts';
import { findProcessingCosts } from '../modules/reference/index.ts';
import { findProductsForSale } from '../modules/shop/index.ts';
import { findUserByEmail } from '../modules/users/index.ts';

/**
 * Demo orders for `npm run demo`: two tame orders of hobbyist@demo.test from the demo
 * seller's products (seed-demo-shop.ts makes them, so this runs after it): one 'Awaiting Payment' (My
 * Orders can cancel it) and one 'Paid' (My Sales shows its shipping details and can ship it). Priced
 * as checkout prices them; each with its checkout details, its transaction id's register entry and its
 * state events. Idempotent: recorded in `seed_log`.
 */

const SEED_KEY = 'demo-orders:v1';
const S = MESSAGES.orderStatus;

const BUYER_EMAIL = 'hobbyist@demo.test';
const SELLER_EMAIL = 'vendor@demo.test';
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

/** The demo's orders: which of the seller's first products, how many, in which state. */
const DEMO_ORDERS: {
  status: TOrderStatus;
  transactionId: string;
  lines: [index: number, quantity: number][];
}[] = [
  // The paid one first, so My Orders (newest first) opens on the one awaiting payment.
  { status: S.paid, transactionId: 'DEMO-ORDER-0001', lines: [[1, 1]] },
  {
    status: S.awaitingPayment,
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
  const seller = await findUserByEmail(db, SELLER_EMAIL);
  const admin = await findUserByEmail(db, ADMIN_EMAIL);
  if (!seller) return { orders: 0 };
  const ids = await db
    .selectFrom('products')
    .select('id')
    .where('user_id', '=', Number(seller.id))
    .where('archived_at', 'is', null)
    .orderBy('id')
    .limit(3)
    .execute();
  const onSale = await findProductsForSale(
    db,
    ids.map((r) => Number(r.id)),
  );
  const products = ids.map((r) => onSale.get(Number(r.id))!).filter((p) => p.onSale);
  if (products.length < 3) return { orders: await count() };
  const costs = await findProcessingCosts(db);
  const buyerId = Number(buyer.id);
  const adminId = admin ? Number(admin.id) : null;

  await db.transaction().execute(async (trx) => {
    // In the order above, as checkout and the admin's payment check write them.
    for (const demo of DEMO_ORDERS) {
      const lines = demo.lines.map(([index, quantity]) => ({ product: products[index]!, quantity }));
      const totals = checkoutTotals(
        lines.map((l) => ({ unitCents: l.product.price, quantity: l.quantity })),
        costs,
      );
      await insertPaymentReference(trx, demo.transactionId, 'order');
      const orderId = await insertPlacedOrder(trx, {
        userId: buyerId,
        transactionId: demo.transactionId,
        totals,
        lines,
        billing: BILLING,
      });
      if (demo.status === S.paid) {
        await markOrderPaid(trx, orderId, adminId);
        await insertOrderEvent(trx, { order_id: orderId, status: S.paid, actor_id: adminId });
      }
    }
    await trx.insertInto('seed_log').values({ key: SEED_KEY, applied_at: nowIso() }).execute();
  });
  return { orders: await count() };
}
