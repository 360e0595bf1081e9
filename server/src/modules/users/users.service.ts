import { MESSAGES, type TUserUpdateRequest } from '@app/domain';
import argon2 from 'argon2';
import type { Kysely, Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { isAdmin } from '../../http/auth.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { findMany, findOne, flatten } from '../../http/strapi/find.ts';
import type { ParsedQuery } from '../../http/strapi/parse.ts';
import { bumpDirectoryVersion } from '../directory/directory.version.ts';
import { findFileById } from '../media/media.queries.ts';
import {
  bumpTokenVersion,
  findUserByEmail,
  findUserById,
  insertUser,
  setUserPassword,
  updateUser,
} from './users.queries.ts';
import { publicUserResource, userResource } from './users.resources.ts';

/** argon2id with the library's defaults (64 MiB, t=3, p=4), OWASP's recommended family. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * Makes sure an admin account with this e-mail exists and has this password. The admin role can
 * only be given here (start-up with ADMIN_EMAIL/ADMIN_PASSWORD, or `npm run cli -- create-admin`).
 */
export async function ensureAdmin(db: Kysely<DB>, email: string, password: string): Promise<number> {
  const existing = await findUserByEmail(db, email);
  const hash = await hashPassword(password);
  if (existing) {
    const same = await verifyPassword(existing.password, password);
    await updateUser(db, existing.id, { role: 'admin', is_active: 1 });
    if (!same) await setUserPassword(db, existing.id, hash);
    return existing.id;
  }
  const base = email.split('@')[0]!.replace(/[^a-zA-Z0-9_-]/g, '') || 'admin';
  let username = base;
  for (
    let i = 1;
    await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    i++
  ) {
    username = `${base}-${i}`;
  }
  return insertUser(db, {
    username,
    email,
    password: hash,
    role: 'admin',
    first_name: 'Site',
    last_name: 'Admin',
  });
}

/** The signed-in account with everything its owner may see. */
export async function getMe(db: Kysely<DB>, actor: Actor, q: Pick<ParsedQuery, 'populate' | 'fields'>) {
  const item = await findOne(db, userResource, actor.id, q, { scope: null });
  if (!item) throw notFound();
  return item;
}

/** Admin-only list of accounts. */
export function listUsers(db: Kysely<DB>, q: ParsedQuery) {
  return findMany(db, userResource, q, { scope: null });
}

/** One account: everything for its owner and the admin, the public name fields for anyone else. */
export async function getUser(
  db: Kysely<DB>,
  actor: Actor | null,
  id: number,
  q: Pick<ParsedQuery, 'populate' | 'fields'>,
) {
  const full = actor && (actor.id === id || isAdmin(actor));
  const item = full
    ? await findOne(db, userResource, id, q, { scope: null })
    : await findOne(db, publicUserResource, id, { populate: {}, fields: undefined });
  if (!item) throw notFound();
  return item;
}

/** The account as a flat object (no relations), as sign-in answers carry it. */
export async function getAccount(db: Kysely<DB>, id: number): Promise<Record<string, unknown>> {
  const item = await findOne(db, userResource, id, { populate: {}, fields: undefined }, { scope: null });
  if (!item) throw notFound();
  return flatten(item)!;
}

const PROFILE_FIELDS = ['first_name', 'last_name', 'phone_number', 'dob', 'city'] as const;

/**
 * `PUT /api/users/:id`: the account itself or an admin changes the profile fields and the avatar (a
 * public picture the caller or the account owns); only an admin may set `is_active`, and not on
 * their own account. Other callers get a 403 for a visible account, a 404 for a missing or blocked
 * one. Answers the flat account with its avatar.
 */
export async function updateUserProfile(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  input: TUserUpdateRequest,
): Promise<Record<string, unknown>> {
  const admin = isAdmin(actor);
  const self = actor.id === id;
  const target = await findUserById(db, id);
  if (!target || (!admin && !self && !target.is_active)) throw notFound();
  if (!admin && !self) throw forbidden('You may only edit your own profile');

  const values: Updateable<UsersTable> = {};
  for (const field of PROFILE_FIELDS) if (input[field] !== undefined) values[field] = input[field];
  if (input.avatar !== undefined) {
    if (input.avatar === null) {
      values.avatar_id = null;
    } else {
      const file = await findFileById(db, input.avatar);
      const usable =
        !!file &&
        Number(file.is_private) !== 1 &&
        file.owner_id !== null &&
        (file.owner_id === actor.id || file.owner_id === id);
      if (!usable) {
        const message = MESSAGES.profileEdit.avatarInvalid;
        throw badRequest(message, { errors: [{ path: ['avatar'], message, name: 'ValidationError' }] });
      }
      values.avatar_id = file.id;
    }
  }
  if (admin && input.is_active !== undefined) {
    if (self && !input.is_active) {
      const message = MESSAGES.profileEdit.cannotBlockSelf;
      throw badRequest(message, { errors: [{ path: ['is_active'], message, name: 'ValidationError' }] });
    }
    values.is_active = input.is_active ? 1 : 0;
  }
  if (values.is_active !== undefined && values.is_active !== Number(target.is_active)) {
    // Blocking or unblocking hides or restores the account's ads: the directory changes with it.
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, id, values);
      await bumpDirectoryVersion(trx);
    });
  } else if (Object.keys(values).length) {
    await updateUser(db, id, values);
  }
  const item = await findOne(
    db,
    userResource,
    id,
    { populate: { avatar: { populate: {} } }, fields: undefined },
    { scope: null },
  );
  if (!item) throw notFound();
  return flatten(item)!;
}

/**
 * "Sign out everywhere": revokes every token of the account (its token version goes up), for the
 * account itself or the admin. 403 for anyone else, 404 for an account that does not exist.
 */
export async function signOutEverywhere(db: Kysely<DB>, actor: Actor, id: number): Promise<{ ok: true }> {
  if (!isAdmin(actor) && actor.id !== id) throw forbidden('You may only sign out your own account');
  if (!(await bumpTokenVersion(db, id))) throw notFound();
  return { ok: true };
}
