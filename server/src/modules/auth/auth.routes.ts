import {
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZForgotPasswordStrapiRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { signOutEverywhere } from '../users/users.service.ts';
import {
  changePassword,
  login,
  logout,
  registerUser,
  requestPasswordReset,
  resetPassword,
} from './auth.service.ts';
import { createLoginThrottle, LOGIN_THROTTLE } from './auth.throttle.ts';

/**
 * Per-address request limits of the account routes (on top of the failed-login throttle). Generous
 * enough for end-to-end runs that sign in and register a few dozen times from 127.0.0.1.
 */
export const AUTH_RATE_LIMITS = {
  login: { max: 100, timeWindow: '1 minute' },
  register: { max: 100, timeWindow: '1 hour' },
  forgotPassword: { max: 10, timeWindow: '1 hour' },
  resetPassword: { max: 30, timeWindow: '1 hour' },
  changePassword: { max: 30, timeWindow: '1 hour' },
} as const;

const perAccount = (req: FastifyRequest) => (req.actor ? `user:${req.actor.id}` : `ip:${req.ip}`);

/** Strapi's users-permissions auth routes: register, login, forgot/reset/change password. */
export async function authRoutes(instance: FastifyInstance, { db, config, mailer }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const ctx = {
    db,
    config,
    mailer,
    throttle: createLoginThrottle({ ...LOGIN_THROTTLE, ...config.loginThrottle }),
  };
  // Anonymous forms: a stale token left in the browser must not stop them working.
  const anonymous = { access: 'public', ignoreBadToken: true } as const;

  app.post(
    '/api/auth/local/register',
    {
      config: { ...anonymous, rateLimit: AUTH_RATE_LIMITS.register },
      schema: { body: ZRegisterRequest, tags: ['auth'] },
    },
    async (req) => registerUser(ctx, req.body),
  );

  app.post(
    '/api/auth/local',
    {
      config: { ...anonymous, rateLimit: AUTH_RATE_LIMITS.login },
      schema: { body: ZLoginRequest, tags: ['auth'] },
    },
    async (req) => login(ctx, req.body, req.ip),
  );

  // The spec's forgot-password call (`{ to }`), and Strapi's (`{ email }`): same answer either way,
  // and one per-address limit for both. A route's own `config.rateLimit` gets a store of its own, so
  // the two routes share one limiter made once (the plugin's `rateLimit` hook) instead.
  const forgotPasswordLimit = app.rateLimit({
    ...AUTH_RATE_LIMITS.forgotPassword,
    groupId: 'forgot-password',
  });
  app.post(
    '/api/upload/sendmail',
    {
      config: { ...anonymous, rateLimit: false },
      onRequest: forgotPasswordLimit,
      schema: { body: ZForgotPasswordRequest, tags: ['auth'] },
    },
    async (req) => {
      await requestPasswordReset(ctx, req.body.to, req.log);
      return { ok: true };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { ...anonymous, rateLimit: false },
      onRequest: forgotPasswordLimit,
      schema: { body: ZForgotPasswordStrapiRequest, tags: ['auth'] },
    },
    async (req) => {
      await requestPasswordReset(ctx, req.body.email, req.log);
      return { ok: true };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { ...anonymous, rateLimit: AUTH_RATE_LIMITS.resetPassword },
      schema: { body: ZResetPasswordRequest, tags: ['auth'] },
    },
    async (req) => resetPassword(ctx, req.body),
  );

  app.post(
    '/api/auth/change-password',
    {
      config: {
        access: 'authenticated',
        rateLimit: { ...AUTH_RATE_LIMITS.changePassword, keyGenerator: perAccount },
      },
      schema: { body: ZChangePasswordRequest, tags: ['auth'], security: [{ bearer: [] }] },
    },
    async (req) => changePassword(ctx, req.actor!, req.body, req.ip),
  );

  // Revokes the token this request carries; the account's other sessions go on.
  app.post(
    '/api/auth/logout',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], security: [{ bearer: [] }] } },
    async (req) => logout(db, req.actor!),
  );

  // "Sign out everywhere": revokes every token of the signed-in account, this one included.
  app.post(
    '/api/auth/logout-all',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], security: [{ bearer: [] }] } },
    async (req) => signOutEverywhere(db, req.actor!, req.actor!.id),
  );
}
