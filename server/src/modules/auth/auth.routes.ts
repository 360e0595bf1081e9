import {
  ZChangePasswordRequest,
  ZDeleteAccountRequest,
  ZForgotPasswordRequest,
  ZForgotPasswordStrapiRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
} from '@app/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyoneEvenWithStaleToken, signedIn, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../http/auth.ts';
import { signOutEverywhere } from '../users/index.ts';
import {
  changePassword,
  login,
  logout,
  registerUser,
  requestPasswordReset,
  resetPassword,
  type AuthContext,
} from './auth.service.ts';
import { createLoginThrottle, inProcess, LOGIN_THROTTLE } from './auth.throttle.ts';
import { createRedisLoginThrottle } from './auth.throttle-redis.ts';
import { routeLimit, type RouteLimit } from '../../http/plugins/rate-limits.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';
import { confirmIdentity } from './two-factor.service.ts';

/**
 * Per-address request limits of the account routes (on top of the failed-login throttle). Generous
 * enough for end-to-end runs that sign in and register a few dozen times from 127.0.0.1.
 */
export const AUTH_RATE_LIMITS = {
  login: { max: 100, per: 'minute' },
  register: { max: 100, per: 'hour' },
  forgotPassword: { max: 10, per: 'hour' },
  resetPassword: { max: 30, per: 'hour' },
  changePassword: { max: 30, per: 'hour', perAccount: 'password' },
  deleteAccount: { max: 10, per: 'hour', perAccount: 'delete-account' },
} as const satisfies Record<string, RouteLimit>;

const tags = ['auth'];

/** A form's route: who may send it, its per-address request limit and its body. */
const form = <B>(preset: Parameters<typeof withAccess>[0], limit: RouteLimit, body: B) =>
  withAccess(preset, { config: { rateLimit: routeLimit(limit) }, schema: { body, tags } });

/** The services' context: with Redis, every process counts the same failures (auth.throttle-redis.ts). */
function authContext(instance: FastifyInstance, { db, config, mailer, shared }: AppContext): AuthContext {
  const limits = { ...LOGIN_THROTTLE, ...config.loginThrottle };
  const throttle = shared
    ? createRedisLoginThrottle(shared.redis, shared.prefix, instance.log, limits)
    : inProcess(createLoginThrottle(limits));
  return { db, config, mailer, throttle };
}

/** Deletes an account for good (the privacy area's, passed in by `areas.ts`). */
export type AccountDeletion = (
  actor: Actor,
  userId: number,
  log: FastifyBaseLogger,
) => Promise<{ deleted: true }>;

/**
 * Strapi's users-permissions auth routes: register, login, forgot/reset/change password; and an account
 * deleting itself, after its password (and code) are checked here, with the sign-in throttle.
 */
export async function authRoutes(
  instance: FastifyInstance,
  appContext: AppContext,
  deleteAccount: AccountDeletion,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const ctx = authContext(instance, appContext);

  // The anonymous forms answer anyone even with a stale token left in the browser.
  app.post(
    '/api/auth/local/register',
    form(anyoneEvenWithStaleToken, AUTH_RATE_LIMITS.register, ZRegisterRequest),
    async (req) => registerUser(ctx, req.body),
  );
  app.post(
    '/api/auth/local',
    form(anyoneEvenWithStaleToken, AUTH_RATE_LIMITS.login, ZLoginRequest),
    async (req) => login(ctx, req.body, req.ip),
  );
  passwordRoutes(app, ctx);
  sessionRoutes(app, ctx);
  // Two-factor sign-in: its code checks count in this sign-in throttle.
  twoFactorRoutes(app, ctx);
  app.post(
    '/api/auth/delete-account',
    form(signedIn, AUTH_RATE_LIMITS.deleteAccount, ZDeleteAccountRequest),
    async (req) => {
      await confirmIdentity(ctx, req.actor!, req.body, req.ip, req.log);
      return deleteAccount(req.actor!, req.actor!.id, req.log);
    },
  );
}

/** Forgot, reset and change password. */
function passwordRoutes(instance: FastifyInstance, ctx: AuthContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // The spec's forgot-password call (`{ to }`), and Strapi's (`{ email }`): same answer either way,
  // and one per-address limit for both. A route's own `config.rateLimit` gets a store of its own, so
  // the two routes share one limiter made once (the plugin's `rateLimit` hook) instead.
  const forgotPasswordLimit = app.rateLimit({
    ...routeLimit(AUTH_RATE_LIMITS.forgotPassword),
    groupId: 'forgot-password',
  });
  app.post(
    '/api/upload/sendmail',
    withAccess(anyoneEvenWithStaleToken, {
      config: { rateLimit: false as const, notAudited: "a reset link for an address, anyone's call" },
      onRequest: forgotPasswordLimit,
      schema: { body: ZForgotPasswordRequest, tags },
    }),
    async (req) => {
      await requestPasswordReset(ctx, req.body.to, req.log);
      return { ok: true };
    },
  );
  app.post(
    '/api/auth/forgot-password',
    withAccess(anyoneEvenWithStaleToken, {
      config: { rateLimit: false as const },
      onRequest: forgotPasswordLimit,
      schema: { body: ZForgotPasswordStrapiRequest, tags },
    }),
    async (req) => {
      await requestPasswordReset(ctx, req.body.email, req.log);
      return { ok: true };
    },
  );
  app.post(
    '/api/auth/reset-password',
    form(anyoneEvenWithStaleToken, AUTH_RATE_LIMITS.resetPassword, ZResetPasswordRequest),
    async (req) => resetPassword(ctx, req.body),
  );
  app.post(
    '/api/auth/change-password',
    form(signedIn, AUTH_RATE_LIMITS.changePassword, ZChangePasswordRequest),
    async (req) => changePassword(ctx, req.actor!, req.body, req.ip),
  );
}

/** Signing out: this session, or every session of the account. */
function sessionRoutes(instance: FastifyInstance, { db }: AuthContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Revokes the token this request carries; the account's other sessions go on.
  app.post('/api/auth/logout', withAccess(signedIn, { schema: { tags } }), async (req) =>
    logout(db, req.actor!),
  );
  // "Sign out everywhere": revokes every token of the signed-in account, this one included.
  app.post('/api/auth/logout-all', withAccess(signedIn, { schema: { tags } }), async (req) =>
    signOutEverywhere(db, req.actor!, req.actor!.id),
  );
}
