import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { GuestOnly } from '../../app/guards.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import RegisterPage from './RegisterPage.tsx';
import { errorResponse, mockApi } from '../../test/api.ts';

const M = MESSAGES.register;
const V = MESSAGES.validation;

function renderRegister() {
  return renderRoutes(
    [
      { element: <GuestOnly />, children: [{ path: '/register', element: <RegisterPage /> }] },
      { path: '/login', element: <p>login page</p> },
      { path: '/package', element: <p>package page</p> },
      { path: '/', element: <p>listing page</p> },
    ],
    ['/register'],
  );
}

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label);
}

function type(label: string, value: string) {
  const input = field(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

function fillValidForm(userType: 'Hobbyist' | 'Provider' | 'Vender' = 'Hobbyist') {
  type(M.firstName, 'Ava');
  type(M.lastName, 'Stone');
  type(M.username, 'ava_stone');
  type(M.email, 'ava@example.com');
  type(M.password, 'Secret-1');
  type(M.confirmPassword, 'Secret-1');
  type(M.phoneNumber, '555-123-4567');
  type(M.dob, '1990-04-12');
  type(M.city, 'San Jose');
  fireEvent.change(screen.getByLabelText(M.userType), { target: { value: userType } });
  fireEvent.click(screen.getByLabelText(M.terms));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: M.submit }));

describe('RegisterPage', () => {
  it('shows every field with its label, the password hint and the user types', () => {
    renderRegister();
    expect(screen.getByRole('heading', { name: M.title })).toBeTruthy();
    for (const label of [
      M.username,
      M.email,
      M.password,
      M.confirmPassword,
      M.firstName,
      M.lastName,
      M.phoneNumber,
      M.dob,
      M.city,
      M.userType,
      M.terms,
    ]) {
      expect(field(label)).toBeTruthy();
    }
    expect(screen.getByText(M.passwordHint)).toBeTruthy();
    const options = Array.from(field(M.userType).querySelectorAll('option')).map((o) => o.textContent);
    // A seller reads "Vendor"; the value sent stays the spec's `Vender`.
    expect(options).toEqual([M.userTypePlaceholder, 'Hobbyist', 'Provider', 'Vendor']);
    const values = Array.from(field(M.userType).querySelectorAll('option')).map((o) => o.value);
    expect(values).toEqual(['', 'Hobbyist', 'Provider', 'Vender']);
    expect(screen.getByRole('link', { name: M.loginLink }).getAttribute('href')).toBe('/Login');
  });

  it('asks for the ID documents only when the type is Provider', async () => {
    renderRegister();
    const select = field(M.userType);
    expect(screen.queryByLabelText(M.docs)).toBeNull();
    fireEvent.change(select, { target: { value: 'Provider' } });
    const docs = await screen.findByLabelText(M.docs);
    expect(docs.getAttribute('type')).toBe('file');
    expect(docs.hasAttribute('multiple')).toBe(true);
    expect(docs.getAttribute('accept')).toBe('image/*');
    fireEvent.change(select, { target: { value: 'Vender' } });
    await waitFor(() => expect(screen.queryByLabelText(M.docs)).toBeNull());
  });

  it('checks fields as they change and blocks submitting while anything is invalid', async () => {
    const calls = mockApi(() => undefined);
    renderRegister();

    type(M.email, 'not-an-email');
    expect(await screen.findByText(V.emailInvalid)).toBeTruthy();
    expect(field(M.email).getAttribute('aria-invalid')).toBe('true');
    // Any valid ending is an address: .online, .info, .email (decision 0028).
    for (const email of ['ava@example.online', 'ava@example.info', 'ava@example.email']) {
      type(M.email, email);
      await waitFor(() => expect(field(M.email).getAttribute('aria-invalid')).toBe('false'));
    }
    type(M.email, 'ava@example');
    expect(await screen.findByText(V.emailInvalid)).toBeTruthy();

    type(M.password, 'Secret-1');
    type(M.confirmPassword, 'Secret-2');
    expect(await screen.findByText(V.passwordsMustMatch)).toBeTruthy();
    // Fixing the password clears the confirmation's error too.
    type(M.password, 'Secret-2');
    await waitFor(() => expect(screen.queryByText(V.passwordsMustMatch)).toBeNull());

    type(M.dob, '2020-01-01');
    expect(await screen.findByText(V.underAge)).toBeTruthy();

    submit();
    expect(await screen.findByText(V.termsRequired)).toBeTruthy();
    expect(screen.getByText(V.usernameRequired)).toBeTruthy();
    expect(screen.getByText(V.userTypeRequired)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('focuses the first invalid field on the screen when a submit is refused', async () => {
    mockApi(() => undefined);
    renderRegister();
    submit();
    await waitFor(() => expect(document.activeElement).toBe(field(M.firstName)));

    type(M.firstName, 'Ava');
    type(M.lastName, 'Stone');
    submit();
    // The account fields stand between the name and the phone number.
    await waitFor(() => expect(document.activeElement).toBe(field(M.username)));
  });

  it('requires an image document from a Provider', async () => {
    const calls = mockApi(() => undefined);
    renderRegister();
    fillValidForm('Provider');
    submit();
    expect(await screen.findByText(V.docsRequired)).toBeTruthy();

    const text = new File(['hello'], 'id.txt', { type: 'text/plain' });
    fireEvent.change(field(M.docs), { target: { files: [text] } });
    expect(await screen.findByText(M.docsImagesOnly)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('uploads a Provider’s documents anonymously, registers with their ids and claim tokens and goes to /package signed in', async () => {
    const calls = mockApi((call) => {
      if (call.path === '/upload')
        return jsonResponse(
          [
            { id: 41, claimToken: 'token-41' },
            { id: 42, claimToken: 'token-42' },
          ],
          201,
        );
      if (call.path === '/auth/local/register') {
        return jsonResponse({ jwt: 'jwt', user: { id: 7, user_type: 'Provider' } });
      }
      return undefined;
    });
    renderRegister();
    fillValidForm('Provider');
    const front = new File([new Uint8Array([137, 80, 78, 71])], 'front.png', { type: 'image/png' });
    const back = new File([new Uint8Array([137, 80, 78, 71])], 'back.png', { type: 'image/png' });
    fireEvent.change(await screen.findByLabelText(M.docs), { target: { files: [front, back] } });
    submit();

    expect(await screen.findByText('package page')).toBeTruthy();
    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(calls.slice(0, 3).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /upload',
      'POST /auth/local/register',
      // As after a login: the user with all relations, with the new token.
      'GET /users/me',
    ]);
    expect(calls[2]?.authorization).toBe('Bearer jwt');
    const [upload, registerCall] = calls;
    expect(upload?.authorization).toBeNull();
    expect((upload?.body as FormData).getAll('files')).toHaveLength(2);
    expect(registerCall?.authorization).toBeNull();
    expect(registerCall?.body).toEqual({
      username: 'ava_stone',
      email: 'ava@example.com',
      password: 'Secret-1',
      cpassword: 'Secret-1',
      first_name: 'Ava',
      last_name: 'Stone',
      phone_number: '555-123-4567',
      dob: '1990-04-12',
      city: 'San Jose',
      user_type: 'Provider',
      docs: [
        { id: 41, token: 'token-41' },
        { id: 42, token: 'token-42' },
      ],
    });
    // Registering signs in (decision 0030), and the new account's welcome waits to be read.
    expect(window.localStorage.getItem(STORAGE_KEYS.userId)).toBe('7');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!)).toMatchObject({
      id: 7,
      user_type: 'Provider',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.welcome)).toBe('7');
  });

  it('reuses the uploaded documents when a refused registration is tried again, and uploads anew after they are refused', async () => {
    let uploads = 0;
    const registerAnswers = [
      () => errorResponse(400, M.taken, { errors: [{ path: ['username'], message: M.taken }] }),
      () => errorResponse(400, M.docsInvalid, { errors: [{ path: ['docs'], message: M.docsInvalid }] }),
      () => jsonResponse({ jwt: 'jwt', user: { id: 9, user_type: 'Provider' } }),
    ];
    const calls = mockApi((call) => {
      if (call.path === '/upload') {
        uploads += 1;
        return jsonResponse([{ id: 40 + uploads, claimToken: `token-${uploads}` }], 201);
      }
      if (call.path === '/auth/local/register') return registerAnswers.shift()!();
      return undefined;
    });
    renderRegister();
    fillValidForm('Provider');
    const front = new File([new Uint8Array([137, 80, 78, 71])], 'front.png', { type: 'image/png' });
    fireEvent.change(await screen.findByLabelText(M.docs), { target: { files: [front] } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(M.taken);
    type(M.username, 'ava_stone_2');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(M.docsInvalid));
    // As the message asks, the documents are chosen again.
    const again = new File([new Uint8Array([137, 80, 78, 71])], 'front.png', { type: 'image/png' });
    fireEvent.change(field(M.docs), { target: { files: [again] } });
    submit();
    expect(await screen.findByText('package page')).toBeTruthy();
    expect(
      calls.map((c) => c.path).filter((path) => path !== '/users/me' && path !== '/processing-costs'),
    ).toEqual(['/upload', '/auth/local/register', '/auth/local/register', '/upload', '/auth/local/register']);
    const docsSent = calls
      .filter((c) => c.path === '/auth/local/register')
      .map((c) => (c.body as { docs: unknown }).docs);
    expect(docsSent).toEqual([
      [{ id: 41, token: 'token-1' }],
      [{ id: 41, token: 'token-1' }],
      [{ id: 42, token: 'token-2' }],
    ]);
  });

  it('signs a Hobbyist in and sends them to the listing, without uploading anything', async () => {
    const full = { id: 8, user_type: 'Hobbyist', username: 'ava_stone', subscriptions: [] };
    const calls = mockApi((call) => {
      if (call.path === '/auth/local/register')
        return jsonResponse({ jwt: 'jwt-8', user: { id: 8, user_type: 'Hobbyist' } });
      if (call.path === '/users/me') return jsonResponse(full);
      return undefined;
    });
    renderRegister();
    fillValidForm('Hobbyist');
    submit();
    expect(await screen.findByText('listing page')).toBeTruthy();
    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(calls.some((c) => c.path === '/upload')).toBe(false);
    expect((calls[0]?.body as { docs?: unknown }).docs).toBeUndefined();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-8');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(full);
    expect(window.localStorage.getItem(STORAGE_KEYS.welcome)).toBe('8');
  });

  it('keeps the spec’s way when the answer carries no token: the user id saved, a Hobbyist to /login', async () => {
    mockApi((call) =>
      call.path === '/auth/local/register'
        ? jsonResponse({ user: { id: 9, user_type: 'Hobbyist' } })
        : undefined,
    );
    renderRegister();
    fillValidForm('Hobbyist');
    submit();
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.userId)).toBe('9');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.welcome)).toBeNull();
  });

  it('flags the fields the server names and shows its message in a warning', async () => {
    mockApi(() =>
      errorResponse(400, M.taken, {
        errors: [
          { path: ['email'], message: M.taken },
          { path: ['username'], message: M.taken },
        ],
      }),
    );
    renderRegister();
    fillValidForm('Vender');
    submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(M.taken);
    expect(alert.className).toContain('alert-warning');
    await waitFor(() => expect(field(M.email).getAttribute('aria-invalid')).toBe('true'));
    expect(field(M.username).getAttribute('aria-invalid')).toBe('true');
    // The first field the server named takes the focus, so a phone scrolls to it.
    await waitFor(() => expect(document.activeElement).toBe(field(M.username)));
    expect(field(M.city).getAttribute('aria-invalid')).toBe('false');
    // Leaving the field keeps the flag; changing the value clears it.
    fireEvent.focus(field(M.email));
    fireEvent.blur(field(M.email));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(field(M.email).getAttribute('aria-invalid')).toBe('true');
    type(M.email, 'ava2@example.com');
    await waitFor(() => expect(field(M.email).getAttribute('aria-invalid')).toBe('false'));
  });
});
