/**
 * Subscriptions (packages bought): what other modules may use of this area. The directory
 * takes an ad slot of the active subscription when a provider posts an ad.
 */
export { findActiveSubscription, takeAdSlot } from './subscriptions.queries.ts';
export { remindEndingSubscriptions } from './subscriptions.reminders.ts';
