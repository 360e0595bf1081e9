/** Saved providers: what other areas use (the ad's page shows its owner how many saved it). */
export { countSaves } from './saved.queries.ts';
