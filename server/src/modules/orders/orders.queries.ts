import {
  checkoutTotals,
  MESSAGES,
  type CheckoutTotals,
  type TBillingDetails,
  type TOrderStatus,
} from '@app/domain';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import { insertRow } from '../../db/rows.ts';
import type { DB, OrderDetailsTable, OrderLinesTable, OrderStatusText } from '../../db/schema.ts';
import { findMany } from '../../http/strapi/find.ts';
import { parseQuery } from '../../http/strapi/parse.ts';
import { transactionKey } from '../billing/index.ts';
import { fileResource } from '../media/index.ts';
import { findProcessingCosts } from '../reference/index.ts';
import type { ProductForSale } from '../shop/index.ts';

/** SQL of the orders area: products as sold, orders, their lines, details and state events. */

const S = MESSAGES.orderStatus;

type Db = Kysely<DB> | Transaction<DB>;

/** A picture as the quote and the sales list show it. */
export interface PictureUrls {
  url: string;
  thumbnail: string | null;
}

/** The public URLs of these files (private ones are left out), by id, through the media resource. */
export async function findPictures(db: Kysely<DB>, ids: readonly (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const out = new Map<number, PictureUrls>();
  if (!wanted.length) return out;
  const q = parseQuery(fileResource, {
    filters: { id: { $in: wanted.map(String) } },
    pagination: { pageSize: String(wanted.length) },
  });
  const { data } = await findMany(db, fileResource, q, { scope: null });
  for (const file of data) {
    const a = file.attributes as {
      url?: string;
      isPrivate?: boolean;
      formats?: Record<string, { url?: string }> | null;
    };
    if (a.isPrivate || !a.url) continue;
    out.set(file.id, { url: a.url, thumbnail: a.formats?.thumbnail?.url ?? null });
  }
  return out;
}

export const insertOrder = (
  db: Kysely<DB>,
  values: { user_id: number; transaction_id: string | null; totals?: CheckoutTotals },
) =>
  insertRow(db, 'orders', {
    user_id: values.user_id,
    transaction_id: values.transaction_id,
    transaction_key: transactionKey(values.transaction_id),
    status: S.awaitingPayment,
    payment_status: 'pending',
    paid: 0,
    reviewed_by: null,
    reviewed_at: null,
    ...(values.totals ? totalColumns(values.totals) : {}),
  });

/** An order's money columns from its totals. */
const totalColumns = (t: CheckoutTotals) => ({
  subtotal: t.subtotal,
  processing_fee: t.processingFee,
  tax: t.tax,
  shipping: t.shipping,
  amount: t.total,
});

/** A new line: what was ordered (its total, state and times are the insert's). */
type NewLine = Omit<
  Insertable<OrderLinesTable>,
  'id' | 'total' | 'status' | 'shipped_at' | 'created_at' | 'updated_at'
>;

export const insertLine = (db: Kysely<DB>, line: NewLine) =>
  insertRow(db, 'order_lines', { ...line, total: line.price * line.quantity, shipped_at: null });

type NewDetails = Omit<Insertable<OrderDetailsTable>, 'id' | 'created_at' | 'updated_at'>;

export const insertDetails = (db: Kysely<DB>, values: NewDetails) => insertRow(db, 'order_details', values);

/**
 * A placed order, as checkout writes it (and the demo seed): the order ('Awaiting Payment', with its
 * totals), its lines (product, seller, name, picture and unit price copied), its checkout details and
 * its first state event, in the caller's transaction. Answers the order's id.
 */
export async function insertPlacedOrder(
  trx: Transaction<DB>,
  order: {
    userId: number;
    transactionId: string;
    totals: CheckoutTotals;
    lines: readonly { product: ProductForSale; quantity: number }[];
    billing: TBillingDetails;
  },
): Promise<number> {
  const orderId = await insertOrder(trx, {
    user_id: order.userId,
    transaction_id: order.transactionId,
    totals: order.totals,
  });
  for (const l of order.lines) {
    await insertLine(trx, {
      order_id: orderId,
      user_id: order.userId,
      product_id: l.product.id,
      seller_id: l.product.user_id,
      product_name: l.product.name,
      picture_id: l.product.picture_id,
      price: l.product.price,
      quantity: l.quantity,
    });
  }
  await insertDetails(trx, {
    ...order.billing,
    order_id: orderId,
    user_id: order.userId,
    transaction_id: order.transactionId,
  });
  await insertOrderEvent(trx, { order_id: orderId, status: S.awaitingPayment, actor_id: order.userId });
  return orderId;
}

/**
 * The payment check of an order passed: 'Paid', `paid`, verified by `reviewerId` now, and its lines
 * awaiting payment 'Paid' (the event is the caller's).
 */
export async function markOrderPaid(
  trx: Transaction<DB>,
  orderId: number,
  reviewerId: number | null,
): Promise<void> {
  await updateOrder(trx, orderId, {
    status: S.paid,
    paid: 1,
    payment_status: 'verified',
    reviewed_by: reviewerId,
    reviewed_at: nowIso(),
  });
  await moveLines(trx, orderId, [S.awaitingPayment], S.paid);
}

/**
 * When the account's latest orders were placed since `since` (an ISO time), newest first, at most
 * `limit` (the hourly limit counts them).
 */
export async function findOrderTimesSince(
  db: Db,
  userId: number,
  since: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.created_at);
}

/** Records a change of an order's (or one line's) state: who and when. */
export async function insertOrderEvent(
  db: Db,
  event: {
    order_id: number;
    order_line_id?: number | null;
    status: OrderStatusText;
    actor_id: number | null;
  },
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({ ...event, order_line_id: event.order_line_id ?? null, created_at: nowIso() })
    .execute();
}

/** An order's state as a write needs it: owner, states, whether it has details and how many lines. */
export async function findOrderState(db: Db, id: number) {
  const row = await db
    .selectFrom('orders as o')
    .select((eb) => [
      'o.id',
      'o.user_id',
      'o.status',
      'o.payment_status',
      'o.transaction_id',
      eb
        .selectFrom('order_details as d')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('d.order_id', '=', 'o.id')
        .as('details'),
      eb
        .selectFrom('order_lines as l')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('l.order_id', '=', 'o.id')
        .as('lines'),
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    status: row.status as TOrderStatus,
    paymentStatus: row.payment_status,
    transactionId: row.transaction_id,
    hasDetails: Number(row.details) > 0,
    lines: Number(row.lines),
  };
}
export type OrderState = NonNullable<Awaited<ReturnType<typeof findOrderState>>>;

/** The caller's newest order still 'Awaiting Payment' without checkout details (the seed's flow). */
export async function findNewestOpenOrder(db: Db, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.user_id', '=', userId)
    .where('o.status', '=', S.awaitingPayment)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('order_details as d').select('d.id').whereRef('d.order_id', '=', 'o.id'))),
    )
    .orderBy('o.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Whether the order already has a line of this product. */
export async function orderHasProduct(db: Db, orderId: number, productId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .executeTakeFirst());
}

/**
 * Recomputes an order's money from its lines (the unit price each line recorded) and the processing
 * costs, and answers the totals. Called after its row was locked, in the transaction that changed
 * its lines.
 */
export async function recountOrder(trx: Transaction<DB>, orderId: number): Promise<CheckoutTotals> {
  const lines = await trx
    .selectFrom('order_lines')
    .select(['price', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
  const totals = checkoutTotals(
    lines.map((l) => ({ unitCents: Number(l.price), quantity: Number(l.quantity) })),
    await findProcessingCosts(trx),
  );
  await trx
    .updateTable('orders')
    .set({ ...totalColumns(totals), updated_at: nowIso() })
    .where('id', '=', orderId)
    .execute();
  return totals;
}

/** Sets an order's columns (state, payment check) and stamps `updated_at`. */
export async function updateOrder(
  db: Db,
  id: number,
  changes: {
    status?: OrderStatusText;
    paid?: number;
    payment_status?: 'pending' | 'verified' | 'rejected';
    reviewed_by?: number | null;
    reviewed_at?: string;
    transaction_id?: string;
  },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      ...changes,
      ...(changes.transaction_id === undefined
        ? {}
        : { transaction_key: transactionKey(changes.transaction_id) }),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** The lines of an order, with their states. */
export function findOrderLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines')
    .select(['id', 'status', 'product_name', 'quantity', 'seller_id', 'user_id'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/**
 * Moves the order's lines that are in one of `from` to `to` (with `shipped_at` when shipped), and
 * answers the ids moved.
 */
export async function moveLines(
  trx: Transaction<DB>,
  orderId: number,
  from: readonly OrderStatusText[],
  to: OrderStatusText,
  lineIds?: readonly number[],
): Promise<number[]> {
  let q = trx
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', 'in', [...from]);
  if (lineIds) q = q.where('id', 'in', lineIds.length ? [...lineIds] : [0]);
  const ids = (await q.execute()).map((r) => Number(r.id));
  if (!ids.length) return ids;
  const now = nowIso();
  await trx
    .updateTable('order_lines')
    .set({ status: to, updated_at: now, ...(to === S.shipped ? { shipped_at: now } : {}) })
    .where('id', 'in', ids)
    .execute();
  return ids;
}

/** One line with its order's id and state, as a line write needs it. */
export async function findLineState(db: Db, id: number) {
  const row = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.id', 'l.order_id', 'l.status', 'o.status as order_status'])
    .where('l.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    orderId: Number(row.order_id),
    status: row.status as TOrderStatus,
    orderStatus: row.order_status as TOrderStatus,
  };
}

export async function deleteLine(trx: Transaction<DB>, id: number): Promise<boolean> {
  const result = await trx.deleteFrom('order_lines').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What a mail to the buyer needs: their account's e-mail and name, the order's total. */
export function findBuyerOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.amount', 'u.email', 'u.username', 'u.first_name'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}
