import { Alert } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '@app/domain';
import { AdminPageHeader, QueryState } from './parts.tsx';
import { AccountCard } from './userDetail/AccountCard.tsx';
import {
  AdsBlock,
  AuditBlock,
  OrdersBlock,
  PaymentsBlock,
  PlacesBlock,
  ProductsBlock,
  ReportsBlock,
} from './userDetail/records.tsx';
import { SubscriptionsBlock } from './userDetail/subscriptions.tsx';
import { useAdminUser } from './usersApi.ts';
import './admin-pages.css';

const P = MESSAGES.adminPages.users;

/**
 * /admin/users/:id: an account's details, verification and two-factor state, Block /
 * Unblock and Sign out everywhere (each asked first), then its ads, places, products, orders, payments,
 * the reports about it, its subscriptions (a provider's extra-ads allowance editable) and its audit trail.
 */
export default function UserDetailPage() {
  const { id: raw } = useParams();
  const id = Number(raw);
  const detail = useAdminUser(id);
  const notFound =
    !Number.isInteger(id) ||
    id <= 0 ||
    (detail.isError && (detail.error as { status?: number }).status === 404);

  const back = (
    <Link to="/admin/users" className="btn btn-sm btn-outline-secondary">
      <i className="bi bi-arrow-left me-1" aria-hidden="true" />
      {P.back}
    </Link>
  );

  if (notFound) {
    return (
      <section>
        <AdminPageHeader title={MESSAGES.adminConsole.titles.userDetail}>{back}</AdminPageHeader>
        <Alert variant="warning">{P.notFound}</Alert>
      </section>
    );
  }
  if (!detail.data) {
    return (
      <section>
        <AdminPageHeader title={MESSAGES.adminConsole.titles.userDetail}>{back}</AdminPageHeader>
        <QueryState query={detail} loadFailed={P.loadFailed} />
      </section>
    );
  }

  const d = detail.data;
  const isProvider = d.user.user_type === 'Provider';
  return (
    <section>
      <AdminPageHeader title={`${MESSAGES.adminConsole.titles.userDetail}: ${d.user.username}`}>
        {back}
      </AdminPageHeader>
      <AccountCard detail={d} />

      <AdsBlock detail={d} />

      <PlacesBlock detail={d} />

      <ProductsBlock detail={d} />

      <OrdersBlock detail={d} />

      <PaymentsBlock detail={d} />

      <ReportsBlock detail={d} />

      <SubscriptionsBlock subscriptions={d.subscriptions} editable={isProvider} />

      <AuditBlock detail={d} />
    </section>
  );
}
