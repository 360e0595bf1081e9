import { request as playwrightRequest } from '@playwright/test';
import { isTwoFactorChallenge, TWO_FACTOR } from '@app/domain';
import type { AuthSession } from './tests/support/accounts.ts';
import { ADMIN, codeForStep, writeAdminState } from './tests/support/admin.ts';

/**
 * Runs once, after the web server is up (Playwright starts `webServer` first): the e2e admin enrols in
 * two-factor sign-in through the API, as an admin does on the first visit to /admin, and the
 * secret and the session it gave are kept for the workers (tests/support/admin.ts).
 */
export default async function globalSetup() {
  const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    const call = async <T>(method: 'GET' | 'POST', url: string, jwt?: string, data?: unknown): Promise<T> => {
      const response = await request.fetch(url, {
        method,
        headers: jwt ? { authorization: `Bearer ${jwt}` } : {},
        ...(data !== undefined ? { data } : {}),
      });
      if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const signIn = await call<unknown>('POST', '/api/auth/local', undefined, {
      identifier: ADMIN.email,
      password: ADMIN.password,
    });
    if (isTwoFactorChallenge(signIn)) throw new Error('The e2e admin is enrolled already: a fresh DATA_DIR?');
    const { jwt } = signIn as AuthSession;
    const { secret } = await call<{ secret: string }>('POST', '/api/auth/2fa/setup', jwt);
    const step = Math.floor(Date.now() / (TWO_FACTOR.periodSeconds * 1000));
    const enabled = await call<{ jwt: string }>('POST', '/api/auth/2fa/enable', jwt, {
      code: codeForStep(secret, step),
    });
    const user = await call<AuthSession['user']>('GET', '/api/users/me?populate=*', enabled.jwt);
    writeAdminState({ secret, session: { jwt: enabled.jwt, user } }, step);
  } finally {
    await request.dispose();
  }
}
