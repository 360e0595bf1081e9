/** Reference data (countries, states, cities, languages, races, …): what other modules may use. */
export { languageResource, packageResource, raceResource, placeTypeResource } from './reference.resources.ts';
export { findProcessingCosts } from './reference.queries.ts';
export {
  MESSAGE_RETENTION_DAYS_KEY,
  readMessageRetentionDays,
  readScreeningReadsPerDay,
  SCREENING_READS_PER_DAY_KEY,
} from './reference.settings.ts';
