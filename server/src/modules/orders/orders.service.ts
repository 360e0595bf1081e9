import {
  checkoutTotals,
  fromCents,
  MESSAGES,
  SHOP_LIMITS,
  toCents,
  type TCheckoutRequest,
  type TOrderStatus,
  type TQuote,
  type TQuoteRequest,
  type TSaleLine,
} from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { auditChange, auditCreate } from '../../db/audit-log.ts';
import { requireAccess, RULES } from '../../access/index.ts';
import { countedLimit, lockRow } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { AppError, dataFieldError, fieldError, notFound } from '../../http/errors.ts';
import { getWrittenItem, scopedReads, type ItemQuery, type ScopedReads } from '../../http/items.ts';
import { onlyParams } from '../../http/query.ts';
import type { Pagination } from '../../http/responses.ts';
import type { Item } from '../../http/strapi/find.ts';
import { parseQuery } from '../../http/strapi/parse.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { withPaymentRegister } from '../billing/index.ts';
import { findProcessingCosts } from '../reference/index.ts';
import { findProductsForSale, lockProductsForSale } from '../shop/index.ts';
import {
  findOrderState,
  findOrderTimesSince,
  findPictures,
  insertPlacedOrder,
  type OrderState,
} from './orders.queries.ts';
import { findSales } from './orders.sales.queries.ts';
import { orderDetailResource, orderLineResource, orderResource } from './orders.resources.ts';
import { pagedList, pagingOf } from '../../http/paging.ts';

/** What the orders area's services need: the database, the mailer, the site's address for links. */
export interface OrdersContext {
  db: Kysely<DB>;
  mailer: Mailer;
  /** The site's public address (`config.publicUrl`): the mails link to My Orders there. */
  publicUrl: string;
}

export const E = MESSAGES.shopErrors;
export const S = MESSAGES.orderStatus;
export const MAX_ORDER_CENTS = SHOP_LIMITS.orderMaxDollars * 100;

export const notAllowed = (field: 'status' | 'payment_status' = 'status') =>
  dataFieldError(field, E.notAllowedStatus);
export const orderNotOpen = () => new AppError('ValidationError', E.orderNotOpen);

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * An order's `oder_detail` as one record: the REST layer reads it as a to-many relation (the details
 * name their order), the API answers `{ data: item | null }` as the spec's client reads it.
 */
function withOneDetail(item: Item): Item {
  const rel = item.attributes.oder_detail as { data?: unknown } | undefined;
  if (!rel || !Array.isArray(rel.data)) return item;
  return {
    ...item,
    attributes: { ...item.attributes, oder_detail: { data: (rel.data[0] as Item | undefined) ?? null } },
  };
}

/** Orders: the buyer's own; all to the admin (another's: 404 `shopErrors.orderNotFound`). */
export const orderReads = (): ScopedReads =>
  scopedReads(orderResource, (actor) => RULES['order.read'].see(actor), {
    missing: RULES['order.read'].missing,
    present: withOneDetail,
  });

/** Order lines: the buyer's own and those of a seller's products; all to the admin. */
export const lineReads = (): ScopedReads =>
  scopedReads(orderLineResource, (actor) => RULES['orderLine.read'].see(actor), {
    missing: RULES['orderLine.read'].missing,
  });

/** Checkout details: the buyer's own; all to the admin. */
export const detailReads = (): ScopedReads =>
  scopedReads(orderDetailResource, (actor) => RULES['orderDetail.read'].see(actor), {
    missing: RULES['orderDetail.read'].missing,
  });

/** An order as a write answers it: its lines and details populated (parsed when used). */
const withLinesAndDetails = (): ItemQuery =>
  parseQuery(orderResource, { populate: { order_lists: true, oder_detail: true } });

/** The order a write answers (`getWrittenItem`), with its lines and its details as one record. */
export const writtenOrder = async (db: Kysely<DB>, id: number): Promise<Item> =>
  withOneDetail(await getWrittenItem(db, orderResource, id, withLinesAndDetails()));

// ---------------------------------------------------------------------------------------------
// Quote and checkout

/**
 * `POST /api/orders/quote` (anyone): the shop's current price of each item and the totals of those
 * still on sale, computed as checkout computes them (`checkoutTotals`, the processing costs' first
 * row). An item no longer on sale (archived, deleted, its seller blocked) is `available: false`,
 * without a price, and not counted.
 */
export async function quoteOrder(db: Kysely<DB>, input: TQuoteRequest): Promise<TQuote> {
  const products = await findProductsForSale(
    db,
    input.items.map((i) => i.product),
  );
  const onSale = (id: number) => {
    const p = products.get(id);
    return p?.onSale ? p : undefined;
  };
  const [costs, pictures] = await Promise.all([
    findProcessingCosts(db),
    findPictures(
      db,
      input.items.map((i) => onSale(i.product)?.picture_id ?? null),
    ),
  ]);
  const items = input.items.map((i) => {
    const p = onSale(i.product);
    return {
      product: i.product,
      name: p?.name ?? null,
      price: p ? fromCents(p.price) : null,
      quantity: i.quantity,
      total: p ? fromCents(p.price * i.quantity) : 0,
      available: !!p,
      picture: p?.picture_id ? (pictures.get(p.picture_id) ?? null) : null,
    };
  });
  const totals = checkoutTotals(
    input.items.flatMap((i) => {
      const p = onSale(i.product);
      return p ? [{ unitCents: p.price, quantity: i.quantity }] : [];
    }),
    costs,
  );
  return {
    items,
    subtotal: fromCents(totals.subtotal),
    processing_fee: fromCents(totals.processingFee),
    tax: fromCents(totals.tax),
    tax_percent: costs.tax,
    shipping: fromCents(totals.shipping),
    free_shipping: totals.freeShipping,
    total: fromCents(totals.total),
  };
}

/** Orders an account may place per hour: checkouts and the seed client's empty orders together. */
export const ORDERS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

/**
 * Refuses with a 429 (`shopErrors.tooMany`, `retryAfter` in seconds) once the account placed
 * `ORDERS_PER_HOUR` orders in the last hour, by checkout or `POST /api/orders`. Counted in the
 * database under the account's lock (`lockAccount`, taken after the rows the write reads), so it holds
 * across processes and parallel requests; an attempt that places nothing is not counted.
 */
export async function requireOrderAllowance(trx: Transaction<DB>, actor: Actor): Promise<void> {
  const limit = { max: ORDERS_PER_HOUR, windowMs: HOUR_MS, rowTimes: findOrderTimesSince };
  const retryAfter = await countedLimit(trx, actor.id, limit);
  if (retryAfter !== undefined) throw new AppError('RateLimitError', E.tooMany, { retryAfter });
}

/**
 * `POST /api/orders/checkout`: the whole order in one transaction. Every product must be on sale
 * (else a 400 at its item) and not the buyer's own; the prices are the products table's, read in one
 * statement `FOR SHARE` (`lockProductsForSale`: a delete, archive or price change of one of them waits
 * for the order, or has committed and is seen); the totals are `checkoutTotals`'. At most
 * `ORDERS_PER_HOUR` orders an hour per account (429). When the buyer sent the total they saw and paid and it
 * differs from the server's (a price changed meanwhile) the answer is a 409 with the server's total,
 * and nothing is written. The transaction id pays one thing only (the payment register; two
 * checkouts racing with one id: one wins, the other is the same 400). The order, its lines (name,
 * picture, seller and unit price copied), its checkout details, the register entry and the first
 * state event are written together: all or none.
 */
export async function checkout(o: OrdersContext, actor: Actor, input: TCheckoutRequest): Promise<Item> {
  const id = await withPaymentRegister(o.db, input.transaction_id, 'order', async (trx, register) => {
    const products = await lockProductsForSale(
      trx,
      input.items.map((i) => i.product),
    );
    const lines = input.items.map((item, i) => {
      const p = products.get(item.product);
      const at = ['data', 'items', i, 'product'];
      if (!p?.onSale)
        throw fieldError(at, E.productUnavailable, { title: `${at.join('.')}: ${E.productUnavailable}` });
      if (p.user_id === actor.id)
        throw fieldError(at, E.ownProduct, { title: `${at.join('.')}: ${E.ownProduct}` });
      return { product: p, quantity: item.quantity };
    });
    await requireOrderAllowance(trx, actor);
    const totals = checkoutTotals(
      lines.map((l) => ({ unitCents: l.product.price, quantity: l.quantity })),
      await findProcessingCosts(trx),
    );
    if (totals.total > MAX_ORDER_CENTS) throw dataFieldError('items', E.orderTooLarge);
    if (input.total !== undefined && toCents(input.total) !== totals.total) {
      throw new AppError('ConflictError', E.totalChanged, { total: fromCents(totals.total) });
    }
    await register();
    const orderId = await insertPlacedOrder(trx, {
      userId: actor.id,
      transactionId: input.transaction_id,
      totals,
      lines,
      billing: input.billing,
    });
    await auditCreate(trx, actor, 'order', 'orders', orderId);
    return orderId;
  });
  return writtenOrder(o.db, id);
}

/** The order row locked, then the caller's right to it checked and its state read, in `trx`. */
export async function lockOrder(trx: Transaction<DB>, actor: Actor, orderId: number): Promise<OrderState> {
  await lockRow(trx, 'orders', orderId);
  await requireAccess(trx, actor, 'order.update', [orderId]);
  const state = await findOrderState(trx, orderId);
  if (!state) throw notFound(E.orderNotFound);
  return state;
}

/** An order the seed client still fills: unpaid, without checkout details. */
export const isOpen = (state: OrderState) => state.status === S.awaitingPayment && !state.hasDetails;

/** An admin's change to an order line, for the audit log (`order-line:<id>`). */
export const lineAudit = (actor: Actor, action: string, id: number) =>
  auditChange(actor, action, `order-line:${id}`, 'order_lines', id);

// ---------------------------------------------------------------------------------------------
// Sales

/** The sales list's page sizes: the shop's default, and its largest choice. */
const SALES_PAGING = {
  defaultPageSize: SHOP_LIMITS.defaultPageSize,
  maxPageSize: Math.max(...SHOP_LIMITS.pageSizes),
};

/**
 * `GET /api/sales?pagination[page]=&pagination[pageSize]=`: the lines of the seller's products (the admin: all lines), newest
 * first, page sizes up to 40 (a larger one is clamped). The buyer's shipping details come only once
 * the order is paid, shipped or delivered, and never for a cancelled line.
 */
export async function listSales(
  db: Kysely<DB>,
  actor: Actor,
  query: Record<string, unknown>,
): Promise<{ data: TSaleLine[]; meta: { pagination: Pagination } }> {
  onlyParams(query, ['pagination']);
  const paging = pagingOf(query, SALES_PAGING);
  const { page, pageSize } = paging;
  const { rows, total } = await findSales(
    db,
    isAdmin(actor) ? null : actor.id,
    (page - 1) * pageSize,
    pageSize,
  );
  const pictures = await findPictures(
    db,
    rows.map((r) => (r.picture_id === null ? null : Number(r.picture_id))),
  );
  const data: TSaleLine[] = rows.map((r) => ({
    id: Number(r.id),
    order: Number(r.order_id),
    createdAt: r.created_at,
    product: {
      id: r.product_id === null ? null : Number(r.product_id),
      name: r.product_name,
      picture: r.picture_id === null ? null : (pictures.get(Number(r.picture_id)) ?? null),
    },
    quantity: Number(r.quantity),
    price: fromCents(Number(r.price)),
    total: fromCents(Number(r.total)),
    status: r.status as TOrderStatus,
    shipping:
      r.details_id === null
        ? null
        : {
            first_name: r.first_name!,
            last_name: r.last_name!,
            email_address: r.email_address!,
            phone: r.phone!,
            address: r.address!,
            town: r.town!,
            postcode: r.postcode!,
            country: r.country!,
          },
  }));
  return pagedList(data, paging, total);
}
