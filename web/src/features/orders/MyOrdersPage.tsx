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
import type { TableColumn } from '../../ui/ColumnsTable.tsx';
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

/** One row of the table: a line of an order (an order without lines still has its row). */
interface OrderRow {
  order: MyOrder;
  line: MyOrderLine | undefined;
  /** The order's first row, which holds its date, total and action. */
  first: boolean;
}

/** The rows of a page of orders: a row per line, in order. */
function orderRows(orders: readonly MyOrder[]): OrderRow[] {
  return orders.flatMap((order): OrderRow[] => {
    const lines = order.attributes.order_lists.data;
    return lines?.length
      ? lines.map((line, index) => ({ order, line, first: index === 0 }))
      : [{ order, line: undefined, first: true }];
  });
}

/** Whether the order's first row shows an action (Cancel order, Mark delivered). */
function hasAction({ order, first }: OrderRow): boolean {
  const status = order.attributes.status;
  return first && (status === S.awaitingPayment || status === S.shipped);
}

/**
 * The columns of My Orders: #OrderID (the first row with the date and the order's total), product
 * image, name, quantity, price, status, and the order's action on its first row.
 */
function orderColumns(
  busyWith: (orderId: number) => boolean,
  onCancel: (orderId: number) => void,
  onDelivered: (orderId: number) => void,
): TableColumn<OrderRow>[] {
  return [
    {
      label: M.orderId,
      cell: ({ order, first }) => (
        <>
          <span className="fw-semibold">#{order.id}</span>
          {first && (
            <div className="small text-body-secondary">
              {order.attributes.createdAt && (
                <div className="text-nowrap">
                  {M.placedOn} {formatDay(order.attributes.createdAt)}
                </div>
              )}
              <div data-testid="order-total" className="text-nowrap">
                {M.total} {formatMoney(order.attributes.amount)}
              </div>
            </div>
          )}
        </>
      ),
    },
    {
      label: M.image,
      cell: ({ line }) => {
        if (!line) return null;
        const picture = line.attributes.picture?.data?.attributes;
        const thumb = picture?.formats?.thumbnail?.url ?? picture?.url ?? null;
        return <OrderThumb src={thumb} name={line.attributes.product_name} />;
      },
    },
    {
      label: M.name,
      className: 'orders-table__text',
      cell: ({ line }) => line?.attributes.product_name ?? '—',
    },
    { label: M.quantity, cell: ({ line }) => line?.attributes.quantity },
    {
      label: M.price,
      cell: ({ line }) =>
        line && (
          <>
            <span className="fw-semibold">{formatMoney(line.attributes.total)}</span>
            <div className="small text-body-secondary text-nowrap">
              {formatMoney(line.attributes.price)} × {line.attributes.quantity}
            </div>
          </>
        ),
    },
    { label: M.status, cell: ({ order, line }) => <OrderStatusBadge status={lineStatus(order, line)} /> },
    {
      label: M.action,
      cell: (row) =>
        hasAction(row) && (
          <OrderAction
            order={row.order}
            busy={busyWith(row.order.id)}
            onCancel={() => onCancel(row.order.id)}
            onDelivered={() => onDelivered(row.order.id)}
          />
        ),
    },
  ];
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
          columns={orderColumns(busyWith, setCancelling, (id) => void markDelivered(id))}
          rows={orderRows(page.data)}
          rowKey={({ order, line }) => line?.id ?? `order-${order.id}`}
          rowAttributes={({ first }) => (first ? { className: 'order-group-start' } : undefined)}
          className="orders-table"
          aria-busy={orders.isFetching}
        />
      )}
    </PagedListPage>
  );
}
