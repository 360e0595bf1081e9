/** Screening of hobbyists by providers: what other modules may use of this area. */
export { screeningRoutes } from './screening.routes.ts';
