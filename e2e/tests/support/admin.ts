import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { isTwoFactorChallenge, TWO_FACTOR } from '@app/domain';
import { Secret, TOTP } from 'otpauth';
import type { AuthSession } from './accounts.ts';

/**
 * The administrator the e2e server starts with (playwright.config.ts: ADMIN_EMAIL/ADMIN_PASSWORD), and
 * its two-factor sign-in: admin powers need a token given a code. The global setup
 * (../../global-setup.ts) enrols the admin once through the API and keeps the secret and that first
 * session in a file of the run's DATA_DIR; every worker signs the admin in from there.
 */
export const ADMIN = { email: 'admin@e2e.test', password: 'Admin-pass-1' };

interface AdminState {
  secret: string;
  session: AuthSession;
}

const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright.config.ts');
  return dir;
};
const stateFile = () => path.join(dataDir(), 'e2e-admin-two-factor.json');
/** The last time step a code was used for (a code is accepted once, and no earlier one after it). */
const stepFile = () => path.join(dataDir(), 'e2e-admin-totp-step');
const lockDir = () => path.join(dataDir(), 'e2e-admin-totp.lock');

const PERIOD_MS = TWO_FACTOR.periodSeconds * 1000;
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

export function writeAdminState(state: AdminState, usedStep: number): void {
  writeFileSync(stateFile(), JSON.stringify(state));
  writeFileSync(stepFile(), String(usedStep));
}

function readAdminState(): AdminState {
  if (!existsSync(stateFile())) {
    throw new Error('The e2e admin is not enrolled: global-setup.ts did not run (see playwright.config.ts)');
  }
  return JSON.parse(readFileSync(stateFile(), 'utf8')) as AdminState;
}

/** One process at a time (workers are processes): a directory is made atomically or not at all. */
async function withStepLock<T>(fn: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lockDir());
      break;
    } catch {
      if (i > 1200) throw new Error('The e2e admin code lock was not released');
      await sleep(50);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir(), { recursive: true, force: true });
  }
}

/** The code of `secret` for a time step. */
export function codeForStep(secret: string, step: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * PERIOD_MS });
}

/**
 * A code for `secret` that the server takes: the current time step or the next one (the server
 * accepts one step either side), later than any code used before in this run, across workers. Waits
 * when both are used (at most one step).
 */
export async function nextTotpCode(secret: string): Promise<string> {
  const step = await withStepLock(async () => {
    const last = existsSync(stepFile()) ? Number(readFileSync(stepFile(), 'utf8')) : -1;
    const step = Math.max(stepNow(), last + 1);
    // The step after the next one: wait until the next one begins, so this one is in the window.
    if (step > stepNow() + 1) await sleep((step - 1) * PERIOD_MS - Date.now() + 200);
    writeFileSync(stepFile(), String(step));
    return step;
  });
  return codeForStep(secret, step);
}

/** The e2e admin's secret (for a journey that types the code on the login page). */
export function adminSecret(): string {
  return readAdminState().secret;
}

/** A code for the e2e admin's next sign-in (see `nextTotpCode`). */
export function nextAdminCode(): Promise<string> {
  return nextTotpCode(adminSecret());
}

/** Answers a sign-in challenge (`POST /api/auth/2fa/verify`); the session. */
export async function answerTwoFactor(
  request: APIRequestContext,
  mfaToken: string,
  code: string,
): Promise<AuthSession> {
  const response = await request.post('/api/auth/2fa/verify', { data: { mfa_token: mfaToken, code } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AuthSession;
}

/** A fresh sign-in of the e2e admin: the password, then a code. */
async function signInAdmin(request: APIRequestContext): Promise<AuthSession> {
  const response = await request.post('/api/auth/local', {
    data: { identifier: ADMIN.email, password: ADMIN.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body: unknown = await response.json();
  if (!isTwoFactorChallenge(body)) throw new Error('The e2e admin signed in without a code: not enrolled?');
  return answerTwoFactor(request, body.mfa_token, await nextAdminCode());
}

let cached: AuthSession | undefined;

/**
 * A session of the e2e admin with admin powers. Reuses one session (the global setup's, then this
 * worker's own) while the server still takes it: a journey that signs the admin out ends it, and the
 * next call signs in again with a new code.
 */
export async function adminSession(request: APIRequestContext): Promise<AuthSession> {
  cached ??= readAdminState().session;
  const check = await request.get('/api/auth/2fa', { headers: { authorization: `Bearer ${cached.jwt}` } });
  if (check.ok() && ((await check.json()) as { verified?: boolean }).verified === true) return cached;
  cached = await signInAdmin(request);
  return cached;
}

/** A token of the e2e admin with admin powers. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  return (await adminSession(request)).jwt;
}
