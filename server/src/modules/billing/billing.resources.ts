import { nothing } from '../../access/index.ts';
import { authorAndProviderRelations } from '../../http/strapi/relations.ts';
import { defineResource, timestamps } from '../../http/strapi/resource.ts';
import { resourceNamed } from '../../http/strapi/resource-registry.ts';
import { publicUserResource } from '../users/index.ts';

/**
 * Tips and wallet transactions as the REST layer sees them. Neither is reachable from a public
 * resource: the routes pass the caller's own scope.
 */

/** Tips (amount stored in cents, served in dollars; `payment_status` as on the tip's ledger row). */
export const tipResource = defineResource({
  name: 'tip',
  table: 'tips',
  fields: {
    transaction_id: { type: 'string' },
    tip_amount: { type: 'money' },
    payment_status: { type: 'string' },
    createdAt: timestamps.createdAt,
  },
  relations: authorAndProviderRelations(() => publicUserResource, resourceNamed('provider')),
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'id', direction: 'desc' }],
});

/** Wallet entries (amount stored in cents, served in dollars; only `verified` ones count in a wallet). */
export const transactionResource = defineResource({
  name: 'transaction',
  table: 'transactions',
  fields: {
    transaction_uid: { type: 'string' },
    transaction_amount: { type: 'money' },
    order_type: { type: 'string' },
    transaction_type: { type: 'string' },
    payment_status: { type: 'string' },
    createdAt: timestamps.createdAt,
  },
  relations: {
    user: { kind: 'belongsTo', target: () => publicUserResource, column: 'user_id' },
    tip: { kind: 'belongsTo', target: () => tipResource, column: 'tip_id' },
    // A package purchase's rows name their subscription (its package: what the money was for).
    subscription: { kind: 'belongsTo', target: resourceNamed('subscription'), column: 'subscription_id' },
  },
  maxPageSize: 100,
  defaultPageSize: 25,
  defaultSort: [{ field: 'id', direction: 'desc' }],
  publicScope: nothing,
});
