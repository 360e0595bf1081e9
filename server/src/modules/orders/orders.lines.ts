import { MESSAGES, SHOP_LIMITS, type TOrderDetailRequest, type TOrderLineRequest } from '@app/domain';
import { auditCreate } from '../../db/audit-log.ts';
import { requireAccess } from '../../access/index.ts';
import { type Actor } from '../../http/auth.ts';
import { dataFieldError, notFound } from '../../http/errors.ts';
import { getWrittenItem } from '../../http/items.ts';
import type { Item } from '../../http/strapi/find.ts';
import { withPaymentRegister } from '../billing/index.ts';
import { lockProductsForSale } from '../shop/index.ts';
import {
  deleteLine,
  findNewestOpenOrder,
  insertDetails,
  insertLine,
  insertOrder,
  insertOrderEvent,
  orderHasProduct,
  recountOrder,
  updateOrder,
} from './orders.queries.ts';
import { orderDetailResource, orderLineResource } from './orders.resources.ts';
import {
  E,
  isOpen,
  lineAudit,
  MAX_ORDER_CENTS,
  lockOrder,
  orderNotOpen,
  requireOrderAllowance,
  S,
  writtenOrder,
  type OrdersContext,
} from './orders.service.ts';

/*
 * The seed client's order, step by step: an empty order, its lines one by one, then its checkout details.
 */

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
