import { ageOrNull, MESSAGES, type TUserUpdateRequest } from '@app/domain';
import argon2 from 'argon2';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/schema.ts';
import { findAccessRows, requireAccess, requireOwnedFiles } from '../../access/index.ts';
import { recordAudit } from '../../db/audit-log.ts';
import { lockAccount } from '../../db/locks.ts';
import { isAdmin, type Actor } from '../../http/auth.ts';
import { fieldError, forbidden, notFound } from '../../http/errors.ts';
import { plainItem, type ItemQuery } from '../../http/items.ts';
import { findMany, findOne, flatten } from '../../http/strapi/find.ts';
import type { ParsedQuery } from '../../http/strapi/parse.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordDirectoryChange } from '../../db/directory-version.ts';
import {
  bumpTokenVersion,
  findAccountForUpdate,
  findUserByEmail,
  insertUser,
  PROFILE_FIELDS,
  setUserPassword,
  UPDATE_COLUMNS,
  updateUser,
  usernameExists,
} from './users.queries.ts';
import { publicUserResource, userResource } from './users.resources.ts';
import { mailVerificationDecision, recordVerificationDecision } from './users.verification.ts';

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
  for (let i = 1; await usernameExists(db, username); i++) username = `${base}-${i}`;
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
export async function getMe(db: Kysely<DB>, actor: Actor, q: ItemQuery) {
  const item = await findOne(db, userResource, actor.id, q, { scope: null });
  if (!item) throw notFound();
  return item;
}

/** Admin-only list of accounts. */
export function listUsers(db: Kysely<DB>, q: ParsedQuery) {
  return findMany(db, userResource, q, { scope: null });
}

/**
 * One account: everything for those who may change it (its owner and the admin, with the query's
 * fields and populate); anyone else reads only the id of a provider that has a public ad (what the ad
 * shows; its stage name is on the ad), and any other account is a 404, as if it did not exist
 * (access/rules.ts `user.update`'s `see`).
 */
export async function getUser(db: Kysely<DB>, actor: Actor | null, id: number, q: ItemQuery) {
  const [access] = await findAccessRows(db, actor, 'user.update', [id]);
  if (!access) throw notFound();
  const item = access.allowed
    ? await findOne(db, userResource, id, q, { scope: null })
    : await findOne(db, publicUserResource, id, plainItem);
  if (!item) throw notFound();
  return item;
}

/** The account as a flat object (no relations), as sign-in answers carry it. */
export async function getAccount(db: Kysely<DB>, id: number): Promise<Record<string, unknown>> {
  const item = await findOne(db, userResource, id, plainItem, { scope: null });
  if (!item) throw notFound();
  return flatten(item)!;
}

/**
 * The places' ratings an account's block or unblock recounts without (or with) its reviews: the places area's
 * functions, passed in by `areas.ts` (the places import this area).
 */
export interface ReviewedPlaces {
  /** Locks the rows of the places the account reviewed, in id order, and answers their ids. */
  lockReviewedBy(trx: Transaction<DB>, userId: number): Promise<number[]>;
  /** Recounts one place's rating from its reviews, leaving out those of blocked authors. */
  recountRating(trx: Transaction<DB>, placeId: number): Promise<void>;
}

/**
 * What the users routes need besides the database: the mailer (the verification decision's e-mail) and the
 * places' ratings (an account's block).
 */
export interface UsersContext {
  db: Kysely<DB>;
  mailer: Mailer;
  places: ReviewedPlaces;
}

type UpdateTarget = Record<(typeof UPDATE_COLUMNS)[number], unknown>;

/**
 * The admin's alone: deciding a provider's ID verification (a 403 for anyone else; a 400 for an account that
 * is not a provider, or whose date of birth is missing or under 18 when verified) and a legal hold on its ID
 * documents.
 */
function checkAdminOnlyFields(admin: boolean, target: UpdateTarget, input: TUserUpdateRequest): void {
  if (input.verification !== undefined) {
    if (!admin) throw forbidden(MESSAGES.verification.adminOnly);
    if (target.user_type !== 'Provider') throw fieldError('verification', MESSAGES.verification.notProvider);
    if (input.verification === 'verified') {
      // The ID check is that the provider is an adult by the date of birth they gave (or give now).
      const age = ageOrNull(input.dob !== undefined ? input.dob : (target.dob as string | null));
      if (age === null) throw fieldError('verification', MESSAGES.verification.noDob);
      if (age < 18) throw fieldError('verification', MESSAGES.verification.underAge);
    }
  }
  if (input.documents_hold_until !== undefined && !admin)
    throw forbidden(MESSAGES.verification.holdAdminOnly);
}

/** The profile columns the request changes, the avatar checked as a public picture of the caller or the account. */
async function profileChanges(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  input: TUserUpdateRequest,
): Promise<Updateable<UsersTable>> {
  const values: Updateable<UsersTable> = {};
  for (const field of PROFILE_FIELDS) if (input[field] !== undefined) values[field] = input[field];
  if (input.message_mail !== undefined) values.message_mail = input.message_mail ? 1 : 0;
  if (input.avatar !== undefined) {
    if (input.avatar !== null) {
      // A public picture the caller (the account, or the admin acting for it) uploaded.
      await requireOwnedFiles(
        db,
        [actor.id, id],
        [
          {
            path: ['avatar'],
            ids: [input.avatar],
            use: 'image',
            message: () => MESSAGES.profileEdit.avatarInvalid,
          },
        ],
      );
    }
    values.avatar_id = input.avatar;
  }
  return values;
}

/** The account's new blocked state when an admin changes it (never their own account's block); else undefined. */
function activeChange(
  admin: boolean,
  actor: Actor,
  id: number,
  target: UpdateTarget,
  input: TUserUpdateRequest,
): boolean | undefined {
  if (!admin || input.is_active === undefined) return undefined;
  // A deleted account has no password, name or address left: it stays blocked.
  if (input.is_active && target.deleted_at !== null)
    throw fieldError('is_active', MESSAGES.accountDeletion.cannotUnblock);
  if (actor.id === id && !input.is_active)
    throw fieldError('is_active', MESSAGES.profileEdit.cannotBlockSelf);
  return input.is_active !== (Number(target.is_active) === 1) ? input.is_active : undefined;
}

/** What one account update writes, checked before its transaction. */
interface AccountChanges {
  values: Updateable<UsersTable>;
  active: boolean | undefined;
  hold: string | null | undefined;
  decided: TUserUpdateRequest['verification'];
  reason: string | undefined;
}

/**
 * Writes the checked changes in one transaction, each admin change in the audit log with the account before
 * and after. Blocking ends the account's sessions, hides its ads and recounts the ratings of the places it
 * reviewed; unblocking counts them again.
 */
async function writeAccountChanges(
  { db, places: placesArea }: UsersContext,
  actor: Actor,
  id: number,
  c: AccountChanges,
): Promise<void> {
  const admin = isAdmin(actor);
  await db.transaction().execute(async (trx) => {
    // The places the account reviewed are locked before its own row (db/locks.ts).
    const places = c.active === undefined ? [] : await placesArea.lockReviewedBy(trx, id);
    await lockAccount(trx, id);
    const current = await findAccountForUpdate(trx, id);
    if (!current) throw notFound();
    const { values, active, hold, decided } = c;
    if (Object.keys(values).length) {
      await updateUser(trx, id, values);
      if (admin) {
        const changed = Object.keys(values) as (keyof typeof values & keyof typeof current)[];
        await recordAudit(trx, actor, 'user.update', `user:${id}`, null, {
          before: Object.fromEntries(changed.map((k) => [k, current[k]])),
          after: Object.fromEntries(changed.map((k) => [k, values[k]])),
        });
      }
    }
    if (active !== undefined) {
      await updateUser(trx, id, { is_active: active ? 1 : 0 });
      // A blocked account's sessions end; its ads leave the directory (and come back when unblocked).
      if (!active) await bumpTokenVersion(trx, id);
      await recordDirectoryChange(trx, { userId: id });
      for (const place of places) await placesArea.recountRating(trx, place);
      await recordAudit(
        trx,
        actor,
        active ? 'user.unblock' : 'user.block',
        `user:${id}`,
        { places_recounted: places.length },
        { before: { is_active: !active }, after: { is_active: active } },
      );
    }
    if (hold !== undefined && hold !== current.documents_hold_until) {
      await updateUser(trx, id, { documents_hold_until: hold });
      await recordAudit(trx, actor, 'user.documents-hold', `user:${id}`, null, {
        before: { documents_hold_until: current.documents_hold_until },
        after: { documents_hold_until: hold },
      });
    }
    if (decided) {
      await recordVerificationDecision(trx, actor, id, decided, c.reason, {
        verification: current.verification,
        verification_reason: current.verification_reason,
        verified_at: current.verified_at,
      });
    }
  });
}

/**
 * `PUT /api/users/:id`: the account itself or an admin changes the profile fields and the avatar (a
 * public picture the caller or the account owns); only an admin may set `is_active` (not on their own
 * account) and decide a provider's ID verification (`verification`, `verification_reason`: a 403 for
 * anyone else, a 400 for an account that is not a provider or whose date of birth is missing or under 18
 * when verified) and hold its ID documents (`documents_hold_until`). Other callers get a 403 for a visible
 * account, a 404 for a missing or blocked one. Answers the flat account with its avatar.
 *
 * Blocking ends the account's sessions (its token version goes up), hides its ads (the directory's
 * version goes up) and recounts the ratings of the places it reviewed without its reviews; unblocking
 * counts them again. Each admin change is in the audit log (`user.block`, `user.unblock`, `user.verify`,
 * `user.reject-verification`, `user.documents-hold`, `user.update`) with the account before and after.
 */
export async function updateUserProfile(
  u: UsersContext,
  actor: Actor,
  id: number,
  input: TUserUpdateRequest,
): Promise<Record<string, unknown>> {
  const { db } = u;
  const [target] = await requireAccess(db, actor, 'user.update', [id], UPDATE_COLUMNS);
  const admin = isAdmin(actor);
  checkAdminOnlyFields(admin, target!, input);
  const changes: AccountChanges = {
    values: await profileChanges(db, actor, id, input),
    active: activeChange(admin, actor, id, target!, input),
    hold: input.documents_hold_until,
    decided: input.verification,
    reason: input.verification_reason,
  };
  const { decided } = changes;
  if (
    Object.keys(changes.values).length ||
    changes.active !== undefined ||
    decided ||
    changes.hold !== undefined
  ) {
    await writeAccountChanges(u, actor, id, changes);
  }
  if (decided) {
    await mailVerificationDecision(
      u.mailer,
      String(target!.email),
      decided,
      decided === 'rejected' ? (input.verification_reason ?? null) : null,
    );
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
 * account itself or the admin (`user.update`: 403 for anyone else, 404 for an account not seen).
 */
export async function signOutEverywhere(db: Kysely<DB>, actor: Actor, id: number): Promise<{ ok: true }> {
  await requireAccess(db, actor, 'user.update', [id]);
  await db.transaction().execute(async (trx) => {
    if ((await bumpTokenVersion(trx, id)) === undefined) throw notFound();
    if (isAdmin(actor)) await recordAudit(trx, actor, 'user.logout-all', `user:${id}`);
  });
  return { ok: true };
}
