import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import type { TAdminUserItem } from '@app/domain';
import UsersPage from './UsersPage.tsx';
import { callsTo, jsonResponse, mockAdminApi, paged, renderAdminPage } from './testAdmin.tsx';

const U = MESSAGES.adminUsers;

function adminUser(overrides: Partial<TAdminUserItem> = {}): TAdminUserItem {
  return {
    id: 42,
    username: 'pia',
    email: 'pia@example.test',
    deleted_at: null,
    first_name: 'Pia',
    last_name: 'Pro',
    phone_number: '555-010-2030',
    user_type: 'Provider',
    role: 'authenticated',
    is_active: true,
    verification: 'pending',
    two_factor_enabled: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function renderUsers(items: TAdminUserItem[]) {
  const calls = mockAdminApi((call) =>
    call.method === 'GET' && call.path === '/admin/users' ? jsonResponse(paged(items)) : undefined,
  );
  renderAdminPage(<UsersPage />, {
    path: '/admin/users',
    extraRoutes: [{ path: '/admin/users/:id', element: <p>account page</p> }],
  });
  return calls;
}

describe('UsersPage', { timeout: 20_000 }, () => {
  it('lists accounts with type, status, verification and two-factor, each opening its page', async () => {
    renderUsers([
      adminUser(),
      adminUser({
        id: 7,
        username: 'boss',
        role: 'admin',
        user_type: null,
        verification: null,
        two_factor_enabled: true,
        is_active: true,
      }),
      adminUser({ id: 9, username: 'gone', user_type: 'Hobbyist', verification: null, is_active: false }),
      adminUser({ id: 11, username: 'vera', user_type: 'Vender', verification: null }),
    ]);
    const link = await screen.findByRole('link', { name: 'pia' });
    expect(link.getAttribute('href')).toBe('/admin/users/42');
    const pia = link.closest('tr') as HTMLElement;
    expect(within(pia).getByText('Pia Pro')).toBeTruthy();
    expect(within(pia).getByText('Provider')).toBeTruthy();
    expect(within(pia).getByText(MESSAGES.verification.states.pending)).toBeTruthy();
    expect(within(pia).getByText(U.twoFactorOff)).toBeTruthy();

    const boss = screen.getByRole('link', { name: 'boss' }).closest('tr') as HTMLElement;
    expect(within(boss).getByText(U.admin)).toBeTruthy();
    expect(within(boss).getByText(U.twoFactorOn)).toBeTruthy();
    const gone = screen.getByRole('link', { name: 'gone' }).closest('tr') as HTMLElement;
    expect(within(gone).getByText(U.blocked)).toBeTruthy();
    // A seller's type, stored as Vender, reads "Vendor", in the list and in the type filter.
    const vera = screen.getByRole('link', { name: 'vera' }).closest('tr') as HTMLElement;
    expect(within(vera).getByText('Vendor')).toBeTruthy();
    expect(within(vera).queryByText('Vender')).toBeNull();
    const typeFilter = screen.getByLabelText(U.type) as HTMLSelectElement;
    const vendorOption = Array.from(typeFilter.options).find((o) => o.value === 'Vender');
    expect(vendorOption?.textContent).toBe('Vendor');

    fireEvent.click(link);
    expect(await screen.findByText('account page')).toBeTruthy();
  });

  it('sends the search and the filters', async () => {
    const calls = renderUsers([adminUser()]);
    await screen.findByRole('link', { name: 'pia' });
    const last = () => callsTo(calls, 'GET', '/admin/users').at(-1)!.search;

    fireEvent.change(screen.getByLabelText(U.search), { target: { value: '555 010' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.adminConsole.filters.search }));
    await waitFor(() => expect(last().get('q')).toBe('555 010'));

    fireEvent.change(screen.getByLabelText(U.type), { target: { value: 'Provider' } });
    await waitFor(() => expect(last().get('type')).toBe('Provider'));
    fireEvent.change(screen.getByLabelText(U.status), { target: { value: 'blocked' } });
    await waitFor(() => expect(last().get('status')).toBe('blocked'));
    fireEvent.change(screen.getByLabelText(U.verification), { target: { value: 'verified' } });
    await waitFor(() => {
      expect(last().get('verification')).toBe('verified');
      expect(last().get('q')).toBe('555 010');
      expect(last().get('pagination[page]')).toBe('1');
    });
  });

  it('says when no account matches', async () => {
    renderUsers([]);
    expect(await screen.findByText(U.noUsers)).toBeTruthy();
  });
});
