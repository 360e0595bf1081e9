import { Link } from 'react-router';
import { formatMoney, MESSAGES } from '@app/domain';
import { useSession } from '../../app/session.tsx';
import { formatDay } from '../../lib/dates.ts';
import { ColumnsTable } from '../../ui/ColumnsTable.tsx';
import type { TableColumn } from '../../ui/ColumnsTable.tsx';
import { PagedListPage, usePaging } from '../../ui/PagedListPage.tsx';
import { useMyPayments } from './api.ts';
import type { MyPayment } from './api.ts';
import { PaymentBadge } from './PaymentBadge.tsx';
import './billing.css';

const M = MESSAGES.myPayments;

/** What a payment paid for: the tip's ad, or the order (a link to My Orders) and its products. */
function PaidFor({ payment }: { payment: MyPayment }) {
  if (payment.kind === 'tip') {
    return payment.ad_name === null ? (
      <span>{M.tipToDeletedAd}</span>
    ) : (
      <span className="billing-paid-for">
        {M.tipTo} <strong>{payment.ad_name}</strong>
      </span>
    );
  }
  return (
    <span>
      <Link to="/orders/view">
        {M.order} #{payment.id}
      </Link>{' '}
      <span className="small text-body-secondary text-nowrap">
        · {payment.lines} {M.products}
      </span>
    </span>
  );
}

/** The table's columns: each one's heading and what a payment shows under it. */
const COLUMNS: readonly TableColumn<MyPayment>[] = [
  { label: M.payment, cell: (payment) => <PaidFor payment={payment} /> },
  { label: M.date, cell: (payment) => <span className="text-nowrap">{formatDay(payment.createdAt)}</span> },
  {
    label: M.transactionId,
    cell: (payment) => <span className="billing-transaction-id">{payment.transaction_id ?? '—'}</span>,
  },
  {
    label: M.amount,
    cell: (payment) => <span className="text-nowrap fw-semibold">{formatMoney(payment.amount)}</span>,
    className: 'text-md-end',
  },
  { label: M.status, cell: (payment) => <PaymentBadge status={payment.payment_status} /> },
];

/**
 * /payments/view, My Payments: the hobbyist's tips and the orders they paid by a transaction id, newest
 * first, a page of 10 to 40, each with what it paid for, its date, transaction id, amount and its
 * payment's state (pending until an administrator checks it, then verified or rejected).
 */
export default function MyPaymentsPage() {
  const { userId } = useSession();
  const paging = usePaging();
  const payments = useMyPayments(userId, paging.page, paging.pageSize);

  return (
    <PagedListPage
      titleId="my-payments-title"
      title={M.title}
      sizeInHeader
      notice={<p className="text-body-secondary">{M.intro}</p>}
      perPageLabel={M.perPage}
      paging={paging}
      query={payments}
      loadFailed={MESSAGES.toast.networkError}
      retry={M.retry}
      empty={<p className="text-body-secondary">{M.empty}</p>}
      pagesLabel={M.pages}
    >
      {(page) => (
        <ColumnsTable
          columns={COLUMNS}
          rows={page.data}
          rowKey={(payment) => `${payment.kind}-${payment.id}`}
          rowAttributes={() => ({ 'data-testid': 'my-payment' })}
          className="my-payments-table"
          aria-busy={payments.isFetching}
        />
      )}
    </PagedListPage>
  );
}
