/**
 * The admin console's payments and reports queues and its dashboard, read through the console's read model
 * (docs/architecture.md): what other modules may use of this area (its routes).
 */
export { adminRoutes } from './admin.routes.ts';
