import { MESSAGES, RECOVERY_CODE_PATTERN, TWO_FACTOR } from '@app/domain';
import { decodeJwt, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkRouteAccess, signMfaToken, signToken } from '../src/http/auth.ts';
import { LOGIN_THROTTLE } from '../src/modules/auth/auth.throttle.ts';
import { resetTwoFactorByEmail } from '../src/modules/auth/index.ts';
import { TWO_FACTOR_GUARD } from '../src/modules/auth/two-factor.codes.ts';
import { ensureAdmin } from '../src/modules/users/index.ts';
import { newAddress } from './directory-helpers.ts';
import {
  buildAdmin,
  buildHobbyist,
  buildProvider,
  buildUser,
  createTestApp,
  type Json,
  type TestContext,
  type TestUser,
} from './helpers.ts';

// Sign-ins hash and verify passwords (argon2id): give them room on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

const T = MESSAGES.twoFactor;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The app's code for `secret`, `steps` time steps from now (the window takes one either side). */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + steps * TWO_FACTOR.periodSeconds * 1000,
  });

const call = (
  method: 'GET' | 'POST',
  url: string,
  opts: { jwt?: string; body?: unknown; address?: string } = {},
) =>
  ctx.app.inject({
    method,
    url,
    headers: opts.jwt ? { authorization: `Bearer ${opts.jwt}` } : {},
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    remoteAddress: opts.address ?? newAddress(),
  });

const expectStatus = async (res: Promise<{ statusCode: number; body: string }>, status: number) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as Json;
};

const login = (user: { email: string; password: string }, address?: string) =>
  call('POST', '/api/auth/local', { body: { identifier: user.email, password: user.password }, address });

/** Sets two-factor sign-in up for the account through the API; answers the secret, codes and new jwt. */
async function enrol(jwt: string): Promise<{ secret: string; recovery: string[]; jwt: string }> {
  const setup = await expectStatus(call('POST', '/api/auth/2fa/setup', { jwt }), 200);
  const enabled = await expectStatus(
    call('POST', '/api/auth/2fa/enable', { jwt, body: { code: codeOf(setup.secret) } }),
    200,
  );
  return { secret: setup.secret, recovery: enabled.recovery_codes, jwt: enabled.jwt };
}

/** The account's token version now (turning two-factor on raises it). */
async function versionOf(id: number): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('users')
    .select('token_version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.token_version);
}

/** A 6-digit code that is none of the codes the window accepts now. */
const wrongCodeOf = (secret: string) => {
  const accepted = [-1, 0, 1].map((steps) => codeOf(secret, steps));
  let n = 100000;
  while (accepted.includes(String(n))) n += 1;
  return String(n);
};

/** A password sign-in of an enrolled account: its challenge token. */
async function challenge(user: TestUser, address?: string): Promise<string> {
  const body = await expectStatus(login(user, address), 200);
  expect(body).toEqual({ two_factor_required: true, mfa_token: expect.any(String) });
  return body.mfa_token;
}

describe('GET /api/auth/2fa', () => {
  it('401 anonymous; an account without it: off, not verified, not required', async () => {
    await expectStatus(call('GET', '/api/auth/2fa'), 401);
    const user = await buildHobbyist(ctx);
    expect(await expectStatus(call('GET', '/api/auth/2fa', { jwt: user.jwt }), 200)).toEqual({
      enabled: false,
      verified: false,
      recovery_codes_left: 0,
      required: false,
    });
  });

  it('the admin must have it', async () => {
    const admin = await buildAdmin(ctx);
    expect(await expectStatus(call('GET', '/api/auth/2fa', { jwt: admin.jwt }), 200)).toMatchObject({
      required: true,
      verified: true,
    });
  });
});

describe('enrolment', () => {
  it('setup answers a secret, its otpauth address and an SVG QR code; the first code turns it on', async () => {
    const user = await buildProvider(ctx);
    await expectStatus(call('POST', '/api/auth/2fa/setup'), 401);
    const first = await expectStatus(call('POST', '/api/auth/2fa/setup', { jwt: user.jwt }), 200);
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(first.otpauth_url).toContain(`secret=${first.secret}`);
    expect(first.otpauth_url).toContain('digits=6');
    expect(first.otpauth_url).toContain('period=30');
    expect(first.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(first.qr.split(',')[1], 'base64').toString()).toContain('<svg');
    // Asking again makes a new secret: the first one's codes no longer count.
    const setup = await expectStatus(call('POST', '/api/auth/2fa/setup', { jwt: user.jwt }), 200);
    expect(setup.secret).not.toBe(first.secret);

    // Turning it on: a code is required, a wrong one is a 400 at `code`, the old secret's too.
    const missing = await expectStatus(
      call('POST', '/api/auth/2fa/enable', { jwt: user.jwt, body: {} }),
      400,
    );
    expect(missing.error.details.errors[0].path).toEqual(['code']);
    for (const code of ['000000', codeOf(first.secret), 'abcd-efgh', 'not a code']) {
      if (code === codeOf(setup.secret)) continue;
      const wrong = await expectStatus(
        call('POST', '/api/auth/2fa/enable', { jwt: user.jwt, body: { code } }),
        400,
      );
      expect(wrong.error.details.errors[0]).toMatchObject({ path: ['code'], message: T.invalidEnrolCode });
    }
    const on = await expectStatus(
      call('POST', '/api/auth/2fa/enable', { jwt: user.jwt, body: { code: codeOf(setup.secret) } }),
      200,
    );
    expect(on.recovery_codes).toHaveLength(10);
    expect(new Set(on.recovery_codes).size).toBe(10);
    for (const code of on.recovery_codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(decodeJwt(on.jwt)).toMatchObject({ id: user.id, mfa: true });
    expect(await expectStatus(call('GET', '/api/auth/2fa', { jwt: on.jwt }), 200)).toEqual({
      enabled: true,
      verified: true,
      recovery_codes_left: 10,
      required: false,
    });
    // Only hashes are kept.
    const rows = await ctx.database.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(on.recovery_codes).not.toContain(row.code_hash);
    // On already: no second setup or enable.
    await expectStatus(call('POST', '/api/auth/2fa/setup', { jwt: on.jwt }), 409);
    await expectStatus(
      call('POST', '/api/auth/2fa/enable', { jwt: on.jwt, body: { code: codeOf(setup.secret, 1) } }),
      409,
    );
  });

  it('turning it on ends the account’s other sessions; the browser that turned it on keeps a new one', async () => {
    const user = await buildHobbyist(ctx);
    // A second session, as someone who signed in with a stolen password before the second factor was on.
    const other = await expectStatus(login(user), 200);
    await expectStatus(call('GET', '/api/auth/2fa', { jwt: other.jwt }), 200);
    const { jwt } = await enrol(user.jwt);
    for (const old of [other.jwt, user.jwt]) {
      await expectStatus(call('GET', '/api/users/me', { jwt: old }), 401);
    }
    const me = await expectStatus(call('GET', '/api/users/me', { jwt }), 200);
    expect(me.id).toBe(user.id);
    expect(await expectStatus(call('GET', '/api/auth/2fa', { jwt }), 200)).toMatchObject({
      enabled: true,
      verified: true,
    });
  });

  it('enable without a setup first is a 409', async () => {
    const user = await buildHobbyist(ctx);
    await expectStatus(
      call('POST', '/api/auth/2fa/enable', { jwt: user.jwt, body: { code: '123456' } }),
      409,
    );
  });
});

describe('sign-in with two-factor on', () => {
  it('the password answers a challenge; a code from the app completes the sign-in, once', async () => {
    const user = await buildHobbyist(ctx);
    const { secret } = await enrol(user.jwt);
    const mfaToken = await challenge(user);
    // The challenge is no session.
    await expectStatus(call('GET', '/api/users/me', { jwt: mfaToken }), 401);
    await expectStatus(call('GET', '/api/auth/2fa', { jwt: mfaToken }), 401);
    // A missing or malformed code is a 400; the code of the next step is taken (the window).
    const code = codeOf(secret, 1);
    await expectStatus(call('POST', '/api/auth/2fa/verify', { body: { mfa_token: mfaToken } }), 400);
    const session = await expectStatus(
      call('POST', '/api/auth/2fa/verify', {
        body: { mfa_token: mfaToken, code: ` ${code.slice(0, 3)} ${code.slice(3)} ` },
      }),
      200,
    );
    expect(session.user).toMatchObject({ id: user.id, email: user.email });
    expect(session.user).not.toHaveProperty('two_factor_secret');
    expect(decodeJwt(session.jwt)).toMatchObject({ id: user.id, mfa: true });
    expect(await expectStatus(call('GET', '/api/auth/2fa', { jwt: session.jwt }), 200)).toMatchObject({
      enabled: true,
      verified: true,
    });
    await expectStatus(call('GET', '/api/users/me', { jwt: session.jwt }), 200);
    // The challenge is used up.
    await expectStatus(
      call('POST', '/api/auth/2fa/verify', { body: { mfa_token: mfaToken, code: codeOf(secret, 1) } }),
      401,
    );
    // The same code (or an earlier one) with a new challenge: refused.
    const again = await challenge(user);
    for (const replay of [code, codeOf(secret)]) {
      const res = await expectStatus(
        call('POST', '/api/auth/2fa/verify', { body: { mfa_token: again, code: replay } }),
        400,
      );
      expect(res.error.message).toBe(T.invalidCode);
    }
  });

  it('a recovery code signs in once (any case, with or without its dash)', async () => {
    const user = await buildHobbyist(ctx);
    const { recovery } = await enrol(user.jwt);
    const code = recovery[3]!;
    const session = await expectStatus(
      call('POST', '/api/auth/2fa/verify', {
        body: { mfa_token: await challenge(user), code: code.replace('-', '').toUpperCase() },
      }),
      200,
    );
    expect(decodeJwt(session.jwt)).toMatchObject({ mfa: true });
    expect(await expectStatus(call('GET', '/api/auth/2fa', { jwt: session.jwt }), 200)).toMatchObject({
      recovery_codes_left: 9,
    });
    const reused = await expectStatus(
      call('POST', '/api/auth/2fa/verify', { body: { mfa_token: await challenge(user), code } }),
      400,
    );
    expect(reused.error.message).toBe(T.invalidCode);
    // Another of the ten still works.
    await expectStatus(
      call('POST', '/api/auth/2fa/verify', { body: { mfa_token: await challenge(user), code: recovery[4] } }),
      200,
    );
  });

  it('wrong codes are 400s and count towards the sign-in throttle of the account and address', async () => {
    const user = await buildHobbyist(ctx);
    const { secret } = await enrol(user.jwt);
    const attacker = '10.90.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccountAndAddress + 2; i++) {
      // A fresh challenge each time (one dies after five wrong codes).
      const res = await call('POST', '/api/auth/2fa/verify', {
        body: {
          mfa_token: await signMfaToken(ctx.config.jwtSecret, user.id, await versionOf(user.id)),
          code: i % 2 ? 'zzzz-zzzz' : wrongCodeOf(secret),
        },
        address: attacker,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 400) expect(res.json().error.message).toBe(T.invalidCode);
      if (res.statusCode === 429) expect(res.json().error.message).toBe(MESSAGES.login.tooManyAttempts);
    }
    const max = LOGIN_THROTTLE.maxFailuresPerAccountAndAddress;
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(400));
    expect(statuses.slice(max)).toEqual([429, 429]);
    // Refused from that address even with the right code, and its password sign-in too.
    await expectStatus(
      call('POST', '/api/auth/2fa/verify', {
        body: { mfa_token: await challenge(user), code: codeOf(secret, 1) },
        address: attacker,
      }),
      429,
    );
    await expectStatus(login(user, attacker), 429);
    // The owner, from another address, signs in.
    await expectStatus(
      call('POST', '/api/auth/2fa/verify', {
        body: { mfa_token: await challenge(user), code: codeOf(secret, 1) },
      }),
      200,
    );
  });

  it('a right password does not reset the count of wrong codes', async () => {
    const user = await buildHobbyist(ctx);
    await enrol(user.jwt);
    const address = '10.91.0.1';
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccountAndAddress; i++) {
      // A fresh challenge each time: the password is right, the code is not.
      const mfaToken = await challenge(user, address);
      await expectStatus(
        call('POST', '/api/auth/2fa/verify', { body: { mfa_token: mfaToken, code: '000000' }, address }),
        400,
      );
    }
    await expectStatus(login(user, address), 429);
  });

  it('a challenge dies after five wrong codes, whatever the address; a new sign-in works', async () => {
    const user = await buildHobbyist(ctx);
    const { secret } = await enrol(user.jwt);
    const mfaToken = await challenge(user);
    for (let i = 0; i < TWO_FACTOR_GUARD.maxWrongCodesPerChallenge; i++) {
      const res = await expectStatus(
        call('POST', '/api/auth/2fa/verify', {
          body: { mfa_token: mfaToken, code: i % 2 ? 'zzzz-zzzz' : wrongCodeOf(secret) },
        }),
        400,
      );
      expect(res.error.message).toBe(T.invalidCode);
    }
    for (const code of [codeOf(secret, 1), wrongCodeOf(secret)]) {
      const dead = await expectStatus(
        call('POST', '/api/auth/2fa/verify', { body: { mfa_token: mfaToken, code } }),
        401,
      );
      expect(dead.error.message).toBe(T.challengeSpent);
    }
    await expectStatus(
      call('POST', '/api/auth/2fa/verify', {
        body: { mfa_token: await challenge(user), code: codeOf(secret, 1) },
      }),
      200,
    );
  });

  it('wrong codes from many addresses lock the account’s code step for a while and mail the owner once', async () => {
    const user = await buildHobbyist(ctx);
    const { secret, recovery } = await enrol(user.jwt);
    const newChallenge = async () => signMfaToken(ctx.config.jwtSecret, user.id, await versionOf(user.id));
    const mails = () => ctx.mailer.sent.filter((m) => m.to === user.email);
    // One wrong code from each of twenty addresses, each with its own challenge.
    for (let i = 0; i < TWO_FACTOR_GUARD.maxWrongCodesPerAccount; i++) {
      const res = await expectStatus(
        call('POST', '/api/auth/2fa/verify', {
          body: { mfa_token: await newChallenge(), code: wrongCodeOf(secret) },
          address: `10.92.${i}.1`,
        }),
        400,
      );
      expect(res.error.message).toBe(T.invalidCode);
    }
    // Locked for every address: a right code and a wrong one from the app are both 429.
    for (const code of [codeOf(secret, 1), wrongCodeOf(secret)]) {
      const res = await call('POST', '/api/auth/2fa/verify', {
        body: { mfa_token: await newChallenge(), code },
      });
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().error.message).toBe(T.codeLocked);
    }
    // The profile's code checks too.
    const session = await signToken(ctx.config.jwtSecret, user.id, await versionOf(user.id), { mfa: true });
    await expectStatus(
      call('POST', '/api/auth/2fa/recovery-codes', { jwt: session, body: { code: codeOf(secret, 1) } }),
      429,
    );
    // The owner is told once.
    await vi.waitFor(() => expect(mails()).toHaveLength(1));
    expect(mails()[0]).toMatchObject({ subject: T.lockedEmailSubject });
    expect(mails()[0]!.text).toContain(T.lockedEmailText);
    // It says the password is known and offers the way back: the reset page, and the recovery codes.
    expect(mails()[0]!.text).toContain(`${ctx.config.publicUrl}/forgotPassword`);
    expect(T.lockedEmailText).toMatch(/recovery code/);
    expect(recovery).toHaveLength(10);
    // The password step stays open (only codes are locked).
    await challenge(user);

    // Once the lock's time is over (and the window with it), codes count again.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + Math.max(TWO_FACTOR_GUARD.lockMs, TWO_FACTOR_GUARD.windowMs) + 1000);
      await expectStatus(
        call('POST', '/api/auth/2fa/verify', {
          body: { mfa_token: await newChallenge(), code: wrongCodeOf(secret) },
        }),
        400,
      );
      await expectStatus(
        call('POST', '/api/auth/2fa/verify', {
          body: { mfa_token: await newChallenge(), code: codeOf(secret, 1) },
        }),
        200,
      );
    } finally {
      vi.useRealTimers();
    }
    expect(mails()).toHaveLength(1);
  });

  it('a lock renewed by someone with the password never keeps the owner out: a recovery code, or a new password', async () => {
    const user = await buildHobbyist(ctx);
    const { secret, recovery } = await enrol(user.jwt);
    const newChallenge = async () => signMfaToken(ctx.config.jwtSecret, user.id, await versionOf(user.id));
    const verify = async (code: string, mfaToken?: string) =>
      call('POST', '/api/auth/2fa/verify', {
        body: { mfa_token: mfaToken ?? (await newChallenge()), code },
        address: newAddress(),
      });
    // The attacker (who has the password) locks the code step, as often as it opens again.
    const lockUp = async () => {
      for (let i = 0; i < TWO_FACTOR_GUARD.maxWrongCodesPerAccount; i++) {
        const res = await verify(wrongCodeOf(secret));
        if (res.statusCode === 429) break;
        expect(res.statusCode, res.body).toBe(400);
      }
      await expectStatus(verify(codeOf(secret)), 429);
    };
    await lockUp();
    // During the lock a recovery code is still checked at sign-in: a wrong one is a 400, not a 429 …
    const wrong = await expectStatus(verify('zzzz-zzzz'), 400);
    expect(wrong.error.message).toBe(T.invalidCode);
    // … the owner's right one signs in, and lifts the lock: the app's codes are checked again.
    const signedIn = await expectStatus(verify(recovery[0]!), 200);
    expect(decodeJwt(signedIn.jwt)).toMatchObject({ id: user.id, mfa: true });
    await expectStatus(verify(wrongCodeOf(secret)), 400);

    // Locked again; the owner follows the mail: a new password by the e-mailed reset lifts the lock at
    // once and ends the attacker's sign-in in progress.
    await lockUp();
    const attackers = await newChallenge();
    await expectStatus(call('POST', '/api/auth/forgot-password', { body: { email: user.email } }), 200);
    await vi.waitFor(() =>
      expect(ctx.mailer.sent.some((m) => m.to === user.email && /code=/.test(m.text))).toBe(true),
    );
    const mail = ctx.mailer.sent.find((m) => m.to === user.email && /code=/.test(m.text))!;
    const code = /code=([\w-]+)/.exec(mail.text)![1];
    const reset = await expectStatus(
      call('POST', '/api/auth/reset-password', {
        body: { code, password: 'Harbor-Violet-5520', passwordConfirmation: 'Harbor-Violet-5520' },
      }),
      200,
    );
    await expectStatus(verify(codeOf(secret, 1), reset.mfa_token), 200);
    const spent = await expectStatus(verify(wrongCodeOf(secret), attackers), 401);
    expect(spent.error.message).toBe(T.signInExpired);
  });

  it('parallel wrong codes on one challenge: at most five are checked', async () => {
    const user = await buildHobbyist(ctx);
    const { secret } = await enrol(user.jwt);
    const mfaToken = await challenge(user);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call('POST', '/api/auth/2fa/verify', { body: { mfa_token: mfaToken, code: wrongCodeOf(secret) } }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(
      TWO_FACTOR_GUARD.maxWrongCodesPerChallenge,
    );
    expect(statuses.filter((s) => s !== 400 && s !== 401)).toEqual([]);
  });

  it('an expired, forged or misused challenge is a 401', async () => {
    const user = await buildHobbyist(ctx);
    const { secret } = await enrol(user.jwt);
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ id: user.id, v: await versionOf(user.id), purpose: 'mfa' })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('expired-challenge')
      .setIssuedAt(now - 600)
      .setExpirationTime(now - 300)
      .sign(key);
    const forged = await signMfaToken(
      'another-secret-another-secret-another',
      user.id,
      await versionOf(user.id),
    );
    const session = await signToken(ctx.config.jwtSecret, user.id, await versionOf(user.id), { mfa: true });
    const noPurpose = await new SignJWT({ id: user.id, v: await versionOf(user.id) })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('no-purpose')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    for (const mfaToken of [expired, forged, session, noPurpose, 'x.y.z']) {
      const res = await expectStatus(
        call('POST', '/api/auth/2fa/verify', { body: { mfa_token: mfaToken, code: codeOf(secret, 1) } }),
        401,
      );
      expect(res.error.name).toBe('UnauthorizedError');
    }
    // A challenge from before a password change (the token version moved on) is refused too.
    const old = await challenge(user);
    await ctx.database.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', user.id)
      .execute();
    await expectStatus(
      call('POST', '/api/auth/2fa/verify', { body: { mfa_token: old, code: codeOf(secret, 1) } }),
      401,
    );
    // A challenge is never a bearer token.
    await expectStatus(call('GET', '/api/users/me', { jwt: old }), 401);
  });

  it('a password reset by e-mail still asks for the code; a password change keeps the session’s code', async () => {
    const user = await buildHobbyist(ctx);
    const { secret, jwt } = await enrol(user.jwt);
    await expectStatus(call('POST', '/api/auth/forgot-password', { body: { email: user.email } }), 200);
    await vi.waitFor(() => expect(ctx.mailer.sent.some((m) => m.to === user.email)).toBe(true));
    const mail = ctx.mailer.sent.find((m) => m.to === user.email)!;
    const code = /code=([\w-]+)/.exec(mail.text)![1];
    const reset = await expectStatus(
      call('POST', '/api/auth/reset-password', {
        body: { code, password: 'Harbor-Violet-4410', passwordConfirmation: 'Harbor-Violet-4410' },
      }),
      200,
    );
    expect(reset).toEqual({ two_factor_required: true, mfa_token: expect.any(String) });
    const session = await expectStatus(
      call('POST', '/api/auth/2fa/verify', { body: { mfa_token: reset.mfa_token, code: codeOf(secret, 1) } }),
      200,
    );
    // The old session (from enrolment) ended with the reset; the new one changes the password.
    await expectStatus(call('GET', '/api/users/me', { jwt }), 401);
    const changed = await expectStatus(
      call('POST', '/api/auth/change-password', {
        jwt: session.jwt,
        body: {
          currentPassword: 'Harbor-Violet-4410',
          password: 'Harbor-Violet-4411',
          passwordConfirmation: 'Harbor-Violet-4411',
        },
      }),
      200,
    );
    expect(decodeJwt(changed.jwt)).toMatchObject({ mfa: true });
  });

  it('accounts without it sign in as before', async () => {
    const user = await buildHobbyist(ctx);
    const body = await expectStatus(login(user), 200);
    expect(body).toMatchObject({ jwt: expect.any(String), user: { id: user.id } });
    expect(decodeJwt(body.jwt).mfa).toBeUndefined();
  });
});

describe('the admin', () => {
  it('an admin token without a code is a signed-in account without powers until two-factor is on', async () => {
    const admin = await buildUser(ctx, { userType: null, role: 'admin' });
    const plain = await signToken(ctx.config.jwtSecret, admin.id, 0);
    // Admin routes: 403 with the reason and whether the account is enrolled.
    const refused = await expectStatus(call('GET', '/api/users', { jwt: plain }), 403);
    expect(refused.error.message).toBe(T.required);
    expect(refused.error.details).toEqual({ code: 'two_factor_required', enrolled: false });
    // Signed-in routes still work: it may see itself and enrol.
    await expectStatus(call('GET', '/api/users/me', { jwt: plain }), 200);
    expect(await expectStatus(call('GET', '/api/auth/2fa', { jwt: plain }), 200)).toEqual({
      enabled: false,
      verified: false,
      recovery_codes_left: 0,
      required: true,
    });
    const { jwt, secret } = await enrol(plain);
    expect(decodeJwt(jwt)).toMatchObject({ id: admin.id, mfa: true });
    await expectStatus(call('GET', '/api/users', { jwt }), 200);
    // The old token ended when two-factor went on (every other session does).
    await expectStatus(call('GET', '/api/users', { jwt: plain }), 401);
    // Turning it on is in the audit log.
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'subject'])
      .where('subject', '=', `user:${admin.id}`)
      .execute();
    expect(audit).toContainEqual({
      actor_id: admin.id,
      action: 'two-factor.enable',
      subject: `user:${admin.id}`,
    });
    // A new sign-in asks for the code, and its session has the powers.
    const mfaToken = await challenge(admin);
    const session = await expectStatus(
      call('POST', '/api/auth/2fa/verify', { body: { mfa_token: mfaToken, code: codeOf(secret, 1) } }),
      200,
    );
    await expectStatus(call('GET', '/api/users', { jwt: session.jwt }), 200);
    // The admin may not turn it off.
    const off = await expectStatus(
      call('POST', '/api/auth/2fa/disable', {
        jwt: session.jwt,
        body: { password: admin.password, code: codeOf(secret) },
      }),
      403,
    );
    expect(off.error.message).toBe(T.adminRequired);
  });

  it('the route check: an admin waiting for a code passes no admin rule, and keeps the admin refusals', () => {
    const pending = { id: 9, role: 'authenticated' as const, userType: null, adminPendingMfa: true };
    const required = expect.objectContaining({ status: 403, message: T.required });
    expect(() => checkRouteAccess('admin', pending)).toThrow(required);
    expect(() => checkRouteAccess({ userTypes: ['Provider'] }, pending)).toThrow(required);
    expect(() => checkRouteAccess({ userTypes: [], refused: 'Admins only' }, pending)).toThrow(required);
    expect(() =>
      checkRouteAccess({ userTypes: ['Hobbyist'], adminRefused: 'Hobbyists only' }, pending),
    ).toThrow(expect.objectContaining({ status: 403, message: 'Hobbyists only' }));
    expect(() => checkRouteAccess('authenticated', pending)).not.toThrow();
    expect(() => checkRouteAccess('public', pending)).not.toThrow();
  });

  it('create-admin (ensureAdmin) makes an admin without two-factor, who signs in and is asked to enrol', async () => {
    const email = `ops-${Date.now().toString(36)}@example.test`;
    const id = await ensureAdmin(ctx.database.db, email, 'Harbor-Violet-2291');
    const session = await expectStatus(login({ email, password: 'Harbor-Violet-2291' }), 200);
    expect(session.user.id).toBe(id);
    const refused = await expectStatus(call('GET', '/api/users', { jwt: session.jwt }), 403);
    expect(refused.error.details).toEqual({ code: 'two_factor_required', enrolled: false });
  });

  it('reset-two-factor (a lost authenticator) turns it off, ends the sessions and is in the audit log', async () => {
    const email = `lost-${Date.now().toString(36)}@example.test`;
    const id = await ensureAdmin(ctx.database.db, email, 'Harbor-Violet-2291');
    const first = await expectStatus(login({ email, password: 'Harbor-Violet-2291' }), 200);
    const enrolled = await enrol(first.jwt);
    expect(await resetTwoFactorByEmail(ctx.database.db, email.toUpperCase())).toBe(true);
    expect(await resetTwoFactorByEmail(ctx.database.db, 'nobody@example.test')).toBe(false);
    await expectStatus(call('GET', '/api/auth/2fa', { jwt: enrolled.jwt }), 401);
    const again = await expectStatus(login({ email, password: 'Harbor-Violet-2291' }), 200);
    expect(again.jwt).toEqual(expect.any(String));
    const status = await expectStatus(call('GET', '/api/auth/2fa', { jwt: again.jwt }), 200);
    expect(status).toMatchObject({ enabled: false, required: true });
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `user:${id}`)
      .where('action', '=', 'two-factor.reset')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBeNull();
  });
});

describe('turning it off and new recovery codes', () => {
  it('off with the password and a code; wrong ones are 400s', async () => {
    const user = await buildHobbyist(ctx);
    await expectStatus(
      call('POST', '/api/auth/2fa/disable', {
        jwt: user.jwt,
        body: { password: user.password, code: '123456' },
      }),
      409,
    );
    const { secret, jwt } = await enrol(user.jwt);
    await expectStatus(
      call('POST', '/api/auth/2fa/disable', { body: { password: 'x', code: '123456' } }),
      401,
    );
    const badPassword = await expectStatus(
      call('POST', '/api/auth/2fa/disable', {
        jwt,
        body: { password: 'Wrong-pass-1', code: codeOf(secret, 1) },
      }),
      400,
    );
    expect(badPassword.error.details.errors[0].path).toEqual(['password']);
    const badCode = await expectStatus(
      call('POST', '/api/auth/2fa/disable', { jwt, body: { password: user.password, code: '000000' } }),
      400,
    );
    expect(badCode.error.details.errors[0]).toMatchObject({ path: ['code'], message: T.invalidCode });
    expect(
      await expectStatus(
        call('POST', '/api/auth/2fa/disable', {
          jwt,
          body: { password: user.password, code: codeOf(secret, 1) },
        }),
        200,
      ),
    ).toMatchObject({ enabled: false });
    const row = await ctx.database.db
      .selectFrom('users')
      .select(['two_factor_secret', 'two_factor_enabled_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ two_factor_secret: null, two_factor_enabled_at: null });
    // A plain sign-in again.
    expect(await expectStatus(login(user), 200)).toMatchObject({ jwt: expect.any(String) });
  });

  it('new recovery codes replace the old ones', async () => {
    const user = await buildHobbyist(ctx);
    const { secret, recovery, jwt } = await enrol(user.jwt);
    await expectStatus(
      call('POST', '/api/auth/2fa/recovery-codes', { jwt, body: { code: recovery[0] } }),
      400,
    );
    const fresh = await expectStatus(
      call('POST', '/api/auth/2fa/recovery-codes', { jwt, body: { code: codeOf(secret, 1) } }),
      200,
    );
    expect(fresh.recovery_codes).toHaveLength(10);
    expect(fresh.recovery_codes.some((c: string) => recovery.includes(c))).toBe(false);
    await expectStatus(
      call('POST', '/api/auth/2fa/verify', { body: { mfa_token: await challenge(user), code: recovery[1] } }),
      400,
    );
    await expectStatus(
      call('POST', '/api/auth/2fa/verify', {
        body: { mfa_token: await challenge(user), code: fresh.recovery_codes[0] },
      }),
      200,
    );
  });
});
