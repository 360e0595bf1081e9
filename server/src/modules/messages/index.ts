/** Messages to a provider and the mail relay: what other modules may use of this area. */
export { messagesRoutes } from './messages.routes.ts';
export { messageResource } from './messages.resources.ts';
