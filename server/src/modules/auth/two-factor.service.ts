import {
  MESSAGES,
  TWO_FACTOR,
  type TTwoFactorDisableRequest,
  type TTwoFactorEnableRequest,
  type TTwoFactorRecoveryCodesRequest,
  type TTwoFactorVerifyRequest,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { Secret } from 'otpauth';
import { recordAudit } from '../../db/audit-log.ts';
import type { DB } from '../../db/schema.ts';
import { signToken, verifyMfaToken, type Actor } from '../../http/auth.ts';
import { AppError, fieldError, forbidden, unauthorized } from '../../http/errors.ts';
import { bumpTokenVersion, verifyPassword } from '../users/index.ts';
import { sessionFor, tooManyAttempts, type AuthContext, type Session } from './auth.service.ts';
import { newRecoveryCodes, requireCode, sha256, totpFor, type Log } from './two-factor.codes.ts';
import {
  claimMfaToken,
  clearTwoFactor,
  endSessions,
  countRecoveryCodesLeft,
  findTwoFactorAccount,
  findTwoFactorStateByEmail,
  isMfaTokenUsed,
  markTwoFactorEnabled,
  replaceRecoveryCodes,
  storePendingSecret,
  type TwoFactorAccount,
} from './two-factor.queries.ts';

/**
 * Two-factor sign-in, TOTP with the `otpauth` library: setup stores a secret,
 * the first code turns it on and answers ten recovery codes (only their SHA-256 is kept), sign-in then
 * asks for a code (`POST /api/auth/local` answers a challenge, `verify` the session). A code is taken
 * once (the account's last accepted time step), a recovery code once. Wrong codes count towards the
 * sign-in throttle of the account and address, as wrong passwords do (auth.throttle.ts), and, for an
 * enrolled account, in the database (`TWO_FACTOR_GUARD`; the codes' checks are in two-factor.codes.ts).
 * Tokens given a code carry `mfa: true`; the admin needs one for admin powers (http/auth.ts).
 */

const T = MESSAGES.twoFactor;
const conflict = (message: string) => new AppError('ConflictError', message);

async function requireAccount(db: Kysely<DB>, actor: Actor): Promise<TwoFactorAccount> {
  const account = await findTwoFactorAccount(db, actor.id);
  if (!account) throw forbidden();
  return account;
}

/** `GET /api/auth/2fa`: on or not, whether this token was given a code, recovery codes left. */
export async function twoFactorStatus(db: Kysely<DB>, actor: Actor): Promise<TwoFactorStatus> {
  const account = await requireAccount(db, actor);
  const enabled = Boolean(account.two_factor_enabled_at);
  return {
    enabled,
    verified: actor.mfa === true,
    recovery_codes_left: enabled ? await countRecoveryCodesLeft(db, account.id) : 0,
    required: account.role === 'admin',
  };
}

/**
 * `POST /api/auth/2fa/setup`: a new secret (stored, not on yet; a second call replaces it), its
 * `otpauth://` address and that address as a QR code (an SVG data URL; the CSP allows `img-src data:`).
 */
export async function setupTwoFactor(db: Kysely<DB>, actor: Actor): Promise<TwoFactorSetup> {
  const account = await requireAccount(db, actor);
  if (account.two_factor_enabled_at) throw conflict(T.alreadyEnabled);
  const secret = new Secret({ size: TWO_FACTOR.secretBytes }).base32;
  if (!(await storePendingSecret(db, account.id, secret))) throw conflict(T.alreadyEnabled);
  const otpauthUrl = totpFor(secret, account.email).toString();
  // qrcode is loaded when a QR image is first drawn (docs/performance.md).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * `POST /api/auth/2fa/enable`: the app's first code turns two-factor sign-in on and ends the account's
 * other sessions (its token version goes up); answers ten recovery codes (shown once) and a new token
 * given a code (this browser stays signed in; the admin's way into the console).
 */
export async function enableTwoFactor(
  ctx: AuthContext,
  actor: Actor,
  input: TTwoFactorEnableRequest,
  address: string,
): Promise<Required<TwoFactorRecoveryCodes>> {
  const account = await requireAccount(ctx.db, actor);
  if (account.two_factor_enabled_at) throw conflict(T.alreadyEnabled);
  if (!account.two_factor_secret) throw conflict(T.setupFirst);
  await requireCode(ctx, account, input.code, address, { recovery: false });
  const codes = newRecoveryCodes();
  const version = await ctx.db.transaction().execute(async (trx) => {
    // A setup that raced this call replaced the secret the code was checked against: start again.
    if (!(await markTwoFactorEnabled(trx, account.id, account.two_factor_secret!))) {
      throw conflict(T.setupFirst);
    }
    await replaceRecoveryCodes(trx, account.id, codes.map(sha256));
    // Every other session of the account ends (as a password change ends them): one opened with a
    // stolen password before the second factor was on must not outlive it. This one gets a new token.
    const v = await bumpTokenVersion(trx, account.id);
    if (v === undefined) throw forbidden();
    if (account.role === 'admin') {
      await recordAudit(trx, actor, 'two-factor.enable', `user:${account.id}`, null, {
        before: { two_factor_enabled: false },
        after: { two_factor_enabled: true },
      });
    }
    return v;
  });
  return {
    jwt: await signToken(ctx.config.jwtSecret, account.id, version, { mfa: true }),
    recovery_codes: codes,
  };
}

/**
 * `POST /api/auth/2fa/verify`: the sign-in's second step. The challenge token must be one `login`
 * gave (five minutes, for an account still active with the same token version and two-factor on, not
 * used before, given fewer than five wrong codes), else a 401; the code is a 6-digit code or a recovery
 * code. Answers the session, its token given a code; the challenge is then used up.
 */
export async function verifyTwoFactor(
  ctx: AuthContext,
  input: TTwoFactorVerifyRequest,
  address: string,
  log?: Log,
): Promise<Session> {
  const challenge = await verifyMfaToken(ctx.config.jwtSecret, input.mfa_token);
  if (!challenge) throw unauthorized(T.signInExpired);
  const account = await findTwoFactorAccount(ctx.db, challenge.id);
  if (
    !account ||
    account.token_version !== challenge.v ||
    !account.two_factor_enabled_at ||
    (await isMfaTokenUsed(ctx.db, challenge.tokenId))
  ) {
    throw unauthorized(T.signInExpired);
  }
  if (!account.is_active) throw forbidden(MESSAGES.login.blocked);
  await requireCode(ctx, account, input.code, address, {
    recovery: true,
    signIn: true,
    tokenId: challenge.tokenId,
    log,
  });
  if (!(await claimMfaToken(ctx.db, challenge.tokenId, account.id, challenge.expiresAt))) {
    throw unauthorized(T.signInExpired);
  }
  return sessionFor(ctx, account.id, account.token_version, { mfa: true });
}

/**
 * `POST /api/auth/2fa/disable`: the password and a code (or a recovery code) turn it off. Not for
 * the admin, who must keep it (403). Wrong passwords and codes count towards the sign-in throttle.
 */
export async function disableTwoFactor(
  ctx: AuthContext,
  actor: Actor,
  input: TTwoFactorDisableRequest,
  address: string,
  log?: Log,
): Promise<TwoFactorStatus> {
  const account = await requireAccount(ctx.db, actor);
  if (account.role === 'admin') throw forbidden(T.adminRequired);
  if (!account.two_factor_enabled_at) throw conflict(T.notEnabled);
  await confirmIdentity(ctx, actor, input, address, log);
  await ctx.db.transaction().execute((trx) => clearTwoFactor(trx, account.id));
  return { enabled: false, verified: actor.mfa === true, recovery_codes_left: 0, required: false };
}

/**
 * The account's owner proves it is them before a change that cannot be undone: the password, then, when
 * two-factor sign-in is on, a code or a recovery code. Wrong ones count towards the sign-in throttle.
 */
export async function confirmIdentity(
  ctx: AuthContext,
  actor: Actor,
  input: { password: string; code?: string | undefined },
  address: string,
  log?: Log,
): Promise<void> {
  const account = await requireAccount(ctx.db, actor);
  const key = `id:${account.id}`;
  const wait = await ctx.throttle.retryAfterMs(address, key);
  if (wait) throw tooManyAttempts(wait);
  if (!(await verifyPassword(account.password, input.password))) {
    await ctx.throttle.recordFailure(address, key);
    throw fieldError('password', MESSAGES.changePassword.wrongCurrent);
  }
  if (!account.two_factor_enabled_at) return;
  if (!input.code) throw fieldError('code', T.codeRequired);
  await requireCode(ctx, account, input.code, address, { recovery: true, log });
}

/** `POST /api/auth/2fa/recovery-codes`: a current code makes ten new recovery codes; the old ones go. */
export async function regenerateRecoveryCodes(
  ctx: AuthContext,
  actor: Actor,
  input: TTwoFactorRecoveryCodesRequest,
  address: string,
  log?: Log,
): Promise<TwoFactorRecoveryCodes> {
  const account = await requireAccount(ctx.db, actor);
  if (!account.two_factor_enabled_at) throw conflict(T.notEnabled);
  await requireCode(ctx, account, input.code, address, { recovery: false, log });
  const codes = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    await replaceRecoveryCodes(trx, account.id, codes.map(sha256));
    if (account.role === 'admin') {
      await recordAudit(trx, actor, 'two-factor.recovery-codes', `user:${account.id}`);
    }
  });
  return { recovery_codes: codes };
}

/**
 * The operator's way back in for an account that lost its authenticator and its recovery codes
 * (`npm run cli -- reset-two-factor EMAIL`): two-factor sign-in is turned off, every session of the account
 * ends, and the audit log records it (no acting account: it came from the server's shell). An admin is asked
 * to enrol again on the next visit to the console. False when no account has that e-mail.
 */
export async function resetTwoFactorByEmail(db: Kysely<DB>, email: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await findTwoFactorStateByEmail(trx, email.trim().toLowerCase());
    if (!user) return false;
    await clearTwoFactor(trx, user.id);
    await endSessions(trx, user.id);
    await recordAudit(
      trx,
      null,
      'two-factor.reset',
      `user:${user.id}`,
      { by: 'cli' },
      {
        before: { two_factor_enabled: user.two_factor_enabled_at !== null },
        after: { two_factor_enabled: false },
      },
    );
    return true;
  });
}
