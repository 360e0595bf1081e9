import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { TScreeningAccessItem } from '@app/domain';
import ScreeningAccessPage from './ScreeningAccessPage.tsx';
import { callsTo, jsonResponse, mockAdminApi, paged, renderAdminPage } from './testAdmin.tsx';

const A = MESSAGES.adminScreening;

function item(overrides: Partial<TScreeningAccessItem> = {}): TScreeningAccessItem {
  return {
    id: 42,
    username: 'pia',
    verification: 'verified',
    is_active: true,
    reads_today: 180,
    reads_7_days: 950,
    suspended_at: null,
    ...overrides,
  };
}

function renderPage(items: TScreeningAccessItem[]) {
  const calls = mockAdminApi((call) => {
    if (call.method === 'GET' && call.path === '/admin/screening-access')
      return jsonResponse({ ...paged(items), meta: { ...paged(items).meta, reads_per_day: 500 } });
    if (call.method === 'PUT') return jsonResponse({ data: { id: 42, suspended: true }, meta: {} });
    return undefined;
  });
  renderAdminPage(<ScreeningAccessPage />, { path: '/admin/screening' });
  return calls;
}

describe('ScreeningAccessPage', { timeout: 20_000 }, () => {
  it("lists each provider's reads today and over 7 days, the cap, and whether screening is suspended", async () => {
    renderPage([item(), item({ id: 7, username: 'max', suspended_at: '2026-11-28T10:00:00.000Z' })]);
    const pia = (await screen.findByRole('link', { name: 'pia' })).closest('tr') as HTMLElement;
    expect(within(pia).getByText('180')).toBeTruthy();
    expect(within(pia).getByText('950')).toBeTruthy();
    expect(within(pia).getByText(A.allowed)).toBeTruthy();
    const max = screen.getByRole('link', { name: 'max' }).closest('tr') as HTMLElement;
    expect(within(max).getByText(A.suspended)).toBeTruthy();
    expect(screen.getByTestId('screening-cap').textContent).toContain('500');
  });

  it('Suspend asks first, then sends suspended: true; Restore sends suspended: false', async () => {
    const calls = renderPage([
      item(),
      item({ id: 7, username: 'max', suspended_at: '2026-11-28T10:00:00.000Z' }),
    ]);
    const pia = (await screen.findByRole('link', { name: 'pia' })).closest('tr') as HTMLElement;
    fireEvent.click(within(pia).getByRole('button', { name: A.suspend }));
    expect(await screen.findByText(A.confirmSuspend)).toBeTruthy();
    expect(callsTo(calls, 'PUT', '/admin/screening-access/42')).toHaveLength(0);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: A.suspend }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/admin/screening-access/42')[0]?.body).toEqual({
        data: { suspended: true },
      }),
    );

    const max = screen.getByRole('link', { name: 'max' }).closest('tr') as HTMLElement;
    fireEvent.click(within(max).getByRole('button', { name: A.restore }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/admin/screening-access/7')[0]?.body).toEqual({
        data: { suspended: false },
      }),
    );
  });
});
