import {
  HOBBYIST_RATING_KINDS,
  HOBBYIST_RATING_PATHS,
  MESSAGES,
  SCREENING_LIMITS,
  ZCustomerHobbyistRequest,
  ZHobbyistCommentFlag,
  ZHobbyistCommentRequest,
  ZHobbyistCommentUpdate,
  ZHobbyistRatingRequest,
  ZScreeningAccessQuery,
  ZScreeningAccessUpdate,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountTypesWith, adminOnly, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { routeLimit } from '../../http/plugins/rate-limits.ts';
import { idParam, strapiQuery } from '../../http/query.ts';
import { registerScopedReadRoutes } from '../../http/read-routes.ts';
import { itemResponse } from '../../http/responses.ts';
import { customerHobbyistResource } from './screening.resources.ts';
import { listScreeningAccess, requireScreeningAccess, setScreeningSuspended } from './screening.access.ts';
import {
  commentReads,
  createComment,
  createRating,
  deleteComment,
  deleteRating,
  flagComment,
  ratingReads,
  updateComment,
  updateRating,
} from './screening.entries.ts';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord } from './screening.service.ts';

// Review requests are a plugin of their own: this one's hook lets only providers who may screen in.
export { screeningReviewRoutes } from './screening.reviews.routes.ts';

const tags = ['screening'];

/**
 * Screening of hobbyists (spec 001 §7 "Screening"): every route, reads included,
 * is for provider accounts and the admin (a hobbyist or a seller 403, anonymous 401), and of providers
 * only those an admin verified, active and not suspended (`requireScreeningAccess`, a 403 saying why).
 * Records are corrected and removed by the admin only; ratings and comments by their provider or the
 * admin. The admin's Screening access page reads the providers' read volume and suspends screening.
 */
export async function screeningRoutes(instance: FastifyInstance, { db }: AppContext): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const providers = accountTypesWith(MESSAGES.screening.providersOnly, 'Provider');
  // Every route of this plugin, and only these, runs the check after the route's preset (the app's
  // access hook comes first) and before the body is read: a provider who may not screen gets the 403
  // with its reason whatever they send. It reads the account on each request (no cached answer).
  app.addHook('onRequest', async (req) => requireScreeningAccess(db, req.actor));
  const read = readPreset(providers);
  recordRoutes(instance, db, providers, read);
  ratingRoutes(instance, db, providers, read);
  commentRoutes(instance, db, providers, read);
  screeningAccessRoutes(instance, db);
}

type Providers = ReturnType<typeof accountTypesWith>;

/** The reads' preset: providers (and the admin), limited per account too, so the list is looked up, not copied. */
const readPreset = (providers: Providers) =>
  withAccess(providers, {
    config: {
      rateLimit: routeLimit({
        max: SCREENING_LIMITS.readsPerHour,
        per: 'hour',
        perAccount: 'screening-read',
      }),
    },
    schema: { tags },
  });
type Preset = ReturnType<typeof readPreset>;

/** Records: a phone number each, stored as its digits. */
function recordRoutes(instance: FastifyInstance, db: Kysely<DB>, providers: Providers, read: Preset): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get('/api/customer-hobbyists', read, async (req) =>
    listRecords(db, req.actor!, strapiQuery(req, customerHobbyistResource)),
  );
  app.get('/api/customer-hobbyists/:id', read, async (req) =>
    itemResponse(await getRecord(db, req.actor!, idParam(req), strapiQuery(req, customerHobbyistResource))),
  );
  app.post(
    '/api/customer-hobbyists',
    withAccess(providers, { schema: { tags, body: z.object({ data: ZCustomerHobbyistRequest }) } }),
    async (req) => createRecord(db, req.actor!, req.body.data.phone_number),
  );
  app.put(
    '/api/customer-hobbyists/:id',
    withAccess(adminOnly, { schema: { tags, body: z.object({ data: ZCustomerHobbyistRequest }) } }),
    async (req) => itemResponse(await updateRecord(db, req.actor!, idParam(req), req.body.data.phone_number)),
  );
  app.delete('/api/customer-hobbyists/:id', withAccess(adminOnly, { schema: { tags } }), async (req) =>
    itemResponse(await deleteRecord(db, req.actor!, idParam(req))),
  );
}

/** Ratings: like, average, dislike, exclusive per provider and record. */
function ratingRoutes(instance: FastifyInstance, db: Kysely<DB>, providers: Providers, read: Preset): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  for (const kind of HOBBYIST_RATING_KINDS) {
    const path = `/api/${HOBBYIST_RATING_PATHS[kind]}`;
    registerScopedReadRoutes(app, db, path, ratingReads(kind), read);
    app.post(
      path,
      withAccess(providers, { schema: { tags, body: z.object({ data: ZHobbyistRatingRequest }) } }),
      async (req) => createRating(db, req.actor!, kind, req.body.data.customer_hobbyist),
    );
    app.put(
      `${path}/:id`,
      withAccess(providers, {
        config: { notAudited: 'a rating has nothing to edit: the call changes nothing' },
        schema: { tags, body: z.object({ data: z.object({}).optional() }).nullish() },
      }),
      async (req) => updateRating(db, req.actor!, kind, idParam(req)),
    );
    app.delete(`${path}/:id`, read, async (req) => deleteRating(db, req.actor!, kind, idParam(req)));
  }
}

/** Comments, and flagging another provider's comment to the admin. */
function commentRoutes(instance: FastifyInstance, db: Kysely<DB>, providers: Providers, read: Preset): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  registerScopedReadRoutes(app, db, '/api/hobbyist-comments', commentReads(), read);
  app.post(
    '/api/hobbyist-comments',
    withAccess(providers, { schema: { tags, body: z.object({ data: ZHobbyistCommentRequest }) } }),
    async (req) =>
      itemResponse(
        await createComment(db, req.actor!, req.body.data.customer_hobbyist, req.body.data.hobbyist_comment),
      ),
  );
  app.put(
    '/api/hobbyist-comments/:id',
    withAccess(providers, { schema: { tags, body: z.object({ data: ZHobbyistCommentUpdate }) } }),
    async (req) =>
      itemResponse(await updateComment(db, req.actor!, idParam(req), req.body.data.hobbyist_comment)),
  );
  app.delete('/api/hobbyist-comments/:id', read, async (req) =>
    itemResponse(await deleteComment(db, req.actor!, idParam(req))),
  );
  app.post(
    '/api/hobbyist-comments/:id/flag',
    withAccess(providers, {
      schema: { tags, body: z.object({ data: ZHobbyistCommentFlag.optional() }).nullish() },
    }),
    async (req) => flagComment(db, req.actor!, idParam(req), req.body?.data?.details || undefined),
  );
}

/** The console's Screening access page: read volume per provider account; suspend or restore. */
function screeningAccessRoutes(instance: FastifyInstance, db: Kysely<DB>): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const admin = ['admin'];
  app.get(
    '/api/admin/screening-access',
    withAccess(adminOnly, { schema: { querystring: ZScreeningAccessQuery, tags: admin } }),
    async (req) => listScreeningAccess(db, req.query),
  );
  app.put(
    '/api/admin/screening-access/:id',
    withAccess(adminOnly, { schema: { tags: admin, body: z.object({ data: ZScreeningAccessUpdate }) } }),
    async (req) => setScreeningSuspended(db, req.actor!, idParam(req), req.body.data.suspended),
  );
}
