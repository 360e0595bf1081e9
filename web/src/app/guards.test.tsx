import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../test/render.tsx';
import { getRedirectTarget, GuestOnly, RequireAuth } from './guards.tsx';

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

  it('only accepts same-site paths as the redirect target', () => {
    expect(getRedirectTarget({ from: '/orders/view' })).toBe('/orders/view');
    expect(getRedirectTarget({ from: '//evil.example' })).toBe('/');
    expect(getRedirectTarget({ from: 'https://evil.example' })).toBe('/');
    expect(getRedirectTarget(null)).toBe('/');
  });
});
