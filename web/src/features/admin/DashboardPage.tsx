import { lazy, Suspense } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useDashboard } from './dashboardApi.ts';
import type { Dashboard, DashboardQueues } from './dashboardApi.ts';
import { AdminPageHeader, QueryState } from './parts.tsx';

// Chart.js comes with the charts only, after the queue sizes are on screen.
const DashboardCharts = lazy(() => import('./DashboardCharts.tsx'));

const D = MESSAGES.dashboard;

/** The queues in display order: what waits, and where it waits. */
export const DASHBOARD_QUEUES: readonly {
  key: keyof DashboardQueues;
  label: string;
  to: string;
  icon: string;
}[] = [
  { key: 'ads', label: D.cards.ads, to: '/admin/moderation', icon: 'bi-megaphone' },
  { key: 'places', label: D.cards.places, to: '/admin/moderation?type=place', icon: 'bi-geo-alt' },
  { key: 'verifications', label: D.cards.verifications, to: '/admin/verifications', icon: 'bi-person-vcard' },
  { key: 'payments', label: D.cards.payments, to: '/admin/payments', icon: 'bi-cash-coin' },
  { key: 'reports', label: D.cards.reports, to: '/admin/reports', icon: 'bi-flag' },
];

/**
 * The mail outbox: messages waiting to be sent and messages given up, each with what it means when it is
 * not zero (the operator looks at the mail server; docs/operations.md, "Mail").
 */
function MailBacklog({ mail }: { mail: Dashboard['mail'] }) {
  const M = D.mail;
  const cards = [
    { key: 'waiting', label: M.waiting, count: mail.waiting, hint: M.waitingHint, border: 'border-warning' },
    { key: 'failed', label: M.failed, count: mail.failed, hint: M.failedHint, border: 'border-danger' },
  ];
  return (
    <>
      <h2 className="h6 text-body-secondary text-uppercase">{M.title}</h2>
      <Row xs={1} md={2} className="g-3 mb-4">
        {cards.map((card) => (
          <Col key={card.key}>
            <Card
              className={`h-100${card.count > 0 ? ` ${card.border}` : ''}`}
              role="group"
              aria-label={`${card.label}: ${card.count}`}
            >
              <Card.Body>
                <div className="d-flex align-items-center gap-2 text-body-secondary small">
                  <i className="bi bi-envelope" aria-hidden="true" />
                  {card.label}
                </div>
                <div className="display-6 fw-semibold my-1">{card.count}</div>
                {card.count > 0 && <p className="small mb-0">{card.hint}</p>}
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}

/**
 * The Dashboard (`GET /api/admin/dashboard`): the queue sizes, each a link to its
 * queue, the mail outbox, then the charts (sign-ups, revenue, public ads). Refreshed every minute while open.
 */
export default function DashboardPage() {
  const dashboard = useDashboard();
  const data = dashboard.data;

  return (
    <section aria-labelledby="admin-dashboard-title">
      <AdminPageHeader title={MESSAGES.adminConsole.titles.dashboard} id="admin-dashboard-title" />
      {!data ? (
        <QueryState query={dashboard} loadFailed={D.loadFailed} />
      ) : (
        <>
          <h2 className="h6 text-body-secondary text-uppercase">{MESSAGES.adminConsole.dashboard.queues}</h2>
          <Row xs={2} md={3} xl={5} className="g-3 mb-4">
            {DASHBOARD_QUEUES.map((queue) => {
              const count = data.queues[queue.key];
              return (
                <Col key={queue.key}>
                  <Card className={`h-100${count > 0 ? ' border-warning' : ''}`}>
                    <Card.Body className="d-flex flex-column">
                      <div className="d-flex align-items-center gap-2 text-body-secondary small">
                        <i className={`bi ${queue.icon}`} aria-hidden="true" />
                        {queue.label}
                      </div>
                      <div className="display-6 fw-semibold my-1">{count}</div>
                      <Link
                        to={queue.to}
                        className="stretched-link small mt-auto"
                        aria-label={`${queue.label}: ${count}. ${D.openQueue}`}
                      >
                        {D.openQueue}
                      </Link>
                    </Card.Body>
                  </Card>
                </Col>
              );
            })}
          </Row>
          <MailBacklog mail={data.mail} />
          <Suspense fallback={<PageSpinner />}>
            <DashboardCharts dashboard={data} />
          </Suspense>
        </>
      )}
    </section>
  );
}
