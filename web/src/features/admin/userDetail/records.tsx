import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import { adPath, formatMoney, MESSAGES } from '@app/domain';
import type { TAdminUserDetail } from '@app/domain';
import { StatusBadge } from '../parts.tsx';
import { Block } from './Block.tsx';
import { formatDay, formatMoment } from '../../../lib/dates.ts';

/* The lists on an account's page: each a titled table of what the account has or what was done to it. */

const U = MESSAGES.adminUsers;
const P = MESSAGES.adminPages.users;
const PAY = MESSAGES.payments;
const R = MESSAGES.adminReports;
const A = MESSAGES.auditLog.columns;

/** A date cell's class: small, on one line. */
const DATE = 'small text-nowrap';

/**
 * The account's ads: each links to its own page, a pending one also to the moderation queue; shown or
 * hidden (all hidden while blocked).
 */
export function AdsBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.ads}
      empty={U.noAds}
      rows={d.ads}
      rowKey={(ad) => ad.id}
      columns={[
        { label: A.id, cell: (ad) => <Link to={adPath(ad.id, ad)}>#{ad.id}</Link> },
        {
          label: U.name,
          cell: (ad) =>
            ad.review === 'pending' ? <Link to="/admin/moderation?type=ad">{ad.name}</Link> : ad.name,
        },
        { label: U.city, cell: (ad) => ad.city },
        { label: P.review, cell: (ad) => <StatusBadge status={ad.review} /> },
        {
          label: P.shown,
          cell: (ad) => (d.user.is_active ? (ad.isShowed ? P.yes : P.no) : P.hiddenBlocked),
        },
        { label: PAY.columns.date, cell: (ad) => formatDay(ad.createdAt), className: DATE },
      ]}
    />
  );
}

/** The account's places: a pending one links to the moderation queue. */
export function PlacesBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.places}
      empty={U.noPlaces}
      rows={d.places}
      rowKey={(place) => place.id}
      columns={[
        { label: A.id, cell: (place) => `#${place.id}` },
        {
          label: U.name,
          cell: (place) =>
            place.review === 'pending' ? (
              <Link to="/admin/moderation?type=place">{place.name}</Link>
            ) : (
              place.name
            ),
        },
        { label: P.review, cell: (place) => <StatusBadge status={place.review} /> },
        { label: PAY.columns.date, cell: (place) => formatDay(place.createdAt), className: DATE },
      ]}
    />
  );
}

/** The account's products, each linking to its public page. */
export function ProductsBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.products}
      empty={U.noProducts}
      rows={d.products}
      rowKey={(product) => product.id}
      columns={[
        { label: A.id, cell: (product) => `#${product.id}` },
        {
          label: U.name,
          cell: (product) => <Link to={`/productdetails/${product.id}`}>{product.name}</Link>,
        },
        { label: P.price, cell: (product) => formatMoney(product.price) },
        {
          label: U.status,
          cell: (product) => (product.archived ? <Badge bg="secondary">{U.archived}</Badge> : '—'),
        },
      ]}
    />
  );
}

/** The account's orders with their payment state and total. */
export function OrdersBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.orders}
      empty={U.noOrders}
      rows={d.orders}
      rowKey={(order) => order.id}
      columns={[
        { label: A.id, cell: (order) => `#${order.id}` },
        { label: U.status, cell: (order) => order.status },
        { label: P.payment, cell: (order) => <StatusBadge status={order.payment_status} /> },
        { label: P.total, cell: (order) => formatMoney(order.total) },
        { label: PAY.columns.date, cell: (order) => formatDay(order.createdAt), className: DATE },
      ]}
    />
  );
}

/** What the account paid: subscriptions, orders and tips, with the typed transaction id. */
export function PaymentsBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.payments}
      empty={U.noPayments}
      rows={d.payments}
      rowKey={(payment) => `${payment.kind}-${payment.id}`}
      columns={[
        { label: PAY.columns.kind, cell: (payment) => PAY.kinds[payment.kind] },
        { label: PAY.columns.description, cell: (payment) => payment.description },
        { label: PAY.columns.amount, cell: (payment) => formatMoney(payment.amount) },
        {
          label: PAY.columns.transactionId,
          cell: (payment) =>
            payment.transaction_id ? (
              <code className="text-break">{payment.transaction_id}</code>
            ) : (
              PAY.noTransactionId
            ),
        },
        { label: U.status, cell: (payment) => <StatusBadge status={payment.status} /> },
        { label: PAY.columns.date, cell: (payment) => formatDay(payment.createdAt), className: DATE },
      ]}
    />
  );
}

/** The reports about the account or its records. */
export function ReportsBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.reports}
      empty={U.noReports}
      rows={d.reports}
      rowKey={(report) => report.id}
      columns={[
        { label: U.reasonLabel, cell: (report) => <Link to="/admin/reports">{report.reason}</Link> },
        { label: R.columns.details, cell: (report) => report.details, className: 'small' },
        {
          label: P.item,
          cell: (report) => report.subject ?? report.listing ?? '—',
          className: 'small text-break',
        },
        { label: U.status, cell: (report) => <StatusBadge status={report.status} /> },
        { label: PAY.columns.date, cell: (report) => formatDay(report.createdAt), className: DATE },
      ]}
    />
  );
}

/** The audit trail: what admins did to this account. */
export function AuditBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.audit}
      empty={U.noAudit}
      rows={d.audit}
      rowKey={(entry) => entry.id}
      columns={[
        { label: A.when, cell: (entry) => formatMoment(entry.createdAt), className: DATE },
        {
          label: A.actor,
          cell: (entry) =>
            entry.actor ? (
              <Link to={`/admin/users/${entry.actor.id}`}>{entry.actor.username}</Link>
            ) : (
              MESSAGES.auditLog.system
            ),
        },
        { label: A.action, cell: (entry) => <code>{entry.action}</code> },
        { label: A.subject, cell: (entry) => entry.subject, className: 'text-break' },
        { label: A.details, cell: (entry) => entry.details, className: 'small text-break' },
      ]}
    />
  );
}
