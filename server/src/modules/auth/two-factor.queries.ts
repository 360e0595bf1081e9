import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The two-factor state of an account (and what sign-in needs to check it), or undefined. */
export function findTwoFactorAccount(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'role',
      'email',
      'username',
      'password',
      'is_active',
      'token_version',
      'two_factor_secret',
      'two_factor_enabled_at',
      'two_factor_last_step',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export type TwoFactorAccount = NonNullable<Awaited<ReturnType<typeof findTwoFactorAccount>>>;

/** An account's id and when it turned two-factor sign-in on (null when off), found by its e-mail. */
export function findTwoFactorStateByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'two_factor_enabled_at'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Ends every session of an account: the token version its tokens carry moves on. */
export async function endSessions(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Stores a new secret, not on yet (setup; calling again replaces it), unless it is on already. */
export async function storePendingSecret(db: Db, userId: number, secret: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_secret: secret, two_factor_last_step: null, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('two_factor_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Accepts a TOTP time step for the account once: only a step later than the last one accepted (so a
 * code, or an earlier one, is never taken twice, also when two requests race). True when taken.
 */
export async function takeTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ two_factor_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns two-factor sign-in on for the secret the account holds (once: false when it already was). */
export async function markTwoFactorEnabled(db: Db, userId: number, secret: string): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('users')
    .set({ two_factor_enabled_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('two_factor_secret', '=', secret)
    .where('two_factor_enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns two-factor sign-in off: the secret, the last step and the recovery codes go. */
export async function clearTwoFactor(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      two_factor_secret: null,
      two_factor_enabled_at: null,
      two_factor_last_step: null,
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await liftCodeLock(db, userId);
}

/** Forgets the account's wrong codes and lifts its code-step lock. */
export async function liftCodeLock(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('two_factor_failures').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_locks').where('user_id', '=', userId).execute();
}

/** Replaces the account's recovery codes with these hashes. */
export async function replaceRecoveryCodes(db: Db, userId: number, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  const now = nowIso();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}

/** Uses one unused recovery code of the account by its hash; true when this call used it. */
export async function useRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

/** How many unused recovery codes the account has. */
export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Uses up a sign-in challenge token: recorded as revoked until it expires. True when this call
 * recorded it (false: it was used already, also by a racing request).
 */
export async function claimMfaToken(
  db: Db,
  tokenId: string,
  userId: number,
  expiresAt: string,
): Promise<boolean> {
  const rows = await db
    .insertInto('revoked_tokens')
    .values({ token_id: tokenId, user_id: userId, expires_at: expiresAt })
    .onConflict((oc) => oc.column('token_id').doNothing())
    .returning('token_id')
    .execute();
  return rows.length === 1;
}

/** Whether a sign-in challenge token was used up already. */
export async function isMfaTokenUsed(db: Db, tokenId: string): Promise<boolean> {
  const row = await db
    .selectFrom('revoked_tokens')
    .select('token_id')
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a code attempt on the account before its code is checked (`tokenId`: the sign-in challenge it
 * came with), deleting every attempt older than `since` on the way. Answers the row and how many attempts
 * the challenge and the account have since `since`, this one included: each attempt is written before it
 * counts, so parallel requests cannot all count the same earlier total.
 */
export async function recordCodeAttempt(
  db: Db,
  userId: number,
  tokenId: string | null,
  now: string,
  since: string,
): Promise<{ id: number; challengeAttempts: number; accountAttempts: number }> {
  await db.deleteFrom('two_factor_failures').where('created_at', '<', since).execute();
  const row = await db
    .insertInto('two_factor_failures')
    .values({ user_id: userId, token_id: tokenId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const count = async (column: 'user_id' | 'token_id', value: number | string) => {
    const result = await db
      .selectFrom('two_factor_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return Number(result?.n ?? 0);
  };
  return {
    id: row.id,
    challengeAttempts: tokenId === null ? 0 : await count('token_id', tokenId),
    accountAttempts: await count('user_id', userId),
  };
}

/** Deletes a code attempt (its code was right, or it was refused before its code was checked). */
export async function deleteCodeAttempt(db: Db, id: number): Promise<void> {
  await db.deleteFrom('two_factor_failures').where('id', '=', id).execute();
}

/** Until when the account's code step is locked, when it is at `now`. */
export async function findCodeLock(db: Db, userId: number, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('two_factor_locks')
    .select('locked_until')
    .where('user_id', '=', userId)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.locked_until;
}

/**
 * Locks the account's code step until `until`, unless a lock holds already at `now`. True when this call
 * locked it (once per lock, also when requests race).
 */
export async function lockCodeStep(db: Db, userId: number, now: string, until: string): Promise<boolean> {
  const rows = await db
    .insertInto('two_factor_locks')
    .values({ user_id: userId, locked_until: until, created_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ locked_until: until, created_at: now })
        .where('two_factor_locks.locked_until', '<=', now),
    )
    .returning('user_id')
    .execute();
  return rows.length === 1;
}
