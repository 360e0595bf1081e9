import { createHash, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isTotpCode, MESSAGES, RECOVERY_CODE_ALPHABET, TWO_FACTOR } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { DB } from '../../db/schema.ts';
import { AppError, fieldError, unauthorized } from '../../http/errors.ts';
import { tooManyAttempts, type AuthContext } from './auth.service.ts';
import {
  deleteCodeAttempt,
  findCodeLock,
  liftCodeLock,
  lockCodeStep,
  recordCodeAttempt,
  takeTotpStep,
  useRecoveryCode,
  type TwoFactorAccount,
} from './two-factor.queries.ts';

/**
 * The codes of two-factor sign-in: a 6-digit TOTP code is taken once (the account's last accepted time
 * step), a recovery code once (only its SHA-256 is kept); wrong codes are counted and lock the code step
 * (`TWO_FACTOR_GUARD`). The use cases that ask for a code are in `two-factor.service.ts`.
 */

const T = MESSAGES.twoFactor;

/**
 * Wrong codes on an enrolled account, counted in the database (so the caps hold across processes and
 * restarts), whatever the address: a sign-in challenge dies after `maxWrongCodesPerChallenge` (401, sign in
 * again); after `maxWrongCodesPerAccount` within `windowMs` the account's 6-digit codes are locked for
 * `lockMs` (429 even for a right code, `T.codeLocked` names the length) and the owner is e-mailed once per
 * lock. Whoever can renew the lock knows the password, so the lock never keeps the owner out: at sign-in a
 * recovery code is still checked while it holds (ten random codes of 8 characters from 31 cannot be
 * guessed in five tries a challenge) and a right one lifts it, and a new password (the e-mailed reset, or
 * a change) lifts it too and ends the other person's sign-ins. The lock mail says both.
 */
export const TWO_FACTOR_GUARD = {
  maxWrongCodesPerChallenge: 5,
  maxWrongCodesPerAccount: 20,
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
} as const;

export type Log = Pick<FastifyBaseLogger, 'error'>;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A wrong code: the recovery codes are named only where one would count (sign-in, turning it off). */
const invalidCode = (recovery: boolean) => fieldError('code', recovery ? T.invalidCode : T.invalidEnrolCode);

export function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: MESSAGES.site.name,
    label,
    algorithm: TWO_FACTOR.algorithm,
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a 6-digit code belongs to (now, or one step either side), or undefined. */
function stepOf(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totpFor(secret, 'x').validate({ token: code, timestamp: now, window: TWO_FACTOR.window });
  if (delta === null) return undefined;
  return TOTP.counter({ period: TWO_FACTOR.periodSeconds, timestamp: now }) + delta;
}

/** Ten new recovery codes, `xxxx-xxxx` from an alphabet without look-alikes. */
export function newRecoveryCodes(): string[] {
  const group = () =>
    Array.from({ length: 4 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join(
      '',
    );
  const codes = new Set<string>();
  while (codes.size < TWO_FACTOR.recoveryCodes) codes.add(`${group()}-${group()}`);
  return [...codes];
}

/**
 * Takes a code for the account: a 6-digit code of its secret (once per time step, later steps only),
 * or, where `recovery` allows, one of its unused recovery codes. True when taken.
 */
async function takeCode(
  db: Kysely<DB>,
  account: TwoFactorAccount,
  code: string,
  recovery: boolean,
): Promise<boolean> {
  if (!account.two_factor_secret) return false;
  if (isTotpCode(code)) {
    const step = stepOf(account.two_factor_secret, code);
    return step !== undefined && (await takeTotpStep(db, account.id, step));
  }
  return recovery && (await useRecoveryCode(db, account.id, sha256(code)));
}

const codeLocked = (retryAfterMs: number) =>
  new AppError('RateLimitError', T.codeLocked, { retryAfter: Math.ceil(retryAfterMs / 1000) });

/** Milliseconds the account's code step stays locked; 0 when it is not. */
async function codeLockLeftMs(db: Kysely<DB>, userId: number): Promise<number> {
  const now = Date.now();
  const until = await findCodeLock(db, userId, new Date(now).toISOString());
  return until ? Math.max(Date.parse(until) - now, 1) : 0;
}

/**
 * Locks the account's code step for `TWO_FACTOR_GUARD.lockMs`, unless it is; the call that locked it
 * e-mails the owner (in the background: the answer does not wait for the mail).
 */
async function lockCodes(ctx: AuthContext, account: TwoFactorAccount, log: Log | undefined): Promise<void> {
  const now = Date.now();
  const locked = await lockCodeStep(
    ctx.db,
    account.id,
    new Date(now).toISOString(),
    new Date(now + TWO_FACTOR_GUARD.lockMs).toISOString(),
  );
  if (!locked) return;
  ctx.mailer
    .send({
      to: account.email,
      subject: T.lockedEmailSubject,
      text: `${T.lockedEmailText}\n\n${ctx.config.publicUrl}/forgotPassword\n`,
    })
    .catch((err: unknown) => log?.error({ err, userId: account.id }, 'two-factor lock e-mail failed'));
}

/**
 * Checks a code under the sign-in throttle: refused (429) while the account and address are, slowed
 * past the account's ceiling; a wrong code is a failure (400 at `code`), a right one clears the count
 * of the account and address when `signIn`. For an enrolled account the attempt is first written to the
 * database (`TWO_FACTOR_GUARD`): refused (429) while the code step is locked, but for a recovery code where
 * one counts; a challenge (`tokenId`) past its wrong codes is a 401 (sign in again); the account past its
 * wrong codes is locked (429); a right code deletes the attempt again, a right recovery code during a lock
 * lifts the lock.
 */
export async function requireCode(
  ctx: AuthContext,
  account: TwoFactorAccount,
  code: string,
  address: string,
  opts: { recovery: boolean; signIn?: boolean; tokenId?: string; log?: Log | undefined },
): Promise<void> {
  const key = `id:${account.id}`;
  const wait = await ctx.throttle.retryAfterMs(address, key);
  if (wait) throw tooManyAttempts(wait);
  const guarded = account.two_factor_enabled_at !== null;
  const locked = guarded ? await codeLockLeftMs(ctx.db, account.id) : 0;
  // While the code step is locked only a recovery code is checked (where one counts): the owner's way in
  // past a lock that someone with the password keeps renewing.
  const pastLock = locked > 0 && opts.recovery && !isTotpCode(code);
  if (locked && !pastLock) throw codeLocked(locked);
  const slow = await ctx.throttle.slowdownMs(key);
  if (slow) await sleep(slow);
  const now = Date.now();
  const attempt = guarded
    ? await recordCodeAttempt(
        ctx.db,
        account.id,
        opts.tokenId ?? null,
        new Date(now).toISOString(),
        new Date(now - TWO_FACTOR_GUARD.windowMs).toISOString(),
      )
    : undefined;
  if (attempt && attempt.challengeAttempts > TWO_FACTOR_GUARD.maxWrongCodesPerChallenge) {
    await deleteCodeAttempt(ctx.db, attempt.id);
    throw unauthorized(T.challengeSpent);
  }
  if (!pastLock && attempt && attempt.accountAttempts > TWO_FACTOR_GUARD.maxWrongCodesPerAccount) {
    // Past the cap (requests raced the lock, or it ended with the window still full): refused unchecked.
    await deleteCodeAttempt(ctx.db, attempt.id);
    await lockCodes(ctx, account, opts.log);
    throw codeLocked((await codeLockLeftMs(ctx.db, account.id)) || TWO_FACTOR_GUARD.lockMs);
  }
  if (!(await takeCode(ctx.db, account, code, opts.recovery))) {
    await ctx.throttle.recordFailure(address, key);
    if (!pastLock && attempt && attempt.accountAttempts >= TWO_FACTOR_GUARD.maxWrongCodesPerAccount) {
      await lockCodes(ctx, account, opts.log);
    }
    throw invalidCode(opts.recovery);
  }
  if (pastLock) await liftCodeLock(ctx.db, account.id);
  else if (attempt) await deleteCodeAttempt(ctx.db, attempt.id);
  if (opts.signIn) await ctx.throttle.recordSuccess(address, key);
}
