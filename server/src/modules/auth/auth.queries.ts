import type { Kysely, Selectable } from 'kysely';
import type { DB, PasswordResetTokensTable } from '../../db/schema.ts';

export type ResetTokenRow = Selectable<PasswordResetTokensTable>;

export async function insertResetToken(
  db: Kysely<DB>,
  values: { user_id: number; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.insertInto('password_reset_tokens').values(values).execute();
}

export function findResetTokenByHash(db: Kysely<DB>, tokenHash: string): Promise<ResetTokenRow | undefined> {
  return db
    .selectFrom('password_reset_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** How many reset links were made for this account since `since` (ISO). */
export async function countResetTokensSince(db: Kysely<DB>, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks one token used, only if it still is unused; true when this call used it. */
export async function useResetToken(db: Kysely<DB>, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks every unused reset token of an account used (after a reset or a password change). */
export async function revokeResetTokens(db: Kysely<DB>, userId: number, now: string): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Records a token as revoked until it would have expired; revoking it twice changes nothing. */
export async function insertRevokedToken(
  db: Kysely<DB>,
  values: { token_id: string; user_id: number; expires_at: string },
): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values(values)
    .onConflict((oc) => oc.column('token_id').doNothing())
    .execute();
}

/** Deletes revocations of tokens that have expired anyway (ISO `now`); answers how many. */
export async function deleteRevokedTokensBefore(db: Kysely<DB>, now: string): Promise<number> {
  const result = await db.deleteFrom('revoked_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Links a new account to the ID documents it registered with (`user_docs`). */
export async function insertUserDocs(
  db: Kysely<DB>,
  userId: number,
  fileIds: readonly number[],
): Promise<void> {
  await db
    .insertInto('user_docs')
    .values(fileIds.map((fileId) => ({ user_id: userId, file_id: fileId })))
    .execute();
}
