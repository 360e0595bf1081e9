import {
  ZAdminUsersQuery,
  ZUserUpdateRequest,
  ZVerificationAskAgain,
  ZVerificationsQuery,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminOnly, anyone, ownerOrAdmin, signedIn, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam, strapiQuery } from '../../http/query.ts';
import { flatten } from '../../http/strapi/find.ts';
import { userResource } from './users.resources.ts';
import { getAdminUserDetail, listAdminUsers } from './users.admin.ts';
import {
  getMe,
  getUser,
  listUsers,
  signOutEverywhere,
  updateUserProfile,
  type ReviewedPlaces,
} from './users.service.ts';
import { askForIdAgain, listVerifications } from './users.verification.ts';

/**
 * Accounts as Strapi's users-permissions plugin serves them: flat objects. `places` recounts the ratings
 * an account's block changes (the places area's functions, passed in by `areas.ts`).
 */
export async function usersRoutes(
  instance: FastifyInstance,
  { db, mailer }: AppContext,
  places: ReviewedPlaces,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get('/api/users', withAccess(adminOnly), async (req) => {
    const result = await listUsers(db, strapiQuery(req, userResource));
    return result.data.map(flatten);
  });

  app.get('/api/users/me', withAccess(signedIn), async (req) => {
    return flatten(await getMe(db, req.actor!, strapiQuery(req, userResource)));
  });

  app.get('/api/users/:id', withAccess(anyone), async (req) => {
    return flatten(await getUser(db, req.actor, idParam(req), strapiQuery(req, userResource)));
  });

  // A flat body, as Strapi's users-permissions takes it; fields not in the schema are dropped.
  app.put(
    '/api/users/:id',
    withAccess(ownerOrAdmin, { schema: { body: ZUserUpdateRequest, tags } }),
    async (req) => updateUserProfile({ db, mailer, places }, req.actor!, idParam(req), req.body),
  );

  // The admin signs an account out everywhere (every token it holds is revoked).
  app.post('/api/users/:id/logout-all', withAccess(adminOnly, { schema: { tags } }), async (req) =>
    signOutEverywhere(db, req.actor!, idParam(req)),
  );

  // The admin console: the account search, one account's page, the verification queue.
  const admin = ['admin'];
  app.get(
    '/api/admin/users',
    withAccess(adminOnly, { schema: { querystring: ZAdminUsersQuery, tags: admin } }),
    async (req) => listAdminUsers(db, req.query),
  );
  app.get('/api/admin/users/:id', withAccess(adminOnly, { schema: { tags: admin } }), async (req) =>
    getAdminUserDetail(db, idParam(req)),
  );
  app.get(
    '/api/admin/verifications',
    withAccess(adminOnly, { schema: { querystring: ZVerificationsQuery, tags: admin } }),
    async (req) => listVerifications(db, req.query),
  );
  // The admin asks a verified (or rejected) provider for the ID documents again.
  app.post(
    '/api/admin/verifications/:id/ask-again',
    withAccess(adminOnly, { schema: { body: ZVerificationAskAgain, tags: admin } }),
    async (req) => ({ data: await askForIdAgain({ db, mailer }, req.actor!, idParam(req), req.body) }),
  );
}
