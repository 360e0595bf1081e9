import {
  ZTwoFactorDisableRequest,
  ZTwoFactorEnableRequest,
  ZTwoFactorRecoveryCodesRequest,
  ZTwoFactorVerifyRequest,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyoneEvenWithStaleToken, signedIn, withAccess } from '../../access/index.ts';
import { routeLimit, type RouteLimit } from '../../http/plugins/rate-limits.ts';
import type { AuthContext } from './auth.service.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  setupTwoFactor,
  twoFactorStatus,
  verifyTwoFactor,
} from './two-factor.service.ts';

/** Per-address and per-account request limits of the two-factor routes (on top of the sign-in throttle). */
export const TWO_FACTOR_RATE_LIMITS = {
  verify: { max: 100, per: 'minute' },
  manage: { max: 30, per: 'hour' },
} as const satisfies Record<string, RouteLimit>;

/**
 * Two-factor sign-in: the signed-in account's state, setup, turning it on and
 * off, new recovery codes; and the sign-in's second step, open to anyone holding a challenge token.
 * Registered by `authRoutes`, whose sign-in throttle the code checks share.
 */
export function twoFactorRoutes(instance: FastifyInstance, ctx: AuthContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const manage = (scope: string) => ({
    rateLimit: routeLimit({ ...TWO_FACTOR_RATE_LIMITS.manage, perAccount: scope }),
  });

  app.get('/api/auth/2fa', withAccess(signedIn, { schema: { tags } }), async (req) =>
    twoFactorStatus(ctx.db, req.actor!),
  );

  app.post(
    '/api/auth/2fa/setup',
    withAccess(signedIn, { config: manage('2fa-setup'), schema: { tags } }),
    async (req) => setupTwoFactor(ctx.db, req.actor!),
  );

  app.post(
    '/api/auth/2fa/enable',
    withAccess(signedIn, { config: manage('2fa-enable'), schema: { body: ZTwoFactorEnableRequest, tags } }),
    async (req) => enableTwoFactor(ctx, req.actor!, req.body, req.ip),
  );

  app.post(
    '/api/auth/2fa/verify',
    withAccess(anyoneEvenWithStaleToken, {
      config: { rateLimit: routeLimit(TWO_FACTOR_RATE_LIMITS.verify) },
      schema: { body: ZTwoFactorVerifyRequest, tags },
    }),
    async (req) => verifyTwoFactor(ctx, req.body, req.ip, req.log),
  );

  app.post(
    '/api/auth/2fa/disable',
    withAccess(signedIn, {
      config: manage('2fa-disable'),
      schema: { body: ZTwoFactorDisableRequest, tags },
    }),
    async (req) => disableTwoFactor(ctx, req.actor!, req.body, req.ip, req.log),
  );

  app.post(
    '/api/auth/2fa/recovery-codes',
    withAccess(signedIn, {
      config: manage('2fa-recovery-codes'),
      schema: { body: ZTwoFactorRecoveryCodesRequest, tags },
    }),
    async (req) => regenerateRecoveryCodes(ctx, req.actor!, req.body, req.ip, req.log),
  );
}
