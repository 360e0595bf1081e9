/** The health check: what other modules may use of this area (its routes). */
export { systemRoutes } from './system.routes.ts';
