import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { formatMoney, MESSAGES, SHOP_LIMITS } from '@app/domain';
import type { TSaleLine } from '@app/domain';
import { isApiError } from '../../api/client.ts';
import { ColumnsTable } from '../../ui/ColumnsTable.tsx';
import type { TableColumn } from '../../ui/ColumnsTable.tsx';
import { PagedListPage, usePaging } from '../../ui/PagedListPage.tsx';
import { useMarkShipped, useSales } from './api.ts';
import { OrderStatusBadge, OrderThumb } from './OrderParts.tsx';
import './orders.css';
import { formatDay } from '../../lib/dates.ts';

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
 * The columns of My Sales: order, date, product, quantity, total, state (Mark shipped once paid) and
 * where to ship.
 */
function saleColumns(
  shipping: (lineId: number) => boolean,
  onShip: (lineId: number) => void,
): TableColumn<TSaleLine>[] {
  return [
    {
      label: M.orderId,
      cell: (line) => <span className="fw-semibold text-nowrap">#{line.order}</span>,
    },
    { label: M.date, cell: (line) => <span className="small text-nowrap">{formatDay(line.createdAt)}</span> },
    {
      label: M.product,
      className: 'orders-table__text orders-table__product',
      cell: (line) => (
        <span className="d-flex align-items-center gap-2">
          <OrderThumb src={line.product.picture?.thumbnail ?? line.product.picture?.url} name={null} />
          {line.product.name}
        </span>
      ),
    },
    { label: M.quantity, cell: (line) => line.quantity },
    {
      label: M.total,
      cell: (line) => (
        <>
          <span className="fw-semibold">{formatMoney(line.total)}</span>
          <div className="small text-body-secondary text-nowrap">
            {formatMoney(line.price)} × {line.quantity}
          </div>
        </>
      ),
    },
    {
      label: M.status,
      cell: (line) => (
        <div className="d-flex flex-column align-items-start gap-2">
          <OrderStatusBadge status={line.status} />
          {line.status === MESSAGES.orderStatus.paid && (
            <Button
              size="sm"
              variant="outline-primary"
              className="text-nowrap"
              disabled={shipping(line.id)}
              onClick={() => onShip(line.id)}
            >
              {M.markShipped}
            </Button>
          )}
        </div>
      ),
    },
    {
      label: M.shipTo,
      className: 'orders-table__ship-to',
      cell: (line) =>
        line.shipping ? (
          <ShipTo shipping={line.shipping} />
        ) : line.status === MESSAGES.orderStatus.cancelled ? (
          <span className="text-body-secondary">—</span>
        ) : (
          <span className="small text-body-secondary">{M.notPaidYet}</span>
        ),
    },
  ];
}

/**
 * /sales/view, My Sales (vendors): the lines of the vendor's products, newest
 * first: #OrderID, date, product, quantity, total, state and where to ship once paid (never before;
 * a cancelled line says nothing); Mark shipped on a paid line. Page sizes 10 to 40.
 */
export default function MySalesPage() {
  const paging = usePaging(SHOP_LIMITS.defaultPageSize);
  const sales = useSales(paging.page, paging.pageSize);
  const ship = useMarkShipped();

  const markShipped = async (lineId: number) => {
    try {
      await ship.mutateAsync(lineId);
      toast.success(M.shipped);
    } catch (error) {
      toast.error(isApiError(error) && error.isBadRequest ? error.message : MESSAGES.toast.networkError);
    }
  };

  return (
    <PagedListPage
      titleId="my-sales-title"
      title={M.title}
      sizeInHeader
      perPageLabel={M.perPage}
      paging={paging}
      query={sales}
      toastId="sales-load-failed"
      loadFailed={MESSAGES.toast.networkError}
      retry={M.retry}
      empty={M.empty}
      pagesLabel={M.pages}
    >
      {({ data: rows }) => (
        <ColumnsTable
          columns={saleColumns(
            (id) => ship.isPending && ship.variables === id,
            (id) => void markShipped(id),
          )}
          rows={rows}
          rowKey={(line) => line.id}
          rowAttributes={() => ({ 'data-testid': 'sale-row' })}
          className="orders-table"
          aria-busy={sales.isFetching}
        />
      )}
    </PagedListPage>
  );
}
