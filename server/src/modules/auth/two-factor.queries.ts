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
