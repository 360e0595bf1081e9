/**
 * The admin console's payments and reports queues and its dashboard (issue 14): what other modules may use
 * of this area (its routes).
 */
export { adminRoutes } from './admin.routes.ts';
