import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row, Table } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import {
  ageOrNull,
  formatMoney,
  fromCents,
  MESSAGES,
  ZDocumentsHold,
  ZSubscriptionReview,
} from '@app/domain';
import type { TAdminUserDetail } from '@app/domain';
import { formatDate } from '../billing/index.ts';
import { formatDay, formatMoment } from '../screening/index.ts';
import { adminErrorMessage } from './adminApi.ts';
import { ConfirmDialog } from './dialogs.tsx';
import { AdminPageHeader, QueryState, StatusBadge } from './parts.tsx';
import {
  useAdminUser,
  useLogoutEverywhere,
  useSetDocumentsHold,
  useSetExtraAds,
  useSetUserActive,
} from './usersApi.ts';
import { AccountStatusBadge, accountTypeLabel, VerificationBadge } from './UsersPage.tsx';
import './admin-pages.css';

const U = MESSAGES.adminUsers;
const V = MESSAGES.verification;
const P = MESSAGES.adminPages.users;
const PAY = MESSAGES.payments;
const R = MESSAGES.adminReports;
const A = MESSAGES.auditLog.columns;

/** A titled block of an account's page: its table, or the muted "none" text. */
function Block({
  title,
  empty,
  count,
  headers,
  children,
}: {
  title: string;
  empty: string;
  count: number;
  headers: readonly string[];
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 id={id} className="h5">
        {title} <span className="text-body-secondary small">({count})</span>
      </h2>
      {count === 0 ? (
        <p className="text-body-secondary small">{empty}</p>
      ) : (
        <Table responsive size="sm" className="align-middle admin-table">
          <thead>
            <tr>
              {headers.map((heading) => (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </Table>
      )}
    </section>
  );
}

/** A provider's extra-ads allowance on one subscription: a small form of its own. */
type Subscription = TAdminUserDetail['subscriptions'][number];
export type SubscriptionPeriod = keyof typeof P.periods;

const PERIOD_BADGES: Record<SubscriptionPeriod, string> = {
  current: 'success',
  upcoming: 'info',
  ended: 'secondary',
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date's moment; a bare day (`2026-11-24`) ends at the end of that day. */
const momentOf = (date: string, end: boolean): number => {
  const ms = Date.parse(date);
  return end && /^\d{4}-\d{2}-\d{2}$/.test(date) ? ms + DAY_MS : ms;
};

/** Whether a subscription runs now, starts later or has ended (its start and end dates against `now`). */
export function subscriptionPeriod(
  subscription: Pick<Subscription, 'start_date' | 'end_date'>,
  now: number = Date.now(),
): SubscriptionPeriod {
  if (momentOf(subscription.start_date, false) > now) return 'upcoming';
  if (momentOf(subscription.end_date, true) <= now) return 'ended';
  return 'current';
}

/** The current subscription first, then the upcoming ones (soonest first), then the ended (latest first). */
export function orderSubscriptions(
  subscriptions: readonly Subscription[],
  now: number = Date.now(),
): { subscription: Subscription; period: SubscriptionPeriod }[] {
  const rank: Record<SubscriptionPeriod, number> = { current: 0, upcoming: 1, ended: 2 };
  return subscriptions
    .map((subscription) => ({ subscription, period: subscriptionPeriod(subscription, now) }))
    .sort((a, b) => {
      if (a.period !== b.period) return rank[a.period] - rank[b.period];
      const start = (x: typeof a) => momentOf(x.subscription.start_date, false);
      return a.period === 'upcoming' ? start(a) - start(b) : start(b) - start(a);
    });
}

function ExtraAdsForm({ subscription }: { subscription: TAdminUserDetail['subscriptions'][number] }) {
  const id = useId();
  const save = useSetExtraAds();
  const [value, setValue] = useState(String(subscription.extra_ads));
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const parsed = ZSubscriptionReview.safeParse({
      extra_ads: /^\d+$/.test(value.trim()) ? Number(value) : NaN,
    });
    if (!parsed.success) return setError(P.extraAdsInvalid);
    setError(null);
    try {
      await save.mutateAsync({ id: subscription.id, extraAds: Number(value) });
      toast.success(U.extraAdsSaved);
    } catch (failure) {
      toast.error(adminErrorMessage(failure));
    }
  };

  return (
    <Form
      noValidate
      className="d-flex align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form.Group controlId={`${id}-extra`}>
        <Form.Label className="small mb-1">{U.extraAds}</Form.Label>
        <Form.Control
          size="sm"
          type="number"
          min={0}
          max={10_000}
          step={1}
          value={value}
          className="admin-extra-ads"
          isInvalid={error !== null}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-extra-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        {error && (
          <Form.Control.Feedback type="invalid" id={`${id}-extra-error`}>
            {error}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <Button type="submit" size="sm" variant="outline-primary" disabled={save.isPending}>
        {U.saveExtraAds}
      </Button>
    </Form>
  );
}

/**
 * A legal hold on a provider's ID documents: the retention job keeps them until the day (today up to five
 * years ahead, as `ZDocumentsHold` checks on both sides); Save sets it, Clear lifts it.
 */
function DocumentsHoldForm({ user }: { user: TAdminUserDetail['user'] }) {
  const id = useId();
  const save = useSetDocumentsHold();
  const [value, setValue] = useState(user.documents_hold_until ?? '');
  const [error, setError] = useState<string | null>(null);

  const send = async (until: string | null) => {
    if (until !== null) {
      const parsed = ZDocumentsHold.safeParse(until);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? V.holdInvalid);
    }
    setError(null);
    try {
      await save.mutateAsync({ id: user.id, until });
      if (until === null) setValue('');
      toast.success(until === null ? U.holdCleared : U.holdSaved);
    } catch (failure) {
      toast.error(adminErrorMessage(failure, U.actionFailed));
    }
  };

  return (
    <Form
      noValidate
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send(value.trim());
      }}
    >
      <Form.Group controlId={`${id}-hold`} className="mb-2">
        <Form.Label className="small mb-1">{U.documentsHold}</Form.Label>
        <Form.Control
          size="sm"
          type="date"
          value={value}
          className="w-auto"
          isInvalid={error !== null}
          aria-invalid={error !== null}
          aria-describedby={[error ? `${id}-hold-error` : null, `${id}-hold-help`].filter(Boolean).join(' ')}
          onChange={(event) => setValue(event.target.value)}
        />
        {error && (
          <Form.Control.Feedback type="invalid" id={`${id}-hold-error`}>
            {error}
          </Form.Control.Feedback>
        )}
        <Form.Text id={`${id}-hold-help`} className="d-block">
          {U.documentsHoldHelp}
        </Form.Text>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="outline-primary" disabled={save.isPending}>
          {U.saveHold}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={save.isPending || !user.documents_hold_until}
          onClick={() => void send(null)}
        >
          {U.clearHold}
        </Button>
      </div>
    </Form>
  );
}

type Asking = 'block' | 'unblock' | 'logoutAll';

/** The account's own facts, its state and the actions on it. */
function AccountCard({ detail }: { detail: TAdminUserDetail }) {
  const { user } = detail;
  const setActive = useSetUserActive();
  const logout = useLogoutEverywhere();
  const [asking, setAsking] = useState<Asking | null>(null);

  const confirm = async () => {
    if (!asking) return;
    try {
      if (asking === 'logoutAll') {
        await logout.mutateAsync(user.id);
        toast.success(U.loggedOutToast);
      } else {
        await setActive.mutateAsync({ id: user.id, active: asking === 'unblock' });
        toast.success(asking === 'block' ? U.blockedToast : U.unblockedToast);
      }
    } catch (error) {
      toast.error(adminErrorMessage(error, U.actionFailed));
    }
    setAsking(null);
  };

  const prompts: Record<Asking, { prompt: string; label: string; variant: string }> = {
    block: { prompt: U.confirmBlock, label: U.block, variant: 'danger' },
    unblock: { prompt: U.confirmUnblock, label: U.unblock, variant: 'accent' },
    logoutAll: { prompt: U.confirmLogoutAll, label: U.logoutAll, variant: 'danger' },
  };
  const age = user.dob ? ageText(user.dob) : '';
  const fact = (label: string, value: ReactNode) => (
    <>
      <dt className="col-sm-4 col-lg-3">{label}</dt>
      <dd className="col-sm-8 col-lg-9 text-break">{value ?? '—'}</dd>
    </>
  );

  return (
    <Card className="mb-4 shadow-sm">
      <Card.Body>
        <Row className="g-3">
          <Col lg={8}>
            <h2 className="h5">{P.details}</h2>
            <dl className="row small mb-0">
              {fact(U.username, user.username)}
              {fact(U.name, [user.first_name, user.last_name].filter(Boolean).join(' ') || '—')}
              {fact(U.email, <a href={`mailto:${user.email}`}>{user.email}</a>)}
              {fact(U.phone, user.phone_number || '—')}
              {fact(U.type, accountTypeLabel(user))}
              {fact(U.dob, user.dob ? `${formatDay(user.dob)}${age}` : '—')}
              {fact(U.city, user.city || '—')}
              {fact(U.joined, formatDate(user.createdAt))}
              {fact(U.status, <AccountStatusBadge active={user.is_active} />)}
              {fact(
                U.verification,
                <>
                  <VerificationBadge state={user.verification} />
                  {user.verification_reason && <span className="ms-2">{user.verification_reason}</span>}
                  {user.verified_at && (
                    <span className="ms-2 text-body-secondary">
                      {V.verifiedAt} {formatDate(user.verified_at)}
                    </span>
                  )}
                </>,
              )}
              {fact(U.twoFactor, user.two_factor_enabled ? U.twoFactorOn : U.twoFactorOff)}
            </dl>
            {user.user_type === 'Provider' && <DocumentsHoldForm user={user} />}
          </Col>
          <Col lg={4}>
            <h2 className="h5">{MESSAGES.adminConsole.table.actions}</h2>
            <div className="d-flex flex-wrap gap-2">
              {user.is_active ? (
                <Button variant="outline-danger" onClick={() => setAsking('block')}>
                  {U.block}
                </Button>
              ) : (
                <Button variant="outline-success" onClick={() => setAsking('unblock')}>
                  {U.unblock}
                </Button>
              )}
              <Button variant="outline-secondary" onClick={() => setAsking('logoutAll')}>
                {U.logoutAll}
              </Button>
            </div>
          </Col>
        </Row>
      </Card.Body>
      <ConfirmDialog
        show={asking !== null}
        busy={setActive.isPending || logout.isPending}
        title={asking ? prompts[asking].label : undefined}
        prompt={asking ? prompts[asking].prompt : ''}
        confirmLabel={asking ? prompts[asking].label : undefined}
        cancelLabel={U.cancel}
        variant={asking ? prompts[asking].variant : undefined}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}

/** ` (Age 34)`: the age in whole years after a date of birth, or nothing. */
function ageText(dob: string): string {
  const age = ageOrNull(dob.slice(0, 10));
  return age === null ? '' : ` (${U.age} ${age})`;
}

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

      <Block
        title={U.ads}
        empty={U.noAds}
        count={d.ads.length}
        headers={[A.id, U.name, U.city, P.review, P.shown, PAY.columns.date]}
      >
        {d.ads.map((ad) => (
          <tr key={ad.id}>
            <td>#{ad.id}</td>
            <td>
              {ad.review === 'pending' ? <Link to="/admin/moderation?type=ad">{ad.name}</Link> : ad.name}
            </td>
            <td>{ad.city}</td>
            <td>
              <StatusBadge status={ad.review} />
            </td>
            <td>{d.user.is_active ? (ad.isShowed ? P.yes : P.no) : P.hiddenBlocked}</td>
            <td className="small text-nowrap">{formatDate(ad.createdAt)}</td>
          </tr>
        ))}
      </Block>

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
            <td className="small text-nowrap">{formatDate(place.createdAt)}</td>
          </tr>
        ))}
      </Block>

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
            <td>{formatMoney(fromCents(product.price_cents))}</td>
            <td>{product.archived ? <Badge bg="secondary">{U.archived}</Badge> : '—'}</td>
          </tr>
        ))}
      </Block>

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
            <td>{formatMoney(fromCents(order.total_cents))}</td>
            <td className="small text-nowrap">{formatDate(order.createdAt)}</td>
          </tr>
        ))}
      </Block>

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
            <td>{formatMoney(fromCents(payment.amount_cents))}</td>
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
            <td className="small text-nowrap">{formatDate(payment.createdAt)}</td>
          </tr>
        ))}
      </Block>

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
            <td className="small text-nowrap">{formatDate(report.createdAt)}</td>
          </tr>
        ))}
      </Block>

      <Block
        title={U.subscriptions}
        empty={U.noSubscriptions}
        count={d.subscriptions.length}
        headers={[P.period, P.package, P.start, P.end, P.payment, U.extraAds]}
      >
        {orderSubscriptions(d.subscriptions).map(({ subscription, period }) => (
          <tr key={subscription.id} data-testid="subscription-row">
            <td>
              <Badge bg={PERIOD_BADGES[period]} text={period === 'upcoming' ? 'dark' : undefined}>
                {P.periods[period]}
              </Badge>
            </td>
            <td>{subscription.package}</td>
            <td className="small text-nowrap">{formatDay(subscription.start_date)}</td>
            <td className="small text-nowrap">{formatDay(subscription.end_date)}</td>
            <td>
              <StatusBadge status={subscription.payment_status} />
            </td>
            <td>{isProvider ? <ExtraAdsForm subscription={subscription} /> : subscription.extra_ads}</td>
          </tr>
        ))}
      </Block>

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
    </section>
  );
}
