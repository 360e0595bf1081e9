import { lazy, Suspense } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/domain';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { useDashboard } from './dashboardApi.ts';
import type { DashboardQueues } from './dashboardApi.ts';
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
 * The Dashboard (`GET /api/admin/dashboard`): the queue sizes, each a link to its
 * queue, then the charts (sign-ups, revenue, public ads). Refreshed every minute while open.
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
          <Suspense fallback={<PageSpinner />}>
            <DashboardCharts dashboard={data} />
          </Suspense>
        </>
      )}
    </section>
  );
}
