import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  MESSAGES,
  type TChangePasswordRequest,
  type TLoginRequest,
  type TRegisterRequest,
  type TResetPasswordRequest,
  type TwoFactorChallenge,
} from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import { signMfaToken, signToken, type Actor } from '../../http/auth.ts';
import { AppError, badRequest, fieldError, fieldErrors, forbidden } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { claimFiles } from '../media/index.ts';
import {
  findUserById,
  findUserByIdentifier,
  findUserByEmail,
  findUsersWithEmailOrUsername,
  getAccount,
  hashPassword,
  insertUser,
  setUserPassword,
  verifyPassword,
} from '../users/index.ts';
import {
  insertUserDocs,
  countResetTokensSince,
  deleteRevokedTokensBefore,
  findResetTokenByHash,
  insertResetToken,
  insertRevokedToken,
  revokeResetTokens,
  useResetToken,
} from './auth.queries.ts';
import type { AsyncLoginThrottle } from './auth.throttle.ts';
import { liftCodeLock } from './two-factor.queries.ts';
import { passwordProblem } from './password-policy.ts';

/** How long an e-mailed reset link works, and how many one account may be sent per hour. */
export const PASSWORD_RESET = {
  ttlMs: 60 * 60 * 1000,
  maxEmailsPerHour: 5,
  tokenBytes: 32,
} as const;

export interface AuthContext {
  db: Kysely<DB>;
  config: Pick<Config, 'jwtSecret' | 'publicUrl'>;
  mailer: Mailer;
  throttle: AsyncLoginThrottle;
}

/** What every sign-in answers, as Strapi's users-permissions does: a token and the flat account. */
export interface Session {
  jwt: string;
  user: Record<string, unknown>;
}

/** A session for the account; `mfa` when this sign-in was given a two-factor code. */
export async function sessionFor(
  ctx: Pick<AuthContext, 'db' | 'config'>,
  userId: number,
  tokenVersion: number,
  options: { mfa?: boolean } = {},
): Promise<Session> {
  return {
    jwt: await signToken(ctx.config.jwtSecret, userId, tokenVersion, options),
    user: await getAccount(ctx.db, userId),
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Refuses (400 at `password`) a new password that is too common or is the username or e-mail. */
function requireAcceptablePassword(password: string, account: { username: string; email: string }): void {
  const problem = passwordProblem(password, account);
  if (problem) throw fieldError('password', problem);
}

// ---------------------------------------------------------------------------------------------
// Registration

/**
 * Rejects an e-mail or username that is taken, naming each path (the e-mail compares lower-cased,
 * the username without regard to case).
 */
async function requireFreeIdentity(db: Kysely<DB>, email: string, username: string): Promise<void> {
  const clashes = await findUsersWithEmailOrUsername(db, email, username);
  const paths: string[] = [];
  if (clashes.some((u) => u.email.toLowerCase() === email.toLowerCase())) paths.push('email');
  if (clashes.some((u) => u.username.toLowerCase() === username.toLowerCase())) paths.push('username');
  if (paths.length) throw fieldErrors(paths, MESSAGES.register.taken);
}

/**
 * Creates a plain, active account of the chosen type (never an admin: the role and `is_active` are
 * not read from the body) and gives it the anonymous uploads named in `docs`, each with its claim
 * token, which stay private. A wrong token, a missing file and a claimed one are the same 400.
 * Providers must send documents. Answers a session, as Strapi's register does.
 */
export async function registerUser(ctx: AuthContext, input: TRegisterRequest): Promise<Session> {
  // One claim per document id (a repeated id counts once, with the first token given).
  // Only a Provider registers with ID documents (spec 001 §3); another type's are not claimed, and
  // are deleted with the other unclaimed uploads.
  const sent = input.user_type === 'Provider' ? (input.docs ?? []) : [];
  const docs = sent.filter((d, i, all) => all.findIndex((e) => e.id === d.id) === i);
  if (input.user_type === 'Provider' && !docs.length) {
    throw fieldError('docs', MESSAGES.validation.docsRequired);
  }
  await requireFreeIdentity(ctx.db, input.email, input.username);
  requireAcceptablePassword(input.password, input);
  const hash = await hashPassword(input.password);
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, {
        username: input.username,
        email: input.email,
        password: hash,
        user_type: input.user_type,
        // A provider's ID documents wait for an admin's decision; other types need none.
        verification: input.user_type === 'Provider' ? 'pending' : null,
        role: 'authenticated',
        is_active: 1,
        first_name: input.first_name,
        last_name: input.last_name,
        phone_number: input.phone_number,
        dob: input.dob,
        city: input.city,
      });
      if (docs.length) {
        const claimed = await claimFiles(trx, docs, userId);
        if (claimed.length !== docs.length) throw fieldError('docs', MESSAGES.register.docsInvalid);
        await insertUserDocs(trx, userId, claimed);
      }
      return userId;
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Two registrations raced for the same e-mail or username: the unique index refused the second.
    await requireFreeIdentity(ctx.db, input.email, input.username);
    throw err;
  }
  return sessionFor(ctx, id, 0);
}

// ---------------------------------------------------------------------------------------------
// Login

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the account does not exist, so both cases take as long. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

export function tooManyAttempts(retryAfterMs: number): AppError {
  return new AppError('RateLimitError', MESSAGES.login.tooManyAttempts, {
    retryAfter: Math.ceil(retryAfterMs / 1000),
  });
}

/**
 * Strapi's local login: `identifier` is an e-mail or a username. Wrong credentials are a 400 with
 * Strapi's text; a blocked account is a 403, said only once the password is right. Failures are
 * throttled per account and address and per address (429), and slowed per account (auth.throttle.ts).
 * An account with two-factor sign-in answers a challenge instead of a session: a five-minute token for
 * `POST /api/auth/2fa/verify`, which takes the code (two-factor.service.ts).
 */
export async function login(
  ctx: AuthContext,
  input: TLoginRequest,
  address: string,
): Promise<Session | TwoFactorChallenge> {
  const { throttle } = ctx;
  let wait = await throttle.retryAfterMs(address);
  if (wait) throw tooManyAttempts(wait);
  const user = await findUserByIdentifier(ctx.db, input.identifier);
  const account = user ? `id:${user.id}` : `identifier:${input.identifier.toLowerCase()}`;
  wait = await throttle.retryAfterMs(address, account);
  if (wait) throw tooManyAttempts(wait);
  // Past the account-wide ceiling every attempt waits, whatever the password: slowed, not refused.
  const slow = await throttle.slowdownMs(account);
  if (slow) await sleep(slow);
  const valid = await verifyPassword(user?.password ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) {
    await throttle.recordFailure(address, account);
    throw badRequest(MESSAGES.login.invalidIdentifier);
  }
  if (!user.is_active) throw forbidden(MESSAGES.login.blocked);
  if (user.two_factor_enabled_at) {
    // Half way: the failure count of this account and address clears only once the code is right,
    // so a right password does not give a code guesser a fresh allowance.
    return {
      two_factor_required: true,
      mfa_token: await signMfaToken(ctx.config.jwtSecret, user.id, user.token_version),
    };
  }
  await throttle.recordSuccess(address, account);
  return sessionFor(ctx, user.id, user.token_version);
}

// ---------------------------------------------------------------------------------------------
// Password reset

/**
 * Sends a reset link to an active account with this e-mail. Answers the same whether or not the
 * account exists: only a SHA-256 of the code is stored, the link works for an hour and once, and
 * an account is sent at most `maxEmailsPerHour` links an hour. The e-mail is sent in the
 * background, so the answer does not take longer when the address is known.
 */
export async function requestPasswordReset(
  ctx: AuthContext,
  email: string,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.is_active) return;
  const now = Date.now();
  const recent = await countResetTokensSince(ctx.db, user.id, new Date(now - 60 * 60 * 1000).toISOString());
  if (recent >= PASSWORD_RESET.maxEmailsPerHour) return;
  const code = randomBytes(PASSWORD_RESET.tokenBytes).toString('base64url');
  await insertResetToken(ctx.db, {
    user_id: user.id,
    token_hash: sha256(code),
    expires_at: new Date(now + PASSWORD_RESET.ttlMs).toISOString(),
    created_at: new Date(now).toISOString(),
  });
  const link = `${ctx.config.publicUrl}/resetPassword?code=${code}`;
  const m = MESSAGES.resetPassword;
  ctx.mailer
    .send({
      to: user.email,
      subject: m.emailSubject,
      text: `${m.emailIntro}\n\n${link}\n\n${m.emailIgnore}\n`,
    })
    .catch((err: unknown) => log.error({ err, userId: user.id }, 'password reset e-mail failed'));
}

/**
 * Sets a new password with an e-mailed code. The code works once; it and every other outstanding
 * code of the account are used up, every older token of the account is revoked, and a two-factor code
 * lock (and its count of wrong codes) is lifted.
 */
export async function resetPassword(
  ctx: AuthContext,
  input: TResetPasswordRequest,
): Promise<Session | TwoFactorChallenge> {
  const invalid = () => fieldError('code', MESSAGES.resetPassword.invalidLink);
  const token = await findResetTokenByHash(ctx.db, sha256(input.code));
  if (!token || token.used_at || Date.parse(token.expires_at) <= Date.now()) throw invalid();
  const user = await findUserById(ctx.db, token.user_id);
  if (!user || !user.is_active) throw invalid();
  requireAcceptablePassword(input.password, user);
  const hash = await hashPassword(input.password);
  const version = await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    if (!(await useResetToken(trx, token.id, now))) throw invalid();
    const v = await setUserPassword(trx, user.id, hash);
    await revokeResetTokens(trx, user.id, now);
    // Whoever locked the code step with the old password no longer has it: the owner's codes count again.
    await liftCodeLock(trx, user.id);
    return v;
  });
  // The e-mailed link proves the address, not the second factor: an account with two-factor on signs
  // in with its code.
  if (user.two_factor_enabled_at) {
    return {
      two_factor_required: true,
      mfa_token: await signMfaToken(ctx.config.jwtSecret, user.id, version),
    };
  }
  return sessionFor(ctx, user.id, version);
}

// ---------------------------------------------------------------------------------------------
// Change password

/**
 * Changes the signed-in account's password after checking the current one (wrong guesses count
 * towards the sign-in throttle). Revokes every older token, lifts a two-factor code lock and answers a
 * new session.
 */
export async function changePassword(
  ctx: AuthContext,
  actor: Actor,
  input: TChangePasswordRequest,
  address: string,
): Promise<Session> {
  const account = `id:${actor.id}`;
  const wait = await ctx.throttle.retryAfterMs(address, account);
  if (wait) throw tooManyAttempts(wait);
  const slow = await ctx.throttle.slowdownMs(account);
  if (slow) await sleep(slow);
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw forbidden();
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    await ctx.throttle.recordFailure(address, account);
    throw fieldError('currentPassword', MESSAGES.changePassword.wrongCurrent);
  }
  if (input.password === input.currentPassword) {
    throw fieldError('password', MESSAGES.changePassword.sameAsCurrent);
  }
  requireAcceptablePassword(input.password, user);
  const hash = await hashPassword(input.password);
  const version = await ctx.db.transaction().execute(async (trx) => {
    const v = await setUserPassword(trx, user.id, hash);
    await revokeResetTokens(trx, user.id, nowIso());
    await liftCodeLock(trx, user.id);
    return v;
  });
  // This session was given a code (or needs none): the new token keeps that.
  return sessionFor(ctx, user.id, version, { mfa: actor.mfa === true });
}

// ---------------------------------------------------------------------------------------------
// Logout

/**
 * Revokes the token the request came with (`POST /api/auth/logout`): it is refused from now on,
 * while the account's other tokens keep working. The revocation is kept until the token would have
 * expired anyway (see `deleteExpiredRevocations`).
 */
export async function logout(db: Kysely<DB>, actor: Actor): Promise<{ ok: true }> {
  if (actor.token) {
    await insertRevokedToken(db, {
      token_id: actor.token.id,
      user_id: actor.id,
      expires_at: actor.token.expiresAt,
    });
  }
  return { ok: true };
}

/**
 * Deletes the revocations of tokens that have expired by `now` (they are refused as expired
 * anyway), so the list holds only live tokens. For the scheduled jobs; answers how many went.
 */
export function deleteExpiredRevocations(db: Kysely<DB>, now: Date = new Date()): Promise<number> {
  return deleteRevokedTokensBefore(db, now.toISOString());
}
