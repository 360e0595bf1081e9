import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { formatMoney, MESSAGES, SHOP_LIMITS } from '@app/domain';
import type { TOrderStatus } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { useSession } from '../../app/session.tsx';
import { formatDate } from '../billing/format.ts';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog.tsx';
import { PageButtons } from '../../ui/PageButtons.tsx';
import { PageSizeSelect } from '../../ui/PageSizeSelect.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useCancelOrder, useMarkDelivered, useMyOrderLines, useOrderTotals } from './api.ts';
import type { OrderLine } from './api.ts';
import { OrderStatusBadge, OrderThumb } from './OrderParts.tsx';
import './orders.css';

const M = MESSAGES.orders;
const S = MESSAGES.orderStatus;

/** A refused order change: the server's reason for a bad request, else 'Network response was not ok'. */
function toastOrderFailure(error: unknown): void {
  toast.error(isApiError(error) && error.isBadRequest ? error.message : MESSAGES.toast.networkError);
}

/** What a line shows as its state: its own, unless its whole order was cancelled. */
function lineStatus(line: OrderLine): TOrderStatus {
  const order = line.attributes.order?.data?.attributes;
  return order?.status === S.cancelled ? S.cancelled : line.attributes.status;
}

/** One row per line, grouped by order: how many lines of the same order follow on this page. */
function groupSpans(lines: readonly OrderLine[]): number[] {
  const spans = lines.map(() => 0);
  let start = 0;
  lines.forEach((line, index) => {
    const orderOf = (l: OrderLine | undefined) => l?.attributes.order?.data?.id;
    if (index > 0 && orderOf(line) !== orderOf(lines[index - 1])) start = index;
    spans[start] = (spans[start] ?? 0) + 1;
  });
  return spans;
}

/**
 * /orders/view, My Orders (spec 000 §2 "My Orders", §6; issue 13 item 6): the buyer's order lines,
 * newest first and grouped by order: #OrderID, product image, name, quantity, price, status, and the
 * order's action: Cancel order while it awaits payment (a dialog; the order is kept, 'Cancelled'),
 * Mark delivered once shipped. Page sizes 10 to 40.
 */
export default function MyOrdersPage() {
  const { userId } = useSession();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(SHOP_LIMITS.defaultPageSize);
  const lines = useMyOrderLines(userId, page, pageSize);
  const cancel = useCancelOrder();
  const delivered = useMarkDelivered();
  const [cancelling, setCancelling] = useState<number | null>(null);

  useEffect(() => {
    if (lines.isError) toast.error(MESSAGES.toast.networkError, { toastId: 'orders-load-failed' });
  }, [lines.isError]);

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

  const rows = useMemo(() => lines.data?.data ?? [], [lines.data]);
  const spans = groupSpans(rows);
  const orderIds = useMemo(
    () => [...new Set(rows.flatMap((line) => line.attributes.order?.data?.id ?? []))],
    [rows],
  );
  const totals = useOrderTotals(orderIds);
  const pageCount = lines.data?.meta.pagination.pageCount ?? 1;

  return (
    <section aria-labelledby="my-orders-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="my-orders-title" className="h4 mb-0 me-auto">
          {M.title}
        </h1>
        <PageSizeSelect
          label={M.perPage}
          value={pageSize}
          onChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </div>

      {lines.isPending ? (
        <PageSpinner />
      ) : lines.isError ? (
        <Alert variant="warning" className="d-flex align-items-center justify-content-between gap-2">
          {MESSAGES.toast.networkError}
          <Button size="sm" variant="outline-secondary" onClick={() => void lines.refetch()}>
            {M.retry}
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <p className="text-body-secondary">
          {M.empty} <Link to="/products">{MESSAGES.wishlist.browse}</Link>
        </p>
      ) : (
        <>
          <Table responsive className="orders-table align-middle" aria-busy={lines.isFetching}>
            <thead>
              <tr>
                <th scope="col">{M.orderId}</th>
                <th scope="col">{M.image}</th>
                <th scope="col">{M.name}</th>
                <th scope="col">{M.quantity}</th>
                <th scope="col">{M.price}</th>
                <th scope="col">{M.status}</th>
                <th scope="col">{M.action}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((line, index) => {
                const a = line.attributes;
                const order = a.order?.data;
                const first = (spans[index] ?? 0) > 0;
                const quantity = a.quantiy ?? a.quantity;
                const orderTotal = order
                  ? (totals.data?.get(order.id) ?? order.attributes.amount)
                  : undefined;
                const picture = a.picture?.data?.attributes;
                const thumb = picture?.formats?.thumbnail?.url ?? picture?.url ?? null;
                const busy =
                  (cancel.isPending && cancel.variables === order?.id) ||
                  (delivered.isPending && delivered.variables === order?.id);
                const action =
                  first && order?.attributes.status === S.awaitingPayment ? (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      className="text-nowrap"
                      disabled={busy}
                      onClick={() => setCancelling(order.id)}
                    >
                      {M.cancel}
                    </Button>
                  ) : first && order?.attributes.status === S.shipped ? (
                    <Button
                      size="sm"
                      variant="outline-success"
                      className="text-nowrap"
                      disabled={busy}
                      onClick={() => void markDelivered(order.id)}
                    >
                      {M.markDelivered}
                    </Button>
                  ) : null;
                return (
                  <tr key={line.id} className={first ? 'order-group-start' : undefined}>
                    <td data-label={M.orderId}>
                      <div>
                        <span className="fw-semibold">#{order?.id ?? '—'}</span>
                        {first && order && (
                          <div className="small text-body-secondary">
                            {order.attributes.createdAt && (
                              <div>
                                {M.placedOn} {formatDate(order.attributes.createdAt)}
                              </div>
                            )}
                            {orderTotal !== undefined && (
                              <div data-testid="order-total">
                                {M.total} {formatMoney(orderTotal)}
                              </div>
                            )}
                          </div>
                        )}
                      </div>
                    </td>
                    <td data-label={M.image}>
                      <span>
                        <OrderThumb src={thumb} name={a.product_name} />
                      </span>
                    </td>
                    <td data-label={M.name} className="orders-table__text">
                      <span>{a.product_name}</span>
                    </td>
                    <td data-label={M.quantity}>
                      <span>{quantity}</span>
                    </td>
                    <td data-label={M.price}>
                      <div>
                        <span className="fw-semibold">{formatMoney(a.total)}</span>
                        <div className="small text-body-secondary text-nowrap">
                          {formatMoney(a.price)} × {quantity}
                        </div>
                      </div>
                    </td>
                    <td data-label={M.status}>
                      <span>
                        <OrderStatusBadge status={lineStatus(line)} />
                      </span>
                    </td>
                    <td data-label={M.action} className={action ? undefined : 'orders-table__empty-cell'}>
                      <span>{action}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <PageButtons page={page} pageCount={pageCount} onPage={setPage} label={M.pages} />
        </>
      )}

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
    </section>
  );
}
