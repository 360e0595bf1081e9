import {
  checkoutTotals,
  fromCents,
  MESSAGES,
  orderStatusFromLines,
  orderTransitionAllowed,
  SHOP_LIMITS,
  toCents,
  type TCheckoutRequest,
  type TOrderDetailRequest,
  type TOrderLineRequest,
  type TOrderLineUpdate,
  type TOrderStatus,
  type TOrderUpdate,
  type TQuote,
  type TQuoteRequest,
  type TSaleLine,
} from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import { requireAccess, RULES } from '../../access/index.ts';
import { auditChange, auditCreate, recordAudit } from '../../db/audit-log.ts';
import { nowIso } from '../../db/dialect.ts';
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
import { releasePaymentReference, withPaymentRegister } from '../billing/index.ts';
import { findProcessingCosts } from '../reference/index.ts';
import { findProductsForSale, lockProductsForSale } from '../shop/index.ts';
import { mailBuyer } from './orders.mail.ts';
import {
  deleteLine,
  findLineState,
  findNewestOpenOrder,
  findOrderLines,
  findOrderState,
  findOrderTimesSince,
  findPictures,
  findSales,
  insertDetails,
  insertLine,
  insertOrder,
  insertOrderEvent,
  insertPlacedOrder,
  markOrderPaid,
  moveLines,
  orderHasProduct,
  recountOrder,
  updateOrder,
  type OrderState,
} from './orders.queries.ts';
import { orderDetailResource, orderLineResource, orderResource } from './orders.resources.ts';
import { pagedList, pagingOf } from '../../http/paging.ts';

/** What the orders area's services need: the database, the mailer, the site's address for links. */
export interface OrdersContext {
  db: Kysely<DB>;
  mailer: Mailer;
  /** The site's public address (`config.publicUrl`): the mails link to My Orders there. */
  publicUrl: string;
}

const E = MESSAGES.shopErrors;
const S = MESSAGES.orderStatus;
const MAX_ORDER_CENTS = SHOP_LIMITS.orderMaxDollars * 100;

const notAllowed = (field: 'status' | 'payment_status' = 'status') =>
  dataFieldError(field, E.notAllowedStatus);
const orderNotOpen = () => new AppError('ValidationError', E.orderNotOpen);

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
const writtenOrder = async (db: Kysely<DB>, id: number): Promise<Item> =>
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
async function requireOrderAllowance(trx: Transaction<DB>, actor: Actor): Promise<void> {
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

// ---------------------------------------------------------------------------------------------
// The seed client's calls: an empty order, its lines one by one, then its checkout details

/**
 * `POST /api/orders` (seed client): an empty order of the caller, 'Awaiting Payment'; sent values
 * ignored. It counts in the hourly limit as a checkout does.
 */
export async function createEmptyOrder(o: OrdersContext, actor: Actor): Promise<Item> {
  const id = await o.db.transaction().execute(async (trx) => {
    await requireOrderAllowance(trx, actor);
    const orderId = await insertOrder(trx, { user_id: actor.id, transaction_id: null });
    await insertOrderEvent(trx, { order_id: orderId, status: S.awaitingPayment, actor_id: actor.id });
    await auditCreate(trx, actor, 'order', 'orders', orderId);
    return orderId;
  });
  return writtenOrder(o.db, id);
}

/** The order row locked, then the caller's right to it checked and its state read, in `trx`. */
async function lockOrder(trx: Transaction<DB>, actor: Actor, orderId: number): Promise<OrderState> {
  await lockRow(trx, 'orders', orderId);
  await requireAccess(trx, actor, 'order.update', [orderId]);
  const state = await findOrderState(trx, orderId);
  if (!state) throw notFound(E.orderNotFound);
  return state;
}

/** An order the seed client still fills: unpaid, without checkout details. */
const isOpen = (state: OrderState) => state.status === S.awaitingPayment && !state.hasDetails;

/**
 * `POST /api/order-lists` (seed client): a line on the caller's own open order ('Awaiting Payment',
 * no checkout details yet; another's order is a 404). The unit price is the product's; the order's
 * money is recomputed from its lines in the same transaction, under the order row's lock, so lines
 * added in parallel are all counted.
 */
export async function addLine(o: OrdersContext, actor: Actor, input: TOrderLineRequest): Promise<Item> {
  const quantity = input.quantity ?? input.quantiy;
  if (quantity === undefined) throw dataFieldError('quantity', MESSAGES.productDetails.quantityZero);
  const lineId = await o.db.transaction().execute(async (trx) => {
    const state = await lockOrder(trx, actor, input.order);
    if (!isOpen(state)) throw orderNotOpen();
    if (state.lines >= SHOP_LIMITS.linesMax) throw dataFieldError('order', MESSAGES.validation.tooLong);
    const p = (await lockProductsForSale(trx, [input.product])).get(input.product);
    if (!p?.onSale) throw dataFieldError('product', E.productUnavailable);
    if (p.user_id === state.userId) throw dataFieldError('product', E.ownProduct);
    if (await orderHasProduct(trx, state.id, p.id)) throw dataFieldError('product', E.duplicateProduct);
    const id = await insertLine(trx, {
      order_id: state.id,
      user_id: state.userId,
      product_id: p.id,
      seller_id: p.user_id,
      product_name: p.name,
      picture_id: p.picture_id,
      price: p.price,
      quantity,
    });
    const totals = await recountOrder(trx, state.id);
    if (totals.total > MAX_ORDER_CENTS) throw dataFieldError('quantity', E.orderTooLarge);
    await auditCreate(trx, actor, 'order-line', 'order_lines', id);
    return id;
  });
  return getWrittenItem(o.db, orderLineResource, lineId);
}

/**
 * `DELETE /api/order-lists/:id`: the buyer (or the admin) removes a line of an open order; the order's
 * money is recomputed. Answers the line as it was.
 */
export async function removeLine(o: OrdersContext, actor: Actor, id: number): Promise<Item> {
  const [row] = await requireAccess(o.db, actor, 'orderLine.update', [id], ['order_id']);
  const orderId = Number(row!.order_id);
  const item = await getWrittenItem(o.db, orderLineResource, id);
  await o.db.transaction().execute(async (trx) => {
    const state = await lockOrder(trx, actor, orderId);
    if (!isOpen(state)) throw orderNotOpen();
    const audit = lineAudit(actor, 'order-line.delete', id);
    await audit?.before(trx);
    if (!(await deleteLine(trx, id))) throw notFound(E.lineNotFound);
    await recountOrder(trx, orderId);
    await audit?.after(trx);
  });
  return item;
}

/**
 * `POST /api/oder-details` (seed client, the spec's spelling): the checkout form of `order`, or of the
 * caller's newest open order. The order must be unpaid, have lines and no details yet; the
 * transaction id is registered as checkout registers it and stored on the order.
 */
export async function attachDetails(
  o: OrdersContext,
  actor: Actor,
  input: TOrderDetailRequest,
): Promise<Item> {
  const { order, transaction_id, ...billing } = input;
  const detailsId = await withPaymentRegister(o.db, transaction_id, 'order', async (trx, register) => {
    const orderId = order ?? (await findNewestOpenOrder(trx, actor.id));
    if (orderId === undefined) throw dataFieldError('order', E.noOpenOrder);
    const state = await lockOrder(trx, actor, orderId);
    if (state.hasDetails) throw dataFieldError('order', E.detailsExist);
    if (state.status !== S.awaitingPayment) throw orderNotOpen();
    if (state.lines === 0) throw dataFieldError('order', E.emptyOrder);
    await register();
    const id = await insertDetails(trx, {
      ...billing,
      order_id: orderId,
      user_id: state.userId,
      transaction_id,
    });
    await updateOrder(trx, orderId, { transaction_id });
    await auditCreate(trx, actor, 'order-detail', 'order_details', id);
    return id;
  });
  return getWrittenItem(o.db, orderDetailResource, detailsId);
}

// ---------------------------------------------------------------------------------------------
// Order states

/**
 * A change of an order's state: where to, the payment check it records (the admin's), and the field
 * that asked for it (where a refusal points).
 */
interface OrderChange {
  to: TOrderStatus;
  payment?: 'verified' | 'rejected';
  field: 'status' | 'payment_status';
}

/**
 * What `PUT /api/orders/:id` asks, checked against the state machine (`orderTransitionAllowed`): the
 * admin's payment check ('verified' = 'Paid', 'rejected' = 'Cancelled') or a status; the buyer's
 * 'Cancelled' while unpaid and 'Delivered' once shipped. Anything else is a 400 at the field sent. An
 * order without lines or without checkout details (no transaction id: nothing was paid) cannot be
 * 'Paid' (400 `shopErrors.nothingToVerify`).
 */
function decideChange(actor: Actor, state: OrderState, input: TOrderUpdate): OrderChange {
  const admin = isAdmin(actor);
  let change: OrderChange;
  if (input.payment_status !== undefined) {
    if (!admin) throw notAllowed('payment_status');
    const to = input.payment_status === 'verified' ? S.paid : S.cancelled;
    if (input.status !== undefined && input.status !== to) throw notAllowed();
    if (!orderTransitionAllowed('admin', state.status, to)) throw notAllowed('payment_status');
    change = { to, payment: input.payment_status, field: 'payment_status' };
  } else {
    const to = input.status!;
    if (!orderTransitionAllowed(admin ? 'admin' : 'buyer', state.status, to)) throw notAllowed();
    change = to === S.paid ? { to, payment: 'verified', field: 'status' } : { to, field: 'status' };
  }
  if (change.to === S.paid && (state.lines === 0 || !state.hasDetails)) {
    throw dataFieldError(change.field, E.nothingToVerify);
  }
  return change;
}

/** What a change did that the buyer hears of once it is committed. */
type Mail = { kind: 'paid' } | { kind: 'shipped'; lines: { product_name: string; quantity: number }[] };

/**
 * Applies a change to a locked order and its lines, with its event (who, when): 'Paid' pays the
 * unpaid lines and records the check; 'Cancelled' cancels the lines awaiting payment or paid, and is
 * refused (400) once any line has shipped (what shipped is not taken back, and the order's total keeps
 * every line); 'Shipped' ships the paid lines; 'Delivered' delivers the shipped ones. Answers the mail
 * to send.
 */
async function applyChange(
  trx: Transaction<DB>,
  actor: Actor,
  state: OrderState,
  change: OrderChange,
): Promise<Mail | undefined> {
  const orderId = state.id;
  let mail: Mail | undefined;
  switch (change.to) {
    case S.paid:
      await markOrderPaid(trx, orderId, actor.id);
      mail = { kind: 'paid' };
      break;
    case S.cancelled: {
      const lines = await findOrderLines(trx, orderId);
      if (lines.some((l) => l.status === S.shipped || l.status === S.delivered)) {
        throw notAllowed(change.field);
      }
      await updateOrder(trx, orderId, {
        status: S.cancelled,
        ...(change.payment === 'rejected'
          ? { payment_status: 'rejected', paid: 0, reviewed_by: actor.id, reviewed_at: nowIso() }
          : {}),
      });
      await moveLines(trx, orderId, [S.awaitingPayment, S.paid], S.cancelled);
      // Cancelled before its payment was checked: the transaction id paid for nothing and may pay for
      // another order. A rejected payment's id stays spent.
      if (state.status === S.awaitingPayment && change.payment !== 'rejected' && state.transactionId) {
        await releasePaymentReference(trx, state.transactionId, 'order');
      }
      break;
    }
    case S.shipped: {
      const moved = await moveLines(trx, orderId, [S.paid], S.shipped);
      await updateOrder(trx, orderId, { status: S.shipped });
      const lines = (await findOrderLines(trx, orderId)).filter((l) => moved.includes(Number(l.id)));
      if (lines.length) mail = { kind: 'shipped', lines };
      break;
    }
    case S.delivered:
      await moveLines(trx, orderId, [S.shipped], S.delivered);
      await updateOrder(trx, orderId, { status: S.delivered });
      break;
    default:
      throw notAllowed();
  }
  await insertOrderEvent(trx, { order_id: orderId, status: change.to, actor_id: actor.id });
  return mail;
}

/** The admin's payment decision in the audit log: the order's states before and after. */
async function recordPaymentDecision(
  trx: Transaction<DB>,
  actor: Actor,
  state: OrderState,
  change: OrderChange,
): Promise<void> {
  await recordAudit(
    trx,
    actor,
    change.payment === 'rejected' ? 'payment.reject' : 'payment.verify',
    `order:${state.id}`,
    null,
    {
      before: { status: state.status, payment_status: state.paymentStatus },
      after: { status: change.to, payment_status: change.payment },
    },
  );
}

async function send(o: OrdersContext, orderId: number, mail: Mail | undefined): Promise<void> {
  if (mail) await mailBuyer(o.db, o.mailer, o.publicUrl, orderId, mail);
}

/**
 * `PUT /api/orders/:id`: the buyer cancels an unpaid order or marks a shipped one delivered; the admin
 * checks the payment (verified: 'Paid', lines 'Paid', the buyer mailed; rejected: 'Cancelled') or
 * moves the order per the admin's transitions. Another account's order is a 404.
 */
export async function changeOrder(
  o: OrdersContext,
  actor: Actor,
  id: number,
  input: TOrderUpdate,
): Promise<Item> {
  await requireAccess(o.db, actor, 'order.update', [id]);
  const mail = await o.db.transaction().execute(async (trx) => {
    const state = await lockOrder(trx, actor, id);
    const change = decideChange(actor, state, input);
    // An admin's change other than a payment decision (which records itself) keeps the order before and after.
    const audit = change.payment ? undefined : orderAudit(actor, 'order.update', id);
    await audit?.before(trx);
    const mail = await applyChange(trx, actor, state, change);
    if (change.payment) await recordPaymentDecision(trx, actor, state, change);
    await audit?.after(trx);
    return mail;
  });
  await send(o, id, mail);
  return writtenOrder(o.db, id);
}

/** An admin's change to an order line, for the audit log (`order-line:<id>`). */
const lineAudit = (actor: Actor, action: string, id: number) =>
  auditChange(actor, action, `order-line:${id}`, 'order_lines', id);

/** An admin's change to a buyer's order, for the audit log (`order:<id>`, the row before and after). */
const orderAudit = (actor: Actor, action: string, id: number) =>
  auditChange(actor, action, `order:${id}`, 'orders', id);

/**
 * `DELETE /api/orders/:id` (My Orders' delete): the buyer (or the admin) cancels an order still
 * 'Awaiting Payment'; a paid one is a 400. Rows are never deleted.
 */
export async function cancelOrder(o: OrdersContext, actor: Actor, id: number): Promise<Item> {
  await requireAccess(o.db, actor, 'order.update', [id]);
  await o.db.transaction().execute(async (trx) => {
    const state = await lockOrder(trx, actor, id);
    if (state.status !== S.awaitingPayment) throw orderNotOpen();
    const audit = orderAudit(actor, 'order.cancel', id);
    await audit?.before(trx);
    await applyChange(trx, actor, state, { to: S.cancelled, field: 'status' });
    await audit?.after(trx);
  });
  return writtenOrder(o.db, id);
}

/**
 * `PUT /api/order-lists/:id`: the line's seller ships it ('Paid' → 'Shipped'); the admin moves it per
 * the admin's transitions (never to 'Paid' or 'Cancelled': paying and cancelling are the order's, whose
 * total counts every line). A line of an unpaid order is a
 * 400. The order follows its lines (`orderStatusFromLines`: 'Shipped' once every live line has); each
 * change is an event; the buyer hears of the lines shipped.
 */
export async function changeLine(
  o: OrdersContext,
  actor: Actor,
  id: number,
  input: TOrderLineUpdate,
): Promise<Item> {
  const [row] = await requireAccess(o.db, actor, 'orderLine.ship', [id], ['order_id']);
  const orderId = Number(row!.order_id);
  const shipped = await o.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'orders', orderId);
    const line = await findLineState(trx, id);
    if (!line) throw notFound(E.lineNotFound);
    if (line.orderStatus === S.awaitingPayment) throw dataFieldError('status', E.notPaidYet);
    const who = isAdmin(actor) ? 'admin' : 'seller';
    const audit = lineAudit(actor, 'order-line.update', id);
    await audit?.before(trx);
    if (
      input.status === S.paid ||
      input.status === S.cancelled ||
      !orderTransitionAllowed(who, line.status, input.status)
    )
      throw notAllowed();
    const moved = await moveLines(trx, orderId, [line.status], input.status, [id]);
    if (!moved.length) throw notAllowed();
    await insertOrderEvent(trx, {
      order_id: orderId,
      order_line_id: id,
      status: input.status,
      actor_id: actor.id,
    });
    const lines = await findOrderLines(trx, orderId);
    const next = orderStatusFromLines(
      line.orderStatus,
      lines.map((l) => l.status as TOrderStatus),
    );
    if (next !== line.orderStatus) {
      await updateOrder(trx, orderId, { status: next });
      await insertOrderEvent(trx, { order_id: orderId, status: next, actor_id: actor.id });
    }
    await audit?.after(trx);
    return input.status === S.shipped ? lines.filter((l) => Number(l.id) === id) : [];
  });
  if (shipped.length) await send(o, orderId, { kind: 'shipped', lines: shipped });
  return getWrittenItem(o.db, orderLineResource, id);
}

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
