import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { MESSAGES } from '@app/domain';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../test/render.tsx';
import { getRedirectTarget, GuestOnly, RequireAccountType, RequireAuth, useNeedLogin } from './guards.tsx';

function LoginStub() {
  const location = useLocation();
  return <p>login page, back to {getRedirectTarget(location.state)}</p>;
}

const routes = [
  { path: '/', element: <p>home page</p> },
  { path: '/secret', element: <p>target page</p> },
  { element: <GuestOnly />, children: [{ path: '/login', element: <LoginStub /> }] },
  { element: <RequireAuth />, children: [{ path: '/profile', element: <p>profile page</p> }] },
];

describe('route guards', () => {
  it('sends a visitor from a login-required page to /login, remembering the path', async () => {
    renderRoutes(routes, ['/profile?tab=1']);
    expect(await screen.findByText('login page, back to /profile?tab=1')).toBeTruthy();
  });

  it('lets a logged-in user through RequireAuth and away from guest pages', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
    window.localStorage.setItem(STORAGE_KEYS.userId, '3');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ id: 3 })),
    );

    const first = renderRoutes(routes, ['/profile']);
    expect(await screen.findByText('profile page')).toBeTruthy();
    first.unmount();

    renderRoutes(routes, ['/login']);
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('shows a page of one account type to that type only; others read the note', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
    window.localStorage.setItem(STORAGE_KEYS.userId, '3');
    let user = { id: 3, user_type: 'Vender' };
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(user)),
    );
    const typed = [
      {
        element: <RequireAccountType type="Vender" note="vendors only" />,
        children: [{ path: '/sales', element: <p>sales page</p> }],
      },
      {
        element: <RequireAccountType type="Provider" note="providers only" />,
        children: [{ path: '/wallet', element: <p>wallet page</p> }],
      },
    ];
    const sales = renderRoutes(typed, ['/sales']);
    expect(await screen.findByText('sales page')).toBeTruthy();
    sales.unmount();

    const wallet = renderRoutes(typed, ['/wallet']);
    expect(await screen.findByText('providers only')).toBeTruthy();
    expect(screen.queryByText('wallet page')).toBeNull();
    expect(screen.getByRole('link', { name: MESSAGES.providerHome.backToProfile }).getAttribute('href')).toBe(
      '/profile',
    );
    wallet.unmount();

    user = { id: 3, user_type: 'Hobbyist' };
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    renderRoutes(typed, ['/sales']);
    expect(await screen.findByText('vendors only')).toBeTruthy();
    expect(screen.queryByText('sales page')).toBeNull();
  });

  it("useNeedLogin says 'Need to login' and opens /login remembering this page, or the path given", async () => {
    function Asker() {
      const needLogin = useNeedLogin();
      return (
        <>
          <button type="button" onClick={() => needLogin()}>
            here
          </button>
          <button type="button" onClick={() => needLogin('/Checkout')}>
            checkout
          </button>
        </>
      );
    }
    const asking = [
      { path: '/shop', element: <Asker /> },
      { path: '/login', element: <LoginStub /> },
    ];
    const first = renderRoutes(asking, ['/shop?page=2#top']);
    fireEvent.click(screen.getByRole('button', { name: 'here' }));
    expect(await screen.findByText('login page, back to /shop?page=2#top')).toBeTruthy();
    expect(await screen.findByText(MESSAGES.toast.needLogin)).toBeTruthy();
    // Back returns to the page that asked.
    void first.router.navigate(-1);
    fireEvent.click(await screen.findByRole('button', { name: 'checkout' }));
    expect(await screen.findByText('login page, back to /Checkout')).toBeTruthy();
  });

  it('only accepts same-site paths as the redirect target', () => {
    expect(getRedirectTarget({ from: '/orders/view' })).toBe('/orders/view');
    expect(getRedirectTarget({ from: '//evil.example' })).toBe('/');
    expect(getRedirectTarget({ from: 'https://evil.example' })).toBe('/');
    expect(getRedirectTarget(null)).toBe('/');
  });
});
