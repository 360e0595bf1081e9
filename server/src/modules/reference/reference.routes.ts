import {
  ZAdminSettingsUpdate,
  ZCityCreate,
  ZCityUpdate,
  ZLanguageWrite,
  ZPackageCreate,
  ZPackageUpdate,
  ZProcessingCostCreate,
  ZProcessingCostUpdate,
  ZRaceWrite,
  ZPlaceTypeCreate,
  ZPlaceTypeUpdate,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { adminOnly, anyone, signedIn, withAccess } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query.ts';
import { registerReadRoutes } from '../../http/read-routes.ts';
import { itemResponse } from '../../http/responses.ts';
import {
  cityResource,
  countryResource,
  processingCostResource,
  stateResource,
  placeTypeResource,
} from './reference.resources.ts';
import {
  createLookup,
  deleteLookup,
  updateLookupRow,
  type LookupInput,
  type LookupKind,
} from './reference.lookups.ts';
import {
  createPackage,
  createProcessingCost,
  deletePackage,
  deleteProcessingCost,
  getPackage,
  listPackages,
  updatePackage,
  updateProcessingCost,
} from './reference.service.ts';
import { readAdminSettings, readPublicSettings, updateAdminSettings } from './reference.settings.ts';

const tags = ['reference'];

/**
 * Reference data, readable by anyone (cities: signed in, as the spec's calls say), written by the admin:
 * packages, processing costs, cities, languages, races and place types, and the
 * operator settings. Every write is recorded in the audit log with the record before and after.
 * Languages and races, whose items carry provider counts, and the location lookups with counts are
 * read through the directory module (directory.routes.ts).
 */
export async function referenceRoutes(instance: FastifyInstance, { db }: AppContext) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  registerReadRoutes(app, db, 'countries', countryResource);
  registerReadRoutes(app, db, 'states', stateResource);
  registerReadRoutes(app, db, 'cities', cityResource, signedIn);
  registerReadRoutes(app, db, 'vendor-types', placeTypeResource);
  registerReadRoutes(app, db, 'processing-costs', processingCostResource);

  // Packages: the admin also sees retired ones (with `retired`); nobody else is offered them.
  const read = withAccess(anyone, { schema: { tags } });
  app.get('/api/packages', read, async (req) => listPackages(db, req.actor, req.query));
  app.get('/api/packages/:id', read, async (req) =>
    itemResponse(await getPackage(db, req.actor, idParam(req), req.query)),
  );

  const body = <T extends ZodType>(schema: T) =>
    withAccess(adminOnly, { schema: { body: z.object({ data: schema }), tags } });
  const admin = withAccess(adminOnly, { schema: { tags } });

  app.post('/api/packages', body(ZPackageCreate), async (req) =>
    itemResponse(await createPackage(db, req.actor!, req.body.data)),
  );
  app.put('/api/packages/:id', body(ZPackageUpdate), async (req) =>
    itemResponse(await updatePackage(db, req.actor!, idParam(req), req.body.data)),
  );
  app.delete('/api/packages/:id', admin, async (req) =>
    itemResponse(await deletePackage(db, req.actor!, idParam(req))),
  );

  app.post('/api/processing-costs', body(ZProcessingCostCreate), async (req) =>
    itemResponse(await createProcessingCost(db, req.actor!, req.body.data)),
  );
  app.put('/api/processing-costs/:id', body(ZProcessingCostUpdate), async (req) =>
    itemResponse(await updateProcessingCost(db, req.actor!, idParam(req), req.body.data)),
  );
  app.delete('/api/processing-costs/:id', admin, async (req) =>
    itemResponse(await deleteProcessingCost(db, req.actor!, idParam(req))),
  );

  const lookupWrites = (path: string, kind: LookupKind, create: ZodType, update: ZodType) => {
    app.post(`/api/${path}`, body(create), async (req) =>
      itemResponse(await createLookup(db, req.actor!, kind, (req.body as { data: LookupInput }).data)),
    );
    app.put(`/api/${path}/:id`, body(update), async (req) =>
      itemResponse(
        await updateLookupRow(db, req.actor!, kind, idParam(req), (req.body as { data: LookupInput }).data),
      ),
    );
    app.delete(`/api/${path}/:id`, admin, async (req) =>
      itemResponse(await deleteLookup(db, req.actor!, kind, idParam(req))),
    );
  };
  lookupWrites('cities', 'city', ZCityCreate, ZCityUpdate);
  lookupWrites('languages', 'language', ZLanguageWrite, ZLanguageWrite);
  lookupWrites('races', 'race', ZRaceWrite, ZRaceWrite);
  lookupWrites('vendor-types', 'vendorType', ZPlaceTypeCreate, ZPlaceTypeUpdate);

  // What every page shows of the operator's settings (the footer's social links).
  app.get('/api/public-settings', read, async () => ({ data: await readPublicSettings(db) }));
  app.get('/api/admin/settings', admin, async () => ({ data: await readAdminSettings(db) }));
  app.put('/api/admin/settings', body(ZAdminSettingsUpdate), async (req) => ({
    data: await updateAdminSettings(db, req.actor!, req.body.data),
  }));
}
