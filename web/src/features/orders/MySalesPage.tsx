import { useEffect, useState } from 'react';
import { Alert, Button, Table } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { formatMoney, MESSAGES, SHOP_LIMITS } from '@app/domain';
import type { TSaleLine } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { formatDate } from '../billing/format.ts';
import { PageButtons } from '../../ui/PageButtons.tsx';
import { PageSizeSelect } from '../../ui/PageSizeSelect.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useMarkShipped, useSales } from './api.ts';
import { OrderStatusBadge, OrderThumb } from './OrderParts.tsx';
import './orders.css';

const M = MESSAGES.sales;

/** Where a paid line goes: the buyer's checkout details (only sent once the order is paid). */
function ShipTo({ shipping }: { shipping: NonNullable<TSaleLine['shipping']> }) {
  return (
    <address className="small mb-0">
      <strong>
        {shipping.first_name} {shipping.last_name}
      </strong>
      <br />
      {shipping.address}
      <br />
      {shipping.town} {shipping.postcode}
      <br />
      {shipping.country}
      <br />
      <a href={`tel:${shipping.phone}`}>{shipping.phone}</a>
      <br />
      <a href={`mailto:${shipping.email_address}`}>{shipping.email_address}</a>
    </address>
  );
}

/**
 * /sales/view, My Sales (issue 13 item 8; vendors): the lines of the vendor's products, newest
 * first: #OrderID, date, product, quantity, total, state and where to ship once paid (never before);
 * Mark shipped on a paid line. Page sizes 10 to 40.
 */
export default function MySalesPage() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(SHOP_LIMITS.defaultPageSize);
  const sales = useSales(page, pageSize);
  const ship = useMarkShipped();

  useEffect(() => {
    if (sales.isError) toast.error(MESSAGES.toast.networkError, { toastId: 'sales-load-failed' });
  }, [sales.isError]);

  const markShipped = async (lineId: number) => {
    try {
      await ship.mutateAsync(lineId);
      toast.success(M.shipped);
    } catch (error) {
      toast.error(isApiError(error) && error.isBadRequest ? error.message : MESSAGES.toast.networkError);
    }
  };

  const rows = sales.data?.data ?? [];
  const pageCount = sales.data?.meta.pagination.pageCount ?? 1;

  return (
    <section aria-labelledby="my-sales-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="my-sales-title" className="h4 mb-0 me-auto">
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

      {sales.isPending ? (
        <PageSpinner />
      ) : sales.isError ? (
        <Alert variant="warning" className="d-flex align-items-center justify-content-between gap-2">
          {MESSAGES.toast.networkError}
          <Button size="sm" variant="outline-secondary" onClick={() => void sales.refetch()}>
            {M.retry}
          </Button>
        </Alert>
      ) : rows.length === 0 ? (
        <p className="text-body-secondary">{M.empty}</p>
      ) : (
        <>
          <Table responsive className="orders-table align-middle" aria-busy={sales.isFetching}>
            <thead>
              <tr>
                <th scope="col">{M.orderId}</th>
                <th scope="col">{M.date}</th>
                <th scope="col">{M.product}</th>
                <th scope="col">{M.quantity}</th>
                <th scope="col">{M.total}</th>
                <th scope="col">{M.status}</th>
                <th scope="col">{M.shipTo}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((line) => (
                <tr key={line.id} data-testid="sale-row">
                  <td data-label={M.orderId}>
                    <span className="fw-semibold text-nowrap">#{line.order}</span>
                  </td>
                  <td data-label={M.date}>
                    <span className="small">{formatDate(line.createdAt)}</span>
                  </td>
                  <td data-label={M.product}>
                    <span className="d-flex align-items-center gap-2 orders-table__text">
                      <OrderThumb
                        src={line.product.picture?.thumbnail ?? line.product.picture?.url}
                        name={line.product.name}
                      />
                      {line.product.name}
                    </span>
                  </td>
                  <td data-label={M.quantity}>
                    <span>{line.quantity}</span>
                  </td>
                  <td data-label={M.total}>
                    <div>
                      <span className="fw-semibold">{formatMoney(line.total)}</span>
                      <div className="small text-body-secondary text-nowrap">
                        {formatMoney(line.price)} × {line.quantity}
                      </div>
                    </div>
                  </td>
                  <td data-label={M.status}>
                    <div className="d-flex flex-column align-items-start gap-2">
                      <OrderStatusBadge status={line.status} />
                      {line.status === MESSAGES.orderStatus.paid && (
                        <Button
                          size="sm"
                          variant="outline-primary"
                          className="text-nowrap"
                          disabled={ship.isPending && ship.variables === line.id}
                          onClick={() => void markShipped(line.id)}
                        >
                          {M.markShipped}
                        </Button>
                      )}
                    </div>
                  </td>
                  <td data-label={M.shipTo} className="orders-table__ship-to">
                    {line.shipping ? (
                      <ShipTo shipping={line.shipping} />
                    ) : (
                      <span className="small text-body-secondary">{M.notPaidYet}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <PageButtons page={page} pageCount={pageCount} onPage={setPage} label={M.pages} />
        </>
      )}
    </section>
  );
}
