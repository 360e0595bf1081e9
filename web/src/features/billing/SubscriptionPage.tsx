import type { ReactNode } from 'react';
import { Alert, Badge, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatMoney, MESSAGES, PAGE_SIZES, subscriptionStatus } from '@app/domain';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import type { AdQuota } from '@app/domain';
import type { SubscriptionAttributes } from './api.ts';
import { useCurrentSubscription, useSubscriptions } from './api.ts';
import { PaymentBadge } from './PaymentBadge.tsx';
import { PagedTable } from './PagedTable.tsx';
import { usePaging } from '../../ui/PagedListPage.tsx';
import './billing.css';
import { formatDay } from '../../lib/dates.ts';

const T = MESSAGES.subscription;

function packageName(s: SubscriptionAttributes): string {
  return s.package_name ?? s.package?.data?.attributes.name ?? '';
}

function statusOf(s: SubscriptionAttributes): 'Active' | 'Inactive' {
  return s.status ?? subscriptionStatus(s);
}

function StatusBadge({ status }: { status: 'Active' | 'Inactive' }) {
  return <Badge bg={status === T.active ? 'success' : 'secondary'}>{status}</Badge>;
}

/**
 * /provider/subscription (spec 000 §2 "My Subscription"): the active subscription (package, number
 * of ads with what is posted and left, dates, payment state, status) and every subscription bought.
 */
export default function SubscriptionPage() {
  return (
    <Card className="shadow-sm">
      <Card.Header className="bg-transparent">
        <h1 className="h4 mb-0">{T.title}</h1>
      </Card.Header>
      <Card.Body>
        <CurrentSubscription />
        <SubscriptionHistory />
      </Card.Body>
    </Card>
  );
}

function CurrentSubscription() {
  const current = useCurrentSubscription();
  if (current.isPending) return <PageSpinner />;
  if (current.isError) return <Alert variant="warning">{MESSAGES.toast.genericWarning}</Alert>;
  const { subscription, quota } = current.data;
  if (!subscription) {
    return (
      <Alert variant="info" className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <span>{T.none}</span>
        <Link to="/ads/packages" className="btn btn-accent btn-sm">
          {T.buyPackage}
        </Link>
      </Alert>
    );
  }
  return <SubscriptionDetails subscription={subscription.attributes} quota={quota} />;
}

function SubscriptionDetails({
  subscription: s,
  quota,
}: {
  subscription: SubscriptionAttributes;
  quota: AdQuota;
}) {
  const rows: [label: string, value: ReactNode][] = [
    [T.packageName, packageName(s)],
    [
      T.numberOfAds,
      <>
        <span data-testid="ads-allowed">{quota.allowed}</span>{' '}
        <span className="text-body-secondary small">
          ({T.posted} {quota.posted} · {T.remaining} {quota.remaining})
        </span>
      </>,
    ],
    [T.startDate, formatDay(s.start_date)],
    [T.endDate, formatDay(s.end_date)],
    [
      T.paymentState,
      <>
        <PaymentBadge status={s.payment_status} />
        <div className="small text-body-secondary mt-1">{T.paymentHelp[s.payment_status]}</div>
      </>,
    ],
    [T.status, <StatusBadge status={statusOf(s)} />],
  ];
  return (
    <section aria-labelledby="current-subscription" className="mb-4">
      <h2 id="current-subscription" className="h5">
        {T.current}
      </h2>
      <dl className="row mb-0">
        {rows.map(([label, value]) => (
          <div key={label} className="col-12 d-sm-flex py-2 border-bottom">
            <dt className="col-sm-4">{label}</dt>
            <dd className="col-sm-8 mb-0" data-field={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SubscriptionHistory() {
  const paging = usePaging(PAGE_SIZES[0]);
  const list = useSubscriptions(paging.page, paging.pageSize);

  return (
    <PagedTable
      titleId="subscription-history"
      title={T.history}
      query={list}
      paging={paging}
      empty={T.historyEmpty}
      rowKey={(item) => item.id}
      columns={[
        { label: T.packageName, cell: ({ attributes: s }) => packageName(s) },
        { label: T.startDate, cell: ({ attributes: s }) => formatDay(s.start_date) },
        { label: T.endDate, cell: ({ attributes: s }) => formatDay(s.end_date) },
        { label: T.price, className: 'text-end', cell: ({ attributes: s }) => formatMoney(s.price) },
        { label: T.paymentState, cell: ({ attributes: s }) => <PaymentBadge status={s.payment_status} /> },
        { label: T.status, cell: ({ attributes: s }) => <StatusBadge status={statusOf(s)} /> },
      ]}
    />
  );
}
