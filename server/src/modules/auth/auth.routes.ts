import {
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZForgotPasswordStrapiRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyoneEvenWithStaleToken, signedIn, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { signOutEverywhere } from '../users/index.ts';
import {
  changePassword,
  login,
  logout,
  registerUser,
  requestPasswordReset,
  resetPassword,
} from './auth.service.ts';
import { createLoginThrottle, inProcess, LOGIN_THROTTLE } from './auth.throttle.ts';
import { createRedisLoginThrottle } from './auth.throttle-redis.ts';
import { routeLimit, type RouteLimit } from '../../http/plugins/rate-limits.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

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
} as const satisfies Record<string, RouteLimit>;

/** Strapi's users-permissions auth routes: register, login, forgot/reset/change password. */
export async function authRoutes(instance: FastifyInstance, { db, config, mailer, shared }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const limits = { ...LOGIN_THROTTLE, ...config.loginThrottle };
  const ctx = {
    db,
    config,
    mailer,
    // With Redis, every process counts the same failures (auth.throttle-redis.ts).
    throttle: shared
      ? createRedisLoginThrottle(shared.redis, shared.prefix, instance.log, limits)
      : inProcess(createLoginThrottle(limits)),
  };
  const tags = ['auth'];

  // The anonymous forms answer anyone even with a stale token left in the browser.
  app.post(
    '/api/auth/local/register',
    withAccess(anyoneEvenWithStaleToken, {
      config: { rateLimit: routeLimit(AUTH_RATE_LIMITS.register) },
      schema: { body: ZRegisterRequest, tags },
    }),
    async (req) => registerUser(ctx, req.body),
  );

  app.post(
    '/api/auth/local',
    withAccess(anyoneEvenWithStaleToken, {
      config: { rateLimit: routeLimit(AUTH_RATE_LIMITS.login) },
      schema: { body: ZLoginRequest, tags },
    }),
    async (req) => login(ctx, req.body, req.ip),
  );

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
    withAccess(anyoneEvenWithStaleToken, {
      config: { rateLimit: routeLimit(AUTH_RATE_LIMITS.resetPassword) },
      schema: { body: ZResetPasswordRequest, tags },
    }),
    async (req) => resetPassword(ctx, req.body),
  );

  app.post(
    '/api/auth/change-password',
    withAccess(signedIn, {
      config: { rateLimit: routeLimit(AUTH_RATE_LIMITS.changePassword) },
      schema: { body: ZChangePasswordRequest, tags },
    }),
    async (req) => changePassword(ctx, req.actor!, req.body, req.ip),
  );

  // Revokes the token this request carries; the account's other sessions go on.
  app.post('/api/auth/logout', withAccess(signedIn, { schema: { tags } }), async (req) =>
    logout(db, req.actor!),
  );

  // "Sign out everywhere": revokes every token of the signed-in account, this one included.
  app.post('/api/auth/logout-all', withAccess(signedIn, { schema: { tags } }), async (req) =>
    signOutEverywhere(db, req.actor!, req.actor!.id),
  );

  // Two-factor sign-in: its code checks count in this sign-in throttle.
  twoFactorRoutes(app, ctx);
}
