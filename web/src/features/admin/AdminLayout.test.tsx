import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { MESSAGES } from '@app/domain';
import { getRedirectTarget } from '../../app/guards.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { renderRoutes } from '../../test/render.tsx';
import AdminLayout from './AdminLayout.tsx';
import { ADMIN_SECTIONS } from './sections.ts';
import { callsTo, errorResponse, jsonResponse, mockAdminApi, signInAs } from './testAdmin.tsx';

const T = MESSAGES.adminConsole;

function LoginStub() {
  const location = useLocation();
  return <p>login page, back to {getRedirectTarget(location.state)}</p>;
}

const routes = [
  { path: '/login', element: <LoginStub /> },
  { path: '/admin/two-factor', element: <p>enrolment page</p> },
  {
    path: '/admin',
    element: <AdminLayout />,
    children: [
      { index: true, element: <p>dashboard page</p> },
      { path: 'users', element: <p>users page</p> },
    ],
  },
];

describe('AdminLayout', () => {
  it('shows Not Found to a signed-in account that is not the admin, and asks nothing of the API', async () => {
    const hobbyist = { id: 5, username: 'h', role: 'authenticated', user_type: 'Hobbyist' };
    signInAs(hobbyist);
    const calls = mockAdminApi(() => undefined, { user: hobbyist });
    renderRoutes(routes, ['/admin']);
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound.title })).toBeTruthy();
    expect(screen.queryByText('dashboard page')).toBeNull();
    expect(callsTo(calls, 'GET', '/auth/2fa')).toHaveLength(0);
  });

  it('sends an admin without two-factor sign-in to the enrolment page', async () => {
    signInAs();
    mockAdminApi(() => undefined, { twoFactor: { enabled: false, verified: false } });
    renderRoutes(routes, ['/admin/users']);
    expect(await screen.findByText('enrolment page')).toBeTruthy();
  });

  it('asks an admin whose token was not given a code to sign in again, and comes back to /admin', async () => {
    signInAs();
    const calls = mockAdminApi(
      (call) =>
        call.method === 'POST' && call.path === '/auth/logout' ? jsonResponse({ ok: true }) : undefined,
      { twoFactor: { enabled: true, verified: false } },
    );
    renderRoutes(routes, ['/admin']);
    expect(await screen.findByText(T.gate.reSignIn)).toBeTruthy();
    expect(screen.queryByText('dashboard page')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: T.gate.reSignInButton }));
    expect(await screen.findByText('login page, back to /admin')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('opens the console for a verified admin: every section in the sidebar, the page beside it', async () => {
    signInAs();
    mockAdminApi(() => undefined);
    renderRoutes(routes, ['/admin']);
    expect(await screen.findByText('dashboard page')).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: T.nav.label });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(ADMIN_SECTIONS.map((section) => section.label));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin',
      '/admin/moderation',
      '/admin/verifications',
      '/admin/payments',
      '/admin/reports',
      '/admin/users',
      '/admin/screening',
      '/admin/settings',
      '/admin/audit-log',
    ]);
    expect(within(nav).getByRole('link', { name: T.nav.dashboard }).getAttribute('aria-current')).toBe(
      'page',
    );

    fireEvent.click(within(nav).getByRole('link', { name: T.nav.users }));
    expect(await screen.findByText('users page')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: T.nav.dashboard }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: T.nav.users }).getAttribute('aria-current')).toBe('page');
  });

  it('has a menu button for phones that opens the sidebar', async () => {
    signInAs();
    mockAdminApi(() => undefined);
    renderRoutes(routes, ['/admin']);
    const button = await screen.findByRole('button', { name: T.nav.openMenu });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
  });

  it('offers Retry when the two-factor state cannot be read', async () => {
    signInAs();
    let fail = true;
    mockAdminApi((call) => (call.path === '/auth/2fa' && fail ? errorResponse(500, 'boom') : undefined));
    renderRoutes(routes, ['/admin']);
    expect(await screen.findByText(T.gate.loadFailed)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: T.table.retry }));
    expect(await screen.findByText('dashboard page')).toBeTruthy();
  });
});
