import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { errorResponse, mockApi, type ApiCall } from '../../test/api.ts';
import TwoFactorEnrolPage from './TwoFactorEnrolPage.tsx';

const T = MESSAGES.twoFactor;

const ADMIN = { id: 1, username: 'admin', email: 'admin@example.test', user_type: null, role: 'admin' };
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/x',
  qr: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-${String(i).padStart(4, '0')}`);

function renderPage(
  user: Record<string, unknown>,
  handler: (call: ApiCall) => Response | undefined,
  element = <TwoFactorEnrolPage />,
) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'plain-jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const calls = mockApi((call) => (call.path === '/users/me' ? jsonResponse(user) : handler(call)));
  const rendered = renderRoutes(
    [
      { path: '/admin/two-factor', element },
      { path: '/admin', element: <p>console</p> },
    ],
    ['/admin/two-factor'],
  );
  return { ...rendered, calls };
}

const status = (enabled: boolean) => ({ enabled, verified: false, recovery_codes_left: 0, required: true });

describe('TwoFactorEnrolPage', () => {
  it('an admin without it: sets it up at once, shows the codes, keeps the new token and opens the console', async () => {
    let enabled = false;
    const { calls, router } = renderPage(ADMIN, (call) => {
      if (call.path === '/auth/2fa') return jsonResponse(status(enabled));
      if (call.path === '/auth/2fa/setup') return jsonResponse(SETUP);
      if (call.path === '/auth/2fa/enable') {
        enabled = true;
        return jsonResponse({ jwt: 'mfa-jwt', recovery_codes: CODES });
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: T.consoleTitle })).toBeTruthy();
    expect(await screen.findByRole('img', { name: T.qrAlt })).toBeTruthy();
    expect(screen.getByText(T.adminEnrolIntro)).toBeTruthy();
    expect(screen.getByText(T.secretLabel)).toBeTruthy();
    const code = screen.getByLabelText(T.codeLabel);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: T.enable }));
    const list = await screen.findByRole('list', { name: T.recoveryTitle });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('mfa-jwt');
    // The state read again says "on": the codes stay until they were seen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('list', { name: T.recoveryTitle })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: T.done }));
    expect(await screen.findByText('console')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    expect(calls.filter((c) => c.path === '/auth/2fa/setup')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/auth/2fa/enable')?.authorization).toBe('Bearer plain-jwt');
  });

  it('hands the new token to onDone when given', async () => {
    const onDone = vi.fn();
    renderPage(
      ADMIN,
      (call) => {
        if (call.path === '/auth/2fa') return jsonResponse(status(false));
        if (call.path === '/auth/2fa/setup') return jsonResponse(SETUP);
        if (call.path === '/auth/2fa/enable') return jsonResponse({ jwt: 'mfa-jwt', recovery_codes: CODES });
        return undefined;
      },
      <TwoFactorEnrolPage onDone={onDone} />,
    );
    fireEvent.change(await screen.findByLabelText(T.codeLabel), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: T.enable }));
    fireEvent.click(await screen.findByRole('button', { name: T.done }));
    expect(onDone).toHaveBeenCalledWith('mfa-jwt');
  });

  it('a wrong code is refused at the Code field', async () => {
    renderPage(ADMIN, (call) => {
      if (call.path === '/auth/2fa') return jsonResponse(status(false));
      if (call.path === '/auth/2fa/setup') return jsonResponse(SETUP);
      if (call.path === '/auth/2fa/enable') {
        return errorResponse(400, T.invalidEnrolCode, {
          errors: [{ path: ['code'], message: T.invalidEnrolCode }],
        });
      }
      return undefined;
    });
    fireEvent.change(await screen.findByLabelText(T.codeLabel), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: T.enable }));
    expect(await screen.findByText(T.invalidEnrolCode)).toBeTruthy();
  });

  it('an admin who has it on goes to the console', async () => {
    renderPage(ADMIN, (call) => (call.path === '/auth/2fa' ? jsonResponse(status(true)) : undefined));
    expect(await screen.findByText('console')).toBeTruthy();
  });

  it('any other account reads Not Found', async () => {
    const calls = renderPage({ id: 5, user_type: 'Hobbyist', role: 'authenticated' }, () => undefined).calls;
    expect(await screen.findByText(MESSAGES.notFound.title)).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/auth/2fa'))).toBe(false);
  });
});
