import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { formatMoney, MESSAGES, SHOP_LIMITS } from '@app/domain';
import type { TOrderStatus } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { useSession } from '../../app/session.tsx';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { ColumnsTable } from '../../ui/ColumnsTable.tsx';
import { PagedListPage, usePaging } from '../../ui/PagedListPage.tsx';
import { useCancelOrder, useMarkDelivered, useMyOrders } from './api.ts';
import type { MyOrder, MyOrderLine } from './api.ts';
import { OrderStatusBadge, OrderThumb } from './OrderParts.tsx';
import './orders.css';
import { formatDay } from '../../lib/dates.ts';

const M = MESSAGES.orders;
const S = MESSAGES.orderStatus;

/** A refused order change: the server's reason for a bad request, else 'Network response was not ok'. */
function toastOrderFailure(error: unknown): void {
  toast.error(isApiError(error) && error.isBadRequest ? error.message : MESSAGES.toast.networkError);
}

/** What a line shows as its state: its own, unless its whole order was cancelled. */
function lineStatus(order: MyOrder, line: MyOrderLine | undefined): TOrderStatus {
  return order.attributes.status === S.cancelled || !line ? order.attributes.status : line.attributes.status;
}

/** The order's action: Cancel order while it awaits payment, Mark delivered once shipped. */
function OrderAction({
  order,
  busy,
  onCancel,
  onDelivered,
}: {
  order: MyOrder;
  busy: boolean;
  onCancel: () => void;
  onDelivered: () => void;
}) {
  if (order.attributes.status === S.awaitingPayment)
    return (
      <Button size="sm" variant="outline-danger" className="text-nowrap" disabled={busy} onClick={onCancel}>
        {M.cancel}
      </Button>
    );
  if (order.attributes.status === S.shipped)
    return (
      <Button
        size="sm"
        variant="outline-success"
        className="text-nowrap"
        disabled={busy}
        onClick={onDelivered}
      >
        {M.markDelivered}
      </Button>
    );
  return null;
}

/**
 * The rows of one order: a row per line (an order without lines still has its row), the first with
 * the order's date, total and action.
 */
function OrderRows({
  order,
  busy,
  onCancel,
  onDelivered,
}: {
  order: MyOrder;
  busy: boolean;
  onCancel: () => void;
  onDelivered: () => void;
}) {
  const o = order.attributes;
  const lines: (MyOrderLine | undefined)[] = o.order_lists.data?.length ? o.order_lists.data : [undefined];
  return lines.map((line, index) => {
    const first = index === 0;
    const a = line?.attributes;
    const picture = a?.picture?.data?.attributes;
    const thumb = picture?.formats?.thumbnail?.url ?? picture?.url ?? null;
    const hasAction = first && (o.status === S.awaitingPayment || o.status === S.shipped);
    return (
      <tr key={line?.id ?? `order-${order.id}`} className={first ? 'order-group-start' : undefined}>
        <td data-label={M.orderId}>
          <div>
            <span className="fw-semibold">#{order.id}</span>
            {first && (
              <div className="small text-body-secondary">
                {o.createdAt && (
                  <div className="text-nowrap">
                    {M.placedOn} {formatDay(o.createdAt)}
                  </div>
                )}
                <div data-testid="order-total" className="text-nowrap">
                  {M.total} {formatMoney(o.amount)}
                </div>
              </div>
            )}
          </div>
        </td>
        <td data-label={M.image} className={a ? undefined : 'orders-table__empty-cell'}>
          <span>{a && <OrderThumb src={thumb} name={a.product_name} />}</span>
        </td>
        <td data-label={M.name} className="orders-table__text">
          <span>{a?.product_name ?? '—'}</span>
        </td>
        <td data-label={M.quantity} className={a ? undefined : 'orders-table__empty-cell'}>
          <span>{a?.quantity}</span>
        </td>
        <td data-label={M.price} className={a ? undefined : 'orders-table__empty-cell'}>
          {a && (
            <div>
              <span className="fw-semibold">{formatMoney(a.total)}</span>
              <div className="small text-body-secondary text-nowrap">
                {formatMoney(a.price)} × {a.quantity}
              </div>
            </div>
          )}
        </td>
        <td data-label={M.status}>
          <span>
            <OrderStatusBadge status={lineStatus(order, line)} />
          </span>
        </td>
        <td data-label={M.action} className={hasAction ? undefined : 'orders-table__empty-cell'}>
          <span>
            {hasAction && (
              <OrderAction order={order} busy={busy} onCancel={onCancel} onDelivered={onDelivered} />
            )}
          </span>
        </td>
      </tr>
    );
  });
}

/**
 * The actions on the buyer's orders: Cancel order asks first (`cancelling` holds the order in the
 * dialog), Mark delivered acts at once; a row is busy while either runs for its order.
 */
function useOrderActions() {
  const cancel = useCancelOrder();
  const delivered = useMarkDelivered();
  const [cancelling, setCancelling] = useState<number | null>(null);

  const confirmCancel = async () => {
    if (cancelling === null) return;
    try {
      await cancel.mutateAsync(cancelling);
    } catch (error) {
      toastOrderFailure(error);
      return;
    }
    toast.success(M.cancelled);
    setCancelling(null);
  };

  const markDelivered = async (orderId: number) => {
    try {
      await delivered.mutateAsync(orderId);
      toast.success(M.delivered);
    } catch (error) {
      toastOrderFailure(error);
    }
  };

  const busyWith = (orderId: number) =>
    (cancel.isPending && cancel.variables === orderId) ||
    (delivered.isPending && delivered.variables === orderId);

  return { cancel, cancelling, setCancelling, confirmCancel, markDelivered, busyWith };
}

/**
 * /orders/view, My Orders: the buyer's orders, newest
 * first, a page of 10 to 40 orders, each with all its lines: #OrderID (with the date and the order's
 * total), product image, name, quantity, price, status, and the order's action: Cancel order while it
 * awaits payment (a dialog; the order is kept, 'Cancelled'), Mark delivered once shipped.
 */
export default function MyOrdersPage() {
  const { userId } = useSession();
  const paging = usePaging(SHOP_LIMITS.defaultPageSize);
  const orders = useMyOrders(userId, paging.page, paging.pageSize);
  const { cancel, cancelling, setCancelling, confirmCancel, markDelivered, busyWith } = useOrderActions();

  return (
    <PagedListPage
      titleId="my-orders-title"
      title={M.title}
      sizeInHeader
      perPageLabel={M.perPage}
      paging={paging}
      query={orders}
      toastId="orders-load-failed"
      loadFailed={MESSAGES.toast.networkError}
      retry={M.retry}
      empty={
        <p className="text-body-secondary">
          {M.empty} <Link to="/products">{MESSAGES.wishlist.browse}</Link>
        </p>
      }
      pagesLabel={M.pages}
      after={
        <ConfirmDeleteDialog
          show={cancelling !== null}
          deleting={cancel.isPending}
          title={M.cancelTitle}
          prompt={
            <>
              {M.cancelPrompt} <strong>#{cancelling}</strong>
            </>
          }
          confirmLabel={M.confirmCancel}
          closeLabel={M.close}
          onConfirm={() => void confirmCancel()}
          onClose={() => setCancelling(null)}
        />
      }
    >
      {(page) => (
        <ColumnsTable
          columns={[M.orderId, M.image, M.name, M.quantity, M.price, M.status, M.action]}
          className="orders-table align-middle"
          aria-busy={orders.isFetching}
        >
          {page.data.map((order) => (
            <OrderRows
              key={order.id}
              order={order}
              busy={busyWith(order.id)}
              onCancel={() => setCancelling(order.id)}
              onDelivered={() => void markDelivered(order.id)}
            />
          ))}
        </ColumnsTable>
      )}
    </PagedListPage>
  );
}
