import { ZUserUpdateRequest } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flatten } from '../../http/strapi/find.ts';
import { idParam, strapiQuery } from '../../http/query.ts';
import { getMe, getUser, listUsers, signOutEverywhere, updateUserProfile } from './users.service.ts';
import { userResource } from './users.resources.ts';
import type { AppContext } from '../../context.ts';

/** Accounts as Strapi's users-permissions plugin serves them: flat objects. */
export async function usersRoutes(instance: FastifyInstance, { db }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/api/users', { config: { access: 'admin' } }, async (req) => {
    const result = await listUsers(db, strapiQuery(req, userResource));
    return result.data.map(flatten);
  });

  app.get('/api/users/me', { config: { access: 'authenticated' } }, async (req) => {
    return flatten(await getMe(db, req.actor!, strapiQuery(req, userResource)));
  });

  app.get('/api/users/:id', { config: { access: 'public' } }, async (req) => {
    return flatten(await getUser(db, req.actor, idParam(req), strapiQuery(req, userResource)));
  });

  // A flat body, as Strapi's users-permissions takes it; fields not in the schema are dropped.
  app.put(
    '/api/users/:id',
    {
      config: { access: 'authenticated' },
      schema: { body: ZUserUpdateRequest, tags: ['users'], security: [{ bearer: [] }] },
    },
    async (req) => updateUserProfile(db, req.actor!, idParam(req), req.body),
  );

  // The admin signs an account out everywhere (every token it holds is revoked).
  app.post(
    '/api/users/:id/logout-all',
    { config: { access: 'admin' }, schema: { tags: ['users'], security: [{ bearer: [] }] } },
    async (req) => signOutEverywhere(db, req.actor!, idParam(req)),
  );
}
