import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { MESSAGES } from '@app/domain';
import { RequireAuth } from '../../app/guards.tsx';
import { loadPage } from '../../lib/navigation.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import AccountLayout from './AccountLayout.tsx';
import ProfileEditPage from './ProfileEditPage.tsx';
import ProfilePage from './ProfilePage.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';

vi.mock('../../lib/navigation.ts', () => ({ loadPage: vi.fn() }));

const V = MESSAGES.validation;

const USER = {
  id: 12,
  username: 'ava_stone',
  email: 'ava@example.com',
  first_name: 'Ava',
  last_name: 'Stone',
  phone_number: '555-123-4567',
  dob: '1990-04-12',
  city: 'San Jose',
  user_type: 'Provider',
  avatar: null,
};

function signInAs(user: Record<string, unknown>) {
  window.localStorage.setItem(STORAGE_KEYS.token, 'jwt');
  window.localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

function renderAccount(path: string) {
  return renderRoutes(
    [
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AccountLayout />,
            children: [
              { path: '/profile', element: <ProfilePage /> },
              { path: '/profile/view', element: <ProfilePage /> },
              { path: '/profile/edit', element: <ProfileEditPage /> },
              { path: '/profile/changepassword', element: <p>change password page</p> },
            ],
          },
        ],
      },
    ],
    [path],
  );
}

/** Object URLs for jsdom's File (Node's own only take Node's Blob); returns the revoke spy. */
function stubObjectUrls() {
  const revoke = vi.fn();
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: revoke });
  onTestFinished(() => {
    Object.assign(URL, original);
  });
  return revoke;
}

function type(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('AccountLayout', () => {
  it.each([
    [
      'Provider',
      [
        'My Profile',
        'Change Password',
        'Provider Details',
        'My Ads',
        'My Places',
        'My Wallet',
        'My Subscription',
        'Screen Hobbyists',
        'Review Mail',
      ],
    ],
    [
      'Hobbyist',
      [
        'My Profile',
        'Change Password',
        'My Orders',
        'My Payments',
        'Messages',
        'Saved providers',
        'Wishlist',
      ],
    ],
    ['Vender', ['My Profile', 'Change Password', 'My Orders', 'My Products', 'My Sales']],
  ])('shows a %s the links of the role', async (userType, labels) => {
    const user = { ...USER, user_type: userType };
    mockApi((call) => (call.path === '/users/me' ? jsonResponse(user) : undefined));
    signInAs(user);
    renderAccount('/profile/changepassword');
    const nav = await screen.findByRole('navigation', { name: MESSAGES.nav.account });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(labels);
    const current = within(nav).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe(MESSAGES.nav.changePassword);
  });
});

describe('ProfilePage', () => {
  const M = MESSAGES.profile;

  it('shows the user’s details, a placeholder avatar and the Edit Profile link', async () => {
    mockApi((call) => (call.path === '/users/me' ? jsonResponse(USER) : undefined));
    signInAs(USER);
    renderAccount('/profile/view');
    expect(await screen.findByRole('heading', { name: M.title })).toBeTruthy();
    const values: Record<string, string> = {
      [M.name]: 'Ava Stone',
      [M.address]: 'San Jose',
      [M.dob]: 'April 12, 1990',
      [M.phoneNumber]: '555-123-4567',
      [M.email]: 'ava@example.com',
      [M.username]: 'ava_stone',
      [M.role]: 'Provider',
    };
    for (const [label, value] of Object.entries(values)) {
      const term = screen.getByText(label, { selector: 'dt' });
      expect(term.nextElementSibling?.textContent).toBe(value);
    }
    const avatar = screen.getByRole('img', { name: M.avatarAlt });
    expect(avatar.getAttribute('data-placeholder')).toBe('true');
    expect(screen.getByRole('link', { name: M.editLink }).getAttribute('href')).toBe('/profile/edit');
  });

  it('shows a seller’s role, stored as Vender, as "Vendor"', async () => {
    const vendor = { ...USER, user_type: 'Vender' };
    mockApi((call) => (call.path === '/users/me' ? jsonResponse(vendor) : undefined));
    signInAs(vendor);
    renderAccount('/profile/view');
    expect(await screen.findByRole('heading', { name: M.title })).toBeTruthy();
    const term = screen.getByText(M.role, { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toBe('Vendor');
  });

  it('turns the new-message mails off and on with PUT /users/:id', async () => {
    let on = true;
    const calls = mockApi((call) => {
      if (call.path === '/users/me') return jsonResponse({ ...USER, message_mail: on });
      if (call.path === `/users/${USER.id}` && call.method === 'PUT') {
        on = (call.body as { message_mail: boolean }).message_mail;
        return jsonResponse({ ...USER, message_mail: on });
      }
      return undefined;
    });
    signInAs({ ...USER, message_mail: true });
    renderAccount('/profile');
    const toggle = await screen.findByLabelText(MESSAGES.conversations.mailSetting);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    expect(await screen.findByText(MESSAGES.conversations.mailSettingSaved)).toBeTruthy();
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ message_mail: false });
  });

  it('deletes the account with the password after saying what goes and what stays', async () => {
    const D = MESSAGES.accountDeletion;
    const calls = mockApi((call) => {
      if (call.path === '/users/me') return jsonResponse({ ...USER, user_type: 'Hobbyist' });
      if (call.path === '/auth/2fa')
        return jsonResponse({ enabled: false, verified: false, recovery_codes_left: 0, required: false });
      if (call.path === '/auth/delete-account' && call.method === 'POST') {
        const { password } = call.body as { password: string };
        return password === 'Right-pass-1'
          ? jsonResponse({ deleted: true })
          : errorResponse(400, MESSAGES.changePassword.wrongCurrent, {
              errors: [{ path: ['password'], message: MESSAGES.changePassword.wrongCurrent }],
            });
      }
      return undefined;
    });
    vi.mocked(loadPage).mockClear();
    signInAs({ ...USER, user_type: 'Hobbyist' });
    renderAccount('/profile');
    expect(await screen.findByRole('heading', { name: D.title })).toBeTruthy();
    expect(screen.getByText(D.goes[0])).toBeTruthy();
    expect(screen.getByText(D.stays[0])).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: D.open }));
    const dialog = await screen.findByRole('dialog');
    const password = within(dialog).getByLabelText(D.password);
    expect(within(dialog).queryByLabelText(MESSAGES.twoFactor.codeLabel)).toBeNull();
    fireEvent.change(password, { target: { value: 'Wrong-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: D.confirm }));
    expect(await within(dialog).findByText(MESSAGES.changePassword.wrongCurrent)).toBeTruthy();
    expect(vi.mocked(loadPage)).not.toHaveBeenCalled();
    fireEvent.change(password, { target: { value: 'Right-pass-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: D.confirm }));
    await waitFor(() => expect(vi.mocked(loadPage)).toHaveBeenCalledWith('/'));
    expect(calls.filter((c) => c.path === '/auth/delete-account').at(-1)?.body).toEqual({
      password: 'Right-pass-1',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('prepares the data export once a day and downloads a ready one', async () => {
    const X = MESSAGES.dataExport;
    const at = new Date().toISOString();
    let exports: unknown[] = [];
    const calls = mockApi((call) => {
      if (call.path === '/users/me') return jsonResponse(USER);
      if (call.path === '/account/exports' && call.method === 'POST') {
        if (exports.length) return errorResponse(429, X.oncePerDay);
        exports = [{ id: 3, state: 'ready', size: 10, createdAt: at, readyAt: at, expiresAt: at }];
        return jsonResponse({ data: exports[0], meta: {} });
      }
      if (call.path === '/account/exports') return jsonResponse({ data: exports });
      if (call.path === '/account/exports/3/download')
        return new Response(new Blob(['zip']), { status: 200 });
      return undefined;
    });
    const created = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    signInAs(USER);
    renderAccount('/profile');
    expect(await screen.findByRole('heading', { name: X.title })).toBeTruthy();
    expect(await screen.findByText(X.none)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: X.request }));
    expect(await screen.findByText(X.requested)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: X.download }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(
      calls.some((c) => c.path === '/account/exports/3/download' && c.authorization === 'Bearer jwt'),
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: X.request }));
    expect(await screen.findByText(X.oncePerDay)).toBeTruthy();
  });

  it('shows the avatar thumbnail when there is one', async () => {
    const user = {
      ...USER,
      avatar: { id: 3, url: '/uploads/a.webp', formats: { thumbnail: { url: '/uploads/t_a.webp' } } },
    };
    mockApi((call) => (call.path === '/users/me' ? jsonResponse(user) : undefined));
    signInAs(user);
    renderAccount('/profile');
    const avatar = await screen.findByRole('img', { name: M.avatarAlt });
    expect(avatar.getAttribute('src')).toBe('/uploads/t_a.webp');
  });

  it('Sign out everywhere: the server revokes every session, then this one ends and /login loads', async () => {
    vi.mocked(loadPage).mockClear();
    const calls = mockApi((call) => {
      if (call.path === '/users/me') return jsonResponse(USER);
      if (call.method === 'POST' && call.path === '/auth/logout-all') return jsonResponse({ ok: true });
      return undefined;
    });
    signInAs(USER);
    renderAccount('/profile');
    fireEvent.click(await screen.findByRole('button', { name: M.signOutEverywhere }));
    await waitFor(() => expect(vi.mocked(loadPage)).toHaveBeenCalledWith('/login'));
    const call = calls.find((c) => c.path === '/auth/logout-all');
    expect(call?.method).toBe('POST');
    expect(call?.authorization).toBe('Bearer jwt');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('Sign out everywhere: a refused call keeps the session and says so', async () => {
    vi.mocked(loadPage).mockClear();
    mockApi((call) => {
      if (call.path === '/users/me') return jsonResponse(USER);
      if (call.path === '/auth/logout-all') return errorResponse(500, 'Internal Server Error');
      return undefined;
    });
    signInAs(USER);
    renderAccount('/profile');
    const button = await screen.findByRole('button', { name: M.signOutEverywhere });
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(vi.mocked(loadPage)).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt');
  });
});

describe('ProfileEditPage', () => {
  const M = MESSAGES.profileEdit;

  it('starts from the user’s data, checks every field live and blocks Save while one is invalid', async () => {
    mockApi((call) => (call.path === '/users/me' ? jsonResponse(USER) : undefined));
    signInAs(USER);
    renderAccount('/profile/edit');
    await screen.findByRole('heading', { name: M.title });
    expect((screen.getByLabelText(M.firstName) as HTMLInputElement).value).toBe('Ava');
    expect((screen.getByLabelText(M.dob) as HTMLInputElement).value).toBe('1990-04-12');
    const save = screen.getByRole('button', { name: M.save });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));

    type(M.firstName, 'Ava1');
    expect(await screen.findByText(V.lettersOnly)).toBeTruthy();
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    type(M.firstName, 'Ava');
    type(M.phoneNumber, '12');
    expect(await screen.findByText(V.phoneTooShort)).toBeTruthy();
    type(M.phoneNumber, '555-000-1111');
    type(M.address, 'SJ');
    expect(await screen.findByText(V.cityTooShort)).toBeTruthy();
    type(M.address, 'San Jose, CA');
    type(M.dob, '2015-01-01');
    expect(await screen.findByText(V.underAge)).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    type(M.dob, '1991-02-03');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
  });

  it('saves the flat fields with PUT /users/:id', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/users/me') return jsonResponse(USER);
      if (call.method === 'PUT' && call.path === '/users/12') {
        return jsonResponse({ ...USER, ...(call.body as object) });
      }
      return undefined;
    });
    signInAs(USER);
    renderAccount('/profile/edit');
    await screen.findByRole('heading', { name: M.title });
    type(M.lastName, 'Rivers');
    const save = screen.getByRole('button', { name: M.save });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText(M.saved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      first_name: 'Ava',
      last_name: 'Rivers',
      phone_number: '555-123-4567',
      dob: '1990-04-12',
      city: 'San Jose',
    });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? '{}').last_name).toBe('Rivers');
  });

  it('shows the server’s message when the save is refused', async () => {
    mockApi((call) => {
      if (call.path === '/users/me') return jsonResponse(USER);
      if (call.method === 'PUT') return errorResponse(400, 'city is not valid');
      return undefined;
    });
    signInAs(USER);
    renderAccount('/profile/edit');
    await screen.findByRole('heading', { name: M.title });
    const save = screen.getByRole('button', { name: M.save });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('city is not valid')).toBeTruthy();
  });

  it('previews a picked image and uploads it as the avatar', async () => {
    const revoke = stubObjectUrls();
    const calls = mockApi((call) => {
      if (call.path === '/users/me') return jsonResponse(USER);
      if (call.path === '/upload') return jsonResponse([{ id: 77, url: '/uploads/new.webp' }], 201);
      if (call.method === 'PUT' && call.path === '/users/12') {
        return jsonResponse({ ...USER, avatar: { id: 77, url: '/uploads/new.webp' } });
      }
      return undefined;
    });
    signInAs(USER);
    renderAccount('/profile/edit');
    await screen.findByRole('heading', { name: M.title });
    const upload = screen.getByRole('button', { name: M.upload });
    expect(upload.hasAttribute('disabled')).toBe(true);

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText(M.avatar), { target: { files: [file] } });
    expect(screen.getByRole('img', { name: M.previewAlt }).getAttribute('src')).toBe('blob:preview');
    fireEvent.click(upload);

    expect(await screen.findByText(M.pictureSaved)).toBeTruthy();
    const uploadCall = calls.find((c) => c.path === '/upload');
    expect(uploadCall?.authorization).toBe('Bearer jwt');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ avatar: 77 });
    // The preview is dropped (and its URL released) once the picture is saved.
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:preview'));
  });

  it('says "Please try again later" when the picture cannot be saved', async () => {
    stubObjectUrls();
    mockApi((call) => {
      if (call.path === '/users/me') return jsonResponse(USER);
      if (call.path === '/upload') return errorResponse(500, 'boom');
      return undefined;
    });
    signInAs(USER);
    renderAccount('/profile/edit');
    await screen.findByRole('heading', { name: M.title });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText(M.avatar), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: M.upload }));
    expect(await screen.findByText(MESSAGES.toast.tryAgainLater)).toBeTruthy();
  });
});
