import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { errorResponse, mockApi, type ApiCall } from '../../test/api.ts';
import { TwoFactorSection } from './TwoFactorSection.tsx';

const T = MESSAGES.twoFactor;

const USER = { id: 12, username: 'ava', email: 'ava@example.com', user_type: 'Hobbyist' };
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/x',
  qr: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(4, '0')}`);

function signIn(user: Record<string, unknown> = USER) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

const status = (over: Partial<Record<string, unknown>> = {}) => ({
  enabled: false,
  verified: false,
  recovery_codes_left: 0,
  required: false,
  ...over,
});

function renderSection(
  handler: (call: ApiCall) => Response | undefined,
  user: Record<string, unknown> = USER,
) {
  signIn(user);
  const calls = mockApi((call) => (call.path === '/users/me' ? jsonResponse(user) : handler(call)));
  renderRoutes([{ path: '/', element: <TwoFactorSection /> }]);
  return calls;
}

const type = (label: string, value: string, within_: HTMLElement = document.body) => {
  const input = within(within_).getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('TwoFactorSection', () => {
  it('off: sets it up with the QR code, the secret and a Code field, then shows the ten codes once', async () => {
    let enabled = false;
    const calls = renderSection((call) => {
      if (call.path === '/auth/2fa') return jsonResponse(status({ enabled, verified: enabled }));
      if (call.path === '/auth/2fa/setup') return jsonResponse(SETUP);
      if (call.path === '/auth/2fa/enable') {
        if ((call.body as { code: string }).code !== '654321') {
          return errorResponse(400, T.invalidEnrolCode, {
            errors: [{ path: ['code'], message: T.invalidEnrolCode }],
          });
        }
        enabled = true;
        return jsonResponse({ jwt: 'mfa-jwt', recovery_codes: CODES });
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: T.title })).toBeTruthy();
    expect(await screen.findByText(`${T.status}: ${T.statusOff}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: T.start }));

    const qr = await screen.findByRole('img', { name: T.qrAlt });
    expect(qr.getAttribute('src')).toBe(SETUP.qr);
    expect(screen.getByText(T.secretLabel)).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    // A code is required, six digits; a wrong one is refused at the field.
    fireEvent.click(screen.getByRole('button', { name: T.enable }));
    expect(await screen.findByText(T.codeRequired)).toBeTruthy();
    type(T.codeLabel, '111111');
    fireEvent.click(screen.getByRole('button', { name: T.enable }));
    expect(await screen.findByText(T.invalidEnrolCode)).toBeTruthy();
    type(T.codeLabel, '654321');
    fireEvent.click(screen.getByRole('button', { name: T.enable }));

    const list = await screen.findByRole('list', { name: T.recoveryTitle });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(await screen.findByText(T.enabledToast)).toBeTruthy();
    // The session keeps the token enrolment gave.
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('mfa-jwt');
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: T.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(CODES.join('\n')));
    fireEvent.click(screen.getByRole('button', { name: T.done }));
    expect(await screen.findByText(`${T.status}: ${T.statusOn}`)).toBeTruthy();
    expect(screen.queryByRole('list', { name: T.recoveryTitle })).toBeNull();
    expect(calls.filter((c) => c.path === '/auth/2fa/enable').map((c) => c.body)).toEqual([
      { code: '111111' },
      { code: '654321' },
    ]);
  });

  it('on, for a hobbyist: turns it off with the password and a code, in a dialog', async () => {
    let enabled = true;
    const calls = renderSection((call) => {
      if (call.path === '/auth/2fa')
        return jsonResponse(status({ enabled, verified: true, recovery_codes_left: 7 }));
      if (call.path === '/auth/2fa/disable') {
        if ((call.body as { password: string }).password !== 'Secret-1') {
          return errorResponse(400, MESSAGES.changePassword.wrongCurrent, {
            errors: [{ path: ['password'], message: MESSAGES.changePassword.wrongCurrent }],
          });
        }
        enabled = false;
        return jsonResponse(status());
      }
      return undefined;
    });
    expect(await screen.findByText(`${T.status}: ${T.statusOn}`)).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: T.disable }));
    const dialog = await screen.findByRole('dialog', { name: T.disableTitle });
    type(T.passwordLabel, 'wrong', dialog);
    type(T.codeLabel, 'abcd-efgh', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: T.disableConfirm }));
    expect(await within(dialog).findByText(MESSAGES.changePassword.wrongCurrent)).toBeTruthy();
    type(T.passwordLabel, 'Secret-1', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: T.disableConfirm }));
    expect(await screen.findByText(T.disabledToast)).toBeTruthy();
    expect(await screen.findByText(`${T.status}: ${T.statusOff}`)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/auth/2fa/disable').at(-1)?.body).toEqual({
      password: 'Secret-1',
      code: 'abcd-efgh',
    });
  });

  it('on, for the admin: no way to turn it off; new recovery codes after a confirmation', async () => {
    const calls = renderSection(
      (call) => {
        if (call.path === '/auth/2fa')
          return jsonResponse(status({ enabled: true, verified: true, required: true }));
        if (call.path === '/auth/2fa/recovery-codes') return jsonResponse({ recovery_codes: CODES });
        return undefined;
      },
      { ...USER, user_type: null, role: 'admin' },
    );
    expect(await screen.findByText(T.adminKeeps)).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.disable })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: T.regenerate }));
    const dialog = await screen.findByRole('dialog', { name: T.regenerate });
    expect(within(dialog).getByText(T.regenerateConfirm)).toBeTruthy();
    type(T.codeLabel, '123456', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: T.regenerate }));
    expect(await within(dialog).findByRole('list', { name: T.recoveryTitle })).toBeTruthy();
    expect(calls.find((c) => c.path === '/auth/2fa/recovery-codes')?.body).toEqual({ code: '123456' });
  });

  it('the admin without it is told it is required', async () => {
    renderSection(
      (call) => (call.path === '/auth/2fa' ? jsonResponse(status({ required: true })) : undefined),
      { ...USER, user_type: null, role: 'admin' },
    );
    expect(await screen.findByText(T.adminEnrolIntro)).toBeTruthy();
    expect(screen.getByRole('button', { name: T.start })).toBeTruthy();
  });
});
