import argon2 from 'argon2';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { isAdmin } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { findMany, findOne } from '../../http/strapi/find.ts';
import type { ParsedQuery } from '../../http/strapi/parse.ts';
import { findUserByEmail, insertUser, updateUser } from './users.queries.ts';
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
    await updateUser(db, existing.id, {
      role: 'admin',
      is_active: 1,
      ...(same ? {} : { password: hash, password_changed_at: new Date().toISOString() }),
    });
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
