import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { isTwoFactorChallenge, type UserType } from '@app/domain';
import { ADMIN, adminSession } from './admin.ts';
import { pngFile } from './png.ts';

/** The registration fields of one test account (spec 001 §3), unique per call. */
export interface AccountData {
  username: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  dob: string;
  city: string;
  user_type: UserType;
}

/** An account that exists on the server. */
export interface TestAccount extends AccountData {
  id: number;
}

export interface AuthSession {
  jwt: string;
  user: { id: number; [key: string]: unknown };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function randomLetters(length: number): string {
  return Array.from({ length }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Time plus randomness: unique across parallel workers and repeated runs. */
export function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Registration data that passes the spec's rules (names letters only, phone digits and hyphens,
 * e-mail with a 2-3 letter ending, 18 or older) and that no other test uses.
 */
export function buildAccountData(userType: UserType, overrides: Partial<AccountData> = {}): AccountData {
  const id = uniqueId();
  return {
    username: `e2e_${id}`,
    email: `e2e_${id}@example.com`,
    password: `Pass-${randomLetters(6)}-1`,
    first_name: capitalize(randomLetters(6)),
    last_name: capitalize(randomLetters(7)),
    phone_number: `555-${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    dob: '1990-04-12',
    city: 'San Jose',
    user_type: userType,
    ...overrides,
  };
}

/**
 * Uploads ID documents without a login, as the register screen does; returns what registration
 * presents for each: its id and the claim token the upload answered.
 */
export async function uploadDocumentsThroughApi(
  request: APIRequestContext,
  count = 1,
): Promise<{ id: number; token: string }[]> {
  const form = new FormData();
  for (let i = 0; i < count; i++) {
    const file = pngFile(`id-${i}.png`, 24, [60, 90 + i * 40, 160]);
    form.append('files', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  }
  const response = await request.post('/api/upload', { multipart: form });
  expect(response.ok(), await response.text()).toBe(true);
  const files = (await response.json()) as { id: number; claimToken: string }[];
  return files.map((file) => ({ id: file.id, token: file.claimToken }));
}

/** Creates an account through `POST /api/auth/local/register` (a Provider with one ID document). */
export async function createAccount(
  request: APIRequestContext,
  userType: UserType,
  overrides: Partial<AccountData> = {},
): Promise<TestAccount> {
  const data = buildAccountData(userType, overrides);
  const docs = userType === 'Provider' ? await uploadDocumentsThroughApi(request) : undefined;
  const response = await request.post('/api/auth/local/register', {
    data: { ...data, cpassword: data.password, ...(docs ? { docs } : {}) },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { user } = (await response.json()) as AuthSession;
  return { ...data, id: user.id };
}

/**
 * `POST /api/auth/local`: the token and user of a fresh sign-in. The e2e admin signs in with a
 * two-factor code and keeps its session while the server takes it (support/admin.ts).
 */
export async function signInThroughApi(
  request: APIRequestContext,
  account: Pick<AccountData, 'email' | 'password'>,
): Promise<AuthSession> {
  if (account.email === ADMIN.email) return adminSession(request);
  const response = await request.post('/api/auth/local', {
    data: { identifier: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body: unknown = await response.json();
  if (isTwoFactorChallenge(body)) {
    throw new Error(`${account.email} has two-factor sign-in on: answer its challenge (support/admin.ts)`);
  }
  return body as AuthSession;
}

/**
 * Signs the page's browser context in through the API, not the form: the session goes into
 * localStorage (token, userid, user) before the app's first script runs. It is put there once per
 * tab, so a Logout in the test stays logged out after the reload.
 */
export async function signInAs(
  page: Page,
  account: Pick<AccountData, 'email' | 'password'>,
): Promise<AuthSession> {
  const session = await signInThroughApi(page.request, account);
  await page.context().addInitScript(
    ({ jwt, user }) => {
      try {
        if (window.sessionStorage.getItem('e2e:session-seeded')) return;
        window.sessionStorage.setItem('e2e:session-seeded', '1');
        window.localStorage.setItem('token', jwt);
        window.localStorage.setItem('userid', String(user.id));
        window.localStorage.setItem('user', JSON.stringify(user));
      } catch {
        // about:blank and other opaque origins have no storage.
      }
    },
    { jwt: session.jwt, user: session.user },
  );
  return session;
}

/**
 * The sessionStorage entries of a session signed in without Remember Me (it ends with the browser; the
 * site's other tabs are handed it).
 */
export async function readTabSession(page: Page) {
  return page.evaluate(() => ({
    token: sessionStorage.getItem('token'),
    userid: sessionStorage.getItem('userid'),
    user: sessionStorage.getItem('user'),
    subscribed: sessionStorage.getItem('subscribed'),
  }));
}

/** The localStorage entries the session keeps (spec 000 §3): signed in with Remember Me, or through the API. */
export async function readSessionStorage(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    userid: localStorage.getItem('userid'),
    user: localStorage.getItem('user'),
    subscribed: localStorage.getItem('subscribed'),
  }));
}
