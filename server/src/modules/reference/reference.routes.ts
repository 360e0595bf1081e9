import type { FastifyInstance } from 'fastify';
import { signedIn } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { registerReadRoutes } from '../../http/read-routes.ts';
import {
  cityResource,
  countryResource,
  packageResource,
  processingCostResource,
  stateResource,
  vendorTypeResource,
} from './reference.resources.ts';

/**
 * Reference data, readable by anyone (cities: signed in, as the spec's calls say). Writes are the
 * admin area's (a later issue). Languages and races, whose items carry provider counts, and the
 * location lookups with counts are served by the directory module (directory.routes.ts).
 */
export async function referenceRoutes(app: FastifyInstance, { db }: AppContext) {
  registerReadRoutes(app, db, 'countries', countryResource);
  registerReadRoutes(app, db, 'states', stateResource);
  registerReadRoutes(app, db, 'cities', cityResource, signedIn);
  registerReadRoutes(app, db, 'vendor-types', vendorTypeResource);
  registerReadRoutes(app, db, 'packages', packageResource);
  registerReadRoutes(app, db, 'processing-costs', processingCostResource);
}
