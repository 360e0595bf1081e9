import {
  orderStatusFromLines,
  orderTransitionAllowed,
  type TOrderLineUpdate,
  type TOrderStatus,
  type TOrderUpdate,
} from '@app/domain';
import type { Transaction } from 'kysely';
import { requireAccess } from '../../access/index.ts';
import { auditChange, recordAudit } from '../../db/audit-log.ts';
import { nowIso } from '../../db/dialect.ts';
import { lockRow } from '../../db/locks.ts';
import type { DB } from '../../db/schema.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { dataFieldError, notFound } from '../../http/errors.ts';
import { getWrittenItem } from '../../http/items.ts';
import type { Item } from '../../http/strapi/find.ts';
import { releasePaymentReference } from '../billing/index.ts';
import { mailBuyer } from './orders.mail.ts';
import {
  findLineState,
  findOrderLines,
  insertOrderEvent,
  markOrderPaid,
  moveLines,
  updateOrder,
  type OrderState,
} from './orders.queries.ts';
import { orderLineResource } from './orders.resources.ts';
import {
  E,
  lineAudit,
  lockOrder,
  notAllowed,
  orderNotOpen,
  S,
  writtenOrder,
  type OrdersContext,
} from './orders.service.ts';

/*
 * An order's states after checkout: the admin's payment check, the seller's shipping, the buyer's cancel and
 * delivery, for the whole order or one line, each with its event and the buyer's mail.
 */

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
 * `PUT /api/order-lists/:id`: the line's vendor ships it ('Paid' → 'Shipped'); the admin moves it per
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
