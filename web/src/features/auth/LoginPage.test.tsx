import { lazy, Suspense } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { GuestOnly, RequireAuth } from '../../app/guards.tsx';
import { AccountLinks } from '../../app/HeaderNav.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import LoginPage from './LoginPage.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';

const M = MESSAGES.login;
const V = MESSAGES.validation;

function renderLogin(initial = '/login') {
  return renderRoutes(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/provider', element: <p>provider details page</p> },
      { element: <GuestOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
      { element: <RequireAuth />, children: [{ path: '/profile/edit', element: <p>edit page</p> }] },
    ],
    [initial],
  );
}

function fill(email: string, password: string) {
  for (const [label, value] of [
    [M.email, email],
    [M.password, password],
  ] as const) {
    const input = screen.getByLabelText(label);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  }
}

const signIn = () => fireEvent.click(screen.getByRole('button', { name: M.submit }));

describe('LoginPage', () => {
  it('shows the spec’s fields and links', () => {
    mockApi(() => undefined);
    renderLogin();
    expect(screen.getByRole('heading', { name: M.title })).toBeTruthy();
    expect(screen.getByLabelText(M.email)).toBeTruthy();
    expect(screen.getByLabelText(M.password)).toBeTruthy();
    // Remember Me is off unless ticked, and says what ticking it does.
    const remember = screen.getByLabelText(M.rememberMe) as HTMLInputElement;
    expect(remember.checked).toBe(false);
    expect(remember.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(remember.getAttribute('aria-describedby')!)?.textContent).toBe(
      M.rememberMeHelp,
    );
    expect(screen.getByRole('link', { name: M.forgotPassword }).getAttribute('href')).toBe('/forgotPassword');
    expect(screen.getByRole('link', { name: M.registerLink }).getAttribute('href')).toBe('/Register');
  });

  it('validates the fields and sends nothing while they are invalid', async () => {
    const calls = mockApi(() => undefined);
    renderLogin();
    signIn();
    expect(await screen.findByText(V.emailRequired)).toBeTruthy();
    expect(screen.getByText(V.passwordRequired)).toBeTruthy();
    fill('someone@', '12345');
    expect(await screen.findByText(V.emailInvalid)).toBeTruthy();
    expect(await screen.findByText(V.passwordTooShort)).toBeTruthy();
    signIn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
  });

  it('says "Invalid email or password" for a bad request', async () => {
    mockApi(() => errorResponse(400, 'Invalid identifier or password'));
    renderLogin();
    fill('ava@example.com', 'wrong-password');
    signIn();
    expect(await screen.findByText(M.invalidCredentials)).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('shows the server’s message for a blocked account', async () => {
    mockApi(() => errorResponse(403, M.blocked));
    renderLogin();
    fill('ava@example.com', 'Secret-1');
    signIn();
    expect(await screen.findByText(M.blocked)).toBeTruthy();
  });

  it('shows the generic warning for any other failure', async () => {
    mockApi(() => errorResponse(500, 'Internal Server Error'));
    renderLogin();
    fill('ava@example.com', 'Secret-1');
    signIn();
    expect(await screen.findByText(MESSAGES.toast.genericWarning)).toBeTruthy();
  });

  it('without Remember Me, keeps the session in this tab’s sessionStorage (it ends with the browser)', async () => {
    const me = { id: 5, first_name: 'Ava', last_name: 'Stone', subscriptions: [{ id: 1 }] };
    const calls = mockApi((call) => {
      if (call.path === '/auth/local') return jsonResponse({ jwt: 'the-jwt', user: { id: 5 } });
      if (call.path === '/users/me') return jsonResponse(me);
      return undefined;
    });
    renderLogin('/profile/edit');
    await screen.findByRole('heading', { name: M.title });
    fill('ava@example.com', 'Secret-1');
    signIn();

    expect(await screen.findByText('edit page')).toBeTruthy();
    expect(calls[1]?.authorization).toBe('Bearer the-jwt');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('the-jwt');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.userId)).toBe('5');
    await waitFor(() => expect(window.sessionStorage.getItem(STORAGE_KEYS.subscribed)).toBe('true'));
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject(me);
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.userId, STORAGE_KEYS.user, STORAGE_KEYS.subscribed]) {
      expect(window.localStorage.getItem(key), key).toBeNull();
    }
  });

  it('with Remember Me ticked, stores the session in localStorage and returns to the remembered page', async () => {
    const me = { id: 5, first_name: 'Ava', last_name: 'Stone', subscriptions: [{ id: 1 }] };
    const calls = mockApi((call) => {
      if (call.path === '/auth/local') return jsonResponse({ jwt: 'the-jwt', user: { id: 5 } });
      if (call.path === '/users/me') return jsonResponse(me);
      return undefined;
    });
    renderLogin('/profile/edit');
    await screen.findByRole('heading', { name: M.title });
    fill(' ava@example.com ', 'Secret-1');
    fireEvent.click(screen.getByLabelText(M.rememberMe));
    signIn();

    expect(await screen.findByText('edit page')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ identifier: 'ava@example.com', password: 'Secret-1' });
    expect(calls[1]?.path).toBe('/users/me');
    expect(calls[1]?.search.get('populate')).toBe('*');
    expect(calls[1]?.authorization).toBe('Bearer the-jwt');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('the-jwt');
    expect(window.localStorage.getItem(STORAGE_KEYS.userId)).toBe('5');
    expect(window.localStorage.getItem(STORAGE_KEYS.subscribed)).toBe('true');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject(me);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('goes home after signing in when no page was remembered; not subscribed without subscriptions', async () => {
    mockApi((call) => {
      if (call.path === '/auth/local') return jsonResponse({ jwt: 'jwt', user: { id: 6 } });
      if (call.path === '/users/me') return jsonResponse({ id: 6, subscriptions: [] });
      return undefined;
    });
    renderLogin();
    fill('bo@example.com', 'Secret-1');
    signIn();
    expect(await screen.findByText('home page')).toBeTruthy();
    await waitFor(() => expect(window.sessionStorage.getItem(STORAGE_KEYS.subscribed)).toBe('false'));
  });

  it('takes a provider with no remembered page to Provider Details, their home', async () => {
    mockApi((call) => {
      if (call.path === '/auth/local') return jsonResponse({ jwt: 'jwt', user: { id: 8 } });
      if (call.path === '/users/me') return jsonResponse({ id: 8, user_type: 'Provider', subscriptions: [] });
      return undefined;
    });
    const { router } = renderLogin();
    fill('pat@example.com', 'Secret-1');
    signIn();
    expect(await screen.findByText('provider details page')).toBeTruthy();
    // Still there once every update has settled: the guest guard does not send them home after all.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/provider');
    expect(screen.queryByText('home page')).toBeNull();
  });

  describe('two-factor sign-in', () => {
    const T = MESSAGES.twoFactor;
    const typeCode = (value: string) => {
      const input = screen.getByLabelText(T.codeLabel);
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
    };
    const verify = () => fireEvent.click(screen.getByRole('button', { name: T.verify }));

    it('asks for the code after the password, then signs in with it and returns to the remembered page', async () => {
      const calls = mockApi((call) => {
        if (call.path === '/auth/local')
          return jsonResponse({ two_factor_required: true, mfa_token: 'challenge' });
        if (call.path === '/auth/2fa/verify') return jsonResponse({ jwt: 'mfa-jwt', user: { id: 9 } });
        if (call.path === '/users/me')
          return jsonResponse({ id: 9, user_type: 'Hobbyist', subscriptions: [] });
        return undefined;
      });
      renderLogin('/profile/edit');
      await screen.findByRole('heading', { name: M.title });
      fill('ava@example.com', 'Secret-1');
      // Remember Me, ticked before the password, holds through the code step.
      fireEvent.click(screen.getByLabelText(M.rememberMe));
      signIn();
      expect(await screen.findByRole('heading', { name: T.verifyTitle })).toBeTruthy();
      expect(screen.getByText(T.recoveryHint, { exact: false })).toBeTruthy();
      expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      // Nothing is sent without a code.
      verify();
      expect(await screen.findByText(T.codeRequired)).toBeTruthy();
      typeCode(' 123 456 ');
      verify();
      expect(await screen.findByText('edit page')).toBeTruthy();
      const sent = calls.find((c) => c.path === '/auth/2fa/verify');
      expect(sent?.body).toEqual({ mfa_token: 'challenge', code: '123456' });
      expect(sent?.authorization).toBeNull();
      expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('mfa-jwt');
    });

    it('takes a recovery code; a wrong code says so at the field', async () => {
      const calls = mockApi((call) => {
        if (call.path === '/auth/local')
          return jsonResponse({ two_factor_required: true, mfa_token: 'challenge' });
        if (call.path === '/auth/2fa/verify') {
          return (call.body as { code: string }).code === 'abcd-efgh'
            ? jsonResponse({ jwt: 'mfa-jwt', user: { id: 9 } })
            : errorResponse(400, T.invalidCode, { errors: [{ path: ['code'], message: T.invalidCode }] });
        }
        if (call.path === '/users/me') return jsonResponse({ id: 9, subscriptions: [] });
        return undefined;
      });
      renderLogin();
      fill('ava@example.com', 'Secret-1');
      signIn();
      await screen.findByLabelText(T.codeLabel);
      typeCode('000000');
      verify();
      expect(await screen.findByText(T.invalidCode)).toBeTruthy();
      expect(screen.getByLabelText(T.codeLabel).getAttribute('aria-invalid')).toBe('true');
      typeCode('ABCD EFGH');
      verify();
      expect(await screen.findByText('home page')).toBeTruthy();
      expect(
        calls.filter((c) => c.path === '/auth/2fa/verify').map((c) => (c.body as { code: string }).code),
      ).toEqual(['000000', 'abcd-efgh']);
    });

    it('an expired challenge goes back to the password', async () => {
      mockApi((call) => {
        if (call.path === '/auth/local') return jsonResponse({ two_factor_required: true, mfa_token: 'old' });
        if (call.path === '/auth/2fa/verify') return errorResponse(401, T.signInExpired);
        return undefined;
      });
      renderLogin();
      fill('ava@example.com', 'Secret-1');
      signIn();
      await screen.findByLabelText(T.codeLabel);
      typeCode('123456');
      verify();
      expect(await screen.findByText(T.signInExpired)).toBeTruthy();
      expect(await screen.findByRole('heading', { name: M.title })).toBeTruthy();
      expect(screen.getByLabelText(M.password)).toBeTruthy();
    });
  });

  it('takes a provider back to the remembered page when there is one', async () => {
    mockApi((call) => {
      if (call.path === '/auth/local') return jsonResponse({ jwt: 'jwt', user: { id: 8 } });
      if (call.path === '/users/me') return jsonResponse({ id: 8, user_type: 'provider', subscriptions: [] });
      return undefined;
    });
    const { router } = renderLogin('/profile/edit');
    await screen.findByRole('heading', { name: M.title });
    fill('pat@example.com', 'Secret-1');
    signIn();
    expect(await screen.findByText('edit page')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/profile/edit');
  });

  it('shows the account menu, not Login, as soon as the sign-in is answered', async () => {
    mockApi((call) => {
      if (call.path === '/auth/local') return jsonResponse({ jwt: 'jwt', user: { id: 5 } });
      if (call.path === '/users/me')
        return jsonResponse({ id: 5, first_name: 'Ava', last_name: 'Stone', subscriptions: [] });
      return undefined;
    });
    // The next page's code takes its time to load, as it does over a real network.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const SlowHome = lazy(async () => {
      await held;
      return { default: () => <p>home page</p> };
    });
    renderRoutes(
      [
        {
          element: (
            <>
              <AccountLinks />
              <Suspense fallback={<p>page loading</p>}>
                <Outlet />
              </Suspense>
            </>
          ),
          children: [
            { path: '/', element: <SlowHome /> },
            { element: <GuestOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
          ],
        },
      ],
      ['/login'],
    );
    expect(screen.getByRole('link', { name: MESSAGES.nav.login })).toBeTruthy();
    fill('ava@example.com', 'Secret-1');
    signIn();
    // Without Remember Me, the session is kept in the tab.
    await waitFor(() => expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('jwt'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    // Signed in, while the next page still loads: the header already says so.
    expect(screen.queryByRole('link', { name: MESSAGES.nav.login })).toBeNull();
    expect(screen.queryByRole('link', { name: MESSAGES.nav.register })).toBeNull();
    expect(await screen.findByText('Ava Stone')).toBeTruthy();
    release();
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});
