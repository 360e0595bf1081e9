/**
 * Subscriptions (packages bought, issue 11): what other modules may use of this area. The directory
 * takes an ad slot of the active subscription when a provider posts an ad.
 */
export { subscriptionsRoutes } from './subscriptions.routes.ts';
export { subscriptionResource } from './subscriptions.resources.ts';
export { findActiveSubscription, takeAdSlot } from './subscriptions.queries.ts';
export { remindEndingSubscriptions } from './subscriptions.reminders.ts';
