import { isSubscriptionActive, subscriptionStatus, type TPaymentStatus } from '@app/domain';
import { defineResource, timestamps } from '../../http/strapi/resource.ts';
import { packageResource } from '../reference/index.ts';
import { publicUserResource } from '../users/index.ts';

/**
 * Subscriptions as the REST layer sees them (money in cents, served in dollars). `isActive` and
 * `status` are computed when read, from the dates and the payment's state: never stored, never stale.
 * Reached only with the caller's scope (own, or the admin's) or from the owner's own account.
 */
export const subscriptionResource = defineResource({
  name: 'subscription',
  table: 'subscriptions',
  fields: {
    package_name: { type: 'string' },
    start_date: { type: 'datetime' },
    end_date: { type: 'datetime' },
    transaction_id: { type: 'string' },
    price: { type: 'money' },
    wallet_amount: { type: 'money' },
    amount: { type: 'money' },
    ads_allowed: { type: 'integer' },
    extra_ads: { type: 'integer' },
    ads_posted: { type: 'integer' },
    payment_status: { type: 'string' },
    reviewed_at: { type: 'datetime' },
    ...timestamps,
  },
  relations: {
    package: { kind: 'belongsTo', target: () => packageResource, column: 'package_id' },
    user: { kind: 'belongsTo', target: () => publicUserResource, column: 'user_id' },
  },
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'id', direction: 'desc' }],
  present: (attributes, row) => {
    const { start_date, end_date, payment_status } = row as Record<string, unknown>;
    if (typeof start_date !== 'string' || typeof end_date !== 'string' || typeof payment_status !== 'string')
      return attributes;
    const dates = { start_date, end_date, payment_status: payment_status as TPaymentStatus };
    return { ...attributes, isActive: isSubscriptionActive(dates), status: subscriptionStatus(dates) };
  },
});
