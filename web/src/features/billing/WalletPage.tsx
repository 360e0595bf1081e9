import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { Alert, Badge, Card, Col, Row } from 'react-bootstrap';
import { formatMoney, MESSAGES, PAGE_SIZES } from '@app/domain';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { PanelLoading } from '../../ui/PanelStatus.tsx';
import type { TransactionAttributes, WalletTotals } from './api.ts';
import { useTransactions, useWallet } from './api.ts';
import { PaymentBadge } from './PaymentBadge.tsx';
import { PendingPackageNote } from './PendingPackageNote.tsx';
import { PagedTable } from './PagedTable.tsx';
import { usePaging } from '../../ui/PagedListPage.tsx';
import './billing.css';
import { formatDay } from '../../lib/dates.ts';

const T = MESSAGES.wallet;

// Chart.js is only needed here: its own chunk, fetched when My Wallet shows the chart.
const WalletChart = lazy(() => import('./WalletChart.tsx'));

/** What a ledger row paid for: the package's name, 'Tip', or the kind of order. */
export function describeTransaction(t: TransactionAttributes): string {
  if (t.order_type === 'package') {
    const subscription = t.subscription?.data?.attributes;
    return subscription?.package_name ?? subscription?.package?.data?.attributes.name ?? T.package;
  }
  if (t.order_type === 'tip' || t.tip?.data) return T.tip;
  return T.other;
}

/**
 * /provider/wallet (spec 000 §2 "My Wallet"): the server's totals (balance, income, expenses; credits
 * waiting for verification apart), income and expenses per month, and the ledger, newest first.
 */
export default function WalletPage() {
  const wallet = useWallet();
  return (
    <Card className="shadow-sm">
      <Card.Header className="bg-transparent">
        <h1 className="h4 mb-0">{T.title}</h1>
      </Card.Header>
      <Card.Body>
        {wallet.isPending ? (
          <PageSpinner />
        ) : wallet.isError ? (
          <Alert variant="warning">{MESSAGES.toast.genericWarning}</Alert>
        ) : (
          <>
            <WalletFigures totals={wallet.data} />
            <section aria-labelledby="wallet-chart" className="mb-4">
              <h2 id="wallet-chart" className="h5">
                {T.chart}
              </h2>
              {wallet.data.months?.some((m) => m.income !== 0 || m.expenses !== 0) ? (
                <Suspense fallback={<PanelLoading />}>
                  <WalletChart months={wallet.data.months} />
                </Suspense>
              ) : (
                <p className="text-body-secondary">{T.chartEmpty}</p>
              )}
            </section>
          </>
        )}
        <Transactions />
      </Card.Body>
    </Card>
  );
}

function WalletFigures({ totals }: { totals: WalletTotals }) {
  const pending = totals.pending;
  const figures: [label: string, amount: number, icon: string, note?: ReactNode][] = [
    [T.balance, totals.totalWalletBalance, 'bi-wallet2'],
    [T.income, totals.totalIncome, 'bi-graph-up-arrow'],
    [
      T.expenses,
      totals.totalDebit,
      'bi-graph-down-arrow',
      <PendingPackageNote key="pending" amount={pending?.totalDebit ?? 0} className="mt-1" />,
    ],
  ];
  return (
    <>
      <Row xs={1} sm={3} className="g-3 mb-3">
        {figures.map(([label, amount, icon, note]) => (
          <Col key={label}>
            <Card className="h-100 bg-body-tertiary border-0">
              <Card.Body>
                <div className="small text-body-secondary">
                  <i className={`bi ${icon} me-1`} aria-hidden="true" />
                  {label}
                </div>
                <div className="wallet-figure" data-field={label}>
                  {formatMoney(amount)}
                </div>
                {note}
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      {pending && pending.totalCredit > 0 && (
        <Alert variant="warning" className="py-2 small">
          <strong>{T.pending}.</strong> {T.pendingHelp}{' '}
          <strong data-field={T.pending}>{formatMoney(pending.totalCredit)}</strong>
        </Alert>
      )}
    </>
  );
}

function Transactions() {
  const paging = usePaging(PAGE_SIZES[0]);
  const list = useTransactions(paging.page, paging.pageSize);

  return (
    <PagedTable
      titleId="wallet-transactions"
      title={T.recent}
      query={list}
      paging={paging}
      empty={T.empty}
      rowKey={(item) => item.id}
      columns={[
        { label: T.date, cell: ({ attributes: t }) => formatDay(t.createdAt) },
        {
          label: T.type,
          cell: ({ attributes: t }) => {
            const credit = t.transaction_type === 'credit';
            return <Badge bg={credit ? 'success' : 'secondary'}>{credit ? T.credit : T.debit}</Badge>;
          },
        },
        { label: T.for, cell: ({ attributes: t }) => describeTransaction(t) },
        {
          label: T.amount,
          className: 'text-end',
          cell: ({ attributes: t }) => {
            const credit = t.transaction_type === 'credit';
            return (
              <span className={credit ? 'text-success' : undefined}>
                {credit ? '+' : '−'}
                {formatMoney(t.transaction_amount)}
              </span>
            );
          },
        },
        { label: T.paymentState, cell: ({ attributes: t }) => <PaymentBadge status={t.payment_status} /> },
      ]}
    />
  );
}
