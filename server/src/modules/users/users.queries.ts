import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import { insertRow, updateById } from '../../db/rows.ts';
import type { DB, UsersTable } from '../../db/schema.ts';

export function findUserByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/**
 * The account a login identifier names: an e-mail (stored lower-case) or a username, compared
 * without regard to case (an exact match wins should two differ only in case).
 */
export function findUserByIdentifier(db: Kysely<DB>, identifier: string) {
  if (identifier.includes('@')) return findUserByEmail(db, identifier);
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', identifier.toLowerCase()))
    .orderBy(sql`case when username = ${identifier} then 0 else 1 end`)
    .orderBy('id')
    .executeTakeFirst();
}

/** Accounts that already use this e-mail or this username (case-insensitively). */
export function findUsersWithEmailOrUsername(db: Kysely<DB>, email: string, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username'])
    .where((eb) =>
      eb.or([
        eb('email', '=', email.toLowerCase()),
        eb(eb.fn('lower', ['username']), '=', username.toLowerCase()),
      ]),
    )
    .execute();
}

export function findUserById(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts an account (its e-mail lower-cased); answers its id. */
export function insertUser(
  db: Kysely<DB>,
  values: Omit<Insertable<UsersTable>, 'created_at' | 'updated_at'>,
): Promise<number> {
  return insertRow(db, 'users', { ...values, email: values.email.toLowerCase() });
}

/** Changes an account's columns (stamping `updated_at`). */
export async function updateUser(
  db: Kysely<DB>,
  id: number,
  values: Omit<Updateable<UsersTable>, 'id' | 'created_at' | 'updated_at'>,
): Promise<void> {
  await updateById(db, 'users', id, values);
}

/**
 * Sets a new password hash, records when, and increments the token version, which revokes every
 * token issued before (see http/auth.ts). Returns the new token version.
 */
export async function setUserPassword(db: Kysely<DB>, id: number, hash: string): Promise<number> {
  const now = nowIso();
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      password: hash,
      password_changed_at: now,
      token_version: eb('token_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return Number(row.token_version);
}

/**
 * Increments the account's token version, which revokes every token issued before ("sign out
 * everywhere"). Answers the new version; undefined when there is no such account.
 */
export async function bumpTokenVersion(db: Kysely<DB>, id: number): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: nowIso() }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirst();
  return row ? Number(row.token_version) : undefined;
}

/** Whether an account already has this username (compared as stored). */
export async function usernameExists(db: Kysely<DB>, username: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst());
}

/** The profile fields an account's owner may change. */
export const PROFILE_FIELDS = ['first_name', 'last_name', 'phone_number', 'dob', 'city'] as const;

/** The columns an account's update reads before it writes (the audit log's "before"). */
export const UPDATE_COLUMNS = [
  ...PROFILE_FIELDS,
  'avatar_id',
  'is_active',
  'user_type',
  'email',
  'verification',
  'verification_reason',
  'verified_at',
  'documents_hold_until',
  'deleted_at',
] as const;

/** The account's `UPDATE_COLUMNS`, read again inside the update's transaction. */
export function findAccountForUpdate(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').select(UPDATE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** A setting's stored text; undefined when none is stored. */
export async function findSettingValue(db: Kysely<DB>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}
