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

/**
 * The account's ads: each links to its own page, a pending one also to the moderation queue; shown or
 * hidden (all hidden while blocked).
 */
export function AdsBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.ads}
      empty={U.noAds}
      count={d.ads.length}
      headers={[A.id, U.name, U.city, P.review, P.shown, PAY.columns.date]}
    >
      {d.ads.map((ad) => (
        <tr key={ad.id}>
          <td>
            <Link to={adPath(ad.id, ad)}>#{ad.id}</Link>
          </td>
          <td>{ad.review === 'pending' ? <Link to="/admin/moderation?type=ad">{ad.name}</Link> : ad.name}</td>
          <td>{ad.city}</td>
          <td>
            <StatusBadge status={ad.review} />
          </td>
          <td>{d.user.is_active ? (ad.isShowed ? P.yes : P.no) : P.hiddenBlocked}</td>
          <td className="small text-nowrap">{formatDay(ad.createdAt)}</td>
        </tr>
      ))}
    </Block>
  );
}

/** The account's places: a pending one links to the moderation queue. */
export function PlacesBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.places}
      empty={U.noPlaces}
      count={d.places.length}
      headers={[A.id, U.name, P.review, PAY.columns.date]}
    >
      {d.places.map((place) => (
        <tr key={place.id}>
          <td>#{place.id}</td>
          <td>
            {place.review === 'pending' ? (
              <Link to="/admin/moderation?type=place">{place.name}</Link>
            ) : (
              place.name
            )}
          </td>
          <td>
            <StatusBadge status={place.review} />
          </td>
          <td className="small text-nowrap">{formatDay(place.createdAt)}</td>
        </tr>
      ))}
    </Block>
  );
}

/** The account's products, each linking to its public page. */
export function ProductsBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.products}
      empty={U.noProducts}
      count={d.products.length}
      headers={[A.id, U.name, P.price, U.status]}
    >
      {d.products.map((product) => (
        <tr key={product.id}>
          <td>#{product.id}</td>
          <td>
            <Link to={`/productdetails/${product.id}`}>{product.name}</Link>
          </td>
          <td>{formatMoney(product.price)}</td>
          <td>{product.archived ? <Badge bg="secondary">{U.archived}</Badge> : '—'}</td>
        </tr>
      ))}
    </Block>
  );
}

/** The account's orders with their payment state and total. */
export function OrdersBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.orders}
      empty={U.noOrders}
      count={d.orders.length}
      headers={[A.id, U.status, P.payment, P.total, PAY.columns.date]}
    >
      {d.orders.map((order) => (
        <tr key={order.id}>
          <td>#{order.id}</td>
          <td>{order.status}</td>
          <td>
            <StatusBadge status={order.payment_status} />
          </td>
          <td>{formatMoney(order.total)}</td>
          <td className="small text-nowrap">{formatDay(order.createdAt)}</td>
        </tr>
      ))}
    </Block>
  );
}

/** What the account paid: subscriptions, orders and tips, with the typed transaction id. */
export function PaymentsBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.payments}
      empty={U.noPayments}
      count={d.payments.length}
      headers={[
        PAY.columns.kind,
        PAY.columns.description,
        PAY.columns.amount,
        PAY.columns.transactionId,
        U.status,
        PAY.columns.date,
      ]}
    >
      {d.payments.map((payment) => (
        <tr key={`${payment.kind}-${payment.id}`}>
          <td>{PAY.kinds[payment.kind]}</td>
          <td>{payment.description}</td>
          <td>{formatMoney(payment.amount)}</td>
          <td>
            {payment.transaction_id ? (
              <code className="text-break">{payment.transaction_id}</code>
            ) : (
              PAY.noTransactionId
            )}
          </td>
          <td>
            <StatusBadge status={payment.status} />
          </td>
          <td className="small text-nowrap">{formatDay(payment.createdAt)}</td>
        </tr>
      ))}
    </Block>
  );
}

/** The reports about the account or its records. */
export function ReportsBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.reports}
      empty={U.noReports}
      count={d.reports.length}
      headers={[U.reasonLabel, R.columns.details, P.item, U.status, PAY.columns.date]}
    >
      {d.reports.map((report) => (
        <tr key={report.id}>
          <td>
            <Link to="/admin/reports">{report.reason}</Link>
          </td>
          <td className="small">{report.details}</td>
          <td className="small text-break">{report.subject ?? report.listing ?? '—'}</td>
          <td>
            <StatusBadge status={report.status} />
          </td>
          <td className="small text-nowrap">{formatDay(report.createdAt)}</td>
        </tr>
      ))}
    </Block>
  );
}

/** The audit trail: what admins did to this account. */
export function AuditBlock({ detail: d }: { detail: TAdminUserDetail }) {
  return (
    <Block
      title={U.audit}
      empty={U.noAudit}
      count={d.audit.length}
      headers={[A.when, A.actor, A.action, A.subject, A.details]}
    >
      {d.audit.map((entry) => (
        <tr key={entry.id}>
          <td className="small text-nowrap">{formatMoment(entry.createdAt)}</td>
          <td>
            {entry.actor ? (
              <Link to={`/admin/users/${entry.actor.id}`}>{entry.actor.username}</Link>
            ) : (
              MESSAGES.auditLog.system
            )}
          </td>
          <td>
            <code>{entry.action}</code>
          </td>
          <td className="text-break">{entry.subject}</td>
          <td className="small text-break">{entry.details}</td>
        </tr>
      ))}
    </Block>
  );
}
