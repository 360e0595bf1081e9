import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import AccountLayout from '../features/users/AccountLayout.tsx';
import { mockApi } from '../test/api.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../test/render.tsx';
import { Layout } from './Layout.tsx';

vi.mock('../lib/navigation.ts', () => ({ loadPage: vi.fn() }));

const PROVIDER = { id: 42, first_name: 'Pia', last_name: 'Pro', user_type: 'Provider' };
const HOBBYIST = { id: 41, first_name: 'Hal', last_name: 'Hobbs', user_type: 'Hobbyist' };

/** A signed-in account on its profile page; `/api/orders` answers `orders` orders in all. */
function renderAccount(user: { id: number } & Record<string, unknown>, orders: number) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const calls = mockApi((call) => {
    if (call.path === '/users/me') return jsonResponse(user);
    if (call.path === '/orders') {
      return jsonResponse({
        data: orders > 0 ? [{ id: 5, attributes: { status: 'Paid' } }] : [],
        meta: { pagination: { page: 1, pageSize: 1, pageCount: orders, total: orders } },
      });
    }
    return undefined;
  });
  renderRoutes(
    [
      {
        element: <Layout />,
        children: [
          { element: <AccountLayout />, children: [{ path: '/profile', element: <p>profile page</p> }] },
        ],
      },
    ],
    ['/profile'],
  );
  return calls;
}

/** The header's account dropdown once its chunk has loaded (not the placeholder shown meanwhile). */
const menuToggle = () =>
  waitFor(() => {
    const toggle = document.getElementById('account-menu');
    if (!toggle) throw new Error('the account menu has not loaded yet');
    return toggle;
  });

const sidebar = () => screen.findByRole('navigation', { name: MESSAGES.nav.account });

describe('My Orders in the account menu', () => {
  it('shows a provider who has bought something My Orders, in the sidebar and the header menu', async () => {
    const calls = renderAccount(PROVIDER, 1);
    const nav = await sidebar();
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: MESSAGES.nav.myOrders }).getAttribute('href')).toBe(
        '/orders/view',
      ),
    );
    fireEvent.click(await menuToggle());
    await screen.findByRole('button', { name: MESSAGES.nav.logout });
    // The sidebar's link and the header menu's.
    await waitFor(() => expect(screen.getAllByRole('link', { name: MESSAGES.nav.myOrders })).toHaveLength(2));

    // One light question, asked once for both menus.
    const asked = calls.filter((call) => call.path === '/orders');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.search.get('pagination[pageSize]')).toBe('1');
  });

  it('leaves My Orders out for a provider with no order', async () => {
    const calls = renderAccount(PROVIDER, 0);
    const nav = await sidebar();
    await waitFor(() => expect(calls.some((call) => call.path === '/orders')).toBe(true));
    expect(within(nav).getByRole('link', { name: MESSAGES.nav.myAds })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: MESSAGES.nav.myOrders })).toBeNull();
  });

  it('does not ask for a hobbyist, who always has the link', async () => {
    const calls = renderAccount(HOBBYIST, 0);
    const nav = await sidebar();
    expect(within(nav).getByRole('link', { name: MESSAGES.nav.myOrders })).toBeTruthy();
    fireEvent.click(await menuToggle());
    await screen.findByRole('button', { name: MESSAGES.nav.logout });
    expect(calls.some((call) => call.path === '/orders')).toBe(false);
  });
});

describe('Admin console in the account menu', () => {
  it("shows the admin the console's link in the sidebar and the header menu", async () => {
    renderAccount({ id: 1, username: 'staff', role: 'admin', user_type: null }, 0);
    const nav = await sidebar();
    await waitFor(() =>
      expect(
        within(nav).getByRole('link', { name: MESSAGES.adminConsole.menuItem }).getAttribute('href'),
      ).toBe('/admin'),
    );
    fireEvent.click(await menuToggle());
    await screen.findByRole('button', { name: MESSAGES.nav.logout });
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: MESSAGES.adminConsole.menuItem })).toHaveLength(2),
    );
  });

  it('leaves it out for everyone else', async () => {
    renderAccount({ ...HOBBYIST, role: 'authenticated' }, 0);
    const nav = await sidebar();
    expect(within(nav).getByRole('link', { name: MESSAGES.nav.myOrders })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: MESSAGES.adminConsole.menuItem })).toBeNull();
  });
});
