/** Reference data (countries, states, cities, languages, races, …): what other modules may use. */
export { referenceRoutes } from './reference.routes.ts';
export { languageResource, raceResource } from './reference.resources.ts';
