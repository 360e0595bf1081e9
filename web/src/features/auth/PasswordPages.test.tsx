import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { RequireAuth } from '../../app/guards.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import ChangePasswordPage from './ChangePasswordPage.tsx';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';
import ResetPasswordPage from './ResetPasswordPage.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';

const V = MESSAGES.validation;

function type(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

function signInAs(user: Record<string, unknown>) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'old-jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

describe('ForgotPasswordPage', () => {
  const M = MESSAGES.forgotPassword;
  const render = () =>
    renderRoutes([{ path: '/forgotPassword', element: <ForgotPasswordPage /> }], ['/forgotPassword']);

  it('checks the e-mail and sends {to} to /upload/sendmail', async () => {
    const calls = mockApi((call) =>
      call.path === '/upload/sendmail' ? jsonResponse({ ok: true }) : undefined,
    );
    render();
    expect(screen.getByRole('heading', { name: M.title })).toBeTruthy();
    type(M.email, 'nope');
    expect(await screen.findByText(V.emailInvalid)).toBeTruthy();
    type(M.email, 'ava@example.com');
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    expect(await screen.findByText(M.sent)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ to: 'ava@example.com' });
  });

  it('reads a bad request as wrong credentials and anything else as the generic warning', async () => {
    let status = 400;
    mockApi(() => errorResponse(status, 'refused'));
    render();
    type(M.email, 'ava@example.com');
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    expect(await screen.findByText(MESSAGES.login.invalidCredentials)).toBeTruthy();
    status = 500;
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    expect(await screen.findByText(MESSAGES.toast.genericWarning)).toBeTruthy();
  });
});

describe('ResetPasswordPage', () => {
  const M = MESSAGES.resetPassword;
  const render = (url: string) =>
    renderRoutes(
      [
        { path: '/resetPassword', element: <ResetPasswordPage /> },
        { path: '/login', element: <p>login page</p> },
      ],
      [url],
    );

  it('asks for a new link when the code is missing', () => {
    mockApi(() => undefined);
    render('/resetPassword');
    expect(screen.getByText(M.invalidLink)).toBeTruthy();
    expect(screen.queryByLabelText(M.password)).toBeNull();
    expect(screen.getByRole('link', { name: M.requestNewLink }).getAttribute('href')).toBe('/forgotPassword');
  });

  it('sends the code with the new password and goes to /login', async () => {
    const calls = mockApi((call) =>
      call.path === '/auth/reset-password' ? jsonResponse({ jwt: 'jwt', user: { id: 3 } }) : undefined,
    );
    render('/resetPassword?code=abcdefghijklmnop');
    type(M.password, 'New-pass-1');
    type(M.confirmPassword, 'New-pass-2');
    expect(await screen.findByText(V.passwordsMustMatch)).toBeTruthy();
    type(M.confirmPassword, 'New-pass-1');
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(await screen.findByText(M.done)).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      code: 'abcdefghijklmnop',
      password: 'New-pass-1',
      passwordConfirmation: 'New-pass-1',
    });
    // Resetting does not sign in.
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('shows the server’s reason when it refuses the new password', async () => {
    const message = MESSAGES.passwordPolicy.tooCommon;
    mockApi(() =>
      errorResponse(400, message, { errors: [{ path: ['password'], message, name: 'ValidationError' }] }),
    );
    render('/resetPassword?code=abcdefghijklmnop');
    type(M.password, 'Password1');
    type(M.confirmPassword, 'Password1');
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText(M.invalidLink)).toBeNull();
  });

  it('says the link is invalid when the server refuses the code', async () => {
    mockApi(() => errorResponse(400, 'code refused'));
    render('/resetPassword?code=abcdefghijklmnop');
    type(M.password, 'New-pass-1');
    type(M.confirmPassword, 'New-pass-1');
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    expect(await screen.findByText(M.invalidLink)).toBeTruthy();
  });
});

describe('ChangePasswordPage', () => {
  const M = MESSAGES.changePassword;
  const user = { id: 9, first_name: 'Ava', subscriptions: [{ id: 2 }] };
  const render = () =>
    renderRoutes(
      [
        {
          element: <RequireAuth />,
          children: [{ path: '/profile/changepassword', element: <ChangePasswordPage /> }],
        },
      ],
      ['/profile/changepassword'],
    );

  it('requires matching passwords of 6 to 64 characters', async () => {
    const calls = mockApi((call) => (call.path === '/users/me' ? jsonResponse(user) : undefined));
    signInAs(user);
    render();
    type(M.currentPassword, '123');
    expect(await screen.findByText(V.passwordTooShort)).toBeTruthy();
    type(M.newPassword, 'New-pass-1');
    type(M.confirmPassword, 'New-pass-2');
    expect(await screen.findByText(V.passwordsMustMatch)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((c) => c.path === '/auth/change-password')).toHaveLength(0);
  });

  it('keeps the new token, keeps the user’s relations and clears the form', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/users/me') return jsonResponse(user);
      if (call.path === '/auth/change-password') return jsonResponse({ jwt: 'new-jwt', user: { id: 9 } });
      return undefined;
    });
    signInAs(user);
    window.localStorage.setItem(STORAGE_KEYS.subscribed, 'true');
    render();
    type(M.currentPassword, 'Old-pass-1');
    type(M.newPassword, 'New-pass-1');
    type(M.confirmPassword, 'New-pass-1');
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    expect(await screen.findByText(M.done)).toBeTruthy();
    const change = calls.find((c) => c.path === '/auth/change-password');
    expect(change?.authorization).toBe('Bearer old-jwt');
    expect(change?.body).toEqual({
      currentPassword: 'Old-pass-1',
      password: 'New-pass-1',
      passwordConfirmation: 'New-pass-1',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('new-jwt');
    expect(window.localStorage.getItem(STORAGE_KEYS.subscribed)).toBe('true');
    await waitFor(() =>
      expect((screen.getByLabelText(M.currentPassword) as HTMLInputElement).value).toBe(''),
    );
  });

  it('shows the server’s message for a bad request and the generic one otherwise', async () => {
    let reply = () => errorResponse(400, M.wrongCurrent);
    mockApi((call) => {
      if (call.path === '/users/me') return jsonResponse(user);
      if (call.path === '/auth/change-password') return reply();
      return undefined;
    });
    signInAs(user);
    render();
    type(M.currentPassword, 'Old-pass-1');
    type(M.newPassword, 'New-pass-1');
    type(M.confirmPassword, 'New-pass-1');
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    expect(await screen.findByText(M.wrongCurrent)).toBeTruthy();
    reply = () => errorResponse(502, 'Bad Gateway');
    fireEvent.click(screen.getByRole('button', { name: M.submit }));
    expect(await screen.findByText(MESSAGES.toast.genericWarning)).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('old-jwt');
  });
});
