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
import { changePassword, login, registerUser, requestPasswordReset, resetPassword } from './auth.service.ts';
import { createLoginThrottle } from './auth.throttle.ts';

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
  const ctx = { db, config, mailer, throttle: createLoginThrottle() };
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

  // The spec's forgot-password call (`{ to }`), and Strapi's (`{ email }`): same answer either way.
  app.post(
    '/api/upload/sendmail',
    {
      config: { ...anonymous, rateLimit: AUTH_RATE_LIMITS.forgotPassword },
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
      config: { ...anonymous, rateLimit: AUTH_RATE_LIMITS.forgotPassword },
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
}
