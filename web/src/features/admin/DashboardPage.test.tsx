import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import DashboardPage from './DashboardPage.tsx';
import type { Dashboard } from './dashboardApi.ts';
import { errorResponse, jsonResponse, mockAdminApi, renderAdminPage } from './testAdmin.tsx';

// Chart.js needs a canvas jsdom does not have: the charts' module is checked on its own below.
vi.mock('./DashboardCharts.tsx', () => ({
  default: ({ dashboard }: { dashboard: Dashboard }) => <p>charts of {dashboard.signups.length} weeks</p>,
}));

const D = MESSAGES.dashboard;

const DASHBOARD: Dashboard = {
  queues: { ads: 3, places: 1, verifications: 2, payments: 0, reports: 5 },
  signups: [{ week: '2026-11-16', Hobbyist: 2, Provider: 1, Vender: 0 }],
  revenue: [
    {
      month: '2026-11',
      subscriptions: { verified: 50, pending: 10 },
      orders: { verified: 0, pending: 25 },
      tips: { verified: 3, pending: 0 },
    },
  ],
  public_ads: [{ week: '2026-11-16', count: 7 }],
  mail: { waiting: 4, failed: 0 },
};

describe('DashboardPage', () => {
  it('shows each queue size as a link to its queue, then the charts', async () => {
    const calls = mockAdminApi((call) =>
      call.path === '/admin/dashboard' ? jsonResponse({ data: DASHBOARD }) : undefined,
    );
    renderAdminPage(<DashboardPage />, { path: '/admin' });

    expect(await screen.findByRole('heading', { name: MESSAGES.adminConsole.titles.dashboard })).toBeTruthy();
    const ads = await screen.findByRole('link', { name: `${D.cards.ads}: 3. ${D.openQueue}` });
    expect(ads.getAttribute('href')).toBe('/admin/moderation');
    expect(
      screen.getByRole('link', { name: `${D.cards.places}: 1. ${D.openQueue}` }).getAttribute('href'),
    ).toBe('/admin/moderation?type=place');
    expect(
      screen.getByRole('link', { name: `${D.cards.verifications}: 2. ${D.openQueue}` }).getAttribute('href'),
    ).toBe('/admin/verifications');
    expect(
      screen.getByRole('link', { name: `${D.cards.payments}: 0. ${D.openQueue}` }).getAttribute('href'),
    ).toBe('/admin/payments');
    expect(
      screen.getByRole('link', { name: `${D.cards.reports}: 5. ${D.openQueue}` }).getAttribute('href'),
    ).toBe('/admin/reports');
    expect(await screen.findByText('charts of 1 weeks')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/admin/dashboard')).toHaveLength(1);
  });

  it('shows the mail outbox, with what a number above zero means', async () => {
    mockAdminApi((call) =>
      call.path === '/admin/dashboard' ? jsonResponse({ data: DASHBOARD }) : undefined,
    );
    renderAdminPage(<DashboardPage />, { path: '/admin' });
    const waiting = await screen.findByLabelText(`${D.mail.waiting}: 4`);
    expect(within(waiting).getByText(D.mail.waitingHint)).toBeTruthy();
    const failed = screen.getByLabelText(`${D.mail.failed}: 0`);
    expect(within(failed).queryByText(D.mail.failedHint)).toBeNull();
  });

  it('offers Retry when the dashboard cannot be loaded', async () => {
    let fail = true;
    mockAdminApi((call) =>
      call.path === '/admin/dashboard'
        ? fail
          ? errorResponse(500, 'boom')
          : jsonResponse({ data: DASHBOARD })
        : undefined,
    );
    renderAdminPage(<DashboardPage />, { path: '/admin' });
    const alert = await screen.findByText(D.loadFailed);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: MESSAGES.adminConsole.table.retry }));
    expect(await screen.findByText('charts of 1 weeks')).toBeTruthy();
  });
});
