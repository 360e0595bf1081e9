import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { mockApi } from '../../test/api.ts';
import SubscriptionPage from './SubscriptionPage.tsx';
import { list, PACKAGES, PROVIDER, signInAs } from '../../test/testBilling.tsx';

const T = MESSAGES.subscription;

function subscription(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    attributes: {
      start_date: '2026-03-10T12:00:00.000Z',
      end_date: '2026-06-10T12:00:00.000Z',
      transaction_id: `TX-${id}`,
      amount: 272.5,
      price: 272.5,
      wallet_amount: 0,
      payment_status: 'pending',
      isActive: true,
      status: 'Active',
      ads_allowed: 5,
      extra_ads: 0,
      createdAt: '2026-03-10T12:00:00.000Z',
      package: { data: PACKAGES[1] },
      ...overrides,
    },
  };
}

function render(current: unknown, pages: unknown[][]) {
  signInAs(PROVIDER);
  const calls = mockApi((call) => {
    if (call.path === '/users/me') return jsonResponse(PROVIDER);
    if (call.path === '/subscriptions/current') return jsonResponse({ data: current });
    if (call.path === '/subscriptions') {
      const page = Number(call.search.get('pagination[page]'));
      return list(pages[page - 1] ?? [], page, pages.length, Number(call.search.get('pagination[pageSize]')));
    }
    return undefined;
  });
  renderRoutes([
    { path: '/', element: <SubscriptionPage /> },
    { path: '/ads/packages', element: <p>packages page</p> },
  ]);
  return calls;
}

const field = (label: string) => document.querySelector(`[data-field="${label}"]`)?.textContent;

describe('SubscriptionPage', () => {
  it('shows the active subscription: package, ads, dates, payment state and status', async () => {
    render(
      { subscription: subscription(3), quota: { allowed: 5, posted: 2, remaining: 3 }, subscribed: true },
      [[subscription(3)]],
    );
    await screen.findByRole('heading', { name: T.current });
    expect(field(T.packageName)).toBe('Premium');
    expect(field(T.numberOfAds)).toBe(`5 (${T.posted} 2 · ${T.remaining} 3)`);
    expect(field(T.startDate)).toBe('Mar 10, 2026');
    expect(field(T.endDate)).toBe('Jun 10, 2026');
    expect(field(T.paymentState)).toBe(`${T.paymentStates.pending}${T.paymentHelp.pending}`);
    expect(field(T.status)).toBe(T.active);
    expect(screen.queryByRole('link', { name: T.buyPackage })).toBeNull();
  });

  it('offers a package when none is active and lists the history, paged', async () => {
    const ended = subscription(2, { status: 'Inactive', isActive: false, payment_status: 'verified' });
    const rejected = subscription(1, { status: 'Inactive', isActive: false, payment_status: 'rejected' });
    const calls = render(
      { subscription: null, quota: { allowed: 0, posted: 0, remaining: 0 }, subscribed: false },
      [[ended], [rejected]],
    );
    const link = await screen.findByRole('link', { name: T.buyPackage });
    expect(link.getAttribute('href')).toBe('/ads/packages');

    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Premium')).toBeTruthy();
    expect(within(row).getByText('$272.50')).toBeTruthy();
    expect(within(row).getByText(T.paymentStates.verified)).toBeTruthy();
    expect(within(row).getByText(T.inactive)).toBeTruthy();
    const first = calls.find((call) => call.path === '/subscriptions');
    expect(first?.search.get('populate')).toBe('package');
    expect(first?.search.get('sort')).toBe('id:desc');

    fireEvent.click(screen.getByRole('button', { name: MESSAGES.pagination.next }));
    expect(await screen.findByText(T.paymentStates.rejected)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(MESSAGES.pager.pageSize), { target: { value: '20' } });
    await waitFor(() => expect(calls.at(-1)?.search.get('pagination[pageSize]')).toBe('20'));
    expect(calls.at(-1)?.search.get('pagination[page]')).toBe('1');
  });
});
