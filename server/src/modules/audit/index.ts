/** The audit log (issue 14, item 10): what other modules may use of this area (its routes). */
export { auditRoutes } from './audit.routes.ts';
