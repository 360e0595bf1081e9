import { MESSAGES, TWO_FACTOR, ZIdText, type UserType } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';

/**
 * Who may call a route. Every `/api` route declares one in `config.access`; the app refuses to
 * start if a route forgets (see `requireAccessDeclarations`).
 * - `public`: anyone, token optional;
 * - `authenticated`: any signed-in account;
 * - `admin`: the admin role only;
 * - `{ userTypes }`: signed-in accounts of these types; admins pass too, unless `adminRefused` gives
 *   the message that refuses them (a hobbyist's own voice: reacting, commenting, tipping); `refused`
 *   the message for the other accounts (no types: the admin only, with that message).
 * Routes declare it through the presets of server/src/access/presets.ts. Ownership of records is
 * checked in the services, with the actor this hook attaches (server/src/access/).
 */
export type Access =
  | 'public'
  | 'authenticated'
  | 'admin'
  | { userTypes: readonly UserType[]; adminRefused?: string; refused?: string };

export interface Actor {
  id: number;
  role: 'authenticated' | 'admin';
  userType: UserType | null;
  /** The token this request came with: its id (see `tokenIdOf`) and when it expires (ISO). */
  token?: { id: string; expiresAt: string };
  /** The address the request came from (the audit log records it). */
  ip?: string;
  /** Set when this request's action was written to the audit log (db/audit-log.ts). */
  audited?: boolean;
  /** The token was given a two-factor code (its `mfa` claim). */
  mfa?: boolean;
  /**
   * An admin whose token was not given a code: acts as a signed-in account without a type until it
   * is (admin routes answer 403 `two_factor_required`); `twoFactorEnrolled` tells whether the account
   * has two-factor sign-in on already (else it must enrol first).
   */
  adminPendingMfa?: boolean;
  twoFactorEnrolled?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * On a `public` route, treat a bad, expired or revoked token as no token instead of a 401.
     * For forms that must work whatever the browser holds (login, register, contact, report).
     */
    ignoreBadToken?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every `/api` route with the access it declares, as registered (the security suite reads it). */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

const TOKEN_TTL = '30d';

/** The path parameters of a route with `:id`. */
const ZIdParams = z.object({ id: ZIdText });

/**
 * A token for a user, with a unique id (`jti`) that logout can revoke alone. `tokenVersion` is the
 * user's `token_version`: a password change or "sign out everywhere" increments it, and the access
 * hook refuses tokens that carry an older one.
 */
export async function signToken(
  secret: string,
  userId: number,
  tokenVersion = 0,
  options: { mfa?: boolean } = {},
): Promise<string> {
  return new SignJWT({ id: userId, v: tokenVersion, ...(options.mfa ? { mfa: true } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(TOKEN_TTL)
    .sign(new TextEncoder().encode(secret));
}

/** The purpose claim of the sign-in's second-step token (never accepted as a session). */
const MFA_PURPOSE = 'mfa';

/**
 * The short-lived token `POST /api/auth/local` answers an account with two-factor sign-in: it proves
 * the password was right and is good only for `POST /api/auth/2fa/verify`, within five minutes. Its
 * `purpose` claim makes the access hook refuse it as a session token.
 */
export async function signMfaToken(secret: string, userId: number, tokenVersion: number): Promise<string> {
  return new SignJWT({ id: userId, v: tokenVersion, purpose: MFA_PURPOSE })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${TWO_FACTOR.challengeSeconds}s`)
    .sign(new TextEncoder().encode(secret));
}

/** A second-step token's claims, or undefined for anything else (a session token, forged, expired). */
export async function verifyMfaToken(
  secret: string,
  token: string,
): Promise<{ id: number; v: number; tokenId: string; expiresAt: string } | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    if (payload.purpose !== MFA_PURPOSE || typeof payload.jti !== 'string') return undefined;
    if (typeof payload.id !== 'number' || typeof payload.v !== 'number' || typeof payload.exp !== 'number') {
      return undefined;
    }
    return {
      id: payload.id,
      v: payload.v,
      tokenId: payload.jti,
      expiresAt: new Date(payload.exp * 1000).toISOString(),
    };
  } catch {
    return undefined;
  }
}

interface Claims {
  id: number;
  /** The token was given a two-factor code. */
  mfa: boolean;
  iat: number;
  /** Expiry, seconds since the epoch; absent only in tokens that never expire (none are signed). */
  exp: number | undefined;
  /** Token version; absent in tokens signed before versions existed. */
  v: number | undefined;
  /** Revocation key: the `jti`, or for a token signed without one, a hash of the token. */
  tokenId: string;
}

/** The key a token is revoked by: its `jti`, else (older tokens) the SHA-256 of the whole token. */
function tokenIdOf(token: string, jti: unknown): string {
  return typeof jti === 'string' && jti ? jti : `sha256:${createHash('sha256').update(token).digest('hex')}`;
}

async function verifyToken(secret: string, token: string): Promise<Claims | undefined> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    if (typeof payload.id !== 'number' || typeof payload.iat !== 'number') return undefined;
    if (payload.v !== undefined && typeof payload.v !== 'number') return undefined;
    // A token made for something else (the sign-in's second step) is never a session.
    if (payload.purpose !== undefined) return undefined;
    return {
      id: payload.id,
      mfa: payload.mfa === true,
      iat: payload.iat,
      exp: payload.exp,
      v: payload.v,
      tokenId: tokenIdOf(token, payload.jti),
    };
  } catch {
    return undefined;
  }
}

/** Resolves the bearer token to an actor; a bad, expired or revoked token is a 401. */
async function resolveActor(db: Kysely<DB>, secret: string, req: FastifyRequest): Promise<Actor | null> {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized('Invalid authorization header');
  const claims = await verifyToken(secret, match[1]!);
  if (!claims) throw unauthorized('Invalid or expired token');
  // One statement: the account, and whether this token was revoked by a logout.
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'role',
      'user_type',
      'is_active',
      'password_changed_at',
      'token_version',
      'two_factor_enabled_at',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('revoked_tokens')
            .select('revoked_tokens.token_id')
            .where('revoked_tokens.token_id', '=', claims.tokenId)
            .whereRef('revoked_tokens.user_id', '=', 'users.id'),
        )
        .as('logged_out'),
    )
    .where('id', '=', claims.id)
    .executeTakeFirst();
  if (!user) throw unauthorized('Invalid or expired token');
  if (!user.is_active) throw unauthorized('Your account has been blocked by an administrator');
  // A password change or "sign out everywhere" increments the account's token version, which
  // revokes every token issued before it, even one issued in the same second. Tokens from before
  // versions existed are revoked by the first increment, or by a password change after they were
  // issued.
  const revoked =
    (claims.v !== undefined
      ? claims.v !== user.token_version
      : user.token_version > 0 ||
        (!!user.password_changed_at && claims.iat * 1000 < Date.parse(user.password_changed_at) - 1000)) ||
    Boolean(Number(user.logged_out));
  if (revoked) throw unauthorized('Invalid or expired token');
  const expiresAt = new Date((claims.exp ?? claims.iat + 30 * 24 * 3600) * 1000).toISOString();
  const actor: Actor = {
    id: user.id,
    role: user.role,
    userType: user.user_type,
    token: { id: claims.tokenId, expiresAt },
    ip: req.ip,
    mfa: claims.mfa,
  };
  // Admin powers need a token that was given a two-factor code: until then the admin is
  // a signed-in account without a type, which may enrol and nothing more.
  if (user.role === 'admin' && !claims.mfa) {
    return {
      ...actor,
      role: 'authenticated',
      userType: null,
      adminPendingMfa: true,
      twoFactorEnrolled: Boolean(user.two_factor_enabled_at),
    };
  }
  return actor;
}

/** The 403 of an admin route for an admin whose token was not given a code. */
function twoFactorRequired(actor: Actor): AppError {
  return new AppError('ForbiddenError', MESSAGES.twoFactor.required, {
    code: 'two_factor_required',
    enrolled: actor.twoFactorEnrolled === true,
  });
}

export function checkRouteAccess(access: Access, actor: Actor | null): void {
  if (access === 'public') return;
  if (!actor) throw unauthorized();
  if (access === 'authenticated') return;
  if (actor.role === 'admin') {
    if (typeof access === 'object' && access.adminRefused) throw forbidden(access.adminRefused);
    return;
  }
  if (actor.adminPendingMfa) {
    // The admin's own rules first (a hobbyist's voice stays refused); any other route that would let
    // the admin through asks for the code.
    if (typeof access === 'object' && access.adminRefused) throw forbidden(access.adminRefused);
    throw twoFactorRequired(actor);
  }
  if (access === 'admin') throw forbidden('Only an administrator may do this');
  if (!actor.userType || !access.userTypes.includes(actor.userType)) {
    throw forbidden(access.refused ?? `Only ${access.userTypes.join(' or ')} accounts may do this`);
  }
}

/** Installs the access check on every route and refuses `/api` routes that declare none. */
export function installAccessControl(app: FastifyInstance, db: Kysely<DB>, secret: string): void {
  app.decorateRequest('actor', null);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    // Every `:id` in a path is read by the one id schema, before the body: a 400 naming `id`.
    if (route.url.includes(':id') && !route.schema?.params) {
      route.schema = { ...route.schema, params: ZIdParams };
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
    }
  });
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access) return;
    try {
      req.actor = await resolveActor(db, secret, req);
    } catch (err) {
      const lenient = access === 'public' && req.routeOptions.config?.ignoreBadToken === true;
      if (!lenient || !(err instanceof AppError) || err.status !== 401) throw err;
      req.actor = null;
    }
    checkRouteAccess(access, req.actor);
  });
  // An answer to a caller whose token resolved to an account may hold that account's data (its
  // profile, orders, messages): no browser or shared cache keeps it. Decided by the actor, not the
  // URL; anonymous answers keep their caching (the response cache and compression are untouched).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.actor && !String(reply.getHeader('cache-control') ?? '').includes('no-store')) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

export function isAdmin(actor: Actor | null): boolean {
  return actor?.role === 'admin';
}
