import {
  MESSAGES,
  ZAddressRequest,
  ZAddressUpdate,
  ZPlaceRequest,
  ZPlaceUpdate,
  ZVenueReviewRequest,
  ZVenueReviewUpdate,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountTypes,
  accountTypesOnlyWith,
  anyoneEvenWithStaleToken,
  ownerOrAdmin,
  signedIn,
  withAccess,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { parseData } from '../../http/errors.ts';
import { idParam } from '../../http/query.ts';
import { registerScopedReadRoutes } from '../../http/read-routes.ts';
import { itemResponse } from '../../http/responses.ts';
import { addressReads, createAddress, deleteAddress, updateAddress } from './places.addresses.ts';
import { createReview, deleteVenueReview, reviewReads, updateVenueReview } from './places.reviews.ts';
import { getPlace, listPlaces, type PlacesContext } from './places.service.ts';
import { createPlace, createPlaceFromParts, deletePlace, updatePlace } from './places.writes.ts';

type Query = Record<string, unknown>;

/**
 * Places (the spec's vendors), their addresses and venue reviews (docs/api.md "Places"):
 * providers add places, reviewed by an admin before they show on the venue pages; hobbyists review
 * public places.
 */
export async function placesRoutes(instance: FastifyInstance, { db, config, mailer, storage }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const p: PlacesContext = {
    db,
    storage,
    media: { db, storage, addressKey: config.jwtSecret },
    mailer,
  };
  const tags = ['places'];
  // Public reads: a stale token left in the browser must not break the venue pages.
  const read = withAccess(anyoneEvenWithStaleToken, { schema: { tags } });

  // Addresses: a provider's own (the admin's all).
  registerScopedReadRoutes(
    app,
    db,
    '/api/addresses',
    addressReads(),
    withAccess(signedIn, { schema: { tags } }),
  );
  app.post(
    '/api/addresses',
    withAccess(accountTypes('Provider'), { schema: { tags, body: z.object({ data: ZAddressRequest }) } }),
    async (req) => itemResponse(await createAddress(p, req.actor!, req.body.data)),
  );
  app.put(
    '/api/addresses/:id',
    withAccess(ownerOrAdmin, { schema: { tags, body: z.object({ data: ZAddressUpdate }) } }),
    async (req) => itemResponse(await updateAddress(p, req.actor!, idParam(req), req.body.data)),
  );
  app.delete('/api/addresses/:id', withAccess(ownerOrAdmin, { schema: { tags } }), async (req) =>
    itemResponse(await deleteAddress(p, req.actor!, idParam(req))),
  );

  // Places.
  app.get('/api/vendors', read, async (req) => listPlaces(p, req.actor, req.query as Query));
  app.get('/api/vendors/:id', read, async (req) =>
    itemResponse(await getPlace(p, req.actor, idParam(req), req.query as Query)),
  );
  // JSON `{ data }` with an uploaded picture's id, or multipart with `data` and `files.image`: the
  // body is read by the service, so the route declares none.
  app.post('/api/vendors', withAccess(accountTypes('Provider'), { schema: { tags } }), async (req) =>
    itemResponse(
      req.isMultipart()
        ? await createPlaceFromParts(p, req.actor!, () => req.parts())
        : await createPlace(p, req.actor!, parseData(ZPlaceRequest, req.body)),
    ),
  );
  app.put(
    '/api/vendors/:id',
    withAccess(ownerOrAdmin, { schema: { tags, body: z.object({ data: ZPlaceUpdate }) } }),
    async (req) => itemResponse(await updatePlace(p, req.actor!, idParam(req), req.body.data)),
  );
  app.delete('/api/vendors/:id', withAccess(ownerOrAdmin, { schema: { tags } }), async (req) =>
    itemResponse(await deletePlace(p, req.actor!, idParam(req))),
  );

  // Venue reviews: anyone reads those of public places; hobbyists write.
  registerScopedReadRoutes(app, db, '/api/vendor-reviews', reviewReads(), read);
  app.post(
    '/api/vendor-reviews',
    withAccess(accountTypesOnlyWith(MESSAGES.venueReviews.hobbyistsOnly, 'Hobbyist'), {
      schema: { tags, body: z.object({ data: ZVenueReviewRequest }) },
    }),
    async (req) => itemResponse(await createReview(p, req.actor!, req.body.data)),
  );
  app.put(
    '/api/vendor-reviews/:id',
    withAccess(ownerOrAdmin, { schema: { tags, body: z.object({ data: ZVenueReviewUpdate }) } }),
    async (req) => itemResponse(await updateVenueReview(p, req.actor!, idParam(req), req.body.data)),
  );
  app.delete('/api/vendor-reviews/:id', withAccess(ownerOrAdmin, { schema: { tags } }), async (req) =>
    itemResponse(await deleteVenueReview(p, req.actor!, idParam(req))),
  );
}
