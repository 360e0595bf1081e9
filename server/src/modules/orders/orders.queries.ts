import { checkoutTotals, type CheckoutCosts, type CheckoutTotals, type TOrderStatus } from '@app/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import { shownProduct, type EB } from '../../access/index.ts';
import { nowIso } from '../../db/dialect.ts';
import { insertRow } from '../../db/rows.ts';
import type { DB, OrderStatusText } from '../../db/schema.ts';
import { findMany } from '../../http/strapi/find.ts';
import { parseQuery } from '../../http/strapi/parse.ts';
import { fileResource } from '../media/index.ts';

/** SQL of the orders area: products as sold, orders, their lines, details and state events. */

type Db = Kysely<DB> | Transaction<DB>;

/** The first processing-costs entry (spec 000 §7): fee in cents, tax percent, shipping text. */
export async function findCheckoutCosts(db: Db): Promise<CheckoutCosts> {
  const row = await db
    .selectFrom('processing_costs')
    .select(['processing_fee', 'tax', 'shipping_cost'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return {
    processing_fee: Number(row?.processing_fee ?? 0),
    tax: Number(row?.tax ?? 0),
    shipping_cost: String(row?.shipping_cost ?? '0'),
  };
}

/** A product as an order needs it, and whether it is on sale now (`shownProduct`). */
export interface ProductForSale {
  id: number;
  name: string;
  price: number;
  picture_id: number | null;
  user_id: number;
  onSale: boolean;
}

/**
 * The products with these ids (those that exist), each with whether it is on sale: not archived,
 * sold by a vendor account that is not blocked. One statement, so every price is read at one moment.
 */
export async function findProductsForSale(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, ProductForSale>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('products as p')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.price',
      'p.picture_id',
      'p.user_id',
      eb
        .case()
        .when(shownProduct(eb as unknown as EB, 'p'))
        .then(sql<number>`1`)
        .else(sql<number>`0`)
        .end()
        .as('on_sale'),
    ])
    .where('p.id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        name: r.name,
        price: Number(r.price),
        picture_id: r.picture_id === null ? null : Number(r.picture_id),
        user_id: Number(r.user_id),
        onSale: Number(r.on_sale) === 1,
      },
    ]),
  );
}

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
    status: 'Awaiting Payment',
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

export interface NewLine {
  order_id: number;
  user_id: number;
  product_id: number;
  vendor_id: number;
  product_name: string;
  picture_id: number | null;
  price: number;
  quantity: number;
}

export const insertLine = (db: Kysely<DB>, line: NewLine) =>
  insertRow(db, 'order_lines', { ...line, total: line.price * line.quantity, shipped_at: null });

export interface NewDetails {
  order_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email_address: string;
  phone: string;
  country: string;
  address: string;
  town: string;
  postcode: string;
  transaction_id: string;
}

export const insertDetails = (db: Kysely<DB>, values: NewDetails) => insertRow(db, 'order_details', values);

/** Records a change of an order's (or one line's) state: who and when. */
export async function insertOrderEvent(
  db: Db,
  event: { order_id: number; order_line_id?: number | null; status: OrderStatusText; actor_id: number },
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
      'o.amount',
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
    amount: Number(row.amount),
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
    .where('o.status', '=', 'Awaiting Payment')
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
    await findCheckoutCosts(trx),
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
    reviewed_by?: number;
    reviewed_at?: string;
    transaction_id?: string;
  },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** The lines of an order, with their states. */
export function findOrderLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines')
    .select(['id', 'status', 'product_name', 'quantity', 'vendor_id', 'user_id'])
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
    .set({ status: to, updated_at: now, ...(to === 'Shipped' ? { shipped_at: now } : {}) })
    .where('id', 'in', ids)
    .execute();
  return ids;
}

/** One line with its order's id and state, as a line write needs it. */
export async function findLineState(db: Db, id: number) {
  const row = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.id', 'l.order_id', 'l.status', 'l.vendor_id', 'o.status as order_status'])
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

/** The order states in which the vendor may see where to ship (never before it is paid). */
const SHIPPING_VISIBLE: OrderStatusText[] = ['Paid', 'Shipped', 'Delivered'];

/**
 * One page of a vendor's sold lines (all lines for the admin, `vendorId` null), newest first, with the
 * buyer's checkout details joined only when the order is paid, shipped or delivered and the line is
 * not cancelled: before that the columns are null in SQL, so nothing else can leak them.
 */
export async function findSales(db: Kysely<DB>, vendorId: number | null, offset: number, limit: number) {
  const base = db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .$if(vendorId !== null, (q) => q.where('l.vendor_id', '=', vendorId!));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('order_details as d', (join) =>
        join
          .onRef('d.order_id', '=', 'o.id')
          .on('o.status', 'in', SHIPPING_VISIBLE)
          .on('l.status', '<>', 'Cancelled'),
      )
      .select([
        'l.id',
        'l.order_id',
        'l.created_at',
        'l.product_id',
        'l.product_name',
        'l.picture_id',
        'l.quantity',
        'l.price',
        'l.total',
        'l.status',
        'd.id as details_id',
        'd.first_name',
        'd.last_name',
        'd.email_address',
        'd.phone',
        'd.address',
        'd.town',
        'd.postcode',
        'd.country',
      ])
      .orderBy('l.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
